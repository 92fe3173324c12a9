#!/bin/sh
# Build the AVR card OS as cardos.toml describes it.
#   build.sh OUTDIR [applets|onthefly] [extra avr-gcc options...]
# (extra options go to every compile and the link)
# Output: OUTDIR/cardos.elf, OUTDIR/cardos.hex (+ .map, .lst).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTDIR [applets|onthefly] [avr-gcc options...]}
variant=${2:-applets}
[ $# -ge 2 ] && shift 2 || shift $#
mkdir -p "$out"
out=$(cd "$out" && pwd)

# the lists from cardos.toml, one shell word per line
toml() {
    python3 - "$here/cardos.toml" "$1" "$variant" <<'PY'
import sys, tomllib
t = tomllib.load(open(sys.argv[1], "rb"))
key, variant = sys.argv[2], sys.argv[3]
if variant not in t["builds"]:
    sys.exit(f"unknown build {variant!r}: one of {', '.join(t['builds'])}")
b = t["builds"][variant]
v = {"c": t["build"]["c"] + b.get("c", []), "cc": t["build"]["cc"], "link": t["build"]["link"],
     "output": [t["build"]["output"]], "hex": [t["build"]["hex"]],
     "options": b["options"]}[key]
print("\n".join(v))
PY
}

cd "$here"
cc_opts=$(toml cc); link_opts=$(toml link); options=$(toml options)
c_srcs=$(toml c); elf=$out/$(toml output); hex=$out/$(toml hex)
objs=""
for src in $c_srcs; do
    obj="$out/$(basename "$src" .c).o"
    # shellcheck disable=SC2086
    avr-gcc $cc_opts $options "$@" -c "$src" -o "$obj"
    objs="$objs $obj"
done
# shellcheck disable=SC2086
avr-gcc $cc_opts $options "$@" $link_opts -Wl,-Map="$out/cardos.map" -o "$elf" $objs
avr-objcopy -O ihex -R .eeprom "$elf" "$hex"
avr-objdump -d "$elf" > "$out/cardos.lst"
avr-readelf -sW "$elf" > "$out/cardos.sym"

# the classic core: no instruction it lacks (tables in flash are skipped:
# they are data, not code); and the sizes
python3 - "$out/cardos.lst" "$out/cardos.sym" "$elf" <<'PY'
import re, subprocess, sys
lst, sym, elf = sys.argv[1:4]
data = []
for line in open(sym):
    f = line.split()
    if len(f) >= 8 and f[3] == "OBJECT" and int(f[1], 16) < 0x800000:
        data.append((int(f[1], 16), int(f[1], 16) + int(f[2])))
bad = re.compile(r"^(movw|mul|muls|mulsu|fmul|fmuls|fmulsu|elpm|eicall|eijmp|spm|sleep|break|des|xch|las|lac|lat)$")
errors = []
for line in open(lst):
    m = re.match(r"^\s*([0-9a-f]+):\t(?:[0-9a-f]{2} )+\s*\t(\S+)\s*(.*)$", line)
    if not m:
        continue
    addr, op, args = int(m.group(1), 16), m.group(2), m.group(3)
    if any(lo <= addr < hi for lo, hi in data):
        continue
    if bad.match(op) or (op == "lpm" and args.split(";")[0].strip()):
        errors.append(line.strip())
if errors:
    sys.exit("not for the classic core:\n" + "\n".join(errors[:20]))
size = {}
for line in subprocess.run(["avr-size", "-A", elf], capture_output=True, text=True, check=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3 and f[1].isdigit():
        size[f[0]] = int(f[1])
flash = size.get(".text", 0) + size.get(".data", 0)
ram = size.get(".data", 0) + size.get(".bss", 0) + size.get(".noinit", 0)
stack = 0x0860 - 0x0060 - ram
print(f"cardos.elf: flash {flash} of 32768 bytes (.text {size.get('.text', 0)}, .data {size.get('.data', 0)}); "
      f"RAM .data + .bss {ram} of 2048 bytes, {stack} left for the stack")
if stack < 256:
    sys.exit("less than 256 bytes of RAM left for the stack")
PY
