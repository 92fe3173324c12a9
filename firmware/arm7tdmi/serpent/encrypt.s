@ Serpent encryption with precomputed round keys for the ARM7TDMI (ARM
@ state), bitsliced, the S-boxes as boolean instruction sequences.
@ cardlab firmware: firmware/arm7tdmi/serpent/encrypt.s (manifests
@ serpent.toml, serpent192.toml, serpent256.toml), after keysched.s.
@
@ Written from the Serpent specification (bitslice description): 32 rounds
@ of key mixing, S(r mod 8) on the four words and the linear transform
@ (LT), the last round's LT replaced by K32. The S-boxes are sbox.inc's SE
@ macros (Osvik's circuits, three-operand, complements carried); LT is
@ serpent.inc's.
@
@ Interface (cardlab arm7tdmi ABI): the round keys from serpent_key_setup
@ in serpent_k; the plaintext in serpent_block; BL serpent_encrypt; the
@ ciphertext is in serpent_block. Registers but SP may change; no RAM is
@ written but the block.
@
@ Registers: the state x0..x3 in four of r0-r5 (the S-box leaves its
@ outputs where its circuit ends; each round's macro arguments follow
@ them, and round 7 brings them back to r0-r3 for the loop); the other two
@ the S-box's spares; r6-r9 the round key (one LDM); r10 the round-key
@ pointer, r11 = &K32 (end of the loop), r12 = &serpent_block.
@ Between rounds x0 and x2 wait for their last LT rotations (<<< 5, <<<
@ 22): the next key's EOR applies them as its operand shift, so they cost
@ nothing. The plaintext enters the loop pre-rotated the other way (two
@ MOVs) so round 0 is a loop round too.
@
@ Cycles (ARM7TDMI TRM chapter 6, zero-wait memory):
@   round 8m+k: key LDM 6, key EORs 4, SEk 13-18, LT 11: 21 + SEk
@   loop pass (rounds 8m..8m+7): 8 x 21 + 127 (SE0..SE7) + CMP/BEQ 2 +
@     B 3 = 300; the last pass stops before round 31's LT: 288
@   entry 15 (LDR, LDM, two MOVs, LDR, ADD), three passes 900, last pass
@     288, exit 19 (K32 by LDM and four EORs, one MVN, STM, BX): 1222
@ Constant time: no branch but the loop's, no table, no multiply; the
@ data addresses are the same for every key and block.

        .syntax unified
        .arm
        .include "sbox.inc"
        .include "serpent.inc"
        .text
        .align  2
        .global serpent_encrypt
        .type   serpent_encrypt, %function
serpent_encrypt:
        ldr     r12, =serpent_block
        ldmia   r12, {r0-r3}
        mov     r0, r0, ror #5          @ undone by the first key EOR
        mov     r2, r2, ror #22
        ldr     r10, =serpent_k
        add     r11, r10, #512          @ &K32
enc_loop:
@ round 8m+0: K(8m+0) (stored by SK3), SE0, LT: 21 + 16 = 37 cycles
        ldmia   r10!, {r6-r9}
        eor     r0, r6, r0, ror #27     @ x0 (its <<< 5 now)
        eor     r1, r8, r1              @ x1
        eor     r2, r7, r2, ror #10     @ x2 (its <<< 22 now)
        eor     r3, r9, r3              @ x3
        SE0     r0, r1, r2, r3, r4, r5  @ y = r4 r1 r2 r0
        LT      r4, r1, r2, r0, mvn, mvn, mov
@ round 8m+1: K(8m+1) (stored by SK2), SE1, LT: 21 + 15 = 36 cycles
        ldmia   r10!, {r6-r9}
        eor     r4, r7, r4, ror #27     @ x0 (its <<< 5 now)
        eor     r1, r8, r1              @ x1
        eor     r2, r9, r2, ror #10     @ x2 (its <<< 22 now)
        eor     r0, r6, r0              @ x3
        SE1     r4, r1, r2, r0, r3, r5  @ y = r2 r4 r0 r1
        LT      r2, r4, r0, r1, mvn, mov, mov
@ round 8m+2: K(8m+2) (stored by SK1), SE2, LT: 21 + 13 = 34 cycles
        ldmia   r10!, {r6-r9}
        eor     r2, r8, r2, ror #27     @ x0 (its <<< 5 now)
        eor     r4, r9, r4              @ x1
        eor     r0, r7, r0, ror #10     @ x2 (its <<< 22 now)
        eor     r1, r6, r1              @ x3
        SE2     r2, r4, r0, r1, r3, r5  @ y = r0 r5 r1 r2
        LT      r0, r5, r1, r2, mvn, mvn, mov
@ round 8m+3: K(8m+3) (stored by SK0), SE3, LT: 21 + 17 = 38 cycles
        ldmia   r10!, {r6-r9}
        eor     r0, r9, r0, ror #27     @ x0 (its <<< 5 now)
        eor     r5, r8, r5              @ x1
        eor     r1, r6, r1, ror #10     @ x2 (its <<< 22 now)
        eor     r2, r7, r2              @ x3
        SE3     r0, r5, r1, r2, r3, r4  @ y = r3 r5 r2 r0
        LT      r3, r5, r2, r0, mov, mov, mvn
@ round 8m+4: K(8m+4) (stored by SK7), SE4, LT: 21 + 17 = 38 cycles
        ldmia   r10!, {r6-r9}
        eor     r3, r8, r3, ror #27     @ x0 (its <<< 5 now)
        eor     r5, r9, r5              @ x1
        eor     r2, r6, r2, ror #10     @ x2 (its <<< 22 now)
        eor     r0, r7, r0              @ x3
        SE4     r3, r5, r2, r0, r1, r4  @ y = r1 r5 r3 r0
        LT      r1, r5, r3, r0, mov, mov, mvn
@ round 8m+5: K(8m+5) (stored by SK6), SE5, LT: 21 + 16 = 37 cycles
        ldmia   r10!, {r6-r9}
        eor     r1, r8, r1, ror #27     @ x0 (its <<< 5 now)
        eor     r5, r9, r5              @ x1
        eor     r3, r6, r3, ror #10     @ x2 (its <<< 22 now)
        eor     r0, r7, r0              @ x3
        SE5     r1, r5, r3, r0, r2, r4  @ y = r2 r0 r1 r5
        LT      r2, r0, r1, r5, mvn, mvn, mvn
@ round 8m+6: K(8m+6) (stored by SK5), SE6, LT: 21 + 15 = 36 cycles
        ldmia   r10!, {r6-r9}
        eor     r2, r9, r2, ror #27     @ x0 (its <<< 5 now)
        eor     r0, r7, r0              @ x1
        eor     r1, r6, r1, ror #10     @ x2 (its <<< 22 now)
        eor     r5, r8, r5              @ x3
        SE6     r2, r0, r1, r5, r3, r4  @ y = r2 r0 r5 r3
        LT      r2, r0, r5, r3, mvn, mvn, mov
@ round 8m+7: K(8m+7) (stored by SK4), SE7, LT: 21 + 18 = 39 cycles
        ldmia   r10!, {r6-r9}
        eor     r2, r9, r2, ror #27     @ x0 (its <<< 5 now)
        eor     r0, r8, r0              @ x1
        eor     r5, r7, r5, ror #10     @ x2 (its <<< 22 now)
        eor     r3, r6, r3              @ x3
        SE7     r2, r0, r5, r3, r1, r4  @ y = r0 r1 r2 r3
        cmp     r10, r11                @ round 31?
        beq     enc_last
        LT      r0, r1, r2, r3, mvn, mov, mov
        b       enc_loop
enc_last:
        ldmia   r10, {r6-r9}            @ K32 (stored by SK3)
        eor     r0, r0, r6
        eor     r1, r1, r8
        eor     r2, r2, r7
        eor     r3, r3, r9
        mvn     r0, r0                  @ SE7 left y0 complemented
        stmia   r12, {r0-r3}
        bx      lr
        .ltorg
