@ RC6-32/20/16 encryption with precomputed round keys, for the ARM7TDMI
@ (ARM state): seed 000's "small key schedule" implementation.
@ cardlab firmware: firmware/arm7tdmi/rc6/rc6.s (manifest rc6.toml)
@
@ Written from the RC6 specification, §2.4. A round (A, B, C, D):
@   t = (B (2B + 1)) <<< 5, u = (D (2D + 1)) <<< 5,
@   A = ((A ^ t) <<< u) + S[2i], C = ((C ^ u) <<< t) + S[2i + 1],
@   then (A, B, C, D) = (B, C, D, A).
@ B (2B + 1) = B + 2 B B: one MUL and one ADD with a shifted operand; the
@ <<< 5 rides on the EOR's operand (ROR 27); the data-dependent left
@ rotation is a right rotation by 32 - (t >> 27) from a register holding
@ 32. Four rounds a loop pass, so the rotation of A-D costs nothing.
@
@ Interface (cardlab arm7tdmi ABI): BL rc6_key_setup with the key in
@ rc6_key (S to rc6_s); then, any number of times, the plaintext in
@ rc6_block and BL rc6_encrypt; the ciphertext is in rc6_block. Registers
@ but SP may change; the key buffer is left as it was. RAM: S (176 bytes);
@ no stack.
@
@ Timing: MUL takes 1S + mI, m from its multiplier (TRM 6.6: 1-4 as its
@ top bytes are all 0 or all 1), here B and D: data-dependent, so the
@ cycles vary by block (the report gives min and max). A round, m = 4:
@ MUL 5 + ADD 1 twice, EOR 2, SUB 2, ROR by register 2 x 2, LDM 2 keys 4,
@ ADD 2 = 26 cycles.
@ Key setup: fill 11 x (3 ADD + STM 5 + ADD + SUBS + BNE 3) = 143, 132
@ mixing steps x 13 = 1716, 33 x (WRAP 2 + SUBS 1 + BNE) plus entry and
@ exit: pinned by crates/lab/tests/pipeline.rs.

        .include "rc6.inc"

@ The key schedule (§2.3): S[0] = P32, S[i] = S[i-1] + Q32; then 3 x 44
@ mixing steps A = S[i] = (S[i] + A + B) <<< 3, B = L[j] = (L[j] + A + B)
@ <<< (A + B), i mod 44, j mod 4. L0-L3 stay in r0-r3, so j is which
@ register a step names, and B is the register the previous step wrote: a
@ four-step body needs no moves.
@ Registers: r0-r3 L, r4 A, r5 (the B of the first step: 0), r6 S pointer,
@ r7 the end of S, r8 temporary, r9 steps left / 4, r10 P then Q.
@ A left rotation by n is a right rotation by -n: ROR by a register takes
@ its low byte, and a right rotation by 256 - n mod 32 is the same.

@ One mixing step with L register l and the previous step's B register b:
@ LDR 3, 2 ADD, ROR 1, STR 2, ADD 1, RSB 1, ADD 1, ROR by register 2 = 13
        .macro  MIXSTEP l, b
        ldr     r8, [r6]
        add     r8, r8, r4
        add     r8, r8, \b
        mov     r4, r8, ror #29         @ A = (S[i] + A + B) <<< 3
        str     r4, [r6], #4
        add     r8, r4, \b              @ A + B
        add     \l, \l, r8
        rsb     r8, r8, #0
        mov     \l, \l, ror r8          @ L[j] = (L[j] + A + B) <<< (A + B)
        .endm

@ S pointer back to S[0] after S[43]: CMP 1, SUBEQ 1 (constant time)
        .macro  WRAP
        cmp     r6, r7
        subeq   r6, r6, #176
        .endm

        .global rc6_key_setup
        .type   rc6_key_setup, %function
rc6_key_setup:
        ldr     r6, =rc6_s
        ldr     r10, =P32
        ldr     r9, =Q32
        mov     r8, #11                 @ 44 words, 4 a pass
        mov     r0, r10
fill:   add     r1, r0, r9
        add     r2, r1, r9
        add     r3, r2, r9
        stmia   r6!, {r0-r3}
        add     r0, r3, r9
        subs    r8, r8, #1
        bne     fill
        mov     r7, r6                  @ the end of S
        sub     r6, r6, #176
        ldr     r8, =rc6_key
        ldmia   r8, {r0-r3}             @ L, the key
        mov     r4, #0                  @ A
        mov     r5, #0                  @ B before the first step
        mov     r9, #33                 @ 132 steps, 4 a pass
        MIXSTEP r0, r5                  @ the first four steps: B starts 0
        MIXSTEP r1, r0
        MIXSTEP r2, r1
        MIXSTEP r3, r2
        b       mix_next
mix:    MIXSTEP r0, r3
        MIXSTEP r1, r0
        MIXSTEP r2, r1
        MIXSTEP r3, r2
mix_next:
        WRAP
        subs    r9, r9, #1
        bne     mix
        bx      lr


        .global rc6_encrypt
        .type   rc6_encrypt, %function
rc6_encrypt:
        ldr     r4, =rc6_s
        ldr     r9, =rc6_block
        ldmia   r9, {r0-r3}             @ A, B, C, D
        ldmia   r4!, {r7, r8}
        add     r1, r1, r7              @ B += S[0]
        add     r3, r3, r8              @ D += S[1]
        mov     r10, #5 * 32            @ 20 rounds, 4 a pass, 32 a pass
rounds: ROUND   r0, r1, r2, r3
        ROUND   r1, r2, r3, r0
        ROUND   r2, r3, r0, r1
        ROUND   r3, r0, r1, r2
        subs    r10, r10, #32
        bne     rounds
        ldmia   r4, {r7, r8}
        add     r0, r0, r7              @ A += S[42]
        add     r2, r2, r8              @ C += S[43]
        stmia   r9, {r0-r3}
        bx      lr
        .ltorg
