@ Twofish-128 encryption with the key setup on the fly and 4 KB of MDS
@ tables, for the ARM7TDMI (ARM state): seed 000's "4 KB MDS table"
@ implementation.
@ cardlab firmware: firmware/arm7tdmi/twofish/twofish4k.s (manifest
@ twofish4k.toml)
@
@ tf.inc holds the round, the round keys and the RS code. Here h takes each
@ byte of X through two q permutations with a key byte XORed between, then
@ one lookup in Mj, the MDS column j times the byte's last q (mds.inc): 4 KB
@ of tables for the last q and the MDS multiply together.
@
@ RAM beyond the buffers: two return addresses on the stack (tf_encrypt's
@ and keypair's). Cycles: pinned by crates/lab/tests/pipeline.rs (ARM7TDMI
@ TRM chapter 6 timings; no MUL, no branch on data: constant time).

        .include "tf.inc"

@ ---- h(X, L0, L1) = M0[q0[q0[x0] ^ l1] ^ l0] ^ M1[q0[q1[x1] ^ l1] ^ l0]
@ ^ M2[q1[q0[x2] ^ l1] ^ l0] ^ M3[q1[q1[x3] ^ l1] ^ l0] (bytes j of X, L0,
@ L1), for a 128-bit key. X = r4, L0 = r10, L1 = r11; result r5; r8 used.

@ One byte j: inner and middle q (0 or 1), the byte of X at shift s.
        .macro  HBYTE j, inner, middle, first
        QQ      \j, \inner, \middle
        add     r8, ip, r8, lsl #2
        .if     \first
        ldr     r5, [r8, #M0 + 1024 * \j]
        .else
        ldr     r8, [r8, #M0 + 1024 * \j]
        eor     r5, r5, r8
        .endif
        .endm

h:      HBYTE   0, 0, 0, 1
        HBYTE   1, 1, 0, 0
        HBYTE   2, 0, 1, 0
        HBYTE   3, 1, 1, 0
        bx      lr

        .align  2
        .global tf_q0, tf_tables_end
        .include "q.inc"
        .include "mds.inc"
tf_tables_end:
