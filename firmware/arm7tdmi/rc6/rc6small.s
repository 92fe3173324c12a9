@ RC6-32/20/16 with precomputed round keys for the ARM7TDMI (ARM state),
@ in the least code: one mixing step and one round a loop pass; seed
@ 000's "small key schedule" implementation.
@ cardlab firmware: firmware/arm7tdmi/rc6/rc6small.s (manifest rc6small.toml)
@
@ Written from the RC6 specification, §2.3-2.4; the round is rc6.inc's.
@ Here the key schedule keeps L in the key buffer (read and written each
@ step, j stepping through it by a pointer that wraps every 16 bytes), and
@ a round ends by moving (A, B, C, D) round the registers, so each loop
@ body exists once. One literal: the buffers lie block, key, S.
@
@ Interface (cardlab arm7tdmi ABI): as rc6.s. The key buffer ends holding
@ L: the key is destroyed. RAM: S (176 bytes); no stack.
@
@ Cycles (TRM chapter 6; pinned by crates/lab/tests/pipeline.rs):
@   mixing step: LDR 3, ADD 2, ROR 1, STR 2, ADD 1, LDR 3, ADD 1, RSB 1,
@     ROR by register 2, STR 2, two wraps (CMP, SUBEQ) 4, SUBS 1, BNE 3 = 26
@   round: 26 (m = 4) + 4 MOV + SUBS 1 + BNE 3 = 34; the MUL makes it vary

        .include "rc6.inc"
        BUFFERS

        .global rc6_key_setup
        .type   rc6_key_setup, %function
rc6_key_setup:
        ldr     r2, =rc6_block
        add     r6, r2, #32             @ S
        add     r2, r2, #16             @ L, in the key buffer
        ldr     r0, =P32
        ldr     r1, =Q32
        add     r7, r6, #176            @ the end of S
fill:   str     r0, [r6], #4            @ S[i] = P32 + i Q32
        add     r0, r0, r1
        cmp     r6, r7
        bne     fill
        sub     r6, r6, #176
        add     r3, r2, #16             @ the end of L
        mov     r4, #0                  @ A
        mov     r5, #0                  @ B
        mov     r9, #132                @ 3 x 44 steps
mix:    ldr     r8, [r6]
        add     r8, r8, r4
        add     r8, r8, r5
        mov     r4, r8, ror #29         @ A = S[i] = (S[i] + A + B) <<< 3
        str     r4, [r6], #4
        add     r8, r4, r5              @ A + B
        ldr     r5, [r2]
        add     r5, r5, r8
        rsb     r8, r8, #0
        mov     r5, r5, ror r8          @ B = L[j] = (L[j] + A + B) <<< (A + B)
        str     r5, [r2], #4
        cmp     r2, r3                  @ j mod 4
        subeq   r2, r2, #16
        cmp     r6, r7                  @ i mod 44
        subeq   r6, r6, #176
        subs    r9, r9, #1
        bne     mix
        bx      lr

        .global rc6_encrypt
        .type   rc6_encrypt, %function
rc6_encrypt:
        WHITEN_IN
        mov     r10, #20 * 32           @ 20 rounds, 32 a round
round:  ROUND   r0, r1, r2, r3, ip      @ the new A to ip
        mov     r0, r1                  @ (A, B, C, D) = (B, C, D, A)
        mov     r1, r2
        mov     r2, r3
        mov     r3, ip
        subs    r10, r10, #32
        bne     round
        WHITEN_OUT
        .ltorg
