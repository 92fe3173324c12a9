@ Serpent key setup for the ARM7TDMI (ARM state): the 132 round-key words
@ K0..K32 into RAM, for encrypt.s and decrypt.s (variants serpent,
@ serpentdec, serpent192, serpent256).
@ cardlab firmware: firmware/arm7tdmi/serpent/keysched.s
@
@ Written from the Serpent specification, section 2.2 (bitslice key
@ schedule): the key padded to 256 bits (a 1 bit after the key, then
@ zeros), w(i) = (w(i-8) ^ w(i-5) ^ w(i-3) ^ w(i-1) ^ PHI ^ i) <<< 11 for
@ i = 0..131, K(n) = S((3 - n) mod 8)(w(4n)..w(4n+3)).
@
@ Interface (cardlab arm7tdmi ABI): the key in serpent_key (16, 24 or 32
@ bytes, little-endian words as cardlab writes them); BL
@ serpent_key_setup (128-bit key), serpent_key_setup192 or
@ serpent_key_setup256; the round keys are in serpent_k. The key buffer is
@ left as it was. Registers but SP may change.
@
@ Registers: r4-r11 the eight newest prekey words w(i-8)..w(i-1) (their
@ roles turn by four each group, so a loop pass is eight groups, one per
@ S-box); r0 PHI ^ i; r0-r3 and lr the S-box's working registers (the
@ prekey words it reads are kept: the next groups need them); r12 the
@ round-key pointer.
@ RAM: serpent_k, 528 bytes, 1024-aligned so that its offset is the low
@ bits of the pointer (16 n = r12 & 0x3f0, the round index for PHI ^ i);
@ the return address (4 bytes of stack).
@
@ Round keys are stored in the order the S-box leaves them (one STM of its
@ four output registers, ascending): encrypt.s and decrypt.s load each with
@ one LDM and pair the words by the same order.
@
@ Cycles (ARM7TDMI TRM chapter 6, zero-wait memory):
@   group n (four steps and a round key): PHI ^ 4n 5 (LDR 3, AND, EOR),
@     four FSTEPs 23, SKk 14-19, STM 5: 33 + SKk; a pass of eight groups
@     264 + 136 (the eight SKs) + TST/BNE 2 + B 3 = 405
@   entry 18 (128 and 192 bits; 15 for 256), LDR 3, four passes 1620, K32
@     (a ninth group: 33 + 17 + TST 1 + BNE 3) 54, POP {pc} 5: 1700
@     (1697 for 256-bit keys)
@ Constant time: the only branches count groups.

        .syntax unified
        .arm
        .include "sbox.inc"
        .include "serpent.inc"

        .bss
        .global serpent_k, serpent_key, serpent_block
        .balign 1024
serpent_k:      .space  528            @ K0..K32, 16 bytes each
serpent_key:    .space  32             @ the key, 16, 24 or 32 bytes
serpent_block:  .space  16             @ the block, replaced by the result

        .text
        .align  2
        .global serpent_key_setup, serpent_key_setup192, serpent_key_setup256
        .type   serpent_key_setup, %function
serpent_key_setup:
        WINDOW  4                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       ks_common
serpent_key_setup192:
        WINDOW  6                       @ w(-8)..w(-1) in r4-r11, lr pushed
        b       ks_common
serpent_key_setup256:
        WINDOW  8                       @ w(-8)..w(-1) in r4-r11, lr pushed
ks_common:
        ldr     r12, =serpent_k
ks_pass:
@ K(8m+0) = S3(w(32m+0)..w(32m+3)): 33 + 17 = 50 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r4, r7, r9, r11, r0, 0
        FSTEP   r5, r8, r10, r4, r0, 1
        FSTEP   r6, r9, r11, r5, r0, 2
        FSTEP   r7, r10, r4, r6, r0, 3
        SK3     r4, r5, r6, r7, r0, r1, r2, r3, lr@ y0..y3 in r0 r2 r1 r3
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y0 y2 y1 y3
        tst     r12, #0x200             @ K32 stored?
        bne     ks_done
@ K(8m+1) = S2(w(32m+4)..w(32m+7)): 33 + 14 = 47 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r8, r11, r5, r7, r0, 0
        FSTEP   r9, r4, r6, r8, r0, 1
        FSTEP   r10, r5, r7, r9, r0, 2
        FSTEP   r11, r6, r8, r10, r0, 3
        SK2     r8, r9, r10, r11, r0, r1, r2, r3, lr@ y0..y3 in r1 r2 r3 r0
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y3 y0 y1 y2
@ K(8m+2) = S1(w(32m+8)..w(32m+11)): 33 + 17 = 50 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r4, r7, r9, r11, r0, 0
        FSTEP   r5, r8, r10, r4, r0, 1
        FSTEP   r6, r9, r11, r5, r0, 2
        FSTEP   r7, r10, r4, r6, r0, 3
        SK1     r4, r5, r6, r7, r0, r1, r2, r3, lr@ y0..y3 in r2 r3 r1 r0
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y3 y2 y0 y1
@ K(8m+3) = S0(w(32m+12)..w(32m+15)): 33 + 17 = 50 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r8, r11, r5, r7, r0, 0
        FSTEP   r9, r4, r6, r8, r0, 1
        FSTEP   r10, r5, r7, r9, r0, 2
        FSTEP   r11, r6, r8, r10, r0, 3
        SK0     r8, r9, r10, r11, r0, r1, r2, r3, lr@ y0..y3 in r3 r2 r0 r1
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y2 y3 y1 y0
@ K(8m+4) = S7(w(32m+16)..w(32m+19)): 33 + 19 = 52 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r4, r7, r9, r11, r0, 0
        FSTEP   r5, r8, r10, r4, r0, 1
        FSTEP   r6, r9, r11, r5, r0, 2
        FSTEP   r7, r10, r4, r6, r0, 3
        SK7     r4, r5, r6, r7, r0, r1, r2, r3, lr@ y0..y3 in r2 r3 r0 r1
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y2 y3 y0 y1
@ K(8m+5) = S6(w(32m+20)..w(32m+23)): 33 + 17 = 50 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r8, r11, r5, r7, r0, 0
        FSTEP   r9, r4, r6, r8, r0, 1
        FSTEP   r10, r5, r7, r9, r0, 2
        FSTEP   r11, r6, r8, r10, r0, 3
        SK6     r8, r9, r10, r11, r0, r1, r2, r3, lr@ y0..y3 in r2 r3 r0 r1
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y2 y3 y0 y1
@ K(8m+6) = S5(w(32m+24)..w(32m+27)): 33 + 17 = 50 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r4, r7, r9, r11, r0, 0
        FSTEP   r5, r8, r10, r4, r0, 1
        FSTEP   r6, r9, r11, r5, r0, 2
        FSTEP   r7, r10, r4, r6, r0, 3
        SK5     r4, r5, r6, r7, r0, r1, r2, r3, lr@ y0..y3 in r3 r1 r0 r2
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y2 y1 y3 y0
@ K(8m+7) = S4(w(32m+28)..w(32m+31)): 33 + 18 = 51 cycles
        ldr     r0, =PHI
        and     r1, r12, #0x3f0         @ 16 n
        eor     r0, r0, r1, lsr #2      @ PHI ^ i, i = 4n
        FSTEP   r8, r11, r5, r7, r0, 0
        FSTEP   r9, r4, r6, r8, r0, 1
        FSTEP   r10, r5, r7, r9, r0, 2
        FSTEP   r11, r6, r8, r10, r0, 3
        SK4     r8, r9, r10, r11, r0, r1, r2, r3, lr@ y0..y3 in r3 r2 r1 r0
        stmia   r12!, {r0, r1, r2, r3}  @ memory order y3 y2 y1 y0
        b       ks_pass
ks_done:
        pop     {pc}
        .ltorg
