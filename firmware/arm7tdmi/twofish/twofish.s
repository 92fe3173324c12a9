@ Twofish-128 encryption with the key setup on the fly and no MDS table,
@ for the ARM7TDMI (ARM state): seed 000's "no MDS table" implementation.
@ cardlab firmware: firmware/arm7tdmi/twofish/twofish.s (manifest
@ twofish.toml)
@
@ tf.inc holds the round, the round keys and the RS code. Here h takes each
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
