@ The RC6-32/20/16 key setup for speed, and the buffers: linked with rc6.s
@ (encryption) and rc6dec.s (decryption). Written from the RC6
@ specification, §2.3. The key buffer is left as it was. Cycles: see
@ rc6.s.

        .include "rc6.inc"
        BUFFERS

@ The key schedule (§2.3): S[0] = P32, S[i] = S[i-1] + Q32; then 3 x 44
@ mixing steps A = S[i] = (S[i] + A + B) <<< 3, B = L[j] = (L[j] + A + B)
@ <<< (A + B), i mod 44, j mod 4.
@
@ A loop pass is four steps: S[i..i+3] come in by one LDM and go back by
@ one STM (6 + 5 cycles instead of 4 x (3 + 2)). L0-L3 stay in r0-r3, so j
@ is which register a step names and B is the register the previous step
@ wrote. Each step's new A replaces its S word in s0-s2 (r4-r6); the
@ fourth's goes to r8, which is above r4-r6 so STM stores it fourth, and
@ which the next pass's LDM {r4-r7} leaves alone: r8 carries A from pass
@ to pass, and is the temporary once the first step has read it (the
@ fourth step's temporary is r7, its S word, once read).
@ Registers: r0-r3 L, r4-r7 S[i..i+3], r8 A, r9 the S pointer, r10 the
@ end of S, r11 sweeps left, r12 L3 until it joins (the first step's B is
@ zero, so r3 starts at 0 and L3 is added in the first pass only: ADDEQ,
@ Z set by the MOVS before the loop and cleared by every CMP and SUBS
@ that loops back).
@ A left rotation by n is a right rotation by -n: ROR by a register takes
@ its low byte, and a right rotation by 256 - n mod 32 is the same.

@ One mixing step: S word s (A on the way out), previous A a, previous B
@ b, L register l, temporary t (may be a once a is read). ADD 3, ROR 1,
@ ADD 1, RSB 1, ROR by register 2 = 8 cycles.
        .macro  MIXSTEP s, a, b, l, t, o
        add     \s, \s, \a
        add     \s, \s, \b
        mov     \o, \s, ror #29         @ A = (S[i] + A + B) <<< 3
        add     \t, \o, \b              @ A + B
        add     \l, \l, \t
        rsb     \t, \t, #0
        mov     \l, \l, ror \t          @ L[j] = (L[j] + A + B) <<< (A + B)
        .endm

        .global rc6_key_setup
        .type   rc6_key_setup, %function
rc6_key_setup:
        ldr     r9, =rc6_s
        add     r10, r9, #176           @ the end of S
        ldr     r7, =P32 - Q32
        ldr     r8, =Q32
fill:   add     r4, r7, r8              @ S[i] = S[i - 1] + Q32
        add     r5, r4, r8
        add     r6, r5, r8
        add     r7, r6, r8
        stmia   r9!, {r4-r7}
        cmp     r9, r10
        bne     fill
        sub     r9, r9, #176
        ldmdb   r9, {r0-r2, r12}        @ L, from the key just below S
        mov     r8, #0                  @ A
        mov     r11, #3                 @ sweeps of S
        movs    r3, #0                  @ the first B; Z: the first pass
mix:    ldmia   r9, {r4-r7}
        MIXSTEP r4, r8, r3, r0, r8, r4
        MIXSTEP r5, r4, r0, r1, r8, r5
        MIXSTEP r6, r5, r1, r2, r8, r6
        addeq   r3, r3, r12             @ L3 joins, in the first pass only
        MIXSTEP r7, r6, r2, r3, r7, r8
        stmia   r9!, {r4-r6, r8}
        cmp     r9, r10
        bne     mix
        sub     r9, r9, #176            @ back to S[0]
        subs    r11, r11, #1
        bne     mix
        bx      lr
        .ltorg
