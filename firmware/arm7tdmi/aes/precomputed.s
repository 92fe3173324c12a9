@ AES-128 with a precomputed key schedule for the ARM7TDMI (ARM state): key
@ setup stores the round keys for encryption and, InvMixColumns applied,
@ for decryption (the equivalent inverse cipher, FIPS-197 5.3.5); then
@ encryption and decryption are T-table rounds reading them.
@ cardlab firmware: firmware/arm7tdmi/aes/precomputed.s (manifest
@ precomputed.toml)
@
@ Written from FIPS-197. Each round loads its four round-key words straight
@ into the registers of the new state (LDM) and the T-table lookups are
@ XORed onto them, so a round is one LDM and 16 lookups. The T-table steps
@ are tmacros.inc's (T' = (S, S, 3S, 2S)), the key step and InvMixColumns
@ regs.inc's; decryption uses IT = (14, 9, 13, 11) IS and the inverse
@ S-box, which follows IT.
@
@ Interface (cardlab arm7tdmi ABI): key in aes_key; BL aes_key_setup; then
@ a block in aes_state and BL aes_encrypt or aes_decrypt, any number of
@ times; the result is in aes_state. The key buffer is left as it was.
@ RAM: aes_ek K0..K10 (176 bytes), aes_dk K10, InvMixColumns(K9..K1), K0
@ (176), the return address (and the Rcon slot during key setup).
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   encrypt: PUSH 2, LDR 3 x 3, LDM 6 x 2, AddRoundKey 4 = 27; 10 rounds x
@     (LDM 6 + 16 lookups x 5) = 860; exit 13: 900
@   decrypt: the same but the last round's byte loads need no AND for the
@     top byte (19 a column, not 20) and ADD 1 to the inverse S-box: 897
@   key setup: entry 36; 9 x (Rcon 9, CMP 1, key step 23, STM 5, 4
@     InvMixColumns x 21, STMDB 5, BNE 3) - 2 = 1168; K10 42; exit 6: 1252

        .syntax unified
        .arm
        .include "common.inc"
        .include "tmacros.inc"
        .include "regs.inc"

        AES_BUFFERS
        .bss
        .align  2
        .global aes_ek, aes_dk
aes_ek:     .space  176
aes_dk:     .space  176
        .text
        .align  2

@ An encryption round from set x to set y, the round key from r8.
        .macro  EROUND x0, x1, x2, x3, y0, y1, y2, y3
        ldmia   r8!, {\y0, \y1, \y2, \y3}
        COLUMN  \y0, \x0, \x1, \x2, \x3, \y0
        COLUMN  \y1, \x1, \x2, \x3, \x0, \y1
        COLUMN  \y2, \x2, \x3, \x0, \x1, \y2
        COLUMN  \y3, \x3, \x0, \x1, \x2, \y3
        .endm

@ A decryption round from set x to set y, the round key from r8.
        .macro  DROUND x0, x1, x2, x3, y0, y1, y2, y3
        ldmia   r8!, {\y0, \y1, \y2, \y3}
        ICOLUMN \y0, \x0, \x3, \x2, \x1
        ICOLUMN \y1, \x1, \x0, \x3, \x2
        ICOLUMN \y2, \x2, \x1, \x0, \x3
        ICOLUMN \y3, \x3, \x2, \x1, \x0
        .endm

@ Load the block, point r8 at the keys and ip at the table, add the first
@ round key (into set A from set B).
        .macro  START table, keys
        push    {lr}
        ldr     ip, =\table
        ldr     lr, =aes_state
        ldmia   lr, {r0-r3}
        ldr     r8, =\keys
        ldmia   r8!, {r4-r7}
        ARK4    r0, r1, r2, r3, r4, r5, r6, r7
        .endm

        .macro  ARK4 x0, x1, x2, x3, k0, k1, k2, k3
        eor     \x0, \x0, \k0
        eor     \x1, \x1, \k1
        eor     \x2, \x2, \k2
        eor     \x3, \x3, \k3
        .endm

        .global aes_encrypt
        .type   aes_encrypt, %function
aes_encrypt:
        START   aes_tp, aes_ek
        .rept   4
        EROUND  r0, r1, r2, r3, r4, r5, r6, r7
        EROUND  r4, r5, r6, r7, r0, r1, r2, r3
        .endr
        EROUND  r0, r1, r2, r3, r4, r5, r6, r7
        ldmia   r8!, {r0-r3}            @ round 10: no MixColumns
        LASTCOLUMN r0, r4, r5, r6, r7, r0
        LASTCOLUMN r1, r5, r6, r7, r4, r1
        LASTCOLUMN r2, r6, r7, r4, r5, r2
        LASTCOLUMN r3, r7, r4, r5, r6, r3
        EXIT
        .ltorg

        .global aes_decrypt
        .type   aes_decrypt, %function
aes_decrypt:
        START   aes_itp, aes_dk
        .rept   4
        DROUND  r0, r1, r2, r3, r4, r5, r6, r7
        DROUND  r4, r5, r6, r7, r0, r1, r2, r3
        .endr
        DROUND  r0, r1, r2, r3, r4, r5, r6, r7
        add     ip, ip, #1024           @ the inverse S-box
        ldmia   r8!, {r0-r3}            @ K0
        ILASTCOLUMN r0, r4, r7, r6, r5
        ILASTCOLUMN r1, r5, r4, r7, r6
        ILASTCOLUMN r2, r6, r5, r4, r7
        ILASTCOLUMN r3, r7, r6, r5, r4
        EXIT
        .ltorg

@ ---- key setup ----------------------------------------------------------
@ K0..K10 to aes_ek upwards; K0 to aes_dk + 160, then InvMixColumns(K1..K9)
@ downwards from there, and K10 to aes_dk. r0 ek pointer, r1 dk pointer,
@ r2 InvMixColumns temporary, r3 0x01010101, r4-r7 the mixed key.
        .global aes_key_setup
        .type   aes_key_setup, %function
aes_key_setup:
        push    {lr}
        ldr     ip, =aes_tp
        ldr     lr, =aes_key
        ldmia   lr, {r8-r11}            @ K0
        ldr     r0, =aes_ek
        stmia   r0!, {r8-r11}
        ldr     r1, =aes_dk + 160
        stmia   r1, {r8-r11}
        ldr     r3, =0x01010101
        mov     lr, #1
        push    {lr}                    @ [sp] = Rcon(1)
next:   RCON
        cmp     lr, #0x36               @ Rcon(10) next: this is K9
        TKEYSTEP
        stmia   r0!, {r8-r11}
        INVMIXWORD r4, r8, r3, r2
        INVMIXWORD r5, r9, r3, r2
        INVMIXWORD r6, r10, r3, r2
        INVMIXWORD r7, r11, r3, r2
        stmdb   r1!, {r4-r7}
        bne     next
        RCON                            @ K10
        TKEYSTEP
        stmia   r0!, {r8-r11}
        stmdb   r1!, {r8-r11}
        add     sp, sp, #4
        pop     {pc}
        .ltorg

        .align  2
        .global aes_tp, aes_tp_end, aes_itp, aes_itp_end
        .global aes_inv_sbox, aes_inv_sbox_end
aes_tp:
        .include "ttable.inc"
aes_tp_end:
aes_itp:
        .include "itable.inc"
aes_itp_end:
aes_inv_sbox:
        .include "inv_sbox.inc"
aes_inv_sbox_end:
