@ Serpent decryption with precomputed round keys for the ARM7TDMI (ARM
@ state), bitsliced: encrypt.s undone.
@ cardlab firmware: firmware/arm7tdmi/serpent/decrypt.s (manifests
@ serpentdec.toml, serpent192.toml, serpent256.toml), after keysched.s.
@
@ Written from the Serpent specification: the block XOR K32, then for
@ r = 31..0 the inverse S-box S(r mod 8)^-1, K(r) and, but after round 0,
@ the inverse linear transform (serpent.inc's ILT). The inverse S-boxes
@ are sbox.inc's SD macros.
@
@ Interface (cardlab arm7tdmi ABI): the round keys from serpent_key_setup
@ in serpent_k; the ciphertext in serpent_block; BL serpent_decrypt; the
@ plaintext is in serpent_block. Registers but SP may change.
@
@ Registers: the state in four of r0-r5 (back in r0-r3 at the end of each
@ loop pass), the other two the S-box's spares; r6-r9 the round key (one
@ LDMDB, the keys read downwards); r10 the round-key pointer, r11 = &K0,
@ r12 = &serpent_block.
@
@ Cycles (ARM7TDMI TRM chapter 6, zero-wait memory):
@   round 8m+k: SDk 15-18, key LDMDB 6, key EORs 4, ILT 10: 20 + SDk
@   loop pass: 8 x 20 + 135 (SD7..SD0) + CMP/BEQ 2 + B 3 = 300; the last
@     pass stops before round 0's ILT: 289
@   entry 23 (block and K32), three passes 900, last pass 289, exit 8:
@     1220
@ Constant time: no branch but the loop's, no table, no multiply.

        .syntax unified
        .arm
        .include "sbox.inc"
        .include "serpent.inc"
        .text
        .align  2
        .global serpent_decrypt
        .type   serpent_decrypt, %function
serpent_decrypt:
        ldr     r12, =serpent_block
        ldmia   r12, {r0-r3}
        ldr     r10, =serpent_k + 528
        ldmdb   r10!, {r6-r9}           @ K32 (stored by SK3)
        eor     r0, r0, r6
        eor     r1, r1, r8
        eor     r2, r2, r7
        eor     r3, r3, r9
        sub     r11, r10, #512          @ &K0
dec_loop:
@ round 8m+7: SD7, K(8m+7) (stored by SK4), ILT: 20 + 18 = 38 cycles
        SD7     r0, r1, r2, r3, r4, r5  @ y = r3 r0 r1 r2
        ldmdb   r10!, {r6-r9}
        eor     r3, r3, r9              @ x0
        eor     r0, r0, r8              @ x1
        eor     r1, r1, r7              @ x2
        eor     r2, r2, r6              @ x3
        ILT     r3, r0, r1, r2, mov, mvn
@ round 8m+6: SD6, K(8m+6) (stored by SK5), ILT: 20 + 15 = 35 cycles
        SD6     r3, r0, r1, r2, r4, r5  @ y = r0 r4 r1 r2
        ldmdb   r10!, {r6-r9}
        eor     r0, r0, r9              @ x0
        eor     r4, r4, r7              @ x1
        eor     r1, r1, r6              @ x2
        eor     r2, r2, r8              @ x3
        ILT     r0, r4, r1, r2, mvn, mov
@ round 8m+5: SD5, K(8m+5) (stored by SK6), ILT: 20 + 16 = 36 cycles
        SD5     r0, r4, r1, r2, r3, r5  @ y = r4 r2 r3 r1
        ldmdb   r10!, {r6-r9}
        eor     r4, r4, r8              @ x0
        eor     r2, r2, r9              @ x1
        eor     r3, r3, r6              @ x2
        eor     r1, r1, r7              @ x3
        ILT     r4, r2, r3, r1, mov, mov
@ round 8m+4: SD4, K(8m+4) (stored by SK7), ILT: 20 + 18 = 38 cycles
        SD4     r4, r2, r3, r1, r0, r5  @ y = r4 r1 r0 r3
        ldmdb   r10!, {r6-r9}
        eor     r4, r4, r8              @ x0
        eor     r1, r1, r9              @ x1
        eor     r0, r0, r6              @ x2
        eor     r3, r3, r7              @ x3
        ILT     r4, r1, r0, r3, mvn, mov
@ round 8m+3: SD3, K(8m+3) (stored by SK0), ILT: 20 + 17 = 37 cycles
        SD3     r4, r1, r0, r3, r2, r5  @ y = r2 r1 r3 r4
        ldmdb   r10!, {r6-r9}
        eor     r2, r2, r9              @ x0
        eor     r1, r1, r8              @ x1
        eor     r3, r3, r6              @ x2
        eor     r4, r4, r7              @ x3
        ILT     r2, r1, r3, r4, mvn, mvn
@ round 8m+2: SD2, K(8m+2) (stored by SK1), ILT: 20 + 17 = 37 cycles
        SD2     r2, r1, r3, r4, r0, r5  @ y = r1 r4 r3 r0
        ldmdb   r10!, {r6-r9}
        eor     r1, r1, r8              @ x0
        eor     r4, r4, r9              @ x1
        eor     r3, r3, r7              @ x2
        eor     r0, r0, r6              @ x3
        ILT     r1, r4, r3, r0, mov, mvn
@ round 8m+1: SD1, K(8m+1) (stored by SK2), ILT: 20 + 17 = 37 cycles
        SD1     r1, r4, r3, r0, r2, r5  @ y = r4 r1 r0 r3
        ldmdb   r10!, {r6-r9}
        eor     r4, r4, r7              @ x0
        eor     r1, r1, r8              @ x1
        eor     r0, r0, r9              @ x2
        eor     r3, r3, r6              @ x3
        ILT     r4, r1, r0, r3, mvn, mov
@ round 8m+0: SD0, K(8m+0) (stored by SK3), ILT: 20 + 17 = 37 cycles
        SD0     r4, r1, r0, r3, r2, r5  @ y = r0 r1 r2 r3
        ldmdb   r10!, {r6-r9}
        eor     r0, r0, r6              @ x0
        eor     r1, r1, r8              @ x1
        eor     r2, r2, r7              @ x2
        eor     r3, r3, r9              @ x3
        cmp     r10, r11                @ round 0?
        beq     dec_last
        ILT     r0, r1, r2, r3, mov, mov
        b       dec_loop
dec_last:
        stmia   r12, {r0-r3}
        bx      lr
        .ltorg
