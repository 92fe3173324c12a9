@ MARS encryption and decryption for the ARM7TDMI (ARM state) in constant
@ time: mars.s with each multiplication split so that MUL's early
@ termination has nothing to read.
@ cardlab firmware: firmware/arm7tdmi/mars/marsct.s (manifest marsct.toml),
@ linked with marsks.s (key setup, S-box)
@
@ Written from "MARS - a candidate cipher for AES" (IBM, revised 1999); the
@ rounds are mars.inc's, with CT = 1.
@
@ The multiply: MUL and MLA take 1S + mI (+1I), m from the multiplier Rs:
@ 1 if its bits 31-8 are all 0 or all 1, 2 for bits 31-16, 3 for 31-24,
@ else 4 (TRM 6.6). Let t be k2's top byte, c = t ^ 0x80 (0..255: m = 1
@ for every key) and a = k2 ^ (c << 24), k2 with its top byte set to 0x80
@ (m = 4 for every key). k2 - a = (t - 0x80) << 24 = c << 24 mod 2^32
@ (t - 0x80 = t ^ 0x80 mod 256), so y k2 = y a + (y << 24) c mod 2^32:
@ EOR, LSR, EOR, LSL 4, MUL (m = 1) 2, MLA (m = 4) 6 = 12 cycles against
@ MUL's 5 at m = 4.
@
@ Interface and RAM as mars.s. Cycles: a core round 33, encryption and
@ decryption 930 (mars.s's 818 + 16 x 7) whatever the key and the block;
@ with marsks.s's key setup (no MUL, no branch on the key) every operation
@ is constant time. The S-box loads' addresses follow the data, but the
@ ARM7TDMI has no cache: every load takes the same cycles.

CT      = 1
        .include "mars.inc"
        .text
        .align  2
        ENCRYPT
        DECRYPT
