@ AES-128 encryption with an on-the-fly key schedule and one 1 KB T-table,
@ for the ARM7TDMI (ARM state).
@ cardlab firmware: firmware/arm7tdmi/aes/ttable.s (manifest ttable.toml)
@
@ Written from FIPS-197. A round is the classic table form ([DR98]; FIPS-197
@ 5.1 with SubBytes, ShiftRows and MixColumns merged): each output column is
@ four table lookups, one per row, rotated into place by the barrel shifter
@ for free, XORed with the round key. One table T'[x] = (S, S, 3S, 2S) serves
@ all four rows (the rotations make the other three) and, through its byte 0,
@ as the S-box of the key schedule and the last round: 1 KB of tables in all.
@ The whole cipher is unrolled, so each Rcon is an immediate and no register
@ counts rounds.
@
@ Interface (cardlab arm7tdmi ABI): the caller writes the plaintext to
@ aes_state and the key to aes_key (FIPS-197 byte order), then calls
@ aes_encrypt with BL; the ciphertext is in aes_state on return. The routine
@ may use every register but SP; the key buffer is left as it was.
@
@ Registers (the state is column-major, a column a little-endian word, as
@ the bytes lie in memory):
@   r0-r3    state s0-s3 (rounds 2, 4, ... 10 write here)
@   r4-r7    state t0-t3 (rounds 1, 3, ... 9 write here)
@   r8-r11   round key w0-w3, updated in place each round
@   r12 (ip) T'
@   r14 (lr) table index / loaded word; the return address is on the stack
@ RAM: the return address (4 bytes of stack). Nothing else.
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins the
@ total): a lookup is AND (1S) + LDR (1S+1N+1I) + EOR (1S) = 5 cycles.
@   entry   PUSH 2, LDR ip 3, LDR lr 3, LDM 8 words 10, AddRoundKey 4 = 22
@   key step  4 S-box lookups 20, Rcon 1, three XORs 3                = 24
@   round   16 lookups                                               = 80
@   10 x (24 + 80) = 1040
@   exit    LDR lr 3, STM 4 words 5, POP pc 5                        = 13
@   total   22 + 1040 + 13 = 1075

        .syntax unified
        .arm
        .include "common.inc"
        .include "tmacros.inc"

        AES_BUFFERS

@ A full round from state a to state b: 104 cycles.
        .macro  ROUND rcon, a0, a1, a2, a3, b0, b1, b2, b3
        TKEYSTEP \rcon
        COLUMN  \b0, \a0, \a1, \a2, \a3, r8
        COLUMN  \b1, \a1, \a2, \a3, \a0, r9
        COLUMN  \b2, \a2, \a3, \a0, \a1, r10
        COLUMN  \b3, \a3, \a0, \a1, \a2, r11
        .endm

        .global aes_encrypt
        .type   aes_encrypt, %function
aes_encrypt:
        push    {lr}
        ldr     ip, =aes_tp
        ldr     lr, =aes_state
        ldmia   lr, {r0-r3, r8-r11}     @ state, then the key
        eor     r0, r0, r8              @ AddRoundKey K0
        eor     r1, r1, r9
        eor     r2, r2, r10
        eor     r3, r3, r11
        ROUNDS9 ROUND
        TKEYSTEP 0x36                   @ round 10: no MixColumns
        LASTCOLUMN r0, r4, r5, r6, r7, r8
        LASTCOLUMN r1, r5, r6, r7, r4, r9
        LASTCOLUMN r2, r6, r7, r4, r5, r10
        LASTCOLUMN r3, r7, r4, r5, r6, r11
        ldr     lr, =aes_state
        stmia   lr, {r0-r3}
        pop     {pc}
        .ltorg

        .align  2
        .global aes_tp, aes_tp_end
aes_tp:
        .include "ttable.inc"
aes_tp_end:
