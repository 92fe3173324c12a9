@ RC6-32/20/16 encryption with precomputed round keys, for the ARM7TDMI
@ (ARM state), for speed: seed 000's "unrolled key schedule" implementation.
@ cardlab firmware: firmware/arm7tdmi/rc6/rc6.s (manifest rc6.toml)
@
@ Written from the RC6 specification, §2.3-2.4; the round is rc6.inc's.
@ Key setup: L stays in r0-r3, so a four-step mixing body needs no moves
@ (the first step's B, zero, borrows r3 while L3 waits in r5 and joins by
@ a conditional ADD in the first pass). Encryption: two rounds a loop pass,
@ then (A, B, C, D) -> (C, D, A, B) by six MOVs.
@
@ Interface (cardlab arm7tdmi ABI): BL rc6_key_setup with the key in
@ rc6_key (S to rc6_s); then, any number of times, the plaintext in
@ rc6_block and BL rc6_encrypt; the ciphertext is in rc6_block. Registers
@ but SP may change; the key buffer is left as it was. RAM: S (176 bytes);
@ no stack.
@
@ Cycles (TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   key setup: entry 12; fill 11 x (3 ADD + STM 5 + ADD + SUBS + BNE 3)
@     - 2 = 141; set-up 14; mixing 33 x (4 steps x 13 + ADDEQ 1 + WRAP 2
@     + SUBS 1 + BNE 3) - 2 = 1945; BX 3: 2115
@   encryption (every MUL at m = 4, its most): entry 17; 10 x (2 rounds
@     x 26 + 6 MOV + SUBS 1 + BNE 3) - 2 = 618; exit 14: 649. A MUL whose
@     multiplier's top bytes are all 0 or all 1 ends sooner (TRM 6.6), so
@     the cycles depend on the data.

        .include "rc6.inc"

@ The key schedule (§2.3): S[0] = P32, S[i] = S[i-1] + Q32; then 3 x 44
@ mixing steps A = S[i] = (S[i] + A + B) <<< 3, B = L[j] = (L[j] + A + B)
@ <<< (A + B), i mod 44, j mod 4. L0-L3 stay in r0-r3, so j is which
@ register a step names, and B is the register the previous step wrote: a
@ four-step body needs no moves.
@ Registers: r0-r3 L, r4 A, r5 L3 until it joins, r6 S pointer, r7 the
@ end of S, r8 temporary, r9 passes left (P and Q while filling), r10 P.
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
        ldr     r6, =rc6_block
        add     r6, r6, #32             @ S (block, key, S lie in a row)
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
        sub     r8, r6, #16             @ the key, just below S
        ldmia   r8, {r0-r3}             @ L
        mov     r5, r3                  @ L3 waits: r3 is the first step's B
        mov     r3, #0
        mov     r4, #0                  @ A
        mov     r9, #33                 @ 132 steps, 4 a pass
        cmp     r9, r9                  @ Z: the first pass (SUBS clears it)
mix:    MIXSTEP r0, r3
        MIXSTEP r1, r0
        MIXSTEP r2, r1
        addeq   r3, r3, r5              @ L3 joins, in the first pass only
        MIXSTEP r3, r2
        WRAP
        subs    r9, r9, #1
        bne     mix
        bx      lr

        .global rc6_encrypt
        .type   rc6_encrypt, %function
rc6_encrypt:
        ldr     r9, =rc6_block
        add     r4, r9, #32             @ S
        ldmia   r9, {r0-r3}             @ A, B, C, D
        ldmia   r4!, {r7, r8}
        add     r1, r1, r7              @ B += S[0]
        add     r3, r3, r8              @ D += S[1]
        mov     r10, #10 * 32           @ 20 rounds, 2 a pass, 32 a pass
rounds: ROUND   r0, r1, r2, r3
        ROUND   r1, r2, r3, r0
        mov     ip, r0                  @ (A, B, C, D) = (C, D, A, B)
        mov     r0, r2
        mov     r2, ip
        mov     ip, r1
        mov     r1, r3
        mov     r3, ip
        subs    r10, r10, #32
        bne     rounds
        ldmia   r4, {r7, r8}
        add     r0, r0, r7              @ A += S[42]
        add     r2, r2, r8              @ C += S[43]
        stmia   r9, {r0-r3}
        bx      lr
        .ltorg
