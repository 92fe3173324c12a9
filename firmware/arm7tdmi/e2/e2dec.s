@ E2-128 decryption with a precomputed key schedule for the ARM7TDMI (ARM
@ state): e2.s run backwards.
@ cardlab firmware: firmware/arm7tdmi/e2/e2dec.s (manifest e2dec.toml)
@
@ Written from the E2 specification (§2.2): decryption is the same network
@ with the round keys k12..k1 and the IT/FT keys exchanged: IT(C, k16,
@ k15), FT(Y, k13, k14), so the key setup inverts k14 | 1 instead of
@ k15 | 1. The round keys are read backwards (SUB r11, #32 after each
@ round: 1 cycle). Everything else is e2.s's (e2.inc).
@
@ Interface (cardlab arm7tdmi ABI): the key in e2_key, BL e2_key_setup;
@ then the ciphertext in e2_block and BL e2_decrypt; the plaintext is in
@ e2_block. RAM as e2.s. Timing: as e2.s's, key-dependent the same way;
@ pinned by crates/lab/tests/pipeline.rs.

        .include "e2.inc"

        .global e2_decrypt
        .type   e2_decrypt, %function
e2_decrypt:
        LOADBLOCK
        add     r11, r10, #32 + 16 * 15 @ k16
        ldmia   r11, {r4-r7}            @ IT: ^ k16
        eor     r0, r0, r4
        eor     r1, r1, r5
        eor     r2, r2, r6
        eor     r3, r3, r7
        ldmdb   r11, {r4-r7}            @ . (k15 | 1)
        orr     r4, r4, #1
        orr     r5, r5, #1
        orr     r6, r6, #1
        orr     r7, r7, #1
        mul     r4, r0, r4
        mul     r5, r1, r5
        mul     r6, r2, r6
        mul     r7, r3, r7
        bl      bp_sub                  @ BP
        add     r11, r10, #32 + 16 * 11 @ k12
        mov     r10, #12
rounds: ROUND   r0, r1, r2, r3          @ L ^= F(R, k), then L <-> R
        sub     r11, r11, #32           @ the round keys backwards
        mov     r8, r0
        mov     r0, r2
        mov     r2, r8
        mov     r8, r1
        mov     r1, r3
        mov     r3, r8
        subs    r10, r10, #1
        bne     rounds
        @ FT: Y = R || L = (r2, r3, r0, r1); BP^-1(Y) is BP of Y's words
        @ in reverse order (y0, y3, y2, y1), its output reversed the same way
        mov     r4, r2
        mov     r5, r1
        mov     r6, r0
        mov     r7, r3
        bl      bp_sub                  @ BP^-1(Y) = (r0, r3, r2, r1)
        add     r11, r11, #16 + 256     @ from before k1 to the inverses
        ldmia   r11, {r4-r7}            @ . (k14 | 1)^-1
        mul     r4, r0, r4
        mul     r5, r3, r5
        mul     r6, r2, r6
        mul     r7, r1, r7
        sub     r11, r11, #256 - 16 * 12
        ldmia   r11, {r0-r3}            @ ^ k13
        eor     r0, r0, r4
        eor     r1, r1, r5
        eor     r2, r2, r6
        eor     r3, r3, r7
        STOREBLOCK
        .ltorg

        SUBROUTINES
        KEYSETUP 13
        .ltorg

        .global e2_sbox, e2_sbox_end
e2_sbox:
        .include "sbox.inc"
e2_sbox_end:
