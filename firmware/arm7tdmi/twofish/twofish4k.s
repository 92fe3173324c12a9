@ Twofish-128 encryption with the key setup on the fly and 4 KB of MDS
@ tables, for the ARM7TDMI (ARM state): seed 000's "4 KB MDS table"
@ implementation.
@ cardlab firmware: firmware/arm7tdmi/twofish/twofish4k.s (manifest
@ twofish4k.toml)
@
@ tf.inc holds the buffers and the RS code. h (§4.3.2) takes each byte of X
@ through two q permutations with a key byte XORed between, then one lookup
@ in Mj, the MDS column j times the byte's last q (mds.inc): 4 KB of tables
@ for the last q and the MDS multiply together. h comes in two forms: g
@ for the round function, and hk for the round keys, whose X = b rho has
@ four equal bytes, so its first q layer is two lookups, q0[b] and q1[b].
@
@ While the block is in registers, SP points at tf_block, which holds S1,
@ S0, the caller's SP and kp's return address; the key (M0-M3) follows at
@ SP + 16. (Exceptions bank their own SP on the ARM7TDMI, so none takes
@ this one for a stack.)
@ Registers: r0-r3 the block words R0-R3; r4 b = 2i, the round-key index;
@ r5 h's output; r6, r7 the round's F0, F1 (round keys first, then T0 and
@ T1 added); r8 h's temporary; r9 g's input X, hk's second temporary;
@ r10, r11 h's L0, L1; ip the tables (q0, q1 = q0 + 256, M0-M3 = q0 +
@ 512); lr.
@
@ RAM beyond the buffers: the return address on the caller's stack.
@ Cycles (ARM7TDMI TRM chapter 6; pinned by crates/lab/tests/pipeline.rs):
@ g 67, hk 57, kp 145; a round 3 + 145 + 4 + 2 x (73) + 6 + 4 = 308;
@ no MUL, no branch on data: constant time.

        .include "tf.inc"

@ ---- h's last two layers for byte j: the byte's first q value in register
@ v; XOR L1's byte j, the middle q (0: q0, 1: q1), XOR L0's byte j, then
@ Mj, into r5 (j = 0) or XORed into r5; t the temporary (may be v). Byte
@ 3 needs no mask: a right shift by 24 leaves nothing above it.
@ EOR, AND, LDRB 3, EOR, AND, ADD, LDR 3, EOR = 12 cycles; 1 less for j =
@ 0 (no EOR) and for j = 3 (no ANDs, but q1's ADD), 1 more for q1 in j = 2.
        .macro  TAIL j, middle, v, t
        .if     \j
        eor     \t, \v, r11, lsr #(8 * \j)
        .else
        eor     \t, \v, r11
        .endif
        .if     \j - 3
        and     \t, \t, #0xFF
        .endif
        .if     \middle
        add     \t, \t, #Q1
        .endif
        ldrb    \t, [ip, \t]
        .if     \j
        eor     \t, \t, r10, lsr #(8 * \j)
        .else
        eor     \t, \t, r10
        .endif
        .if     \j - 3
        and     \t, \t, #0xFF
        .endif
        add     \t, ip, \t, lsl #2
        .if     \j
        ldr     \t, [\t, #M0 + 1024 * \j]
        eor     r5, r5, \t
        .else
        ldr     r5, [\t, #M0]
        .endif
        .endm

@ r5 = g(X) = h(X, S1, S0) (§4.3.3) for X in r9, L0 = S1 in r10, L1 = S0
@ in r11; r8 used. The first q of byte j (q0, q1, q0, q1) by an index
@ shifted down in the load: 4, 5, 4, 4 cycles; with the tails and BX: 67.
g:      and     r8, r9, #0xFF
        ldrb    r8, [ip, r8]
        TAIL    0, 0, r8, r8
        and     r8, r9, #0xFF00
        add     r8, ip, r8, lsr #8
        ldrb    r8, [r8, #Q1]
        TAIL    1, 0, r8, r8
        and     r8, r9, #0xFF0000
        ldrb    r8, [ip, r8, lsr #16]
        TAIL    2, 1, r8, r8
        add     r8, ip, r9, lsr #24
        ldrb    r8, [r8, #Q1]
        TAIL    3, 1, r8, r8
        bx      lr

@ r5 = h(b rho, L0, L1) for b in r4 (kept), L0 in r10, L1 in r11: bytes 0
@ and 2 start from q0[b], bytes 1 and 3 from q1[b]. r7-r9 used. 57 cycles.
hk:     ldrb    r8, [ip, r4]            @ q0[b]
        add     r9, ip, r4
        ldrb    r9, [r9, #Q1]           @ q1[b]
        TAIL    0, 0, r8, r7
        TAIL    1, 0, r9, r7
        TAIL    2, 1, r8, r7
        TAIL    3, 1, r9, r7
        bx      lr

@ (r6, r7) = (K2i, K2i+1) for r4 = 2i, and r4 += 2 (§4.3: A = h(2i rho,
@ M0, M2), B = h((2i + 1) rho, M1, M3) <<< 8; K2i = A + B, K2i+1 = (A +
@ 2B) <<< 9). Its return address waits in tf_block + 12. STR 2, 4 LDR 12,
@ 2 x (BL 3 + hk 57), 5 ALU, LDR PC 5 = 145 cycles.
kp:     str     lr, [sp, #12]
        ldr     r10, [sp, #16]          @ M0
        ldr     r11, [sp, #24]          @ M2
        bl      hk
        mov     r6, r5                  @ A
        add     r4, r4, #1
        ldr     r10, [sp, #20]          @ M1
        ldr     r11, [sp, #28]          @ M3
        bl      hk
        add     r4, r4, #1
        add     r6, r6, r5, ror #24     @ K2i = A + B
        add     r7, r6, r5, ror #24
        mov     r7, r7, ror #23         @ K2i+1 = (A + 2B) <<< 9
        ldr     pc, [sp, #12]

        .global tf_encrypt
        .type   tf_encrypt, %function
tf_encrypt:
        push    {lr}
        ldr     r8, =tf_block
        ldmia   r8, {r0-r3}             @ the block into registers
        str     sp, [r8, #8]
        mov     sp, r8                  @ SP at the buffers until the end
        ldr     ip, =tf_q0
        ldr     r9, [sp, #24]           @ M2
        ldr     r4, [sp, #28]           @ M3
        bl      rs
        mov     r10, r4                 @ S1 = RS(M2, M3)
        ldr     r9, [sp, #16]           @ M0
        ldr     r4, [sp, #20]           @ M1
        bl      rs
        mov     r11, r4                 @ S0 = RS(M0, M1)
        stmia   sp, {r10, r11}          @ [SP] S1, [SP + 4] S0
        mov     r4, #0                  @ input whitening: K0-K3 (i = 0, 1)
        bl      kp
        eor     r0, r0, r6
        eor     r1, r1, r7
        bl      kp
        eor     r2, r2, r6
        eor     r3, r3, r7
        mov     r4, #8                  @ the rounds' keys from K8 (i = 4)
round:  bl      kp                      @ F0, F1 = K2r+8, K2r+9 ...
        ldmia   sp, {r10, r11}          @ L0 = S1, L1 = S0
        mov     r9, r0
        bl      g                       @ T0 = g(R0)
        add     r6, r6, r5
        add     r7, r7, r5
        mov     r9, r1, ror #24
        bl      g                       @ T1 = g(R1 <<< 8)
        add     r6, r6, r5              @ ... + T0 + T1
        add     r7, r7, r5, lsl #1      @ ... + T0 + 2 T1
        eor     r6, r6, r2
        eor     r7, r7, r3, ror #31     @ R3' = (R3 <<< 1) ^ F1
        mov     r2, r0                  @ (R0, R1, R2, R3) <- (R2', R3', R0, R1)
        mov     r3, r1
        mov     r0, r6, ror #1          @ R2' = (R2 ^ F0) >>> 1
        mov     r1, r7
        cmp     r4, #40
        bne     round
        mov     r4, #4                  @ output whitening: K4-K7 (i = 2, 3)
        bl      kp                      @ on the last round's swap undone:
        eor     r2, r2, r6              @ (R2, R3, R0, R1)
        eor     r3, r3, r7
        bl      kp
        eor     r0, r0, r6
        eor     r1, r1, r7
        mov     r8, sp
        ldr     sp, [sp, #8]            @ the caller's SP
        stmia   r8, {r2, r3}
        str     r0, [r8, #8]
        str     r1, [r8, #12]
        pop     {pc}
        .ltorg

        .align  2
        .global tf_q0, tf_tables_end
        .include "q.inc"
        .include "mds.inc"
tf_tables_end:
