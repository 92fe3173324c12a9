@ AES-128 encryption with an on-the-fly key schedule in registers and only
@ the 256-byte S-box, fully unrolled, for the ARM7TDMI (ARM state).
@ cardlab firmware: firmware/arm7tdmi/aes/regsfull.s (manifest regsfull.toml)
@
@ regs.s's rounds without the loop: each Rcon an immediate, no round
@ counter, no stack slot for it. Written from FIPS-197; the steps and the
@ register map are in regs.inc.
@
@ Interface (cardlab arm7tdmi ABI): plaintext in aes_state, key in aes_key;
@ BL aes_encrypt; ciphertext in aes_state. Every register but SP may change;
@ the key buffer is left as it was. RAM: the return address on the stack.
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins it):
@   entry 22; rounds 1-9: Rcon 1 + key step 22 + SubBytes/ShiftRows 72
@   + MixColumns/AddRoundKey 39 = 134; round 10: 1 + 22 + 72 + 4 = 99;
@   exit 13.  22 + 9 x 134 + 99 + 13 = 1340

        .syntax unified
        .arm
        .include "common.inc"
        .include "regs.inc"

        AES_BUFFERS

@ One full round from set x to set y with Rcon rc.
        .macro  ROUND rc, x0, x1, x2, x3, y0, y1, y2, y3
        eor     r8, r8, #\rc
        KEYSTEP
        SUBSHIFT \x0, \x1, \x2, \x3, \y0, \y1, \y2, \y3
        MIX     \y0, \y1, \y2, \y3, \x0, \x1
        .endm

        .global aes_encrypt
        .type   aes_encrypt, %function
aes_encrypt:
        ENTRY
        ROUNDS9 ROUND
        eor     r8, r8, #0x36           @ round 10: no MixColumns
        KEYSTEP
        SUBSHIFT r4, r5, r6, r7, r0, r1, r2, r3
        ARK     r0, r1, r2, r3
        EXIT
        .ltorg

        .global aes_sbox, aes_sbox_end
aes_sbox:
        .include "sbox.inc"
aes_sbox_end:
