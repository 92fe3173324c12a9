@ The MARS key setup for the ARM7TDMI (tweaked key expansion), the buffers
@ and the S-box: linked with mars.s and marsct.s, whose headers give the
@ block operations. Written from "MARS - a candidate cipher for AES" (IBM,
@ revised 1999) and its round-2 tweak (mars-twk.txt).
@ cardlab firmware: firmware/arm7tdmi/mars/marsks.s
@
@ Interface (cardlab arm7tdmi ABI): the key in mars_key (16, 24 or 32
@ bytes), BL mars_key_setup128, mars_key_setup192 or mars_key_setup256;
@ K[0..39] to mars_k. T[0..14] lies over the key (T[0..7]), the block
@ (T[8..11]) and 12 bytes more, but T[0..9] are worked in registers and
@ only T[n..14] are ever written: the key is kept.
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
@ The fix-up's mask has no loop over the bits (mars.inc, FIXUP): OR-shifts
@ of d = w ^ (w << 1) find where runs of ten equal bits end, OR-shifts of
@ their complement the bits inside one: constant time.
@
@ T is kept as T <<< 23 through the expansion (a ROR #23 owed): the
@ stirring's <<< 9 then needs no instruction (the next ADD pays the owed
@ ROR on its operand), the linear pass is the same XORs on the rotated
@ words with its constants rotated too (4i + j as (4i + j) << 23), and
@ each K word pays its ROR once, as it is stored.
@
@ Cycles (TRM chapter 6), n key words:
@   entry: MOV, B 3, LDR 3, ADD, STR 2, MOV, ADD                    =  12
@   T[n+1..14] = 0: (14 - n) x (STR 2, CMP, BNE 3) - 2        = 82 - 6 n
@   MOV, STMFD 4, LDM T[0..9] 12, 10 ROR                             =  27
@   a j pass:
@     LDR j 3; linear pass: LINL 6 (i = 0) and 7 (i = 1-6), LINR 4
@       (7-9), LINM 9 (10, 11), LINMM 12 (12-14): 114; ADD, STR j+1 2,
@       LDR S 3, MOV, STR 2, LDR T[14] 3: 12                        = 129
@     stirring: 10 STIRR 5 + 5 STIRM 10 = 100 a pass, 4 passes with
@       the count on the stack (LDR 3, SUBS, STR 2, BNE 3) - 2      = 434
@     K[10j..10j+9]: LDR 3, LSR, 3 ADD, 8 x (ROR, STR 2), 2 x (LDR 3,
@       ROR, STR 2), CMP, BNE 3                                       =  47
@   4 passes 4 x 610 - 2                                             = 2438
@   fix-up (mars.inc, FIXUP)                                         =  531
@   exit: LDMFD with the PC                                          =   7
@   128-bit key 3073, 192-bit 3061, 256-bit 3046 (its entry falls
@   through: 2 fewer). No branch depends on the key and nothing is
@   multiplied: constant time (the S-box addresses vary; the ARM7TDMI
@   has no cache).

        .include "mars.inc"
        BUFFERS
        .text
        .align  2

@ Linear step i on T[i] in register t, T[i-7] and T[i-2] in registers a, b
@ (EOR, EOR-ROR, EOR j, EOR 4i: 4 cycles; 3 for i = 0); r10 = j << 23.
        .macro  LINR t, a, b, i
        eor     r11, \a, \b
        eor     \t, \t, r11, ror #29
        eor     \t, \t, r10
        .if     \i
        eor     \t, \t, #(4 * \i) << 23
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
        eor     \t, \t, #(4 * \i) << 23
        .endif
        .endm

@ Linear step i on T[i] in memory, T[i-7] and T[i-2] in registers a, b:
@ 9 cycles.
        .macro  LINM a, b, i
        eor     r11, \a, \b
        ldr     lr, [r12, #4 * \i]
        eor     lr, lr, r11, ror #29
        eor     lr, lr, r10
        eor     lr, lr, #(4 * \i) << 23
        str     lr, [r12, #4 * \i]
        .endm

@ The same with T[i-2] in memory too (written two steps before): 12 cycles.
        .macro  LINMM a, i
        ldr     r11, [r12, #4 * (\i - 2)]
        eor     r11, r11, \a
        ldr     lr, [r12, #4 * \i]
        eor     lr, lr, r11, ror #29
        eor     lr, lr, r10
        eor     lr, lr, #(4 * \i) << 23
        str     lr, [r12, #4 * \i]
        .endm

@ Stirring step on T[i] in register t after T[i-1] in register p, both
@ owing their ROR #23: the real T[i-1] & 511 is bits 23-31 of p, so
@ S[T[i-1] & 511] is [S, (p with bits 21-22 cleared) >> 21]; the new T[i]
@ = (T[i] + S) <<< 9 owes ROR #23 exactly when it is stored as T[i] + S,
@ so the step is BIC, LDR, ADD with ROR #23 on T[i]: 5 cycles.
        .macro  STIRR t, p
        bic     r11, \p, #0x600000
        ldr     r11, [r10, r11, lsr #21]
        add     \t, r11, \t, ror #23
        .endm

@ Stirring step on T[i] in memory (into lr) after T[i-1] in register p:
@ 10 cycles.
        .macro  STIRM i, p
        bic     r11, \p, #0x600000
        ldr     r11, [r10, r11, lsr #21]
        ldr     lr, [r12, #4 * \i]
        add     lr, r11, lr, ror #23
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
        mov     r10, #0                 @ j << 23
        stmfd   sp!, {r10, r11, lr}     @ j, passes left, return
        ldmia   r12, {r0-r9}            @ T[0..9]
        .irp    r, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9
        mov     \r, \r, ror #9          @ stored as T <<< 23 (T[10..14]: 0)
        .endr
ks_j:   ldr     r10, [sp]               @ j << 23
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
        add     r10, r10, #1 << 23
        str     r10, [sp]               @ (j + 1) << 23
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
        ldr     r10, [sp]
        mov     r10, r10, lsr #23       @ j + 1
        add     r11, r12, #KOFF + 32 - 40
        add     r11, r11, r10, lsl #5
        add     r11, r11, r10, lsl #3   @ K[10j]
        .irp    w, r0, r4, r8, 48, r1, r5, r9, 52, r2, r6
        .ifc    \w, 48
        ldr     lr, [r12, #48]          @ T[12]
        mov     lr, lr, ror #23
        .else
        .ifc    \w, 52
        ldr     lr, [r12, #52]          @ T[13]
        mov     lr, lr, ror #23
        .else
        mov     lr, \w, ror #23         @ its ROR paid
        .endif
        .endif
        str     lr, [r11], #4           @ K[10j + i] = T[4i mod 15]
        .endr
        cmp     r10, #4
        bne     ks_j

@ The fix-up of K[5], K[7], ..., K[35] (mars.inc).
        FIXUP
        ldmfd   sp!, {r0, r1, pc}
        .ltorg

        .align  2
        .global mars_sbox, mars_sbox_end
mars_sbox:
        .include "sbox.inc"
mars_sbox_end:
