@ The RC6-32/20/16 key setup for speed, and the buffers: linked with rc6.s
@ (encryption) and rc6dec.s (decryption). Written from the RC6
@ specification, §2.3. L stays in r0-r3, so a four-step mixing body needs
@ no moves: the first step's B, zero, borrows r3 while L3 waits in r5 and
@ joins by a conditional ADD in the first pass. The key buffer is left as
@ it was. Cycles: see rc6.s.

        .include "rc6.inc"
        BUFFERS

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
        .ltorg
