; The ciphers of the card OS's KEYS_PRECOMPUTED build: AES-128/192/256
; encryption and decryption with the round keys read from EEPROM, where
; PUT DATA stored them (seed 004 §2-2 a, "stand-alone calculation"), and
; the key-expansion steps PUT DATA computes them with. The S-box pass,
; MixColumns and InvMixColumns are aes51.inc's macros, the expansion
; winkey.inc's EXPAND.
;
; Round keys in EEPROM: page r (32 bytes at RK_BASE + 32 r, r = 0..Nr)
; starts with K_r in FIPS-197 byte order (its 16 bytes are words 4r..4r+3
; of the expansion; PUT DATA programs Nk words a page, cardos.h). They
; are read with MOVX A,@R1, P2 supplying the address's high byte, so
; DPTR stays on the tables; P2 is saved and restored.
;
; Interface (sdcc, small model):
;   void aes_ee_encrypt(unsigned char nr)   nr in DPL: 10, 12 or 14
;   void aes_ee_decrypt(unsigned char nr)
;     in/out: aes_state (IRAM 0x30-0x3F); aes_key untouched
;   unsigned char aes_expand4(unsigned char rcon)   (and 6, 8)
;     the window of Nk words in aes_key replaced by the next Nk words of
;     the key expansion, in place; rcon in DPL, the next Rcon returned in DPL
;   all clobber A, B, DPTR, PSW, R1-R7
;
; Cycles (machine cycles, + 2 for the LCALL from C):
;   ee_ark (AddRoundKey of one round key, then the page step):
;     16 x (MOVX 2 + XRL 1 + INC/DEC 1) = 64, page step 5 (6 when P2
;     moves), LCALL 2 + RET 2: 73 or 74
;   encrypt: entry 9 + ARK 73 + Nr x (SUBSHIFT 56 + DJNZ 2 + ARK 73)
;     + (Nr - 1) x (MixColumns 102 + LJMP 2) + 1 (P2 moves once for Nr > 7)
;     + POP, RET 4
;   decrypt: the same with InvSubBytes/InvShiftRows 56 and InvMixColumns
;     4 x 41 + 2 page switches

        .include "../aes/aes51.inc"
NK      = 4
        .include "../aes/winkey.inc"

RK_BASE = 0x8200                ; round-key pages (cardos.h EE_RK); 256-aligned

        .area   CSEG    (CODE)

; ---- encryption ----------------------------------------------------------
_aes_ee_encrypt::
        mov     r5,dpl          ; rounds
        push    p2
        mov     p2,#>RK_BASE
        mov     r1,#<RK_BASE    ; K0
        mov     dptr,#aes_sbox
        lcall   ee_ark_up
ee_enc_round:
        SUBSHIFT
        djnz    r5,ee_enc_mix
        lcall   ee_ark_up       ; K_Nr: the last round has no MixColumns
        pop     p2
        ret
ee_enc_mix:
        TO_XTIME
        MIX4    MIXCOL
        TO_SBOX
        lcall   ee_ark_up
        ljmp    ee_enc_round

; AddRoundKey with the key at P2:R1, upwards; then R1 to the next page's
; start (R1 + 16 past the key's 16 bytes), P2 carried when it wraps (the
; branch depends on the round number only)
ee_ark_up:
        .irp    i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        movx    a,@r1
        xrl     st+i,a
        inc     r1
        .endm
        mov     a,r1
        add     a,#16
        mov     r1,a
        jnc     1$
        inc     p2
1$:     ret

; ---- decryption ----------------------------------------------------------
_aes_ee_decrypt::
        mov     a,dpl
        mov     r5,a            ; rounds
        push    p2
        mov     b,#32           ; one past K_Nr: RK_BASE + 32 Nr + 16
        mul     ab
        add     a,#<RK_BASE+16
        mov     r1,a
        mov     a,b
        addc    a,#>RK_BASE
        mov     p2,a
        mov     dptr,#aes_inv_sbox
        lcall   ee_ark_down     ; K_Nr
ee_dec_round:
        INVSUBSHIFT
        lcall   ee_ark_down
        djnz    r5,ee_dec_mix
        pop     p2
        ret                     ; K0 added: the last round has no InvMixColumns
ee_dec_mix:
        INV_TO_XTIME
        MIX4    INVMIX
        inc     dph             ; xtime -> inverse S-box
        ljmp    ee_dec_round

; AddRoundKey with the key just below P2:R1, last byte first (R1 is
; decremented before each read, so it never wraps inside a key); then R1
; to one past the previous page's key (R1 - 16), P2 borrowed from
ee_ark_down:
        .irp    i,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0
        dec     r1
        movx    a,@r1
        xrl     st+i,a
        .endm
        mov     a,r1
        clr     c
        subb    a,#16
        mov     r1,a
        jnc     1$
        dec     p2
1$:     ret

; ---- key expansion steps for PUT DATA ------------------------------------
        .macro  EXPSTEP
        mov     r6,dpl          ; Rcon
        mov     dptr,#aes_sbox
        EXPAND
        mov     dpl,r6          ; the next Rcon
        ret
        .endm

NK      = 4
_aes_expand4::
        EXPSTEP
NK      = 6
_aes_expand6::
        EXPSTEP
NK      = 8
_aes_expand8::
        EXPSTEP
