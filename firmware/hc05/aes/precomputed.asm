; AES-128 on the 68HC05 with the round keys precomputed in RAM2, as seed
; 002 did on the MC68HC705B16: key setup expands the key to K0..K10
; (176 bytes, all of RAM2); encryption and decryption then read them.
; cardlab firmware: firmware/hc05/aes/precomputed.asm (manifest
; precomputed.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: the only conditional
; branches test the round counter (and Rcon, which depends on the round
; alone); S-box and xtime reads take 5 cycles at any index.
;
; Interface (cardlab hc05 convention): the key in aes_key (= K0, the first
; 16 bytes of RAM2), JSR aes_key_setup; then any number of times a block in
; aes_state and JSR aes_encrypt or aes_decrypt; the result replaces the
; block. The key survives as K0.
;
; RAM map
;   0x0250-0x02FF  rk: K0..K10, Kr at rk + 16 r (RAM2; aes_key == K0)
;   0x50-0x5F      aes_state (st)         0x60-0x6F  tm
;   0x70 tt, 0x71 rko (16 r of the round key in use), 0x72 rcon
;   stack: the return address only (0xFE-0xFF)
;
; Registers: A the byte in work; X the table index, or rko when a round
; key byte is read (EOR rk+j,X: 16-bit offset, 5 cycles).
;
; Cycles (HC05, the listing's figures; from the entry to RTS inclusive):
;   key setup: 9 + 10 x (Rcon 3 + 4 x (S-box 15 + chain 4 x 11) + STX 4
;              + Rcon update 8 + counter 14) - 3 + 6 (Rcon wraps once)
;              + RTS 6                                              = 2668
;   encrypt:   6 + round 1's SubBytes+ShiftRows with AddRoundKey K0
;              16 x 18 + 9 x (MixColumns with AddRoundKey 4 x 134
;              + step and test 14) + 8 x (SubBytes+ShiftRows 192
;              + JMP 3) + round 10 in place with K10 284 + RTS 6    = 7094
;              (round 10: 12 bytes at 16, LDX, LDA S,X, EOR rk, STA;
;              the first S-box output of each ShiftRows cycle into tt 12
;              and out 11: 4 x 16 + 71 + 2 x 39 + 71)
;   decrypt:   K10 176 + 6 + 9 x (InvShiftRows+InvSubBytes with
;              AddRoundKey 320 + test 6 + InvMixColumns 4 x 76
;              + 4 x 102 + 12) + 320 + 9 + copy 112 + RTS 6         = 10079
;   A MixColumns column is 29 + 3 x 19 cycles, plus 12 a byte for
;   AddRoundKey (LDX rko 3, EOR rk+j,X 5, STA 4).
;   The loop-based key setup cannot reach seed 002's "< 2000": each of
;   the 160 new bytes costs at least EOR rk,X 5 + STA rk,X 6 (RAM2 only by
;   16-bit addresses); unrolled with extended addresses it would take
;   about 1850 cycles but 1.2 KB more ROM than the 2.5 KB budget holds.

        .hc05

rk      = RAM2
aes_key == rk
aes_state == st
aes_round_keys == rk

        .include "aes05.inc"

        .area   AESCODE (ABS)
        .org    CODE_AT

; ---- key setup: K1..K10 from K0 (FIPS-197 5.2) -----------------------------
; With X = 16 r pointing at K(r) and t = SubWord(RotWord(w3)) ^ Rcon:
; byte b of K(r+1) is t_b ^ w0_b, then ^ w1_b, ^ w2_b, ^ w3_b in turn, each
; stored as it comes: a chain in A, 11 cycles a byte (EOR rk+,X 5 +
; STA rk+,X 6).
aes_key_setup::
        lda     #0x01
        sta     *rcon
        clrx
ks_next:
        stx     *rko
        .irp    b,0,1,2,3
        lda     rk+12+((b+1)&3),x       ; RotWord: byte b+1 of w3
        tax
        lda     aes_sbox,x              ; SubWord
        ldx     *rko
        .if     b-0
        .else
        eor     *rcon                   ; Rcon on byte 0
        .endif
        eor     rk+b,x
        sta     rk+16+b,x               ; w4 = w0 ^ t
        eor     rk+4+b,x
        sta     rk+20+b,x               ; w5 = w1 ^ w4
        eor     rk+8+b,x
        sta     rk+24+b,x               ; w6 = w2 ^ w5
        eor     rk+12+b,x
        sta     rk+28+b,x               ; w7 = w3 ^ w6
        .endm
        lsl     *rcon                   ; Rcon = {02} Rcon: 0x80 gives
        bcc     ks_rc                   ; 0x00 and carry, so 0x1b
        lda     #0x1b
        sta     *rcon
ks_rc:  txa
        add     #16
        tax
        cpx     #160
        beq     ks_done
        jmp     ks_next
ks_done:
        rts

; ---- encryption (FIPS-197 5.1) ---------------------------------------------
; Round r: SubBytes+ShiftRows st -> tm, then MixColumns tm -> st with
; AddRoundKey K(r) on each byte as it is stored.
        .macro  MCOUT j
        ldx     *rko
        eor     rk+j,x
        sta     *st+j
        .endm

aes_encrypt::
        lda     #16
        sta     *rko
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *st+(j&3)+4*(((j/4)+(j&3))&3)
        eor     rk+(j&3)+4*(((j/4)+(j&3))&3)    ; AddRoundKey K0
        tax
        lda     aes_sbox,x              ; SubBytes+ShiftRows of round 1
        sta     *tm+j
        .endm
enc_mix:
        MIXCOL  0
        MIXCOL  1
        MIXCOL  2
        MIXCOL  3
        lda     *rko
        add     #16
        sta     *rko
        cmp     #160
        beq     enc_last
        SUBSHIFT
        jmp     enc_mix
; round 10: SubBytes+ShiftRows+AddRoundKey K10 in place in st. Row 0
; stays; row 1 is one cycle of four, row 2 two swaps, row 3 one cycle: the
; first S-box output of each cycle waits in tt.
enc_last:
        LASTINPLACE rk+160,tt
        rts

; ---- decryption (FIPS-197 5.3, the inverse cipher) -------------------------
; Round r = 9..0: InvShiftRows+InvSubBytes st -> tm with AddRoundKey K(r)
; on each byte, then (r > 0) InvMixColumns tm -> st.
        .mdelete MCOUT
        .macro  MCOUT j
        sta     *st+j
        .endm

aes_decrypt::
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *st+j                   ; AddRoundKey K10
        eor     rk+160+j
        sta     *st+j
        .endm
        lda     #144
        sta     *rko
dec_round:
        INVSUBSHIFTKEY
        lda     *rko
        bne     dec_mix
        jmp     dec_last
dec_mix:
        INVPRE  0
        INVPRE  1
        INVPRE  2
        INVPRE  3
        MIXCOL  0
        MIXCOL  1
        MIXCOL  2
        MIXCOL  3
        lda     *rko
        sub     #16
        sta     *rko
        jmp     dec_round
dec_last:
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *tm+j
        sta     *st+j
        .endm
        rts
