@ Twofish-128 encryption with the key setup on the fly and no MDS table,
@ for the ARM7TDMI (ARM state): seed 000's "no MDS table" implementation.
@ cardlab firmware: firmware/arm7tdmi/twofish/twofish.s (manifest
@ twofish.toml)
@
@ tf.inc holds the buffers and the RS code; the round and the round keys
@ are here, each round calling h four times (g twice, the key pair). h takes each
@ byte of X through its three q permutations, with key bytes between, and
@ multiplies by the MDS matrix (§4.2) itself: the products 5B y and EF y of
@ each byte come from two divisions by alpha in GF(2^8) mod 0x169 (x >> 1,
@ then ^ 0xB4 if the bit shifted out was set: MOVS and EORCS), since
@ 5B y = y ^ y / alpha^2 and EF y = y ^ y / alpha ^ y / alpha^2; then the
@ byte's MDS column is put together with shifts into the result. Only q0
@ and q1 are tables (512 bytes).
@
@ RAM beyond the buffers: two return addresses and h's two saved
@ registers on the stack. Cycles: pinned by crates/lab/tests/pipeline.rs
@ (ARM7TDMI TRM chapter 6 timings; no MUL, no branch on data: constant
@ time).

        .include "tf.inc"

@ While the block is in registers its buffer holds S1, S0 and the round
@ index i. Registers: r0-r3 the block words R0-R3; r4 h's input X, r5 its
@ output; r6 T0, r7 T1; r8 h's temporary; r9 A, then K2r+9; r10, r11 h's
@ L0, L1; ip the tables (q0, q1 right after it); lr.

@ ---- h's first steps: byte j of X (r4) through the inner
@ and middle q permutations (0: q0, 1: q1), the key bytes of L1 (r11) and
@ L0 (r10) XORed after each, into r8 (an index, 0-255).
        .macro  QQ j, inner, middle
        .if     \j
        mov     r8, r4, lsr #(8 * \j)
        and     r8, r8, #0xFF
        .else
        and     r8, r4, #0xFF
        .endif
        .if     \inner
        add     r8, r8, #Q1
        .endif
        ldrb    r8, [ip, r8]
        .if     \j
        eor     r8, r8, r11, lsr #(8 * \j)
        .else
        eor     r8, r8, r11
        .endif
        and     r8, r8, #0xFF
        .if     \middle
        add     r8, r8, #Q1
        .endif
        ldrb    r8, [ip, r8]
        .if     \j
        eor     r8, r8, r10, lsr #(8 * \j)
        .else
        eor     r8, r8, r10
        .endif
        and     r8, r8, #0xFF
        .endm

@ ---- round keys -----------------------------------------------------------
@ (r4, r9) = (K2i, K2i+1) for i = tf_block[2] (§4.3: A = h(2i rho, M0, M2),
@ B = h((2i + 1) rho, M1, M3) <<< 8; K2i = A + B, K2i+1 = (A + 2B) <<< 9),
@ and i advanced. Calls h, so it keeps its own return address on the stack.
keypair:
        push    {lr}
        ldr     r8, =tf_block
        ldr     r4, [r8, #8]            @ i
        add     r5, r4, #1
        str     r5, [r8, #8]
        add     r4, r4, r4, lsl #8
        add     r4, r4, r4, lsl #16     @ i rho
        mov     r4, r4, lsl #1          @ 2i rho
        ldr     r8, =tf_key
        ldr     r10, [r8]               @ M0
        ldr     r11, [r8, #8]           @ M2
        bl      h
        mov     r9, r5                  @ A
        orr     r4, r4, #0x01           @ (2i + 1) rho
        orr     r4, r4, #0x0100
        orr     r4, r4, #0x010000
        orr     r4, r4, #0x01000000
        ldr     r8, =tf_key
        ldr     r10, [r8, #4]           @ M1
        ldr     r11, [r8, #12]          @ M3
        bl      h
        mov     r5, r5, ror #24         @ B
        add     r4, r9, r5              @ K2i
        add     r9, r9, r5, lsl #1
        mov     r9, r9, ror #23         @ K2i+1
        pop     {pc}

@ r0-r3 ^= K(2i) .. K(2i+3) for i = tf_block[2], i += 2: whitening.
        .macro  WHITEN
        bl      keypair
        eor     r0, r0, r4
        eor     r1, r1, r9
        bl      keypair
        eor     r2, r2, r4
        eor     r3, r3, r9
        .endm

        .global tf_encrypt
        .type   tf_encrypt, %function
tf_encrypt:
        push    {lr}
        ldr     ip, =tf_q0
        ldr     r8, =tf_key
        ldmia   r8, {r0-r3}             @ M0-M3
        mov     r9, r2
        mov     r4, r3
        bl      rs
        mov     r10, r4                 @ S1 = RS(M2, M3)
        mov     r9, r0
        mov     r4, r1
        bl      rs                      @ S0 = RS(M0, M1)
        mov     r11, r4
        ldr     r8, =tf_block
        ldmia   r8, {r0-r3}             @ the block into registers: its
        mov     r4, #0                  @ buffer is scratch until the end
        stmia   r8, {r10, r11}          @ [block] S1, [+4] S0, [+8] i
        str     r4, [r8, #8]
        WHITEN                          @ K0-K3 (i = 0, 1)
        mov     r4, #4                  @ the round keys from K8 (i = 4)
        ldr     r8, =tf_block
        str     r4, [r8, #8]
round:  ldr     r8, =tf_block
        ldmia   r8, {r10, r11}          @ L0 = S1, L1 = S0
        mov     r4, r0
        bl      h
        mov     r6, r5                  @ T0 = g(R0)
        mov     r4, r1, ror #24
        bl      h
        mov     r7, r5                  @ T1 = g(R1 <<< 8)
        bl      keypair                 @ K2r+8, K2r+9
        add     r4, r4, r6
        add     r4, r4, r7              @ F0 = T0 + T1 + K2r+8
        add     r9, r9, r6
        add     r9, r9, r7, lsl #1      @ F1 = T0 + 2 T1 + K2r+9
        eor     r2, r2, r4
        mov     r4, r2, ror #1          @ R2 = (R2 ^ F0) >>> 1
        eor     r9, r9, r3, ror #31     @ R3 = (R3 <<< 1) ^ F1
        mov     r2, r0                  @ (R0, R1, R2, R3) <- (R2, R3, R0, R1)
        mov     r3, r1
        mov     r0, r4
        mov     r1, r9
        ldr     r8, =tf_block
        ldr     r4, [r8, #8]
        cmp     r4, #20
        bne     round
        mov     r4, #2                  @ output whitening K4-K7 (i = 2, 3)
        str     r4, [r8, #8]
        mov     r4, r0                  @ undo the last swap: (R2, R3, R0, R1)
        mov     r0, r2
        mov     r2, r4
        mov     r4, r1
        mov     r1, r3
        mov     r3, r4
        WHITEN
        ldr     r8, =tf_block
        stmia   r8, {r0-r3}
        pop     {pc}
        .ltorg



@ ---- h(X, L0, L1): X = r4, L0 = r10, L1 = r11; result r5; r6-r8 used,
@ r6, r7 saved. Byte j of X through q permutations inner, middle, outer
@ (0: q0, 1: q1) with the key bytes between, y in r8; then the MDS column
@ of y into r5.
        .macro  QCHAIN j, inner, middle, outer
        QQ      \j, \inner, \middle
        .if     \outer
        add     r8, r8, #Q1
        .endif
        ldrb    r8, [ip, r8]            @ y
        movs    r7, r8, lsr #1
        eorcs   r7, r7, #0xB4           @ y / alpha
        movs    r6, r7, lsr #1
        eorcs   r6, r6, #0xB4           @ y / alpha^2
        eor     r6, r6, r8              @ B = 5B y
        eor     r7, r7, r6              @ C = EF y
        .endm

h:      stmdb   sp!, {r6, r7}
        QCHAIN  0, 0, 0, 1              @ column (01, 5B, EF, EF)
        orr     r5, r8, r6, lsl #8
        orr     r5, r5, r7, lsl #16
        orr     r5, r5, r7, lsl #24
        QCHAIN  1, 1, 0, 0              @ column (EF, EF, 5B, 01)
        eor     r5, r5, r7
        eor     r5, r5, r7, lsl #8
        eor     r5, r5, r6, lsl #16
        eor     r5, r5, r8, lsl #24
        QCHAIN  2, 0, 1, 1              @ column (5B, EF, 01, EF)
        eor     r5, r5, r6
        eor     r5, r5, r7, lsl #8
        eor     r5, r5, r8, lsl #16
        eor     r5, r5, r7, lsl #24
        QCHAIN  3, 1, 1, 0              @ column (5B, 01, EF, 5B)
        eor     r5, r5, r6
        eor     r5, r5, r8, lsl #8
        eor     r5, r5, r7, lsl #16
        eor     r5, r5, r6, lsl #24
        ldmia   sp!, {r6, r7}
        bx      lr

        .align  2
        .global tf_q0, tf_tables_end
        .include "q.inc"
tf_tables_end:
