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
        XOR4
        ldmdb   r11, {r4-r7}            @ . (k15 | 1)
        ODDMUL                          @ and BP
        add     r11, r10, #32 + 16 * 11 @ k12
        mov     r10, #12
rounds: ROUND   r0, r1, r2, r3          @ L ^= F(R, k), then L <-> R
        sub     r11, r11, #32           @ the round keys backwards
        SWAPHALVES
        subs    r10, r10, #1
        bne     rounds
        BPINV                           @ FT: BP^-1(Y), Y = R || L
        add     r11, r11, #16 + 256     @ from before k1 to the inverses
        ldmia   r11, {r4-r7}            @ . (k14 | 1)^-1
        INVMUL
        sub     r11, r11, #256 - 16 * 12
        ldmia   r11, {r0-r3}            @ ^ k13
        XOR4
        STOREBLOCK
        .ltorg

        SUBROUTINES
        KEYSETUP 13
        .ltorg

        .global e2_sbox, e2_sbox_end
e2_sbox:
        .include "sbox.inc"
e2_sbox_end:
