; The on-the-fly key-schedule ciphers of the card OS's KEYS_ONTHEFLY
; build: AES-128 decryption (the loop of firmware/mcs51/aes/decrypt.asm,
; dec128.inc), AES-192/256 encryption (window.inc's loop: a window of Nk
; words of the key expansion advanced in place) and AES-192/256 decryption
; (windec.inc's loop). The steps are aes51.inc's and winkey.inc's macros;
; the loops are restated here as relocatable routines callable from C,
; with LCALL/LJMP in place of ACALL/AJMP (the same cycles on the 8051).
; AES-128 encryption is aes_fast128.asm.
;
; Interface (sdcc, small model), every routine: void f(void)
;   in:  aes_key (IRAM 0x40..) the cipher key, Nk x 4 bytes;
;        aes_state (0x30-0x3F) the block
;   out: aes_state; aes_key: encryption destroys it, decryption leaves
;        the cipher key
;   clobbers A, B, DPTR, PSW, R1-R7
;
; Cycles (the variants' headers count them; + 2 for the LCALL from C):
;   aes_dec128   3844 (decrypt.asm)
;   aes_enc192   3162 (window192)    aes_dec192 4471 (windowdec192)
;   aes_enc256   3706 (window256)    aes_dec256 5250 (windowdec256)

        .include "../aes/aes51.inc"
NK      = 4
        .include "../aes/winkey.inc"

        .area   CSEG    (CODE)

; ---- AES-128 decryption (dec128.inc) --------------------------------------
; K10 by ten forward steps, then one step back per round; AddRoundKey
; folded in after each inverse S-box lookup (KEYOUT)
        .mdelete KEYOUT
        .macro  KEYOUT  d
        xrl     a,ky+d
        .endm

_aes_dec128::
        mov     dptr,#aes_sbox
        mov     r6,#0x01
        mov     r5,#10
dec128_forward:
        KEYNEXT
        RCONNEXT
        djnz    r5,dec128_forward
        mov     r6,#0x36        ; Rcon(10)
        mov     r5,#10
        ARK16                   ; K10
dec128_round:
        KEYPREV
        RCONPREV
        TO_INV
        INVSUBSHIFT             ; and K(r-1) added
        djnz    r5,dec128_mix
        ret                     ; K0 added: the last round has no InvMixColumns
dec128_mix:
        INV_TO_XTIME
        MIX4    INVMIX
        TO_SBOX
        ljmp    dec128_round

        .mdelete KEYOUT         ; back to the plain S-box pass for the windows
        .macro  KEYOUT  d
        .endm

; ---- the window loops, for NK = 6 and 8 -----------------------------------
; One word of AddRoundKey going up: refill the window when R1 reaches its
; end (the branch depends on the round number only), then 4 x 3 cycles
        .macro  ARKUP   w,expand,?more
        cjne    r1,#ky+4*NK,more
        lcall   expand
more:
        .irp    i,0,1,2,3
        mov     a,@r1
        xrl     st+w+i,a
        inc     r1
        .endm
        .endm

; One word going down, last byte first; step the window back when R1 falls
; below it
        .macro  ARKDOWN w,unexpand,?more
        cjne    r1,#ky-1,more
        lcall   unexpand
more:
        .irp    i,3,2,1,0
        mov     a,@r1
        xrl     st+w+i,a
        dec     r1
        .endm
        .endm

; Encryption (window.inc). Labels are arguments so each key size has its own.
        .macro  WINENC  round,mix,ark,expand
        mov     dptr,#aes_sbox
        mov     r6,#0x01        ; Rcon
        mov     r5,#NR          ; rounds
        mov     r1,#ky          ; the first round key is the cipher key
        lcall   ark
round:  SUBSHIFT
        djnz    r5,mix
        ljmp    ark             ; last round: no MixColumns; its RET returns
mix:    TO_XTIME
        MIX4    MIXCOL
        TO_SBOX
        lcall   ark
        ljmp    round
ark:    ARKUP   0,expand
        ARKUP   4,expand
        ARKUP   8,expand
        ARKUP   12,expand
        ret
expand: EXPAND                  ; the next Nk words in place
        mov     r1,#ky
        ret
        .endm

; Decryption (windec.inc): forward STEPS windows to the one holding K_Nr,
; then the inverse cipher walking the window back
        .macro  WINDEC  forward,round,mix,ark,unexpand,expand
        mov     dptr,#aes_sbox
        mov     r6,#0x01
        mov     r5,#STEPS
forward:
        lcall   expand
        djnz    r5,forward
        mov     r6,#RCONL
        mov     r5,#NR
        mov     r1,#ky+15       ; the last byte of K_Nr
        lcall   ark
round:  TO_INV
        INVSUBSHIFT
        INV_TO_XTIME
        TO_SBOX                 ; the key steps need the S-box
        lcall   ark
        djnz    r5,mix
        ret
mix:    TO_XTIME
        MIX4    INVMIX
        TO_SBOX
        ljmp    round
ark:    ARKDOWN 12,unexpand
        ARKDOWN 8,unexpand
        ARKDOWN 4,unexpand
        ARKDOWN 0,unexpand
        ret
unexpand:
        UNEXPAND
        mov     r1,#ky+4*NK-1
        ret
expand: EXPAND
        ret
        .endm

NK      = 6
NR      = 12
STEPS   = 8                     ; W_8 holds w48..w53, K12 = w48..w51
RCONL   = 0x80
_aes_enc192::
        WINENC  enc192_round,enc192_mix,enc192_ark,enc192_expand
_aes_dec192::
        WINDEC  dec192_forward,dec192_round,dec192_mix,dec192_ark,dec192_unexpand,dec192_expand

NK      = 8
NR      = 14
STEPS   = 7                     ; W_7 holds w56..w63, K14 = w56..w59
RCONL   = 0x40
_aes_enc256::
        WINENC  enc256_round,enc256_mix,enc256_ark,enc256_expand
_aes_dec256::
        WINDEC  dec256_forward,dec256_round,dec256_mix,dec256_ark,dec256_unexpand,dec256_expand
