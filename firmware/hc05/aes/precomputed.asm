; AES-128 on the 68HC05 with the round keys precomputed in RAM2, as seed
; 002 did on the MC68HC705B16: key setup expands the key to K0..K10
; (176 bytes, all of RAM2); encryption and decryption then read them.
; cardlab firmware: firmware/hc05/aes/precomputed.asm (manifest
; precomputed.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: the only conditional
; branches test the round or byte counter (and Rcon, which depends on the
; round alone); S-box and xtime reads take 5 cycles at any index.
;
; Interface (cardlab hc05 convention): the key in aes_key (= K0, the first
; 16 bytes of RAM2), JSR aes_key_setup; then any number of times a block in
; aes_state and JSR aes_encrypt or aes_decrypt; the result replaces the
; block. The key survives as K0.
;
; RAM map
;   0x0250-0x02FF  rk: K0..K10, Kr at rk + 16 r (RAM2; aes_key == K0)
;   0x50-0x5F      aes_state (st)         0x60-0x6F  tm
;   0x70 tt; 0x71 rko: 16 r + 96 in key setup (KSB) and encryption (EKB),
;   16 r in decryption; 0x72 rcon
;   stack: the return address only (0xFE-0xFF)
;
; Registers: A the byte in work; X the table index, or rko when a round
; key byte is read (EOR rk+j,X: 16-bit offset, 5 cycles).
;
; Cycles (HC05, the listing's figures; from the entry to RTS inclusive):
;   key setup: 8 + 5 x (STX 4 + two round keys 2 x (4 x (S-box 13
;              + chain 4 x 11) + Rcon 3 + LSL 5) + BCC 3 + step 6
;              + BCS 3 + JMP 3) - 3 + 6 (Rcon wraps once) + RTS 6   = 2472
;   encrypt:   6 + round 1's SubBytes+ShiftRows with AddRoundKey K0
;              16 x 18 + 9 x (MixColumns with AddRoundKey 4 x 134
;              + step and test 12) + 8 x (SubBytes+ShiftRows 192
;              + JMP 3) + round 10 in place with K10 284 + RTS 6    = 7076
;              (round 10: 12 bytes at 16, LDX, LDA S,X, EOR rk, STA;
;              the first S-box output of each ShiftRows cycle into tt 12
;              and out 11: 4 x 16 + 71 + 2 x 39 + 71)
;   decrypt:   AddRoundKey K10 st -> tm 2 + 4 x 65 + rko 6 + 9 x
;              (InvShiftRows+InvSubBytes with AddRoundKey 320 + step
;              and test 12 + InvMixColumns 4 x 76 + 4 x 102 + JMP 3)
;              + 320 + 12 + RTS 6                                   = 10029
;   A MixColumns column is 29 + 3 x 19 cycles, plus 12 a byte for
;   AddRoundKey (LDX rko 3, EOR rk+j,X 5, STA 4).
;   Neither seed 002's key setup "< 2000" nor 6500 cycles of encryption
;   fit in 2560 bytes of ROM; README.md, "Why not faster", has the sums.

        .hc05

rk      = RAM2
aes_key == rk
aes_state == st
aes_round_keys == rk

        .include "aes05.inc"

        .area   AESCODE (ABS)
        .org    CODE_AT

; ---- key setup: K1..K10 from K0 (FIPS-197 5.2) -----------------------------
; With X = 16 r + KSB pointing at K(r) and t = SubWord(RotWord(w3)) ^ Rcon:
; byte b of K(r+1) is t_b ^ w0_b, then ^ w1_b, ^ w2_b, ^ w3_b in turn, each
; stored as it comes: a chain in A, 11 cycles a byte (EOR rk+,X 5 +
; STA rk+,X 6). The S-box index comes straight into X (LDX rk+,X 5).
; KSTEP o makes K(r+1+o/16) from K(r+o/16) and doubles Rcon: 4 x 57 +
; Rcon 3 + LSL 5 = 236 cycles. A pass makes two round keys (r even), X
; steps by 32, and the bias KSB = 96 makes the step after K10 carry out
; of X (32 x 5 + 96 = 256), so no compare ends the loop.
KSB     = 96
        .macro  KSTEP o
        .irp    b,0,1,2,3
        ldx     rk-KSB+o+12+((b+1)&3),x ; 5   RotWord: byte b+1 of w3
        lda     aes_sbox,x              ; 5   SubWord
        ldx     *rko                    ; 3
        .if     b-0
        .else
        eor     *rcon                   ; 3   Rcon on byte 0
        .endif
        eor     rk-KSB+o+b,x            ; 5
        sta     rk-KSB+o+16+b,x         ; 6   w4 = w0 ^ t
        eor     rk-KSB+o+4+b,x          ; 5
        sta     rk-KSB+o+20+b,x         ; 6   w5 = w1 ^ w4
        eor     rk-KSB+o+8+b,x          ; 5
        sta     rk-KSB+o+24+b,x         ; 6   w6 = w2 ^ w5
        eor     rk-KSB+o+12+b,x         ; 5
        sta     rk-KSB+o+28+b,x         ; 6   w7 = w3 ^ w6
        .endm
        lsl     *rcon                   ; 5   Rcon = {02} Rcon, the carry
        .endm                           ;     tested after the pass

aes_key_setup::
        lda     #0x01                   ; 2
        sta     *rcon                   ; 4
        ldx     #KSB                    ; 2   X = 16 r + KSB, r = 0
ks_next:
        stx     *rko                    ; 4
        KSTEP   0                       ; 236 K(r+1)
        KSTEP   16                      ; 236 K(r+2)
        bcc     ks_rc                   ; 3   Rcon was 0x80 (after K8):
        lda     #0x1b                   ; 2   0x00 and carry, so 0x1b
        sta     *rcon                   ; 4   (once)
ks_rc:  txa                             ; 2
        add     #32                     ; 2
        tax                             ; 2
        bcs     ks_done                 ; 3   K10 written
        jmp     ks_next                 ; 3
ks_done:
        rts                             ; 6

; ---- encryption (FIPS-197 5.1) ---------------------------------------------
; Round r: SubBytes+ShiftRows st -> tm, then MixColumns tm -> st with
; AddRoundKey K(r) on each byte as it is stored (LDX rko 3, EOR rk+j,X 5,
; STA 4). rko holds 16 r + EKB; with EKB = 96 the step after round 9
; carries out (16 x 10 + 96 = 256), so no compare ends the loop.
EKB     = 96
        .macro  MCOUT j
        ldx     *rko
        eor     rk-EKB+j,x
        sta     *st+j
        .endm

aes_encrypt::
        lda     #16+EKB                 ; 2
        sta     *rko                    ; 4   round 1
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *st+(j&3)+4*(((j/4)+(j&3))&3)
        eor     rk+(j&3)+4*(((j/4)+(j&3))&3)    ; AddRoundKey K0
        tax
        lda     aes_sbox,x              ; SubBytes+ShiftRows of round 1
        sta     *tm+j                   ; 3 + 4 + 2 + 5 + 4 = 18
        .endm
enc_mix:
        MIXCOL  0                       ; 4 x (86 + 4 x 12) = 536
        MIXCOL  1
        MIXCOL  2
        MIXCOL  3
        lda     *rko                    ; 3
        add     #16                     ; 2
        sta     *rko                    ; 4
        bcs     enc_last                ; 3   round 10 next
        SUBSHIFT                        ; 192
        jmp     enc_mix                 ; 3
; round 10: SubBytes+ShiftRows+AddRoundKey K10 in place in st. Row 0
; stays; row 1 is one cycle of four, row 2 two swaps, row 3 one cycle: the
; first S-box output of each cycle waits in tt.
enc_last:
        LASTINPLACE rk+160,tt           ; 12 x 16 + 4 x (12 + 11) = 284
        rts                             ; 6

; ---- decryption (FIPS-197 5.3, the inverse cipher) -------------------------
; The block moves st -> tm (AddRoundKey K10), then each round r = 9..0
; InvShiftRows+InvSubBytes with AddRoundKey K(r) tm -> st and, for r > 0,
; InvMixColumns st -> tm (its {05 00 04 00} pre-step in place in st, then
; MixColumns st -> tm). Round 0 so leaves the result in st, with no copy.
        .mdelete MCOUT
        .macro  MCOUT j
        sta     *tm+j
        .endm

aes_decrypt::
        ldx     #12                     ; 2
dec_k10:                                ; 4 x 65: 4 bytes a pass (86 cycles
                                        ; more than unrolled, 92 bytes less)
        .irp    j,0,1,2,3
        lda     *st+j,x                 ; 4
        eor     rk+160+j,x              ; 5   AddRoundKey K10
        sta     *tm+j,x                 ; 5
        .endm
        txa                             ; 2
        sub     #4                      ; 2
        tax                             ; 2
        bpl     dec_k10                 ; 3
        lda     #144                    ; 2
        sta     *rko                    ; 4   round 9
dec_round:
        INVSUBSHIFTKEY tm,st            ; 320
        lda     *rko                    ; 3
        sub     #16                     ; 2
        sta     *rko                    ; 4   16 (r - 1); borrow after r = 0
        bcc     dec_mix                 ; 3
        rts                             ; 6
dec_mix:
        INVPRE  0,st                    ; 4 x 76
        INVPRE  1,st
        INVPRE  2,st
        INVPRE  3,st
        MIXCOLA 0,st                    ; 4 x (86 + 4 x 4)
        MIXCOLA 1,st
        MIXCOLA 2,st
        MIXCOLA 3,st
        jmp     dec_round               ; 3
