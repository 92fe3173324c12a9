@ MARS for the ARM7TDMI (ARM state) in little code: key setup, encryption
@ and decryption one step or round a loop pass.
@ cardlab firmware: firmware/arm7tdmi/mars/marssmall.s (manifest
@ marssmall.toml); mars.inc (buffers, FIXUP) and sbox.inc included.
@
@ Written from "MARS - a candidate cipher for AES" (IBM, revised 1999) and
@ its round-2 tweak of the key expansion (mars-twk.txt); the same
@ arithmetic as mars.s and marsks.s, with loops where they unroll:
@   key setup: T wholly in memory, walked by pointers that wrap at T[15]
@     (MOVEQ / SUBCS: the wraps depend on the step only): a linear step
@     23 cycles, a stirring step 17, a K word 11;
@   mixing: one round a pass, the words rotated by four MOVs (the one into
@     D3 carrying the round's ROR), the rounds' additions and subtractions
@     conditional on bits shifted out of a pattern register (two MOVS and
@     two ADDCS/SUBCS a round, 1 cycle each whether or not they execute),
@     the pattern's last bit ending the loop;
@   core: one round a pass, forward and backward mode told apart by the
@     key pointer (CMP, then ADDCC/ADDCS and EORCC/EORCS: one of each pair
@     executes, so every round takes the same cycles).
@
@ Interface (cardlab arm7tdmi ABI): the key in mars_key, BL
@ mars_key_setup128 (192, 256); K to mars_k; the key destroyed (T is
@ worked over it). Then the block in mars_block and BL mars_encrypt or
@ mars_decrypt. Registers: r0-r3 D[0..3] (rotated by MOVs), r4 the round
@ keys, r5 S0, r6 S1 (the core: its end), r7-r11 temporaries, r12 the mode
@ boundary; key setup: r12 T, r11 the S-box, r10 T's end, r9 4i + j or
@ a count. No stack.
@
@ Cycles (TRM chapter 6; MUL at m = 4, one fewer for each k2 whose top
@ 8 bits are all 0 or 1, as mars.s):
@   key setup (n key words): entry 12, zeros 6 (14 - n) - 2, set-up 5;
@     a j pass 1483 (set-up 3, 15 linear steps of 23 - 2, 6, 60 stirring
@     steps of 17 - 2, K: 1 + 10 words of 11 - 2, loop 4; the last 2
@     fewer); the fix-up MOV 1 + 531 + BX 3: 6540 for a 128-bit key
@   encryption: entry 27, forward mixing 8 x 33 - 2 = 262, set-up 2,
@     core 16 x 38 - 2 = 606, 4, backward mixing 262, exit 19: 1182
@   decryption: entry 27, 262, 2, core 16 x 37 - 2 = 590, 4, forward
@     mixing undone 8 x 34 - 2 = 270, exit 19: 1174
@ MUL's early termination makes the block operations' cycles depend on
@ the key (not on the block); the key setup is constant time.

CT      = 0
        .include "mars.inc"
        BUFFERS
        .text
        .align  2

@ ==== key setup ===========================================================

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
        add     r10, r12, #60           @ T's end
ks_zero:
        str     r2, [r1], #4            @ T[n+1..14] = 0
        cmp     r1, r10
        bne     ks_zero
        ldr     r11, =mars_sbox
        mov     r9, #0                  @ j (4i + j)
        add     r8, r12, #KOFF + 32     @ K[10j]

@ Linear pass: T[i] ^= ((T[i-7] ^ T[i-2]) <<< 3) ^ (4i + j); r5 at T[i-7],
@ r6 at T[i-2], r7 at T[i]. LDR 3, LDR 3, LDR 3, EOR, EOR-ROR, EOR, STR 2,
@ ADD, 2 x (CMP, MOVEQ), CMP, BNE 3 = 23 cycles.
ks_j:   add     r5, r12, #32            @ T[8]
        add     r6, r12, #52            @ T[13]
        mov     r7, r12
ks_lin: ldr     r0, [r5], #4
        ldr     r1, [r6], #4
        ldr     r2, [r7]
        eor     r0, r0, r1
        eor     r2, r2, r0, ror #29
        eor     r2, r2, r9
        str     r2, [r7], #4
        add     r9, r9, #4
        cmp     r5, r10
        moveq   r5, r12
        cmp     r6, r10
        moveq   r6, r12
        cmp     r7, r10
        bne     ks_lin
        sub     r9, r9, #59             @ 4i + j -> j + 1

@ Stirring: 60 steps round T, T[i] = (T[i] + S[T[i-1] & 511]) <<< 9, the
@ last word in r0. MOV, LDR 3, LDR 3, ADD, ROR, STR 2, CMP, MOVEQ, SUBS,
@ BNE 3 = 17 cycles.
        ldr     r0, [r12, #56]          @ T[14]
        mov     r7, r12
        mov     r6, #60
ks_stir:
        mov     r1, r0, lsl #23
        ldr     r1, [r11, r1, lsr #21]
        ldr     r0, [r7]
        add     r0, r0, r1
        mov     r0, r0, ror #23
        str     r0, [r7], #4
        cmp     r7, r10
        moveq   r7, r12
        subs    r6, r6, #1
        bne     ks_stir

@ K[10j + i] = T[4i mod 15]: r7 steps 16 bytes round T. LDR 3, CMP,
@ SUBCS, STR 2, SUBS, BNE 3 = 11 cycles a word.
        mov     r6, #10
ks_copy:
        ldr     r0, [r7], #16
        cmp     r7, r10
        subcs   r7, r7, #60
        str     r0, [r8], #4
        subs    r6, r6, #1
        bne     ks_copy
        cmp     r9, #4
        bne     ks_j
        mov     r9, lr
        FIXUP
        bx      r9
        .ltorg

@ ==== encryption ===========================================================

@ One mixing round's lookups (forward, FMIX's order; backward, BMIX's):
@ 4 x (AND or MOV, LDR 3, the op) = 20 cycles.
        .macro  LOOKF
        and     r7, r0, #0xff
        ldr     r7, [r5, r7, lsl #2]
        eor     r1, r1, r7              @ D1 ^= S0[b0]
        and     r7, r0, #0xff00
        ldr     r7, [r6, r7, lsr #6]
        add     r1, r1, r7              @ D1 += S1[b1]
        and     r7, r0, #0xff0000
        ldr     r7, [r5, r7, lsr #14]
        add     r2, r2, r7              @ D2 += S0[b2]
        mov     r7, r0, lsr #24
        ldr     r7, [r6, r7, lsl #2]
        eor     r3, r3, r7              @ D3 ^= S1[b3]
        .endm

        .global mars_encrypt
        .type   mars_encrypt, %function
mars_encrypt:
        ldr     r12, =mars_block
        ldmia   r12, {r0-r3}
        add     r4, r12, #KOFF          @ K[0]
        ldmia   r4!, {r7-r10}
        add     r0, r0, r7              @ D[i] += K[i]
        add     r1, r1, r8
        add     r2, r2, r9
        add     r3, r3, r10
        SBASES
        ldr     r8, =0x10909            @ D0 += D3 in rounds 0, 4, += D1
                                        @ in 1, 5; bit 16 ends
@ Forward mixing: lookups 20, ROR 1, MOVS, ADDCS, MOVS, ADDCS 4, 3 MOV,
@ CMP, BNE 3 = 33 cycles a round.
e_fmix: LOOKF
        mov     r7, r0, ror #24         @ D0 >>> 24, the new D3
        movs    r8, r8, lsr #1
        addcs   r7, r7, r3              @ + D3
        movs    r8, r8, lsr #1
        addcs   r7, r7, r1              @ + D1
        mov     r0, r1
        mov     r1, r2
        mov     r2, r3
        mov     r3, r7
        cmp     r8, #1
        bne     e_fmix

@ Core: LDM 4, ADD, ROR, MUL 5, LSL, LDR 3, ROR, RSB, ADD-ROR 2, EOR,
@ ROR, EOR, RSB, CMP, ADDCC/ADDCS 3, EORCC/EORCS 2, 5 MOV, CMP, BNE 3
@ = 38 cycles a round.
        add     r12, r4, #72            @ r4 after round 8's LDM
        add     r6, r4, #128            @ the end
e_core: ldmia   r4!, {r7, r8}           @ k1, k2
        add     r7, r7, r0              @ M = D0 + k1
        mov     r0, r0, ror #19         @ y = D0 <<< 13, the new D3
        mul     r9, r0, r8              @ R = y k2
        mov     r10, r7, lsl #23
        ldr     r10, [r5, r10, lsr #21] @ L = S[M & 511]
        mov     r9, r9, ror #27         @ R <<<= 5
        rsb     r11, r9, #0
        add     r2, r2, r7, ror r11     @ D2 += M <<< R
        eor     r10, r10, r9
        mov     r9, r9, ror #27         @ R <<<= 5
        eor     r10, r10, r9            @ L ^= R twice over
        rsb     r11, r9, #0
        cmp     r4, r12                 @ CS: backward mode
        addcc   r1, r1, r10, ror r11    @ D1 += L <<< R
        addcs   r3, r3, r10, ror r11    @ D3 += L <<< R
        eorcc   r3, r3, r9              @ D3 ^= R
        eorcs   r1, r1, r9              @ D1 ^= R
        mov     r7, r0
        mov     r0, r1
        mov     r1, r2
        mov     r2, r3
        mov     r3, r7
        cmp     r4, r6
        bne     e_core
        add     r6, r5, #1024           @ S1 again
        ldr     r8, =0x19090            @ D0 -= D3 in rounds 2, 6, -= D1
                                        @ in 3, 7; bit 16 ends
@ Backward mixing: MOVS, SUBCS, MOVS, SUBCS 4, lookups 20, ROR 1, 3 MOV,
@ CMP, BNE 3 = 33 cycles a round.
e_bmix: movs    r8, r8, lsr #1
        subcs   r0, r0, r3              @ D0 -= D3
        movs    r8, r8, lsr #1
        subcs   r0, r0, r1              @ D0 -= D1
        and     r7, r0, #0xff
        ldr     r7, [r6, r7, lsl #2]
        eor     r1, r1, r7              @ D1 ^= S1[b0]
        mov     r7, r0, lsr #24
        ldr     r7, [r5, r7, lsl #2]
        sub     r2, r2, r7              @ D2 -= S0[b3]
        and     r7, r0, #0xff0000
        ldr     r7, [r6, r7, lsr #14]
        sub     r3, r3, r7              @ D3 -= S1[b2]
        and     r7, r0, #0xff00
        ldr     r7, [r5, r7, lsr #6]
        eor     r3, r3, r7              @ D3 ^= S0[b1]
        mov     r7, r0, ror #8          @ D0 <<< 24, the new D3
        mov     r0, r1
        mov     r1, r2
        mov     r2, r3
        mov     r3, r7
        cmp     r8, #1
        bne     e_bmix
        ldmia   r4, {r7-r10}            @ K[36..39]
        sub     r12, r4, #KOFF + 144    @ the block
        sub     r0, r0, r7              @ D[i] -= K[36 + i]
        sub     r1, r1, r8
        sub     r2, r2, r9
        sub     r3, r3, r10
        stmia   r12, {r0-r3}
        bx      lr
        .ltorg

@ ==== decryption ===========================================================

        .global mars_decrypt
        .type   mars_decrypt, %function
mars_decrypt:
        ldr     r12, =mars_block
        ldmia   r12, {r0-r3}
        add     r4, r12, #KOFF + 144    @ K[36]
        ldmia   r4, {r7-r10}
        add     r0, r0, r7              @ D[i] += K[36 + i]
        add     r1, r1, r8
        add     r2, r2, r9
        add     r3, r3, r10
        SBASES
        ldr     r8, =0x10606            @ rounds 7..0: D0 += D1 in 7, 3,
                                        @ += D3 in 6, 2; bit 16 ends
@ Backward mixing undone: the rotate-back with D0 >>> 24 (5), lookups
@ 20, MOVS, ADDCS, MOVS, ADDCS 4, CMP, BNE 3 = 33 cycles a round.
d_bmix: mov     r7, r3
        mov     r3, r2
        mov     r2, r1
        mov     r1, r0
        mov     r0, r7, ror #24         @ D0 = D3' >>> 24
        and     r7, r0, #0xff00
        ldr     r7, [r5, r7, lsr #6]
        eor     r3, r3, r7              @ D3 ^= S0[b1]
        and     r7, r0, #0xff0000
        ldr     r7, [r6, r7, lsr #14]
        add     r3, r3, r7              @ D3 += S1[b2]
        mov     r7, r0, lsr #24
        ldr     r7, [r5, r7, lsl #2]
        add     r2, r2, r7              @ D2 += S0[b3]
        and     r7, r0, #0xff
        ldr     r7, [r6, r7, lsl #2]
        eor     r1, r1, r7              @ D1 ^= S1[b0]
        movs    r8, r8, lsr #1
        addcs   r0, r0, r3              @ + D3
        movs    r8, r8, lsr #1
        addcs   r0, r0, r1              @ + D1
        cmp     r8, #1
        bne     d_bmix

@ Core undone, rounds 15..0: LDMDB 4, MUL 5, ROR, 4 MOV (the rotate-back,
@ x = y >>> 13 into D0), ADD, then as encryption's with SUB: 37 cycles.
        sub     r12, r4, #64            @ below it: forward mode
        sub     r6, r4, #128            @ the end
d_core: ldmdb   r4!, {r7, r8}           @ k1, k2
        mul     r9, r3, r8              @ R = y k2, y the word in D3
        mov     r10, r3, ror #13        @ x = y >>> 13
        mov     r3, r2
        mov     r2, r1
        mov     r1, r0
        mov     r0, r10
        add     r7, r7, r0              @ M = x + k1
        mov     r10, r7, lsl #23
        ldr     r10, [r5, r10, lsr #21] @ L = S[M & 511]
        mov     r9, r9, ror #27
        rsb     r11, r9, #0
        sub     r2, r2, r7, ror r11     @ D2 -= M <<< R
        eor     r10, r10, r9
        mov     r9, r9, ror #27
        eor     r10, r10, r9
        rsb     r11, r9, #0
        cmp     r4, r12                 @ CS: backward mode
        subcc   r1, r1, r10, ror r11    @ D1 -= L <<< R
        subcs   r3, r3, r10, ror r11    @ D3 -= L <<< R
        eorcc   r3, r3, r9              @ D3 ^= R
        eorcs   r1, r1, r9              @ D1 ^= R
        cmp     r4, r6
        bne     d_core
        add     r6, r5, #1024           @ S1 again
        ldr     r8, =0x16060            @ rounds 7..0: D0 -= D1 in 5, 1,
                                        @ -= D3 in 4, 0; bit 16 ends
@ Forward mixing undone: the rotate-back 5, MOVS, SUBCS, MOVS, SUBCS 4,
@ D0 <<< 24 1, lookups 20, CMP, BNE 3 = 34 cycles a round.
d_fmix: mov     r7, r3
        mov     r3, r2
        mov     r2, r1
        mov     r1, r0
        mov     r0, r7
        movs    r8, r8, lsr #1
        subcs   r0, r0, r3              @ D0 -= D3
        movs    r8, r8, lsr #1
        subcs   r0, r0, r1              @ D0 -= D1
        mov     r0, r0, ror #8          @ D0 <<< 24
        mov     r7, r0, lsr #24
        ldr     r7, [r6, r7, lsl #2]
        eor     r3, r3, r7              @ D3 ^= S1[b3]
        and     r7, r0, #0xff0000
        ldr     r7, [r5, r7, lsr #14]
        sub     r2, r2, r7              @ D2 -= S0[b2]
        and     r7, r0, #0xff00
        ldr     r7, [r6, r7, lsr #6]
        sub     r1, r1, r7              @ D1 -= S1[b1]
        and     r7, r0, #0xff
        ldr     r7, [r5, r7, lsl #2]
        eor     r1, r1, r7              @ D1 ^= S0[b0]
        cmp     r8, #1
        bne     d_fmix
        ldmdb   r4, {r7-r10}            @ K[0..3]
        sub     r12, r4, #KOFF + 16     @ the block
        sub     r0, r0, r7              @ D[i] -= K[i]
        sub     r1, r1, r8
        sub     r2, r2, r9
        sub     r3, r3, r10
        stmia   r12, {r0-r3}
        bx      lr
        .ltorg

        .align  2
        .global mars_sbox, mars_sbox_end
mars_sbox:
        .include "sbox.inc"
mars_sbox_end:
