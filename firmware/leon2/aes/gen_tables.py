#!/usr/bin/env python3
"""Writes tables.h (C) and tables.inc (GNU as) for the LEON2 AES variants:
the S-box and its inverse (FIPS-197 5.1.1, 5.3.2, computed from the
inverse in GF(2^8) and the affine map), TE0 (the MixColumns column
(2, 1, 1, 3) of S(x), row 0 in bits 31:24) and TD0 (the InvMixColumns
column (14, 9, 13, 11) of InvS(x)); TEr and TDr are them rotated right by
8r bits."""

def mul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = ((a << 1) ^ 0x11B) if a & 0x80 else a << 1
        b >>= 1
    return r

def inv(a):
    return 0 if a == 0 else next(b for b in range(1, 256) if mul(a, b) == 1)

def affine(b):
    r = 0x63
    for i in range(8):
        bit = (b >> i) ^ (b >> ((i + 4) % 8)) ^ (b >> ((i + 5) % 8)) \
            ^ (b >> ((i + 6) % 8)) ^ (b >> ((i + 7) % 8))
        r ^= (bit & 1) << i
    return r

S = [affine(inv(x)) for x in range(256)]
IS = [0] * 256
for x, y in enumerate(S):
    IS[y] = x
assert S[0x53] == 0xED and IS[0xED] == 0x53

def word(col):
    return (col[0] << 24) | (col[1] << 16) | (col[2] << 8) | col[3]

def ror(w, n):
    return ((w >> n) | (w << (32 - n))) & 0xFFFFFFFF if n else w

TE0 = [word([mul(s, 2), s, s, mul(s, 3)]) for s in S]
TD0 = [word([mul(s, 14), mul(s, 9), mul(s, 13), mul(s, 11)]) for s in IS]
TE = [[ror(w, 8 * r) for w in TE0] for r in range(4)]
TD = [[ror(w, 8 * r) for w in TD0] for r in range(4)]

def c_bytes(vals):
    return ",\n".join("    " + ", ".join("0x%02x" % v for v in vals[i:i + 12])
                      for i in range(0, len(vals), 12))

def c_words(vals):
    return ",\n".join("    " + ", ".join("0x%08x" % v for v in vals[i:i + 6])
                      for i in range(0, len(vals), 6))

head = "/* tables.h: written by gen_tables.py from FIPS-197; do not edit. */\n"
out = [head]
out.append("#ifdef AES_NEED_SBOX\nconst uint8_t aes_sbox[256] __attribute__((aligned(4))) = {\n%s\n};\n#endif\n" % c_bytes(S))
out.append("#ifdef AES_NEED_INV_SBOX\nconst uint8_t aes_inv_sbox[256] __attribute__((aligned(4))) = {\n%s\n};\n#endif\n" % c_bytes(IS))
out.append("#ifdef AES_NEED_TE4\nconst uint32_t aes_te[4][256] = {\n%s\n};\n#endif\n" %
           ",\n".join("  {\n%s\n  }" % c_words(t) for t in TE))
out.append("#ifdef AES_NEED_TD4\nconst uint32_t aes_td[4][256] = {\n%s\n};\n#endif\n" %
           ",\n".join("  {\n%s\n  }" % c_words(t) for t in TD))
out.append("#ifdef AES_NEED_TE1\nconst uint32_t aes_te[256] = {\n%s\n};\n#endif\n" % c_words(TE0))
out.append("#ifdef AES_NEED_TD1\nconst uint32_t aes_td[256] = {\n%s\n};\n#endif\n" % c_words(TD0))
open("tables.h", "w").write("\n".join(out))

def s_bytes(vals):
    return "\n".join("        .byte   " + ", ".join("0x%02x" % v for v in vals[i:i + 16])
                     for i in range(0, len(vals), 16))

def s_words(vals):
    return "\n".join("        .word   " + ", ".join("0x%08x" % v for v in vals[i:i + 8])
                     for i in range(0, len(vals), 8))

inc = ["! tables.inc: written by gen_tables.py from FIPS-197; do not edit.",
       "! Each table is assembled only where the including file defines its",
       "! switch (.set AES_NEED_TE4, 1 ...); each is aligned to its size's",
       "! power of two up to 1 KB so an index is an OR of the base.", ""]
for name, sym, body, align in [
        ("AES_NEED_SBOX", "aes_sbox", s_bytes(S), 8),
        ("AES_NEED_INV_SBOX", "aes_inv_sbox", s_bytes(IS), 8),
        ("AES_NEED_TE4", "aes_te", "\n".join(s_words(t) for t in TE), 10),
        ("AES_NEED_TD4", "aes_td", "\n".join(s_words(t) for t in TD), 10)]:
    inc += ["        .ifdef  %s" % name, "        .align  %d" % (1 << align),
            "        .global %s, %s_end" % (sym, sym), "%s:" % sym, body, "%s_end:" % sym,
            "        .endif", ""]
open("tables.inc", "w").write("\n".join(inc))
