@ Twofish-128 encryption with the key setup on the fly and 4 KB of MDS
@ tables, for the ARM7TDMI (ARM state): seed 000's "4 KB MDS table"
@ implementation.
@ cardlab firmware: firmware/arm7tdmi/twofish/twofish4k.s (manifest
@ twofish4k.toml)
@
@ Written from "Twofish: A 128-Bit Block Cipher" (Schneier et al., 1998).
@ One function h(X, L0, L1) (§4.3.2) serves the round function g (L = S1,
@ S0) and the round keys (L = M0, M2 and M1, M3), so nothing key-dependent
@ is stored but S0, S1: each round computes its two round keys K2r+8,
@ K2r+9 from the key. h takes each byte of X through two q permutations
@ with a key byte XORed between, then one lookup in Mj, the MDS column j
@ times the byte's last q (tables.inc): 4 KB of tables for the last q and
@ the MDS multiply together. S0, S1 come from the RS code (§4.3) by the
@ shift-register division of the reference implementation, two
@ conditional EORs a step, so no branch depends on the key.
@
@ Interface (cardlab arm7tdmi ABI): the plaintext in tf_block, the key in
@ tf_key; BL tf_encrypt; the ciphertext is in tf_block. The key buffer is
@ left as it was. While the block is in registers its buffer holds S1, S0
@ and the round index i; RAM beyond the buffers: two return addresses on
@ the stack (tf_encrypt's and keypair's).
@
@ Registers: r0-r3 the block words R0-R3 (two rounds a loop pass swap the
@ halves by renaming); r4 h's input X, r5 its output; r6 T0, r7 T1; r8 h's
@ temporary; r9 A, then K2r+9; r10, r11 h's L0, L1; ip the tables; lr.
@
@ Cycles: pinned by crates/lab/tests/pipeline.rs (ARM7TDMI TRM chapter 6
@ timings; no MUL, no branch on data: constant time).

        .syntax unified
        .arm

        .bss
        .align  2
        .global tf_block, tf_key
tf_block:   .space  16
tf_key:     .space  16

        .text
        .align  2

Q1      = 256                           @ q1 follows q0
M0      = 512                           @ the MDS tables follow q1
RHO     = 0x01010101

@ ---- h(X, L0, L1) = M0[q0[q0[x0] ^ l1] ^ l0] ^ M1[q0[q1[x1] ^ l1] ^ l0]
@ ^ M2[q1[q0[x2] ^ l1] ^ l0] ^ M3[q1[q1[x3] ^ l1] ^ l0] (bytes j of X, L0,
@ L1), for a 128-bit key. X = r4, L0 = r10, L1 = r11; result r5; r8 used.

@ One byte j: inner and middle q (0 or 1), the byte of X at shift s.
        .macro  HBYTE j, inner, middle, first
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

@ ---- RS (§4.3): one step of the reference's division by the RS generator
@ x^4 + (a + 1/a) x^3 + a x^2 + (a + 1/a) x + 1 over GF(2^8) mod 0x14D, on
@ x in r4 (temporaries r5, r6, r8). 14 cycles.
        .macro  RSREM
        mov     r8, r4, lsr #24         @ b
        mov     r5, r8, lsl #1
        and     r5, r5, #0xFF
        tst     r8, #0x80
        eorne   r5, r5, #0x4D           @ g2 = b a
        mov     r6, r8, lsr #1
        tst     r8, #1
        eorne   r6, r6, #0xA6
        eor     r6, r6, r5              @ g3 = b (a + 1/a)
        mov     r4, r4, lsl #8
        eor     r4, r4, r6, lsl #24
        eor     r4, r4, r5, lsl #16
        eor     r4, r4, r6, lsl #8
        eor     r4, r4, r8
        .endm

@ r4 = RS(k0, k1), the reference's RS_MDS_Encode: r = k1, four steps,
@ r ^= k0, four steps. k1 in r4, k0 in r9; r7 counts. A leaf subroutine.
rs:     mov     r7, #8
1:      RSREM
        cmp     r7, #5
        eoreq   r4, r4, r9              @ after the fourth step: ^ k0
        subs    r7, r7, #1
        bne     1b
        bx      lr

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

        .align  2
        .global tf_q0, tf_tables_end
        .include "tables.inc"
tf_tables_end:
