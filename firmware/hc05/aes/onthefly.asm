; AES-128 encryption on the 68HC05 with the key schedule run on the fly:
; no round-key RAM, the 16-byte key buffer steps from K0 to K10 in place
; as the rounds go. For a card with the 352 bytes of the MC68HC705B16 (or
; less): 53 bytes of page-zero RAM in all, stack included.
; cardlab firmware: firmware/hc05/aes/onthefly.asm (manifest onthefly.toml)
;
; Written from FIPS-197 5.1 and 5.2. Constant time: the only conditional
; branches test Rcon, which depends on the round alone; S-box and xtime
; reads take 5 cycles at any index.
;
; Interface (cardlab hc05 convention): the key in aes_key, the block in
; aes_state, JSR aes_encrypt; the result replaces the block. The key
; buffer is left holding K10 (the key is destroyed).
;
; RAM map (page zero)
;   0x50-0x5F  aes_state (st)     0x60-0x6F  tm (SubBytes+ShiftRows out)
;   0x70 tt, 0x72 rcon, 0x73 sav  0x74-0x83  aes_key (ky): K0, then K1..K10
;   stack: the return address only (0xFE-0xFF)
;
;
; Cycles (HC05, the listing's figures; from the entry to RTS inclusive):
;   Rcon 6 + round 1's SubBytes+ShiftRows with AddRoundKey K0 16 x 17
;   + 9 x (KEYNEXT 154 + Rcon 8 + MixColumns with AddRoundKey 4 x 114
;   + test 8) + 8 x (SubBytes+ShiftRows 192 + JMP 3) + KEYNEXT 154
;   + round 10 in place with K10 268 + RTS 6                        = 7906
;   (the Rcon update takes the 0x1b path once: + 6). A MixColumns column
;   is 29 + 3 x 19 cycles, plus 7 a byte for AddRoundKey from page zero
;   (EOR 3, STA 4). Round 10 in place: 12 bytes at 15 (LDX, LDA S,X, EOR
;   key, STA), the first S-box output of each of the four ShiftRows cycles
;   into sav 12 and out 10: 4 x 15 + 67 + 2 x 37 + 67 = 268.

        .hc05

aes_key == ky
aes_state == st

        .include "aes05.inc"

; ---- the next round key, in place (FIPS-197 5.2) ---------------------------
; Byte b of K(r+1): t_b = S[w3[b+1 mod 4]] (^ Rcon for b = 0), then the
; chain w0 ^= t, w1 ^= w0, w2 ^= w1, w3 ^= w2 in A (7 cycles a byte).
; Byte b reads w3[b+1] and writes w3[b]: t_3 = S[w3[0]] is taken first
; into sav, so b = 0, 1, 2 can run in order. 154 cycles.
        .macro  KEYNEXT
        ldx     *ky+12
        lda     aes_sbox,x
        sta     *sav                    ; t_3 = S[w3[0]]
        .irp    b,0,1,2,3
        .if     b-3
        ldx     *ky+13+b
        lda     aes_sbox,x              ; t_b = S[w3[b+1]]
        .else
        lda     *sav
        .endif
        .if     b
        .else
        eor     *rcon
        .endif
        eor     *ky+b
        sta     *ky+b
        eor     *ky+4+b
        sta     *ky+4+b
        eor     *ky+8+b
        sta     *ky+8+b
        eor     *ky+12+b
        sta     *ky+12+b
        .endm
        .endm

; AddRoundKey as MixColumns stores its bytes
        .macro  MCOUT j
        eor     *ky+j
        sta     *st+j
        .endm

        .area   AESCODE (ABS)
        .org    CODE_AT

aes_encrypt::
        lda     #0x01
        sta     *rcon
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *st+(j&3)+4*(((j/4)+(j&3))&3)
        eor     *ky+(j&3)+4*(((j/4)+(j&3))&3)   ; AddRoundKey K0
        tax
        lda     aes_sbox,x              ; SubBytes+ShiftRows of round 1
        sta     *tm+j
        .endm
enc_round:
        KEYNEXT                         ; K(r) from K(r-1) with rcon
        lsl     *rcon                   ; Rcon = {02} Rcon: 0x80 gives
        bcc     enc_rc                  ; 0x00 and carry, so 0x1b
        lda     #0x1b
        sta     *rcon
enc_rc: MIXCOL  0                       ; tm -> st with AddRoundKey K(r)
        MIXCOL  1
        MIXCOL  2
        MIXCOL  3
        lda     *rcon
        cmp     #0x36                   ; {02} 0x1b: round 9 was just done
        beq     enc_last
        SUBSHIFT                        ; st -> tm for round r+1
        jmp     enc_round
; round 10: K10, then SubBytes+ShiftRows+AddRoundKey in place in st. Row
; 0 stays; row 1 is one cycle of four, row 2 two swaps, row 3 one cycle:
; the first S-box output of each cycle waits in sav.
enc_last:
        KEYNEXT
        LASTINPLACE *ky,sav
        rts
