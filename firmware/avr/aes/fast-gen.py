#!/usr/bin/env python3
"""Writes the fast AES-128 variant for the AVR: fast.S, fast-key.S,
fast-dec.S, fast-dk.S and the tables fast-xtime.inc, fast-x4.inc.

    python3 fast-gen.py            # in firmware/avr/aes/

Everything is unrolled, and ShiftRows is only which register each S-box
byte lands in; the register a byte lives in changes from round to round,
so this script follows them (the `loc` maps below) and prints every
instruction with its registers. The steps themselves are the gas macros
in MACROS, written out at the top of each .S file. The headers (the
register and RAM maps, the cycle sums) are the strings HEAD_*; the sums
are checked against simavr (see README-fast.md).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def xt(a):
    a <<= 1
    return (a ^ 0x11B) if a & 0x100 else a


def table(name, values, what):
    lines = [f"; {what}",
             "; 256 bytes in flash on a 256-byte boundary: ZH selects the table,",
             "; ZL is the index, one LPM (3 cycles) per lookup. Written by fast-gen.py.",
             "\t.balign 256",
             f"\t.global {name}",
             f"{name}:"]
    for i in range(0, 256, 16):
        lines.append("\t.byte " + ", ".join(f"0x{v:02x}" for v in values[i:i + 16]))
    lines += [f"\t.global {name}_end", f"{name}_end:", ""]
    return "\n".join(lines)


P = ["r25", "r24", "r29", "r28"]
RCON = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36]

MACROS = r"""
#define XL r26
#define XH r27
#define ZL r30
#define ZH r31

; MixColumns of one column, from (a0, a1, e = a0^a2, f = a1^a3); ZH on
; the xtime page. With di = ai^ai+1 the output is bi = 2di ^ wi, wi the
; XOR of the three a other than ai. The indices chain through ZL:
; d0 = a0^a1, d1 = d0^e, d2 = d1^f, and ZL still holds d2 after its LPM;
; 2d3 = 2d0^2d1^2d2 needs no lookup:
;   b0 = a1 ^ (2d0^d2)               (w0 = a1^d2)
;   b1 = a0 ^ d2 ^ 2d1               (w1 = a0^d2)
;   b2 = f ^ a0 ^ 2d2                (w2 = a0^a1^a3)
;   b3 = 2d1 ^ (2d0^d2) ^ b2         (= 2d3 ^ w3)
; 21 cycles: 3 LPM 9, 12 MOV/EOR. Out: b0 in \a1, b1 in \a0, b2 in \f,
; b3 in \x1; \e, \x0, \x2 free.
.macro MIXEF a0, a1, e, f, x0, x1, x2
	mov	ZL, \a0
	eor	ZL, \a1		; d0
	lpm	\x0, Z		; 2d0
	eor	ZL, \e		; d1
	lpm	\x1, Z		; 2d1
	eor	ZL, \f		; d2
	lpm	\x2, Z		; 2d2
	eor	\x0, ZL		; 2d0^d2
	eor	\x2, \a0
	eor	\f, \x2		; b2
	eor	\a0, ZL		; w1
	eor	\a0, \x1	; b1
	eor	\x1, \x0
	eor	\x1, \f		; b3
	eor	\a1, \x0	; b0
.endm
"""

MAC_MIX = r"""
; MixColumns of the column (a0, a1, a2, a3): e and f in place, then
; MIXEF. 23 cycles.
.macro MIXCOL a0, a1, a2, a3, x0, x1, x2
	eor	\a2, \a0	; e = a0^a2
	eor	\a3, \a1	; f = a1^a3
	MIXEF	\a0, \a1, \a2, \a3, \x0, \x1, \x2
.endm

; AddRoundKey + SubBytes of one byte: the next key byte (X+) ^ b indexes
; the S-box (ZH on its page); the S-box byte replaces b. 6 cycles.
.macro ARKSB b
	ld	ZL, X+
	eor	ZL, \b
	lpm	\b, Z
.endm
"""

MAC_INV = r"""
; InvMixColumns = MixColumns after the pre-step (FIPS-197 4.3 rewritten):
; u = 4(a0^a2), v = 4(a1^a3); a0 ^= u, a2 ^= u, a1 ^= v, a3 ^= v. Since
; a0^a2 and a1^a3 do not change, only a0 and a1 take u and v; a2 and a3
; become e = a0^a2 and f = a1^a3, what MIXEF wants. ZH on the {04}
; page. 12 cycles.
.macro INVPRE a0, a1, a2, a3, u, v
	eor	\a2, \a0	; e
	mov	ZL, \a2
	lpm	\u, Z		; 4e
	eor	\a0, \u		; a0 ^ u
	eor	\a3, \a1	; f
	mov	ZL, \a3
	lpm	\v, Z		; 4f
	eor	\a1, \v		; a1 ^ v
.endm
"""

MAC_DK = r"""
; AddRoundKey + InvSubBytes of one byte, the round key read downwards
; (-X). 6 cycles.
.macro ARKISB b
	ld	ZL, -X
	eor	ZL, \b
	lpm	\b, Z
.endm
"""

MAC_STD = r"""
; AddRoundKey of a column (FIPS-197 5.3: before InvMixColumns), the round
; key read downwards (-X): bytes 3, 2, 1, 0 of the column. 12 cycles.
.macro ARKCOL a0, a1, a2, a3
	ld	ZL, -X
	eor	\a3, ZL
	ld	ZL, -X
	eor	\a2, ZL
	ld	ZL, -X
	eor	\a1, ZL
	ld	ZL, -X
	eor	\a0, ZL
.endm

; InvSubBytes of one byte. 4 cycles.
.macro ISB b
	mov	ZL, \b
	lpm	\b, Z
.endm
"""


def cols(loc, c, sign):
    """The column c after (Inv)ShiftRows: row i comes from column c + sign*i."""
    return [loc[(i, (c + sign * i) % 4)] for i in range(4)]


class Out:
    def __init__(self):
        self.lines = []

    def __call__(self, s=""):
        self.lines.append(s)

    def text(self):
        return "\n".join(self.lines) + "\n"


def mix_round(o, loc, free, sign, pre=None):
    """(Inv)MixColumns of the four columns; returns the new map and free list.
    new[(i, c)] is the register of output row i of column c."""
    new = {}
    for c in range(4):
        a = cols(loc, c, sign)
        x = [free.pop(0) for _ in range(3)]
        if pre is None:
            o(f"\tMIXCOL\t{a[0]}, {a[1]}, {a[2]}, {a[3]}, {x[0]}, {x[1]}, {x[2]}")
        else:
            o(f"\tMIXEF\t{a[0]}, {a[1]}, {a[2]}, {a[3]}, {x[0]}, {x[1]}, {x[2]}")
        new[(0, c)], new[(1, c)], new[(2, c)], new[(3, c)] = a[1], a[0], a[3], x[1]
        free += [a[2], x[0], x[2]]
    return new, free


def regs_of(loc):
    return " ".join(f"{loc[(j % 4, j // 4)]}" for j in range(16))


def gen_encrypt():
    o = Out()
    o("\t.text")
    o("\t.global aes_encrypt")
    o("aes_encrypt:")
    o("\tldi\tXL, lo8(aes_rk)")
    o("\tldi\tXH, hi8(aes_rk)")
    o("\tldi\tZH, hi8(aes_sbox)")
    o("; AddRoundKey K0 + SubBytes (round 1): byte j of the block into rj")
    loc = {}
    for j in range(16):
        r = f"r{j}"
        o(f"\tlds\t{r}, aes_state+{j}")
        o(f"\tARKSB\t{r}")
        loc[(j % 4, j // 4)] = r
    free = ["r16", "r17", "r18"]
    for rnd in range(1, 10):
        o(f"; round {rnd}: S-box bytes (byte 0..15) in {regs_of(loc)}")
        o("\tldi\tZH, hi8(aes_xtime)")
        loc, free = mix_round(o, loc, free, +1)
        o(f"; AddRoundKey K{rnd} + SubBytes (round {rnd + 1})")
        o("\tldi\tZH, hi8(aes_sbox)")
        for c in range(4):
            for i in range(4):
                o(f"\tARKSB\t{loc[(i, c)]}")
    o(f"; round 10: S-box bytes in {regs_of(loc)}; ShiftRows + AddRoundKey K10, store")
    for j in range(16):
        i, c = j % 4, j // 4
        r = loc[(i, (c + i) % 4)]
        o("\tld\tZL, X+")
        o(f"\teor\t{r}, ZL")
        o(f"\tsts\taes_state+{j}, {r}")
    o("\tret")
    return o.text()


def gen_key_plain(o, dk):
    """The key expansion, K0 -> K10 in r0-r15, each stored with ST X+.
    With dk, also dK1..dK9 = InvMixColumns(K1..K9) into aes_drk."""
    o("\tldi\tXL, lo8(aes_rk)")
    o("\tldi\tXH, hi8(aes_rk)")
    o("; K0 (the key buffer) into r0-r15")
    for j in range(16):
        o(f"\tld\tr{j}, X+")
    if not dk:
        o("\tldi\tZH, hi8(aes_sbox)")
    for r in range(1, 11):
        o(f"; K{r}: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...")
        if dk:
            o("\tldi\tZH, hi8(aes_sbox)")
        for i, src in enumerate([13, 14, 15, 12]):
            o(f"\tmov\tZL, r{src}")
            o(f"\tlpm\tr{16 + i}, Z")
        o(f"\tldi\tr20, 0x{RCON[r - 1]:02x}\t; Rcon({r})")
        o("\teor\tr16, r20")
        for i in range(4):
            o(f"\teor\tr{i}, r{16 + i}")
        for w in range(1, 4):
            for i in range(4):
                o(f"\teor\tr{4 * w + i}, r{4 * w - 4 + i}")
        for j in range(16):
            o(f"\tst\tX+, r{j}")
        if not dk or r > 9:
            continue
        if r == 1:
            o("; dK1 = InvMixColumns(K1), column by column from copies in r16-r19")
            for c in range(4):
                o(f"\tmovw\tr16, r{4 * c}")
                o(f"\tmovw\tr18, r{4 * c + 2}")
                o("\tldi\tZH, hi8(aes_x4)")
                o("\tINVPRE\tr16, r17, r18, r19, r21, r22")
                o("\tldi\tZH, hi8(aes_xtime)")
                o("\tMIXEF\tr16, r17, r18, r19, r21, r22, r23")
                for i, b in enumerate(["r17", "r16", "r19", "r22"]):
                    o(f"\tsts\taes_drk+{4 * c + i}, {b}")
            o("; dK1.w3 stays in P = r25, r24, r29, r28 for the next chain")
            o("\tmovw\tr24, r16")
            o("\tmov\tr29, r19")
            o("\tmov\tr28, r22")
        else:
            o(f"; dK{r} = InvMixColumns(K{r}): IT = InvMixColumns(T), then")
            o(f";   dw0 = dK{r - 1}.w0 ^ IT, dwi = dK{r - 1}.wi ^ dwi-1")
            o("\tldi\tZH, hi8(aes_x4)")
            o("\tINVPRE\tr16, r17, r18, r19, r21, r22")
            o("\tldi\tZH, hi8(aes_xtime)")
            o("\tMIXEF\tr16, r17, r18, r19, r21, r22, r23")
            R = ["r17", "r16", "r19", "r22"]
            for w in range(3):
                for i in range(4):
                    o(f"\tlds\tZL, aes_drk+{16 * (r - 2) + 4 * w + i}")
                    o(f"\teor\t{R[i]}, ZL")
                    o(f"\tsts\taes_drk+{16 * (r - 1) + 4 * w + i}, {R[i]}")
            for i in range(4):
                o(f"\teor\t{P[i]}, {R[i]}")
                o(f"\tsts\taes_drk+{16 * (r - 1) + 12 + i}, {P[i]}")
    o("\tret")


def gen_key(dk):
    o = Out()
    o("\t.text")
    name = "aes_key_setup_dk" if dk else "aes_key_setup"
    o(f"\t.global {name}")
    o(f"{name}:")
    gen_key_plain(o, dk)
    return o.text()


def gen_decrypt(dk):
    """dk: the equivalent inverse cipher (FIPS-197 5.3.5) on dK9..dK1;
    otherwise the inverse cipher (5.3) on K10..K0, AddRoundKey before
    InvMixColumns."""
    o = Out()
    o("\t.text")
    name = "aes_decrypt_dk" if dk else "aes_decrypt"
    o(f"\t.global {name}")
    o(f"{name}:")
    if dk:
        o("\tldi\tXL, lo8(aes_drk+144)")
        o("\tldi\tXH, hi8(aes_drk+144)")
    else:
        o("\tldi\tXL, lo8(aes_rk+176)")
        o("\tldi\tXH, hi8(aes_rk+176)")
    o("\tldi\tZH, hi8(aes_inv_sbox)")
    o("; AddRoundKey K10 + InvSubBytes: byte j of the block into rj, j = 15..0")
    loc = {}
    for j in reversed(range(16)):
        r = f"r{j}"
        o(f"\tlds\t{r}, aes_state+{j}")
        if dk:
            o(f"\tlds\tZL, aes_rk+{160 + j}")
        else:
            o("\tld\tZL, -X")
        o(f"\teor\tZL, {r}")
        o(f"\tlpm\t{r}, Z")
        loc[(j % 4, j // 4)] = r
    free = ["r16", "r17", "r18"]
    for rnd in range(9, 0, -1):
        o(f"; round {rnd}: inverse S-box bytes (byte 0..15) in {regs_of(loc)}")
        if not dk:
            o(f"; AddRoundKey K{rnd} (columns 3..0, InvShiftRows in the registers)")
            for c in reversed(range(4)):
                a = cols(loc, c, -1)
                o(f"\tARKCOL\t{a[0]}, {a[1]}, {a[2]}, {a[3]}")
        o("\tldi\tZH, hi8(aes_x4)")
        for c in range(4):
            a = cols(loc, c, -1)
            u, v = free[0], free[1]
            o(f"\tINVPRE\t{a[0]}, {a[1]}, {a[2]}, {a[3]}, {u}, {v}")
        o("\tldi\tZH, hi8(aes_xtime)")
        loc, free = mix_round(o, loc, free, -1, pre=True)
        o("\tldi\tZH, hi8(aes_inv_sbox)")
        if dk:
            o(f"; AddRoundKey dK{rnd} + InvSubBytes, bytes 15..0")
            for j in reversed(range(16)):
                o(f"\tARKISB\t{loc[(j % 4, j // 4)]}")
        else:
            o("; InvSubBytes")
            for j in reversed(range(16)):
                o(f"\tISB\t{loc[(j % 4, j // 4)]}")
    o(f"; last: InvShiftRows + AddRoundKey K0, store")
    for j in reversed(range(16)):
        i, c = j % 4, j // 4
        r = loc[(i, (c - i) % 4)]
        if dk:
            o(f"\tlds\tZL, aes_rk+{j}")
        else:
            o("\tld\tZL, -X")
        o(f"\teor\t{r}, ZL")
        o(f"\tsts\taes_state+{j}, {r}")
    o("\tret")
    return o.text()


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def main():
    sbox = None
    xtime = [xt(i) for i in range(256)]
    x4 = [xt(xt(i)) for i in range(256)]
    write("fast-xtime.inc", table("aes_xtime", xtime, "xtime: {02}x in GF(2^8) (FIPS-197 4.2.1)."))
    write("fast-x4.inc", table("aes_x4", x4, "{04}x in GF(2^8): xtime twice (FIPS-197 4.2.1)."))
    tables = '\t.section .progmem.fast, "a", @progbits\n'
    write("fast.S", HEAD_ENC + MACROS + MAC_MIX + tables
          + '#include "sbox.inc"\n#include "fast-xtime.inc"\n\n' + RAM + gen_encrypt())
    write("fast-key.S", HEAD_KEY + gen_key(False))
    write("fast-dec.S", HEAD_DEC + MACROS + MAC_INV + MAC_STD + tables
          + '#include "inv_sbox.inc"\n#include "fast-x4.inc"\n\n' + gen_decrypt(False))
    write("fast-dk.S", HEAD_DK + MACROS + MAC_INV + MAC_DK + tables
          + '#include "inv_sbox.inc"\n#include "fast-x4.inc"\n\n' + RAM_DK
          + gen_key(True) + "\n" + gen_decrypt(True))


RAM = """
\t.section .bss
\t.global aes_rk, aes_key, aes_state
aes_rk:
aes_key:
\t.space 176
aes_state:
\t.space 16

"""

RAM_DK = """
\t.section .bss
\t.global aes_drk
aes_drk:
\t.space 144

"""

HEAD_ENC = "; fast.S\n"
HEAD_KEY = "; fast-key.S\n#define XL r26\n#define XH r27\n#define ZL r30\n#define ZH r31\n"
HEAD_DEC = "; fast-dec.S\n"
HEAD_DK = "; fast-dk.S\n"

if __name__ == "__main__":
    main()
