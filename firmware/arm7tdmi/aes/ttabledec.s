@ AES-128 decryption with an on-the-fly inverse key schedule and one 1 KB
@ inverse T-table, for the ARM7TDMI (ARM state): the inverse of ttable.s,
@ from the cipher key or from the last round key.
@ cardlab firmware: firmware/arm7tdmi/aes/ttabledec.s (manifests
@ ttabledec.toml, ttabledec-lrk.toml)
@
@ Written from FIPS-197 5.3.5, the equivalent inverse cipher: a round is
@ InvSubBytes, InvShiftRows and InvMixColumns as 16 lookups in IT (the
@ inverse T-table, itable.inc; rows rotated by the barrel shifter), then
@ AddRoundKey with InvMixColumns(K_r). Computing that key each round would
@ cost four InvMixColumns of a word; instead the round key is kept in the
@ InvMixColumns domain: the key step undone is XORs but for one word, and
@ InvMixColumns is linear, so w3 ^= w2, w2 ^= w1, w1 ^= w0 hold there as
@ they are. Only w0's correction SubWord(RotWord(w3)) ^ Rcon needs the
@ real w3: one MixColumns of w3 out of the domain (MIXNOKEY), the S-box,
@ one InvMixColumns back in (INVMIXWORD). K9 is made from K10 and K0 from
@ K1 in the real domain, where a step is cheapest; K9 goes into the
@ domain by four InvMixColumns, K1 out of it by four MixColumns.
@ Unrolled, so each Rcon is an immediate. The steps: regs.inc (key
@ schedule, MixColumns of a word), tmacros.inc (the columns).
@
@ Interface (cardlab arm7tdmi ABI): ciphertext in aes_state, then BL
@   aes_decrypt       with the cipher key in aes_key: the key schedule runs
@                     forward to K10 first; the key buffer is left as it was
@   aes_decrypt_lrk   with the last round key K10 in aes_key
@ plaintext in aes_state on return. RAM: the return address (4 bytes of
@ stack). Tables: IT, the inverse S-box (IT + 1024), the S-box (IT +
@ 1280): 1536 bytes.
@
@ Registers: r0-r3 state set A, r4-r7 set B (a round reads one and
@ writes the other; the key step borrows the one about to be written),
@ r8-r11 the round key w0-w3, ip IT, lr the index temporary.
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   from K10: PUSH 2, LDR 3, LDR 3, LDM 8 words 10, AddRoundKey 4 = 22
@   K9: CHAINBACK 3, ADD 1, SUBROT 19, Rcon 1; into the domain: LDR 3,
@     4 x INVMIXWORD 21 = 111
@   round 9: 4 columns x 20 = 80
@   rounds 8-1: 8 x (IMKEYSTEP 57 + 80) = 1096
@   K0: LDR 3, 4 x MIXNOKEY 9, CHAINBACK 3, ADD 1, SUBROT 19, Rcon 1 = 63
@   last round: ADD 1, 4 x 19 = 77; exit LDR 3, STM 5, POP pc 5 = 13
@   22 + 111 + 80 + 1096 + 63 + 77 + 13 = 1462
@   from the cipher key: PUSH 2, LDR 3, LDR 3, LDM 4 words 6, ADD 1,
@     10 x (KEYSTEP 22 + Rcon 1) = 230, LDR 3, LDM 6, B 3 = 257 in
@     place of PUSH, LDR, LDR, LDM (18): 1462 + 239 = 1701

        .syntax unified
        .arm
        .include "common.inc"
        .include "regs.inc"
        .include "tmacros.inc"

        AES_BUFFERS

SBOX    = 1280                          @ the S-box, from IT

@ The previous round key in the InvMixColumns domain, from the next one
@ there, with the free state set y as temporaries: the chain undone, the
@ real w3 (MixColumns), f = SubWord(RotWord(w3)) ^ Rcon, w0 ^=
@ InvMixColumns(f). 3 + 3 + 9 + 1 + 18 + 1 + 21 + 1 = 57 cycles.
        .macro  IMKEYSTEP rcon, y0, y1, y2, y3
        CHAINBACK
        ldr     \y2, =0x01010101
        MIXNOKEY \y0, \y2, \y1, r11     @ the real w3
        add     \y1, ip, #SBOX
        SUBROT  \y1, \y3, \y0, 1
        eor     \y3, \y3, #\rcon
        INVMIXWORD \y3, \y3, \y2, \y1
        eor     r8, r8, \y3
        .endm

@ A round from set x to set y with the key in the domain: 80 cycles.
        .macro  IROUND x0, x1, x2, x3, y0, y1, y2, y3
        ICOLUMN \y0, \x0, \x3, \x2, \x1, r8
        ICOLUMN \y1, \x1, \x0, \x3, \x2, r9
        ICOLUMN \y2, \x2, \x1, \x0, \x3, r10
        ICOLUMN \y3, \x3, \x2, \x1, \x0, r11
        .endm

@ Two rounds, set B to A and back, each after its key step (Rcon(r + 1)
@ for K_r): 2 x 137 cycles.
        .macro  IMROUNDS rc0, rc1
        IMKEYSTEP \rc0, r0, r1, r2, r3
        IROUND  r4, r5, r6, r7, r0, r1, r2, r3
        IMKEYSTEP \rc1, r4, r5, r6, r7
        IROUND  r0, r1, r2, r3, r4, r5, r6, r7
        .endm

@ The real previous round key in place, S-box base in s: 24 cycles.
        .macro  BACKSTEP rcon, s
        CHAINBACK
        add     \s, ip, #SBOX
        SUBROT  \s
        eor     r8, r8, #\rcon
        .endm

        .global aes_decrypt, aes_decrypt_lrk
        .type   aes_decrypt, %function
        .type   aes_decrypt_lrk, %function
aes_decrypt:
        push    {lr}
        ldr     ip, =aes_itp
        ldr     lr, =aes_key
        ldmia   lr, {r8-r11}
        add     r4, ip, #SBOX
        .irp    rc, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
        eor     r8, r8, #\rc
        KEYSTEP r4
        .endr
        ldr     lr, =aes_state
        ldmia   lr, {r0-r3}
        b       from_last
        .ltorg

aes_decrypt_lrk:
        push    {lr}
        ldr     ip, =aes_itp
        ldr     lr, =aes_state
        ldmia   lr, {r0-r3, r8-r11}     @ the state, then K10
from_last:
        ARK     r0, r1, r2, r3          @ K10
        BACKSTEP 0x36, r4               @ K9
        ldr     r4, =0x01010101         @ into the InvMixColumns domain
        INVMIXWORD r8, r8, r4, r5
        INVMIXWORD r9, r9, r4, r5
        INVMIXWORD r10, r10, r4, r5
        INVMIXWORD r11, r11, r4, r5
        IROUND  r0, r1, r2, r3, r4, r5, r6, r7
        IMROUNDS 0x1b, 0x80             @ rounds 8, 7: K8, K7
        IMROUNDS 0x40, 0x20
        IMROUNDS 0x10, 0x08
        IMROUNDS 0x04, 0x02             @ rounds 2, 1: K2, K1
        ldr     r0, =0x01010101         @ K1 out of the domain
        MIXNOKEY r8, r0, r1
        MIXNOKEY r9, r0, r1
        MIXNOKEY r10, r0, r1
        MIXNOKEY r11, r0, r1
        BACKSTEP 0x01, r0               @ K0
        add     ip, ip, #1024           @ the inverse S-box
        ILASTCOLUMN r0, r4, r7, r6, r5, r8
        ILASTCOLUMN r1, r5, r4, r7, r6, r9
        ILASTCOLUMN r2, r6, r5, r4, r7, r10
        ILASTCOLUMN r3, r7, r6, r5, r4, r11
        ldr     lr, =aes_state
        stmia   lr, {r0-r3}
        pop     {pc}
        .ltorg

        .align  2
        .global aes_itp, aes_itp_end
aes_itp:
        .include "itable.inc"
        .include "inv_sbox.inc"
        .include "sbox.inc"
aes_itp_end:
