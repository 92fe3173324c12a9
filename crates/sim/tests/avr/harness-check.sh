#!/bin/sh
# Self-check of the simavr stepping harness (simavr_step.c): builds it into a
# temporary directory, assembles a small ATmega32 program, runs it in both
# modes, prints the output and compares it with the expected lines.
# Needs: cc, libsimavr-dev, binutils-avr.  Exit status 0 = all as expected.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

cc -O2 -Wall -o "$tmp/simavr-step" "$here/simavr_step.c" -I/usr/include/simavr -lsimavr

cat > "$tmp/t.s" <<'EOF'
        .text
        ldi r16, 0x12        ; 0000  1 cycle
        ldi r17, 0x34        ; 0001  1
        add r16, r17         ; 0002  1   r16 = 0x46
        sts 0x0060, r16      ; 0003  2
        rcall sub            ; 0005  3
        lds r18, 0x0060      ; 0006  2
done:   rjmp done            ; 0008  (self-branch, not counted)
sub:    inc r17              ; 0009  1
        ret                  ; 000a  4
EOF
avr-as -mmcu=atmega32 -o "$tmp/t.o" "$tmp/t.s"
avr-ld -m avr5 -o "$tmp/t.elf" "$tmp/t.o"
avr-objcopy -O binary -j .text "$tmp/t.elf" "$tmp/t.bin"
flash=$(od -An -v -tx1 "$tmp/t.bin" | tr -d ' \n')

fail=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then
		echo "ok   $1"
	else
		echo "FAIL $1"
		echo "  expected: $2"
		echo "  got:      $3"
		fail=1
	fi
}

regs_end=0000000000000000000000000000000046354600000000000000000000000000
zero=0000000000000000000000000000000000000000000000000000000000000000

echo "== run mode (--trace --dump 0x60:1 --dump 0x85e:2)"
"$tmp/simavr-step" run "$tmp/t.elf" --trace --dump 0x60:1 --dump 0x85e:2 > "$tmp/run.out"
cat "$tmp/run.out"
check "run trace+summary" "0000 1
0001 1
0002 1
0003 2
0005 3
0009 1
000a 4
0006 2
cycles=15 instructions=8 pc=0008 regs=$regs_end sreg=00 sp=085f stop=self
dump 0060=46
dump 085e=0006" "$(cat "$tmp/run.out")"

echo "== run mode (--stop 000a)"
"$tmp/simavr-step" run "$tmp/t.elf" --stop 0x000a > "$tmp/stop.out"
cat "$tmp/stop.out"
check "run --stop" "cycles=9 instructions=6 pc=000a regs=0000000000000000000000000000000046350000000000000000000000000000 sreg=00 sp=085d stop=pc" "$(cat "$tmp/stop.out")"

echo "== batch mode"
printf '%s\n' \
	"case $flash $zero 00 085f 8 mem 0060 00 mem 085e 0000" \
	"# a comment line, ignored" \
	"case $flash $zero 00 085f 3" \
	"case 0100 $zero 00 085f 1" \
	"case 00000e940000 $zero 00 085f 2 mem 0800 ff" \
	"case 0000 zz" \
	| "$tmp/simavr-step" batch > "$tmp/batch.out"
cat "$tmp/batch.out"
check "batch" "pc=0008 cycles=15 regs=$regs_end sreg=00 sp=085f mem=460006
pc=0003 cycles=3 regs=0000000000000000000000000000000046340000000000000000000000000000 sreg=00 sp=085f mem=
pc=0000 error=invalid-opcode
pc=0000 cycles=5 regs=$zero sreg=00 sp=085d mem=ff
pc=0000 error=bad-input" "$(cat "$tmp/batch.out")"

if [ $fail -ne 0 ]; then
	echo "harness-check: FAILED"
	exit 1
fi
echo "harness-check: all ok"
