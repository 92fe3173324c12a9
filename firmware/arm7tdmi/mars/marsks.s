@ The MARS key setup for the ARM7TDMI (tweaked key expansion), the buffers
@ and the S-box: linked with mars.s and marsct.s, whose headers give the
@ block operations. Written from "MARS - a candidate cipher for AES" (IBM,
@ revised 1999) and its round-2 tweak (mars-twk.txt).
@ cardlab firmware: firmware/arm7tdmi/mars/marsks.s
@
@ Interface (cardlab arm7tdmi ABI): the key in mars_key (16, 24 or 32
@ bytes), BL mars_key_setup128, mars_key_setup192 or mars_key_setup256; K[0..39]
@ to mars_k. The key buffer is the start of T, so the key is destroyed.
@
@ The expansion (n key words): T[0..n-1] = k, T[n] = n, the rest 0; then
@ for j = 0..3:
@   linear:   T[i] ^= ((T[i-7] ^ T[i-2]) <<< 3) ^ (4i + j), i = 0..14
@   stirring: T[i] = (T[i] + S[T[i-1] & 511]) <<< 9, i = 0..14, 4 times
@   K[10j + i] = T[4i mod 15], i = 0..9
@ (indices mod 15, each step seeing the words already rewritten). Then each
@ multiplication key K[i], i = 5, 7, ..., 35, is fixed: w = K[i] | 3,
@ M = the bits of w inside a run of ten or more equal bits with both
@ neighbours equal, 2 <= l <= 30 (the tweak clears bit 31 always),
@ K[i] = w ^ ((B[K[i] & 3] <<< K[i-1]) & M), B = S[265..268].
@
@ Register map: r0-r9 T[0..9] throughout the expansion (T[10..14] stay in
@ memory at r12 + 40..56); r10 j in the linear pass, the S-box in the
@ stirring passes; r11 and lr temporaries; r12 T (= mars_key). The stack:
@ j, the stirring passes left, the return address (12 bytes).
@
@ The mask without a loop over bits (constant time): d = w ^ (w << 1) has
@ bit l set where w_l differs from w_(l-1) (bit 0 is set: w_0 = 1). No run
@ of ten equal bits ends at l unless d_l..d_(l-8) are all clear: the
@ negation of that is d | d << 1 | ... | d << 8, four OR-shifts (1, 2, 4,
@ then d << 8); its complement e marks the ends of ten-runs, and e | e >> 1
@ | ... | e >> 9 (four more) the bits inside one; the neighbours' test is
@ two BICs by d and d >> 1, and one BIC keeps bits 2-30.
@
@ Cycles (TRM chapter 6), n key words:
@   entry: MOV, B 3, LDR 3, ADD, STR 2, MOV, ADD                    =  12
@   T[n+1..14] = 0: (14 - n) x (STR 2, CMP, BNE 3) - 2        = 82 - 6 n
@   MOV, STMFD 4, LDM T[0..9] 12                                     =  17
@   a j pass:
@     LDR j 3; linear pass: LINL 6 (i = 0) and 7 (i = 1-6), LINR 4
@       (7-9), LINM 9 (10, 11), LINMM 12 (12-14): 114; ADD, STR j+1 2,
@       LDR S 3, MOV, STR 2, LDR T[14] 3: 12                        = 129
@     stirring: 10 STIRR 6 + 5 STIRM 11 = 115 a pass, 4 passes with
@       the count on the stack (LDR 3, SUBS, STR 2, BNE 3) - 2      = 494
@     K[10j..10j+9]: LDR 3, 3 ADD, 10 STR 2, 2 LDR 3, CMP, BNE 3     =  36
@   4 passes 4 x 659 - 2                                             = 2634
@   fix-up: ADD, ADD, LDR 3; 16 x (LDM 4, 15 ALU, LDR B 3, RSB, AND
@     by ROR 2, EOR, STR 2, ADD, CMP, BNE 3 = 33) - 2                 = 531
@   exit: LDMFD with the PC                                          =   7
@   128-bit key 3259, 192-bit 3247, 256-bit 3232. No branch depends on the
@   key and nothing is multiplied: constant time (the S-box addresses
@   vary; the ARM7TDMI has no cache).

        .include "mars.inc"
        BUFFERS
        .text
        .align  2

@ Linear step i on T[i] in register t, T[i-7] and T[i-2] in registers a, b
@ (EOR, EOR-ROR, EOR j, EOR 4i: 4 cycles; 3 for i = 0).
        .macro  LINR t, a, b, i
        eor     r11, \a, \b
        eor     \t, \t, r11, ror #29
        eor     \t, \t, r10
        .if     \i
        eor     \t, \t, #4 * \i
        .endif
        .endm

@ Linear step i on T[i] in register t, one of T[i-7], T[i-2] in register b
@ and the other in memory at T + off: LDR 3, EOR 3 or 4 = 6 or 7 cycles.
        .macro  LINL t, b, off, i
        ldr     r11, [r12, #\off]
        eor     r11, r11, \b
        eor     \t, \t, r11, ror #29
        eor     \t, \t, r10
        .if     \i
        eor     \t, \t, #4 * \i
        .endif
        .endm

@ Linear step i on T[i] in memory, T[i-7] and T[i-2] in registers a, b:
@ 9 cycles.
        .macro  LINM a, b, i
        eor     r11, \a, \b
        ldr     lr, [r12, #4 * \i]
        eor     lr, lr, r11, ror #29
        eor     lr, lr, r10
        eor     lr, lr, #4 * \i
        str     lr, [r12, #4 * \i]
        .endm

@ The same with T[i-2] in memory too (written two steps before): 12 cycles.
        .macro  LINMM a, i
        ldr     r11, [r12, #4 * (\i - 2)]
        eor     r11, r11, \a
        ldr     lr, [r12, #4 * \i]
        eor     lr, lr, r11, ror #29
        eor     lr, lr, r10
        eor     lr, lr, #4 * \i
        str     lr, [r12, #4 * \i]
        .endm

@ Stirring step on T[i] in register t after T[i-1] in register p:
@ S[p & 511] is [S, (p << 23) >> 21]; <<< 9 is ROR #23. 6 cycles.
        .macro  STIRR t, p
        mov     r11, \p, lsl #23
        ldr     r11, [r10, r11, lsr #21]
        add     \t, \t, r11
        mov     \t, \t, ror #23
        .endm

@ Stirring step on T[i] in memory (into lr) after T[i-1] in register p:
@ 11 cycles.
        .macro  STIRM i, p
        mov     r11, \p, lsl #23
        ldr     r11, [r10, r11, lsr #21]
        ldr     lr, [r12, #4 * \i]
        add     lr, lr, r11
        mov     lr, lr, ror #23
        str     lr, [r12, #4 * \i]
        .endm

        .global mars_key_setup128, mars_key_setup192, mars_key_setup256
        .type   mars_key_setup128, %function
        .type   mars_key_setup192, %function
        .type   mars_key_setup256, %function
mars_key_setup128:
        mov     r0, #4
        b       ks
mars_key_setup192:
        mov     r0, #6
        b       ks
mars_key_setup256:
        mov     r0, #8
ks:     ldr     r12, =mars_key
        add     r1, r12, r0, lsl #2
        str     r0, [r1], #4            @ T[n] = n
        mov     r2, #0
        add     r3, r12, #60
ks_zero:
        str     r2, [r1], #4            @ T[n+1..14] = 0
        cmp     r1, r3
        bne     ks_zero
        mov     r10, #0                 @ j
        stmfd   sp!, {r10, r11, lr}     @ j, passes left, return
        ldmia   r12, {r0-r9}            @ T[0..9]
ks_j:   ldr     r10, [sp]               @ j
        LINL    r0, r8, 52, 0           @ T[0] ^= ((T[8] ^ T[13]) <<< 3) ^ j
        LINL    r1, r9, 56, 1           @ T[1]: T[9], T[14]
        LINL    r2, r0, 40, 2           @ T[i-7] = T[10..14], i = 2..6
        LINL    r3, r1, 44, 3
        LINL    r4, r2, 48, 4
        LINL    r5, r3, 52, 5
        LINL    r6, r4, 56, 6
        LINR    r7, r0, r5, 7
        LINR    r8, r1, r6, 8
        LINR    r9, r2, r7, 9
        LINM    r3, r8, 10
        LINM    r4, r9, 11
        LINMM   r5, 12
        LINMM   r6, 13
        LINMM   r7, 14
        add     r10, r10, #1
        str     r10, [sp]               @ j + 1
        ldr     r10, =mars_sbox
        mov     r11, #4
        str     r11, [sp, #4]
        ldr     lr, [r12, #56]          @ T[14], step 0's T[i-1]
ks_stir:
        STIRR   r0, lr
        STIRR   r1, r0
        STIRR   r2, r1
        STIRR   r3, r2
        STIRR   r4, r3
        STIRR   r5, r4
        STIRR   r6, r5
        STIRR   r7, r6
        STIRR   r8, r7
        STIRR   r9, r8
        STIRM   10, r9
        STIRM   11, lr
        STIRM   12, lr
        STIRM   13, lr
        STIRM   14, lr                  @ lr = T[14] for the next pass
        ldr     r11, [sp, #4]
        subs    r11, r11, #1
        str     r11, [sp, #4]
        bne     ks_stir
        ldr     r10, [sp]               @ j + 1
        add     r11, r12, #KOFF + 32 - 40
        add     r11, r11, r10, lsl #5
        add     r11, r11, r10, lsl #3   @ K[10j]
        str     r0, [r11]               @ K[10j + i] = T[4i mod 15]
        str     r4, [r11, #4]
        str     r8, [r11, #8]
        ldr     lr, [r12, #48]
        str     lr, [r11, #12]
        str     r1, [r11, #16]
        str     r5, [r11, #20]
        str     r9, [r11, #24]
        ldr     lr, [r12, #52]
        str     lr, [r11, #28]
        str     r2, [r11, #32]
        str     r6, [r11, #36]
        cmp     r10, #4
        bne     ks_j

@ The fix-up of K[5], K[7], ..., K[35]: r10 at K[i-1], r11 the end, r12 B.
        add     r10, r12, #KOFF + 32 + 16
        add     r11, r10, #128
        ldr     r12, =mars_sbox + 265 * 4
ks_fix: ldmia   r10, {r0, r1}           @ K[i-1], K[i]
        and     r2, r1, #3              @ j
        orr     r1, r1, #3              @ w
        eor     r3, r1, r1, lsl #1      @ d: w_l != w_(l-1)
        orr     r4, r3, r3, lsl #1
        orr     r4, r4, r4, lsl #2
        orr     r4, r4, r4, lsl #4
        orr     r4, r4, r3, lsl #8      @ no ten-run ends at l
        mvn     r4, r4                  @ a ten-run ends at l
        orr     r4, r4, r4, lsr #1
        orr     r5, r4, r4, lsr #2
        orr     r5, r5, r5, lsr #4
        orr     r5, r5, r4, lsr #8      @ l inside a ten-run
        bic     r5, r5, r3              @ w_(l-1) = w_l
        bic     r5, r5, r3, lsr #1      @ w_(l+1) = w_l
        bic     r5, r5, #0x80000003     @ M: 2 <= l <= 30
        ldr     r2, [r12, r2, lsl #2]   @ B[j]
        rsb     r0, r0, #0
        and     r2, r5, r2, ror r0      @ (B[j] <<< K[i-1]) & M
        eor     r1, r1, r2
        str     r1, [r10, #4]
        add     r10, r10, #8
        cmp     r10, r11
        bne     ks_fix
        ldmfd   sp!, {r0, r1, pc}
        .ltorg

        .align  2
        .global mars_sbox, mars_sbox_end
mars_sbox:
        .include "sbox.inc"
mars_sbox_end:
