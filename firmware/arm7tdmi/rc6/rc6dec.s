@ RC6-32/20/16 decryption with precomputed round keys, for the ARM7TDMI
@ (ARM state): rc6.s run backwards.
@ cardlab firmware: firmware/arm7tdmi/rc6/rc6dec.s (manifest rc6dec.toml)
@
@ Written from the RC6 specification, §2.5; the round undone is rc6.inc's
@ INVROUND, the key setup rc6ks.s's (linked with it). A loop pass undoes
@ one of rc6.s: the six MOVs (their permutation is its own inverse), then
@ the two rounds in reverse order, the round keys read downwards.
@
@ Interface (cardlab arm7tdmi ABI): BL rc6_key_setup with the key in
@ rc6_key; then the ciphertext in rc6_block and BL rc6_decrypt; the
@ plaintext is in rc6_block. RAM: S (176 bytes); no stack.
@
@ Cycles (TRM chapter 6; crates/lab/tests/pipeline.rs pins them): as
@ rc6.s's encryption, and data-dependent the same way (MUL).

        .include "rc6.inc"

        .global rc6_decrypt
        .type   rc6_decrypt, %function
rc6_decrypt:
        ldr     r9, =rc6_block
        add     r4, r9, #32 + 4 * 42    @ &S[42]
        ldmia   r9, {r0-r3}             @ A, B, C, D
        ldmia   r4, {r7, r8}
        sub     r0, r0, r7              @ A -= S[42]
        sub     r2, r2, r8              @ C -= S[43]
        mov     r10, #10                @ 20 rounds, 2 a pass
rounds: mov     ip, r0                  @ (A, B, C, D) = (C, D, A, B)
        mov     r0, r2
        mov     r2, ip
        mov     ip, r1
        mov     r1, r3
        mov     r3, ip
        INVROUND r1, r2, r3, r0
        INVROUND r0, r1, r2, r3
        subs    r10, r10, #1
        bne     rounds
        ldmdb   r4, {r7, r8}
        sub     r1, r1, r7              @ B -= S[0]
        sub     r3, r3, r8              @ D -= S[1]
        stmia   r9, {r0-r3}
        bx      lr
        .ltorg
