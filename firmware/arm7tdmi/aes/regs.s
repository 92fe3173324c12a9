@ AES-128 encryption with an on-the-fly key schedule in registers and only
@ the 256-byte S-box, for the ARM7TDMI (ARM state): seed 000's "registers
@ only" implementation, within its 1148 bytes of code.
@ cardlab firmware: firmware/arm7tdmi/aes/regs.s (manifest regs.toml)
@
@ Written from FIPS-197; the steps and the register map are in regs.inc.
@ The loop body is two rounds, set A to set B and back, so no state is
@ copied; round 10 leaves the second round part-way, after SubBytes and
@ ShiftRows, for AddRoundKey and the return. Rcon lives in a stack slot (no
@ register is free), doubled each round with the one reduction 0x80 ->
@ 0x1b done by a conditional MOV, so every round takes the same cycles.
@ The flags set by the Rcon update of round 10 survive the key step and
@ SubBytes (no instruction there sets flags) to take the exit branch.
@
@ Interface (cardlab arm7tdmi ABI): plaintext in aes_state, key in aes_key;
@ BL aes_encrypt; ciphertext in aes_state. Every register but SP may change;
@ the key buffer is left as it was. RAM: the return address and Rcon, 8
@ bytes of stack.
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins it):
@   entry 22 + Rcon slot (MOV 1, PUSH 2) 3 = 25
@   Rcon step: LDR 3, EOR 1, MOV 1, CMP 1, MOVEQ 1, STR 2 = 9
@   first round of a pass: 9 + 22 + 72 + 39 = 142
@   second round: 9 + CMP 1 + 22 + 72 + BEQ 1 + 39 + B 3 = 147
@   4 passes (rounds 1-8) x 289 = 1156; round 9: 142; round 10: 9 + 1 +
@   22 + 72 + BEQ taken 3 + AddRoundKey 4 = 111; ADD sp 1; exit 13
@   25 + 1156 + 142 + 111 + 1 + 13 = 1448

        .syntax unified
        .arm
        .include "common.inc"
        .include "regs.inc"

        AES_BUFFERS

        .global aes_encrypt
        .type   aes_encrypt, %function
aes_encrypt:
        ENTRY
        mov     lr, #1
        push    {lr}                    @ [sp] = Rcon(1)
pass:   RCON                            @ rounds 1, 3, 5, 7, 9: A to B
        KEYSTEP
        SUBSHIFT r0, r1, r2, r3, r4, r5, r6, r7
        MIX     r4, r5, r6, r7, r0, r1
        RCON                            @ rounds 2, 4, 6, 8, 10: B to A
        cmp     lr, #0x6c               @ Rcon(11): this is round 10
        KEYSTEP
        SUBSHIFT r4, r5, r6, r7, r0, r1, r2, r3
        beq     last
        MIX     r0, r1, r2, r3, r4, r5
        b       pass
last:   ARK     r0, r1, r2, r3
        add     sp, sp, #4              @ drop the Rcon slot
        EXIT
        .ltorg

        .global aes_sbox, aes_sbox_end
aes_sbox:
        .include "sbox.inc"
aes_sbox_end:
