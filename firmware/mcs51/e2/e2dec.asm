; E2-128 for the MCS-51 with the round keys in external RAM: key setup, then
; decryption (e2.asm run backwards).
; cardlab firmware: firmware/mcs51/e2/e2dec.asm (manifest e2dec.toml)
;
; Written from the E2 specification (§2.2): decryption is the same network
; with the round keys k12..k1 and the IT/FT keys exchanged: IT(C, k16,
; k15), FT(Y, k13, k14), so the key setup inverts k14 | 1 instead of
; k15 | 1. The round keys are read backwards (R1 back 32 after each
; round: 3 cycles). Everything else is e2.asm's (e2.inc).
;
; Interface (cardlab mcs51 ABI): the key in e2_key, LCALL e2_key_setup;
; then, any number of times, the ciphertext in e2_block and LCALL
; e2_decrypt; the plaintext is in e2_block. Constant time, as e2.asm.

        .include "e2.inc"

; R1 from past round key k to k - 1: 3 cycles.
        .macro  BACK
        mov     a,r1
        add     a,#-32
        mov     r1,a
        .endm

        .org    0x0000
        KEYSETUP 13

e2_decrypt::
        mov     p2,#0
        mov     dptr,#e2_sbox
        mov     r1,#15*16       ; IT: ^ k16, . (k15 | 1), BP
        acall   keyxor
        mov     r1,#14*16
        acall   mulodd
        BP
        mov     r1,#11*16       ; k12
        mov     cnt,#6
dec_pass:
        ROUND   blk,blk+8       ; L ^= F(R, k)
        BACK
        ROUND   blk+8,blk       ; R ^= F(L, k)
        BACK
        djnz    cnt,dec_more
        BPINV                   ; FT: BP^-1 of Y = R || L
        mov     r1,#13*16       ; . (k14 | 1)^-1, ^ k13
        acall   mul
        mov     r1,#12*16
        acall   keyxor
        ret
dec_more:
        ajmp    dec_pass        ; (the pass is too long for DJNZ's reach)

        MULSUB  mulodd,1
        MULSUB  mul,0
        MUL32SUB
        KXSUB
        FSUB
