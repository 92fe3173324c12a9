@ Serpent decryption with the key schedule on the fly for the ARM7TDMI (ARM
@ state): the prekeys run forward once to w(124)..w(131), then backwards
@ four words a round as the rounds are undone; no round-key RAM.
@ cardlab firmware: firmware/arm7tdmi/serpent/otfdec.s (manifests
@ serpentotfdec.toml, serpentotf192.toml, serpentotf256.toml), with
@ buffers.s.
@
@ Written from the Serpent specification. The prekey recurrence is
@ invertible: w(i-8) = (w(i) >>> 11) ^ w(i-5) ^ w(i-3) ^ w(i-1) ^ PHI ^ i
@ (BSTEP, the rotation an operand shift: 4 cycles a word).
@
@ Interface (cardlab arm7tdmi ABI): the key in serpent_key, the ciphertext
@ in serpent_block; BL serpent_decrypt (128-bit key), serpent_decrypt192
@ or serpent_decrypt256; the plaintext is in serpent_block.
@
@ Registers: r0-r3 the state between rounds; r4-r11 w(4r)..w(4r+7) at
@ round r (roles turning by four a round); r12 = PHI ^ (4r + 4); the
@ older half (the four words the backward steps replace) on the stack for
@ the middle of the round, as otf.s. In the forward pass lr holds PHI.
@ RAM: 16 bytes of stack, 4 for the return address.
@
@ Cycles (ARM7TDMI TRM chapter 6, zero-wait memory):
@   forward pass: eight FSTEPs 47 + BEQ 1 + PHI ^ i 4 + B 3 = 55 a pass,
@     16 passes and four steps: 906
@   K32: PUSH 5, SK3 17, the block 9, EORs 4, PHI 3, B 3: 41
@   round 8m+k: PUSH 5, SDk 15-18, SK(3-k) 14-19, key EORs 4, ILT 10, POP
@     6, four BSTEPs 19, PHI ^ i 1: 45 + SD + SK (+2 for the round-0 test
@     in round 8m+1, +5 for PHI in round 8m+7)
@   loop pass: 360 + 135 (SDs) + 136 (SKs) + 7 + BEQ 1 + B 3 = 642; the
@     first enters after its PUSH (637), the last stops before round 0's
@     ILT (605)
@   entry 18 + 4, forward 906, K32 41, passes 637 + 642 + 642 + 605,
@     exit 14: 3509
@ Constant time: the branches count rounds and steps; no table, no
@ multiply.

        .syntax unified
        .arm
        .include "sbox.inc"
        .include "serpent.inc"
        .text
        .align  2
        .global serpent_decrypt, serpent_decrypt192, serpent_decrypt256
        .type   serpent_decrypt, %function
serpent_decrypt:
        WINDOW  4                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       dec_common
serpent_decrypt192:
        WINDOW  6                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       dec_common
serpent_decrypt256:
        WINDOW  8                       @ w(-8)..w(-1) in r4-r11, lr pushed
dec_common:
        ldr     lr, =PHI
        mov     r12, lr                 @ PHI ^ 0
@ forward: w(0)..w(131), eight a pass (w(i) in r(4 + i mod 8))
fwd_loop:
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        beq     fwd_done                @ w(131) done
        FSTEP   r8, r11, r5, r7, r12, 4
        FSTEP   r9, r4, r6, r8, r12, 5
        FSTEP   r10, r5, r7, r9, r12, 6
        FSTEP   r11, r6, r8, r10, r12, 7
        eor     r12, r12, lr
        add     r12, r12, #8
        cmp     r12, #128               @ next pass the last (four steps)?
        eor     r12, r12, lr            @ PHI ^ 8 (m + 1)
        b       fwd_loop
fwd_done:
@ r4-r7 = w(128)..w(131), r8-r11 = w(124)..w(127); K32 = S3(w(128)..w(131))
        push    {r4, r5, r6, r7}
        SK3     r4, r5, r6, r7, r0, r1, r3, r12, r2@ K32 = r0 r3 r1 r12
        ldr     lr, =serpent_block
        ldmia   lr, {r4, r5, r6, r7}    @ ciphertext (r4-r7 are on the stack)
        eor     r0, r4, r0              @ x0
        eor     r2, r6, r1              @ x2
        eor     r1, r5, r3              @ x1
        eor     r3, r7, r12             @ x3
        ldr     r12, =PHI ^ 128         @ PHI ^ (4 x 31 + 4)
        b       dec_enter
dec_loop:
@ round 8m+7: SD7, K = SK4(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 18 + 18 + 5 = 86 cycles
        push    {r4, r5, r6, r7}        @ w(4r+4)..w(4r+7)
dec_enter:
        SD7     r0, r1, r2, r3, r4, r5  @ y = r3 r0 r1 r2
        SK4     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r7 r6 r5 r4
        eor     r3, r3, r7              @ x0
        eor     r0, r0, r6              @ x1
        eor     r1, r1, r5              @ x2
        eor     r2, r2, r4              @ x3
        ILT     r3, r0, r1, r2, mov, mvn
        pop     {r4, r5, r6, r7}
        BSTEP   r7, r10, r4, r6, r12, 3 @ w(4r-1)
        BSTEP   r6, r9, r11, r5, r12, 2 @ w(4r-2)
        BSTEP   r5, r8, r10, r4, r12, 1 @ w(4r-3)
        BSTEP   r4, r7, r9, r11, r12, 0 @ w(4r-4)
        ldr     lr, =PHI
        eor     r12, r12, lr
        sub     r12, r12, #4
        eor     r12, r12, lr            @ PHI ^ 4r
@ round 8m+6: SD6, K = SK5(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 15 + 17 = 77 cycles
        push    {r8, r9, r10, r11}      @ w(4r+4)..w(4r+7)
        SD6     r3, r0, r1, r2, r8, r9  @ y = r0 r8 r1 r2
        SK5     r4, r5, r6, r7, r3, r9, r10, r11, lr@ K = r11 r9 r3 r10
        eor     r0, r0, r11             @ x0
        eor     r1, r1, r3              @ x2
        eor     r3, r8, r9              @ x1
        eor     r2, r2, r10             @ x3
        ILT     r0, r3, r1, r2, mvn, mov
        pop     {r8, r9, r10, r11}
        BSTEP   r11, r6, r8, r10, r12, 3@ w(4r-1)
        BSTEP   r10, r5, r7, r9, r12, 2 @ w(4r-2)
        BSTEP   r9, r4, r6, r8, r12, 1  @ w(4r-3)
        BSTEP   r8, r11, r5, r7, r12, 0 @ w(4r-4)
        eor     r12, r12, #4            @ PHI ^ 4r
@ round 8m+5: SD5, K = SK6(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 16 + 17 = 78 cycles
        push    {r4, r5, r6, r7}        @ w(4r+4)..w(4r+7)
        SD5     r0, r3, r1, r2, r4, r5  @ y = r3 r2 r4 r1
        SK6     r8, r9, r10, r11, r0, r5, r6, r7, lr@ K = r6 r7 r0 r5
        eor     r3, r3, r6              @ x0
        eor     r2, r2, r7              @ x1
        eor     r0, r4, r0              @ x2
        eor     r1, r1, r5              @ x3
        ILT     r3, r2, r0, r1, mov, mov
        pop     {r4, r5, r6, r7}
        BSTEP   r7, r10, r4, r6, r12, 3 @ w(4r-1)
        BSTEP   r6, r9, r11, r5, r12, 2 @ w(4r-2)
        BSTEP   r5, r8, r10, r4, r12, 1 @ w(4r-3)
        BSTEP   r4, r7, r9, r11, r12, 0 @ w(4r-4)
        eor     r12, r12, #12           @ PHI ^ 4r
@ round 8m+4: SD4, K = SK7(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 18 + 19 = 82 cycles
        push    {r8, r9, r10, r11}      @ w(4r+4)..w(4r+7)
        SD4     r3, r2, r0, r1, r8, r9  @ y = r3 r1 r8 r0
        SK7     r4, r5, r6, r7, r2, r9, r10, r11, lr@ K = r10 r11 r2 r9
        eor     r3, r3, r10             @ x0
        eor     r1, r1, r11             @ x1
        eor     r2, r8, r2              @ x2
        eor     r0, r0, r9              @ x3
        ILT     r3, r1, r2, r0, mvn, mov
        pop     {r8, r9, r10, r11}
        BSTEP   r11, r6, r8, r10, r12, 3@ w(4r-1)
        BSTEP   r10, r5, r7, r9, r12, 2 @ w(4r-2)
        BSTEP   r9, r4, r6, r8, r12, 1  @ w(4r-3)
        BSTEP   r8, r11, r5, r7, r12, 0 @ w(4r-4)
        eor     r12, r12, #4            @ PHI ^ 4r
@ round 8m+3: SD3, K = SK0(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 17 + 17 = 79 cycles
        push    {r4, r5, r6, r7}        @ w(4r+4)..w(4r+7)
        SD3     r3, r1, r2, r0, r4, r5  @ y = r4 r1 r0 r3
        SK0     r8, r9, r10, r11, r2, r5, r6, r7, lr@ K = r7 r6 r2 r5
        eor     r1, r1, r6              @ x1
        eor     r2, r0, r2              @ x2
        eor     r0, r4, r7              @ x0
        eor     r3, r3, r5              @ x3
        ILT     r0, r1, r2, r3, mvn, mvn
        pop     {r4, r5, r6, r7}
        BSTEP   r7, r10, r4, r6, r12, 3 @ w(4r-1)
        BSTEP   r6, r9, r11, r5, r12, 2 @ w(4r-2)
        BSTEP   r5, r8, r10, r4, r12, 1 @ w(4r-3)
        BSTEP   r4, r7, r9, r11, r12, 0 @ w(4r-4)
        eor     r12, r12, #28           @ PHI ^ 4r
@ round 8m+2: SD2, K = SK1(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 17 + 17 = 79 cycles
        push    {r8, r9, r10, r11}      @ w(4r+4)..w(4r+7)
        SD2     r0, r1, r2, r3, r8, r9  @ y = r1 r3 r2 r8
        SK1     r4, r5, r6, r7, r0, r9, r10, r11, lr@ K = r10 r11 r9 r0
        eor     r1, r1, r10             @ x0
        eor     r3, r3, r11             @ x1
        eor     r2, r2, r9              @ x2
        eor     r0, r8, r0              @ x3
        ILT     r1, r3, r2, r0, mov, mvn
        pop     {r8, r9, r10, r11}
        BSTEP   r11, r6, r8, r10, r12, 3@ w(4r-1)
        BSTEP   r10, r5, r7, r9, r12, 2 @ w(4r-2)
        BSTEP   r9, r4, r6, r8, r12, 1  @ w(4r-3)
        BSTEP   r8, r11, r5, r7, r12, 0 @ w(4r-4)
        eor     r12, r12, #4            @ PHI ^ 4r
@ round 8m+1: SD1, K = SK2(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 17 + 14 + 2 = 78 cycles
        push    {r4, r5, r6, r7}        @ w(4r+4)..w(4r+7)
        SD1     r1, r3, r2, r0, r4, r5  @ y = r3 r1 r0 r2
        SK2     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r5 r6 r7 r4
        eor     r3, r3, r5              @ x0
        eor     r1, r1, r6              @ x1
        eor     r0, r0, r7              @ x2
        eor     r2, r2, r4              @ x3
        ILT     r3, r1, r0, r2, mvn, mov
        pop     {r4, r5, r6, r7}
        BSTEP   r7, r10, r4, r6, r12, 3 @ w(4r-1)
        BSTEP   r6, r9, r11, r5, r12, 2 @ w(4r-2)
        BSTEP   r5, r8, r10, r4, r12, 1 @ w(4r-3)
        BSTEP   r4, r7, r9, r11, r12, 0 @ w(4r-4)
        eor     r12, r12, #12           @ PHI ^ 4r
        and     lr, r12, #0x60          @ r = 1? (PHI & 0x60 = 0x20)
        cmp     lr, #0x20
@ round 8m+0: SD0, K = SK3(w(4r)..w(4r+3)), ILT, w(4r-4)..w(4r-1): 45 + 17 + 17 = 79 cycles
        push    {r8, r9, r10, r11}      @ w(4r+4)..w(4r+7)
        SD0     r3, r1, r0, r2, r8, r9  @ y = r0 r1 r8 r2
        SK3     r4, r5, r6, r7, r3, r9, r10, r11, lr@ K = r3 r10 r9 r11
        eor     r0, r0, r3              @ x0
        eor     r1, r1, r10             @ x1
        eor     r3, r2, r11             @ x3
        eor     r2, r8, r9              @ x2
        beq     dec_last                @ round 0 (flags from round 8m+1)
        ILT     r0, r1, r2, r3, mov, mov
        pop     {r8, r9, r10, r11}
        BSTEP   r11, r6, r8, r10, r12, 3@ w(4r-1)
        BSTEP   r10, r5, r7, r9, r12, 2 @ w(4r-2)
        BSTEP   r9, r4, r6, r8, r12, 1  @ w(4r-3)
        BSTEP   r8, r11, r5, r7, r12, 0 @ w(4r-4)
        eor     r12, r12, #4            @ PHI ^ 4r
        b       dec_loop
dec_last:
        add     sp, sp, #16             @ drop w(4)..w(7)
        ldr     lr, =serpent_block
        stmia   lr, {r0-r3}
        pop     {pc}
        .ltorg
