@ AES-128 decryption with an on-the-fly inverse key schedule in registers,
@ for the ARM7TDMI (ARM state): the inverse of regs.s, from the cipher key or
@ from the last round key.
@ cardlab firmware: firmware/arm7tdmi/aes/regsdec.s (manifests regsdec.toml,
@ regsdec-lrk.toml)
@
@ Written from FIPS-197 5.3 (the inverse cipher). A pass is InvShiftRows
@ and InvSubBytes by inverse S-box byte loads, the previous round key in
@ place (the key step undone: CHAINBACK, Rcon, SUBROT), then AddRoundKey
@ and InvMixColumns
@ on whole columns. The loop body is two passes, set A to B and back; the
@ last pass leaves the loop after InvSubBytes for AddRoundKey K0. Rcon
@ steps back through a stack slot (x -> x / 2, 0x1b -> 0x80 by a
@ conditional EOR), its flags carrying the exit test past the key step and
@ InvSubBytes, which set none. The steps and the register map: regs.inc.
@
@ Interface (cardlab arm7tdmi ABI): ciphertext in aes_state, then BL
@   aes_decrypt       with the cipher key in aes_key: the key schedule runs
@                     forward to K10 first; the key buffer is left as it was
@   aes_decrypt_lrk   with the last round key K10 in aes_key
@ plaintext in aes_state on return. RAM: the return address and Rcon, 8
@ bytes of stack. Tables: the inverse S-box, then the S-box right after it
@ (the key step reaches it as ip + 256).
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   from K10: LOAD 18, Rcon slot 3 (MOV, PUSH), B 3, AddRoundKey K10 4 = 28
@   pass: CHAINBACK 3 + RCONBACK 8 + ADD 1 + SUBROT 19 + InvSub 72
@     + InvMix 91 = 194; the second of a loop pass + CMP 1, BEQ 1, B 3 = 199
@   passes 1-8 (4 loops) 4 x 393 = 1572, pass 9: 194, pass 10: 3 + 8 + 1
@     + 1 + 19 + 72 + BEQ taken 3 + AddRoundKey 4 = 111; ADD sp 1; exit 13
@   28 + 1572 + 194 + 111 + 1 + 13 = 1919
@   from the cipher key: LOAD 18, Rcon slot 3, 10 x (RCON 9 + CMP 1 +
@     KEYSTEP 22 + BNE 3, the last not taken: 1) = 348, SUB 1, MOV 1, STR 2,
@     AddRoundKey K10 4 = 377 in place of 28: 1919 + 349 = 2268

        .syntax unified
        .arm
        .include "common.inc"
        .include "regs.inc"

        AES_BUFFERS

@ One decryption pass from set x to set y, up to InvSubBytes (the last pass
@ stops there): Rcon, the previous round key, InvShiftRows+InvSubBytes.
@ With check = 1 the flags say whether this pass made K0 (the Rcon it
@ leaves is Rcon(1) / x = 0x8d); nothing after the CMP sets flags.
        .macro  BACK check, x0, x1, x2, x3, y0, y1, y2, y3
        CHAINBACK
        RCONBACK
        .if     \check
        cmp     lr, #0x8d
        .endif
        add     \y0, ip, #256           @ the S-box, for the key step
        SUBROT  \y0
        INVSUBSHIFT \x0, \x1, \x2, \x3, \y0, \y1, \y2, \y3
        .endm

        .global aes_decrypt, aes_decrypt_lrk
        .type   aes_decrypt, %function
        .type   aes_decrypt_lrk, %function
aes_decrypt_lrk:
        LOAD    aes_inv_sbox
        mov     lr, #0x36
        push    {lr}                    @ [sp] = Rcon(10)
        b       from_last

aes_decrypt:
        LOAD    aes_sbox
        mov     lr, #1
        push    {lr}                    @ [sp] = Rcon(1)
forward:
        RCON
        cmp     lr, #0x6c               @ Rcon(11): K10 is done
        KEYSTEP
        bne     forward
        sub     ip, ip, #256            @ to the inverse S-box
        mov     lr, #0x36
        str     lr, [sp]

from_last:
        ARK     r0, r1, r2, r3          @ K10
pass:   BACK    0, r0, r1, r2, r3, r4, r5, r6, r7
        INVMIX  r4, r5, r6, r7, r0, r1
        BACK    1, r4, r5, r6, r7, r0, r1, r2, r3
        beq     last                    @ this pass made K0
        INVMIX  r0, r1, r2, r3, r4, r5
        b       pass
last:   ARK     r0, r1, r2, r3          @ K0
        add     sp, sp, #4
        EXIT
        .ltorg

        .global aes_inv_sbox, aes_inv_sbox_end, aes_sbox, aes_sbox_end
aes_inv_sbox:
        .include "inv_sbox.inc"
aes_inv_sbox_end:
aes_sbox:
        .include "sbox.inc"
aes_sbox_end:
