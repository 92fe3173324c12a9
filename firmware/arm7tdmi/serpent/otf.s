@ Serpent encryption with the key schedule on the fly for the ARM7TDMI (ARM
@ state): no round-key RAM, the eight newest prekey words in registers.
@ cardlab firmware: firmware/arm7tdmi/serpent/otf.s (manifests
@ serpentotf.toml, serpentotf192.toml, serpentotf256.toml), with
@ buffers.s.
@
@ Written from the Serpent specification (bitslice description). Each
@ round computes its four prekey words (FSTEP), its round key with the
@ key-schedule S-box (SK, prekeys kept), then mixes it in and runs the
@ round as encrypt.s does (SE, LT).
@
@ Interface (cardlab arm7tdmi ABI): the key in serpent_key, the plaintext
@ in serpent_block; BL serpent_encrypt (128-bit key), serpent_encrypt192
@ or serpent_encrypt256; the ciphertext is in serpent_block, the key
@ buffer as it was. Registers but SP may change.
@
@ Registers: r0-r3 the state between rounds (in an order each round's code
@ knows); r4-r11 the prekey words w(i-8)..w(i-1), their roles turning by
@ four a round (so the loop is the eight rounds of S0..S7); r12 = PHI ^ i.
@ The round key needs five working registers and the state four while
@ all eight prekey words stay live: the older four go to the stack for the
@ middle of the round (PUSH 5, POP 6 cycles), which frees them and lr for
@ the S-boxes and the key. PHI ^ i steps by an immediate XOR (i goes up by
@ four a round and within a pass only its low bits change: 4 (k ^ (k +
@ 1))); only the pass boundary, after round 8m+7, loads PHI.
@ RAM: 16 bytes of stack for the older prekey words, 4 for the return
@ address; no round keys.
@
@ Cycles (ARM7TDMI TRM chapter 6, zero-wait memory):
@   round 8m+k: four FSTEPs 23, PHI ^ i 1, PUSH 5, SK(3-k) 14-19, key
@     EORs 4, SEk 13-18, LT 11, POP 6: 50 + SK + SE (round 8m+7: +6 for
@     PHI, +1 for the BEQ)
@   loop pass: 400 + 136 (SKs) + 127 (SEs) + 7 + B 3 = 673; the last stops
@     before round 31's LT: 655
@   entry 18 (15 for 256-bit keys) + 14 (block, pre-rotation, PHI),
@     three passes 2019, last pass 655, K32 and exit 64 (POP, four
@     FSTEPs, SK3, EORs, MVN, STM, POP {pc}): 2770
@ Constant time: the branches count rounds; no table, no multiply.

        .syntax unified
        .arm
        .include "sbox.inc"
        .include "serpent.inc"
        .text
        .align  2
        .global serpent_encrypt, serpent_encrypt192, serpent_encrypt256
        .type   serpent_encrypt, %function
serpent_encrypt:
        WINDOW  4                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       enc_common
serpent_encrypt192:
        WINDOW  6                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       enc_common
serpent_encrypt256:
        WINDOW  8                       @ w(-8)..w(-1) in r4-r11, lr pushed
enc_common:
        ldr     r12, =serpent_block
        ldmia   r12, {r0-r3}
        mov     r0, r0, ror #5          @ undone by the first key EOR
        mov     r2, r2, ror #22
        ldr     r12, =PHI               @ PHI ^ 0
enc_loop:
@ round r = 8m+0: prekeys w(4r)..w(4r+3), K(r) = SK3 of them, SE0, LT: 50 + 17 + 16 = 83 cycles
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        eor     r12, r12, #4            @ PHI ^ (i + 4)
        push    {r8, r9, r10, r11}      @ the older prekey words
        SK3     r4, r5, r6, r7, r8, r9, r10, r11, lr@ K = r8 r10 r9 r11
        eor     r0, r8, r0, ror #27     @ x0
        eor     r1, r10, r1             @ x1
        eor     r2, r9, r2, ror #10     @ x2
        eor     r11, r11, r3            @ x3
        SE0     r0, r1, r2, r11, r3, r8 @ y = r3 r1 r2 r0
        LT      r3, r1, r2, r0, mvn, mvn, mov
        pop     {r8, r9, r10, r11}
@ round r = 8m+1: prekeys w(4r)..w(4r+3), K(r) = SK2 of them, SE1, LT: 50 + 14 + 15 = 79 cycles
        FSTEP   r8, r11, r5, r7, r12, 0
        FSTEP   r9, r4, r6, r8, r12, 1
        FSTEP   r10, r5, r7, r9, r12, 2
        FSTEP   r11, r6, r8, r10, r12, 3
        eor     r12, r12, #12           @ PHI ^ (i + 4)
        push    {r4, r5, r6, r7}        @ the older prekey words
        SK2     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r5 r6 r7 r4
        eor     r3, r5, r3, ror #27     @ x0
        eor     r1, r6, r1              @ x1
        eor     r2, r7, r2, ror #10     @ x2
        eor     r0, r4, r0              @ x3
        SE1     r3, r1, r2, r0, r4, r5  @ y = r2 r3 r0 r1
        LT      r2, r3, r0, r1, mvn, mov, mov
        pop     {r4, r5, r6, r7}
@ round r = 8m+2: prekeys w(4r)..w(4r+3), K(r) = SK1 of them, SE2, LT: 50 + 17 + 13 = 80 cycles
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        eor     r12, r12, #4            @ PHI ^ (i + 4)
        push    {r8, r9, r10, r11}      @ the older prekey words
        SK1     r4, r5, r6, r7, r8, r9, r10, r11, lr@ K = r10 r11 r9 r8
        eor     r2, r10, r2, ror #27    @ x0
        eor     r11, r11, r3            @ x1
        eor     r3, r9, r0, ror #10     @ x2
        eor     r1, r8, r1              @ x3
        SE2     r2, r11, r3, r1, r8, r0 @ y = r3 r0 r1 r2
        LT      r3, r0, r1, r2, mvn, mvn, mov
        pop     {r8, r9, r10, r11}
@ round r = 8m+3: prekeys w(4r)..w(4r+3), K(r) = SK0 of them, SE3, LT: 50 + 17 + 17 = 84 cycles
        FSTEP   r8, r11, r5, r7, r12, 0
        FSTEP   r9, r4, r6, r8, r12, 1
        FSTEP   r10, r5, r7, r9, r12, 2
        FSTEP   r11, r6, r8, r10, r12, 3
        eor     r12, r12, #28           @ PHI ^ (i + 4)
        push    {r4, r5, r6, r7}        @ the older prekey words
        SK0     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r7 r6 r4 r5
        eor     r3, r7, r3, ror #27     @ x0
        eor     r0, r6, r0              @ x1
        eor     r4, r4, r1, ror #10     @ x2
        eor     r2, r5, r2              @ x3
        SE3     r3, r0, r4, r2, r1, r5  @ y = r1 r0 r2 r3
        LT      r1, r0, r2, r3, mov, mov, mvn
        pop     {r4, r5, r6, r7}
@ round r = 8m+4: prekeys w(4r)..w(4r+3), K(r) = SK7 of them, SE4, LT: 50 + 19 + 17 = 86 cycles
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        eor     r12, r12, #4            @ PHI ^ (i + 4)
        push    {r8, r9, r10, r11}      @ the older prekey words
        SK7     r4, r5, r6, r7, r8, r9, r10, r11, lr@ K = r10 r11 r8 r9
        eor     r1, r10, r1, ror #27    @ x0
        eor     r0, r11, r0             @ x1
        eor     r8, r8, r2, ror #10     @ x2
        eor     r2, r9, r3              @ x3
        SE4     r1, r0, r8, r2, r3, r9  @ y = r3 r0 r1 r2
        LT      r3, r0, r1, r2, mov, mov, mvn
        pop     {r8, r9, r10, r11}
@ round r = 8m+5: prekeys w(4r)..w(4r+3), K(r) = SK6 of them, SE5, LT: 50 + 17 + 16 = 83 cycles
        FSTEP   r8, r11, r5, r7, r12, 0
        FSTEP   r9, r4, r6, r8, r12, 1
        FSTEP   r10, r5, r7, r9, r12, 2
        FSTEP   r11, r6, r8, r10, r12, 3
        eor     r12, r12, #12           @ PHI ^ (i + 4)
        push    {r4, r5, r6, r7}        @ the older prekey words
        SK6     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r6 r7 r4 r5
        eor     r3, r6, r3, ror #27     @ x0
        eor     r0, r7, r0              @ x1
        eor     r4, r4, r1, ror #10     @ x2
        eor     r2, r5, r2              @ x3
        SE5     r3, r0, r4, r2, r1, r5  @ y = r1 r2 r3 r0
        LT      r1, r2, r3, r0, mvn, mvn, mvn
        pop     {r4, r5, r6, r7}
@ round r = 8m+6: prekeys w(4r)..w(4r+3), K(r) = SK5 of them, SE6, LT: 50 + 17 + 15 = 82 cycles
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        eor     r12, r12, #4            @ PHI ^ (i + 4)
        push    {r8, r9, r10, r11}      @ the older prekey words
        SK5     r4, r5, r6, r7, r8, r9, r10, r11, lr@ K = r11 r9 r8 r10
        eor     r1, r11, r1, ror #27    @ x0
        eor     r2, r9, r2              @ x1
        eor     r8, r8, r3, ror #10     @ x2
        eor     r3, r10, r0             @ x3
        SE6     r1, r2, r8, r3, r0, r9  @ y = r1 r2 r3 r0
        LT      r1, r2, r3, r0, mvn, mvn, mov
        pop     {r8, r9, r10, r11}
@ round r = 8m+7: prekeys w(4r)..w(4r+3), K(r) = SK4 of them, SE7, LT: 50 + 18 + 18 + 7 = 93 cycles
        FSTEP   r8, r11, r5, r7, r12, 0
        FSTEP   r9, r4, r6, r8, r12, 1
        FSTEP   r10, r5, r7, r9, r12, 2
        FSTEP   r11, r6, r8, r10, r12, 3
        ldr     lr, =PHI
        eor     r12, r12, lr
        add     r12, r12, #4
        cmp     r12, #128               @ round 31?
        eor     r12, r12, lr            @ PHI ^ (i + 4)
        push    {r4, r5, r6, r7}        @ the older prekey words
        SK4     r8, r9, r10, r11, r4, r5, r6, r7, lr@ K = r7 r6 r5 r4
        eor     r5, r5, r3, ror #10     @ x2
        eor     r3, r4, r0              @ x3
        eor     r0, r6, r2              @ x1
        eor     r2, r7, r1, ror #27     @ x0
        SE7     r2, r0, r5, r3, r1, r4  @ y = r0 r1 r2 r3
        beq     enc_last
        LT      r0, r1, r2, r3, mvn, mov, mov
        pop     {r4, r5, r6, r7}
        b       enc_loop
enc_last:
        pop     {r4, r5, r6, r7}
@ K32 = SK3(w128..w131)
        FSTEP   r4, r7, r9, r11, r12, 0
        FSTEP   r5, r8, r10, r4, r12, 1
        FSTEP   r6, r9, r11, r5, r12, 2
        FSTEP   r7, r10, r4, r6, r12, 3
        SK3     r4, r5, r6, r7, r8, r9, r10, r11, lr@ K32 = r8 r10 r9 r11
        eor     r0, r0, r8
        eor     r1, r1, r10
        eor     r2, r2, r9
        eor     r3, r3, r11
        mvn     r0, r0                  @ SE7 left y0 complemented
        ldr     lr, =serpent_block
        stmia   lr, {r0-r3}
        pop     {pc}
        .ltorg
