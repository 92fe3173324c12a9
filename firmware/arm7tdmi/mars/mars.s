@ MARS encryption and decryption for the ARM7TDMI (ARM state), for speed:
@ the multiplications by MUL, whose time follows the key word.
@ cardlab firmware: firmware/arm7tdmi/mars/mars.s (manifests mars.toml,
@ mars192.toml, mars256.toml), linked with marsks.s (key setup, S-box)
@
@ Written from "MARS - a candidate cipher for AES" (IBM, revised 1999); the
@ rounds are mars.inc's. Registers: r0-r3 D[0..3] (a round's roles are its
@ macro arguments), r4 the round keys, r5 S0, r6 S1, r7-r11 k1/M, k2, R,
@ L, the rotation amount, r12 a loop's end. The steps:
@   D[i] += K[i]; forward mixing, 8 rounds; the core, 16 rounds (8 in
@   forward mode, 8 backward) of E(D0, K[2i+4], K[2i+5]); backward mixing,
@   8 rounds; D[i] -= K[36+i]. Decryption undoes each step in reverse.
@
@ Interface (cardlab arm7tdmi ABI): BL mars_key_setup128 (192, 256) with
@ the key in mars_key; then, any number of times, the block in mars_block
@ and BL mars_encrypt or mars_decrypt; the result is in mars_block. RAM:
@ K (160 bytes) and the expansion's T[12..14] (12) besides the buffers;
@ no stack in the block operations.
@
@ Tricks: the words never move (a round's roles are its macro arguments,
@ four rounds a loop pass); the mixing rounds' rotations by 24 and the
@ core's left rotations ride on the shifter operand of the next
@ instruction that reads the word; S1[b1] and S0[b2] are read through the
@ byte masked in place (AND #0xff00, LDR [S, t, LSR #6]); the 9-bit index
@ is (M << 23) >> 21; M <<< R and L <<< R are an RSB and the ROR of the
@ ADD's operand.
@
@ Cycles (TRM chapter 6): a core round 26 with MUL at m = 4 (mars.inc);
@ a mixing round 20, 21 with its addition; encryption and decryption 818
@ (mars.inc's ENCRYPT has the sum). MUL's multiplier is the round key K[2i+5] (Rs): it ends early
@ when that word's top 8, 16 or 24 bits are all 0 or all 1 (TRM 6.6), a
@ cycle less for each, so the cycles depend on the key, not on the block:
@ the report's verdict says "timing depends on data". marsct.s pays 7
@ cycles a round for a multiply whose time depends on nothing.

CT      = 0
        .include "mars.inc"
        .text
        .align  2
        ENCRYPT
        DECRYPT
