#!/usr/bin/env python3
"""Writes the fast AES-128 variants for the AVR (ATmega32): fast.S,
fast-key.S, fast-dec.S, fast-dk.S and the tables fast-xtime.inc and
fast-x4.inc (manifests fast.toml and fast-dk.toml; README-fast.md).

    python3 fast-gen.py            # in firmware/avr/aes/

Everything is unrolled, and ShiftRows is only which register each S-box
byte lands in, so the register a state byte lives in changes from round
to round. This script follows the registers (the `loc` maps: (row,
column) -> register) and writes each round as one macro call per column
or byte with its registers. The steps are the gas macros in MACROS,
MAC_*; the headers (register and RAM maps, the cycle sums, which simavr
confirms) are the strings HEAD_*.
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
;   (2x is {02}x, xtime: one LPM in aes_xtime)
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
        mac = "MIXCOL" if pre is None else "MIXEF"
        o(f"\t{mac}\t{a[0]}, {a[1]}, {a[2]}, {a[3]}, {x[0]}, {x[1]}, {x[2]}\t; column {c}")
        new[(0, c)], new[(1, c)], new[(2, c)], new[(3, c)] = a[1], a[0], a[3], x[1]
        free += [a[2], x[0], x[2]]
    return new, free


def regs_of(loc):
    return " ".join(f"{loc[(j % 4, j // 4)]}" for j in range(16))


def gen_encrypt():
    o = Out()
    o("; ---- aes_encrypt")
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
                o(f"\tARKSB\t{loc[(i, c)]}\t\t; byte {4 * c + i}")
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
    o(f"; ---- {name}")
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
    o(f"; ---- {name}")
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
                o(f"\tARKCOL\t{a[0]}, {a[1]}, {a[2]}, {a[3]}\t; column {c}")
        o("\tldi\tZH, hi8(aes_x4)")
        for c in range(4):
            a = cols(loc, c, -1)
            u, v = free[0], free[1]
            o(f"\tINVPRE\t{a[0]}, {a[1]}, {a[2]}, {a[3]}, {u}, {v}\t; column {c}")
        o("\tldi\tZH, hi8(aes_xtime)")
        loc, free = mix_round(o, loc, free, -1, pre=True)
        o("\tldi\tZH, hi8(aes_inv_sbox)")
        if dk:
            o(f"; AddRoundKey dK{rnd} + InvSubBytes, bytes 15..0")
            for j in reversed(range(16)):
                o(f"\tARKISB\t{loc[(j % 4, j // 4)]}\t\t; byte {j}")
        else:
            o("; InvSubBytes")
            for j in reversed(range(16)):
                o(f"\tISB\t{loc[(j % 4, j // 4)]}\t\t; byte {j}")
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
    tables = '\n; ---- tables (flash)\n\t.section .progmem.fast, "a", @progbits\n'
    write("fast.S", HEAD_ENC + MACROS + MAC_MIX + tables
          + '#include "sbox.inc"\n#include "fast-xtime.inc"\n\n' + RAM + gen_encrypt())
    write("fast-key.S", HEAD_KEY + gen_key(False))
    write("fast-dec.S", HEAD_DEC + MACROS + MAC_INV + MAC_STD + tables
          + '#include "inv_sbox.inc"\n#include "fast-x4.inc"\n\n' + gen_decrypt(False))
    write("fast-dk.S", HEAD_DK + MACROS + MAC_INV + MAC_DK + tables
          + '#include "inv_sbox.inc"\n#include "fast-x4.inc"\n\n' + RAM_DK
          + gen_key(True) + "\n" + gen_decrypt(True))


RAM = """; ---- RAM
\t.section .bss
\t.global aes_rk, aes_key, aes_state
aes_rk:
aes_key:
\t.space 176
aes_state:
\t.space 16

"""

RAM_DK = """; ---- RAM
\t.section .bss
\t.global aes_drk
aes_drk:
\t.space 144

"""

COMMON = """;
; Written from FIPS-197. Constant time: straight-line code, not one
; conditional branch, skip, indirect jump or call, so the PC trace and
; the cycle count are the same for every key and block; LPM takes 3
; cycles at any flash address (the AVR has no cache, and its flash has no
; address-dependent wait states), and every RAM access goes to a fixed
; address or through X stepping by one.
;
; Interface (cardlab avr convention): each entry is called as by CALL and
; ends with RET; every register may be clobbered and none is assumed on
; entry (r1 is not zero here). Stack: the return address only (2 bytes),
; nothing pushed. No interrupt is disabled; SREG is not relied on between
; instructions.
;
; Everything is unrolled, and this file is written by fast-gen.py (edit
; that, not this): ShiftRows and InvShiftRows are only which register each
; S-box byte lands in, so the registers holding the state change from
; round to round; the comment before each round lists them (byte j of
; the state, j = 4 c + i for row i and column c, in the j-th register
; named).
"""

MAP_TABLES = """;
; Flash: the tables go in section .progmem.fast, which the default avr5
; linker script places first, from address 0; each is 256 bytes on a page
; of its own, so ZH picks the table and ZL is the index.
"""

HEAD_ENC = """; AES-128 encryption on the AVR (ATmega32, AVRe core), fast variant:
; state in registers, every round unrolled, the round keys K0..K10 in RAM
; from the key setup (fast-key.S, or fast-dk.S).
; cardlab firmware: firmware/avr/aes/fast.S (manifests fast.toml and
; fast-dk.toml)
""" + COMMON + """;
; aes_encrypt encrypts aes_state in place with K0..K10 from aes_rk.
;
; RAM map (.bss, each byte written before it is read)
;   aes_rk     176 B  K0..K10, Kr at aes_rk + 16 r, bytes in FIPS-197
;                     order (byte 4 c + i: row i, column c)
;   aes_key           = aes_rk: K0 is the cipher key itself, kept
;   aes_state   16 B  the block, in place
""" + MAP_TABLES + """;   aes_sbox (sbox.inc), aes_xtime (fast-xtime.inc: {02}x)
;
; Register map
;   r0-r18    the 16 state bytes and 3 temporaries (byte j starts in rj,
;             r16-r18 free; then as the comment before each round says)
;   X         the round-key pointer, X+ from K0 to K10
;   Z         LPM: ZH the table page, ZL the index
;   r19-r25, r28, r29 unused
;
; Steps (cycles)
;   ARKSB, AddRoundKey + SubBytes of a byte: LD ZL,X+; EOR ZL,b;
;     LPM b,Z: 6; the S-box byte lands in the register of b, and
;     ShiftRows is which register the next MixColumns reads: free.
;   MIXCOL, MixColumns of a column a0..a3 (after ShiftRows): 23 =
;     e = a0^a2, f = a1^a3 in place (2) + MIXEF (21): with di = ai^ai+1
;     the outputs are bi = {02}di ^ wi, wi the XOR of the three a other
;     than ai. The xtime indices chain through ZL, which LPM leaves as it
;     was: d0 = a0^a1 (MOV, EOR), d1 = d0^e, d2 = d1^f (one EOR each),
;     three LPM (9); {02}d3 = {02}d0^{02}d1^{02}d2 is never looked up;
;     eight EOR assemble the four outputs, taking d2 from ZL after its
;     LPM and b3 from b2: b0 = a1^({02}d0^d2), b1 = a0^d2^{02}d1,
;     b2 = f^a0^{02}d2, b3 = {02}d1^({02}d0^d2)^b2. The outputs land in
;     three input registers and one temporary; the other three are the
;     temporaries of the next column.
;   a round (1..9): LDI ZH (xtime) 1 + 4 MIXCOL 92 + LDI ZH (S-box) 1
;     + 16 ARKSB 96 = 190
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + 16 x (LDS, ARKSB) 128 + 9 rounds x 190
;   + ShiftRows, AddRoundKey K10, store: 16 x (LD, EOR, STS) 80
;   + RET 4                                                    = 1925
; Code 2420 bytes.
"""

HEAD_KEY = """; AES-128 key setup on the AVR (ATmega32, AVRe core), fast variant:
; expands the cipher key in aes_key (= K0) into K1..K10 in aes_rk, for
; aes_encrypt (fast.S) and aes_decrypt (fast-dec.S).
; cardlab firmware: firmware/avr/aes/fast-key.S (manifest fast.toml)
""" + COMMON + """;
; RAM: aes_rk and aes_key = aes_rk (K0), defined in fast.S; written
; K1..K10, read K0.
;
; Register map
;   r0-r15    the round key, word w (bytes 4 w..4 w + 3) in r(4 w)..
;   r16-r19   T = SubWord(RotWord(w3)) ^ Rcon
;   r20       Rcon (LDI: the steps are unrolled)
;   X         the store pointer, X+ from K0 to K10
;   Z         LPM: ZH the S-box page (set once), ZL the index
;
; Step (K(r-1) in r0-r15 to Kr): T: 4 x (MOV ZL, LPM) 16 + LDI, EOR
;   Rcon 2; w0 ^= T, w1 ^= w0, w2 ^= w1, w3 ^= w2: 16 EOR; 16 ST X+ 32
;   = 66
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + 16 LD X+ (K0) 32 + 10 steps x 66 + RET 4     = 699
; Code 880 bytes.

#define XL r26
#define XH r27
#define ZL r30
#define ZH r31
"""

HEAD_DEC = """; AES-128 decryption on the AVR (ATmega32, AVRe core), fast variant:
; the inverse cipher (FIPS-197 5.3) on the round keys K10..K0 as the key
; setup (fast-key.S) leaves them in aes_rk, state in registers, every
; round unrolled.
; cardlab firmware: firmware/avr/aes/fast-dec.S (manifest fast.toml)
""" + COMMON + """;
; aes_decrypt decrypts aes_state in place with K0..K10 from aes_rk (both
; defined in fast.S).
""" + MAP_TABLES + """;   aes_inv_sbox (inv_sbox.inc), aes_x4 (fast-x4.inc: {04}x); aes_xtime
;   comes from fast.S
;
; Register map
;   r0-r18    the 16 state bytes and 3 temporaries (byte j starts in rj,
;             r16-r18 free; then as the comment before each round says)
;   X         the round-key pointer, -X from the end of K10 down to K0:
;             every round key is read from its byte 15 down to byte 0
;   Z         LPM: ZH the table page, ZL the index; ZL also carries the
;             round-key byte of ARKCOL
;   r19-r25, r28, r29 unused
;
; Steps (cycles)
;   ARKCOL, AddRoundKey of a column after InvShiftRows (5.3: before
;     InvMixColumns): 4 x (LD ZL,-X; EOR) = 12
;   INVPRE, the InvMixColumns pre-step: InvMixColumns is MixColumns after
;     u = {04}(a0^a2), v = {04}(a1^a3); a0, a2 ^= u; a1, a3 ^= v
;     (FIPS-197 4.3 rewritten; Daemen and Rijmen give it for 8-bit
;     processors in the Rijndael proposal and The Design of Rijndael). a0^a2 and a1^a3 do not change, so only a0 and a1 take
;     u and v, and a2, a3 become e = a0^a2, f = a1^a3, the form MIXEF
;     reads: 2 x (EOR, MOV ZL, LPM, EOR) = 12
;   MIXEF, MixColumns from (a0, a1, e, f): 21 (see fast.S, MIXCOL)
;   ISB, InvSubBytes of a byte: MOV ZL,b; LPM b,Z = 4
;   a round (9..1): 4 ARKCOL 48 + LDI ZH ({04}) 1 + 4 INVPRE 48
;     + LDI ZH (xtime) 1 + 4 MIXEF 84 + LDI ZH (inverse S-box) 1
;     + 16 ISB 64 = 247
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + AddRoundKey K10 and InvSubBytes: 16 x (LDS, LD ZL,-X,
;   EOR, LPM) 128 + 9 rounds x 247 + InvShiftRows, AddRoundKey K0, store:
;   16 x (LD ZL,-X, EOR, STS) 80 + RET 4                       = 2438
; Code 3158 bytes.
"""

HEAD_DK = """; AES-128 on the AVR (ATmega32, AVRe core), fast variant with decryption
; round keys: a key setup that also stores dK1..dK9 = InvMixColumns(K1..
; K9) (FIPS-197 5.3.5, the dw of the equivalent inverse cipher; 144 bytes
; more RAM), and the equivalent inverse cipher on them, where AddRoundKey
; follows InvMixColumns and so joins InvSubBytes as in encryption: 144
; cycles a block fewer than fast-dec.S, for 1048 more in key setup.
; Encryption is fast.S, unchanged.
; cardlab firmware: firmware/avr/aes/fast-dk.S (manifest fast-dk.toml)
""" + COMMON + """;
; aes_key_setup_dk expands aes_key (= K0) into K1..K10 in aes_rk (as
; fast-key.S does) and dK1..dK9 in aes_drk; aes_decrypt_dk decrypts
; aes_state in place with K10, dK9..dK1, K0.
;
; RAM map (.bss, each byte written before it is read)
;   aes_drk    144 B  dK1..dK9, dKr at aes_drk + 16 (r - 1)
;   aes_rk, aes_key, aes_state as in fast.S
""" + MAP_TABLES + """;   aes_inv_sbox (inv_sbox.inc), aes_x4 (fast-x4.inc: {04}x); aes_sbox and
;   aes_xtime come from fast.S
;
; Key setup
;   Registers: r0-r15 the round key (word w in r(4 w)..), r16-r19 T =
;   SubWord(RotWord(w3)) ^ Rcon, r20 Rcon, r21-r23 the InvMixColumns
;   temporaries, r24, r25, r28, r29 (P) word 3 of the last dK, X the
;   K store pointer, Z LPM (and ZL the dK byte loaded).
;   K step: as fast-key.S, 66, + LDI ZH 1 (the InvMixColumns below
;     move ZH) = 67
;   dK1: each column copied (2 MOVW), LDI ZH, INVPRE 12, LDI ZH,
;     MIXEF 21, 4 STS 8: 45, four 180; word 3 kept in P (MOVW, 2 MOV) 3
;   dK2..dK9: InvMixColumns is linear and step r XORs T into w0, then
;     each word into the next, so dKr.w0 = dK(r-1).w0 ^ InvMixColumns(T)
;     and dKr.wi = dK(r-1).wi ^ dKr.w(i-1): LDI ZH, INVPRE, LDI ZH, MIXEF
;     (on T, after the K step used it) 35 + 12 x (LDS, EOR, STS) 60
;     + word 3 from P: 4 x (EOR, STS) 12 = 107
;   Cycles: LDI X 2 + 16 LD X+ 32 + 10 x 67 + dK1 183 + 8 x 107
;     + RET 4                                                  = 1747
;   Code 2736 bytes.
;
; Decryption
;   Registers: as fast-dec.S (r0-r18 the state and 3 temporaries, X the
;   round-key pointer, -X from the end of dK9 down to dK1; K10 and K0 by
;   LDS).
;   ARKISB, AddRoundKey dKr + InvSubBytes of a byte: LD ZL,-X; EOR ZL,b;
;     LPM b,Z = 6
;   a round (9..1): LDI ZH 1 + 4 INVPRE 48 + LDI ZH 1 + 4 MIXEF 84
;     + LDI ZH 1 + 16 ARKISB 96 = 231
;   Cycles: LDI X, ZH 3 + AddRoundKey K10 and InvSubBytes: 16 x (LDS,
;     LDS, EOR, LPM) 128 + 9 x 231 + InvShiftRows, AddRoundKey K0, store:
;     16 x (LDS, EOR, STS) 80 + RET 4                          = 2294
;   Code 2934 bytes.
"""

if __name__ == "__main__":
    main()
