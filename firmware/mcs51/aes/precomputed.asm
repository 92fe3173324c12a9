; AES-128 with a precomputed key schedule for the MCS-51: key setup stores
; all eleven round keys in internal RAM; encryption and decryption then
; read them through R1.
; cardlab firmware: firmware/mcs51/aes/precomputed.asm (manifest
; precomputed.toml)
;
; Written from FIPS-197 5.1-5.3. The rounds are those of fast.asm and
; decrypt.asm (aes51.inc); only where the round key comes from differs.
; Constant time: no branch or address depends on the key or the data but
; the S-box and xtime reads, which MOVC times alike.
;
; Interface (cardlab mcs51 ABI): key in aes_key; LCALL aes_key_setup;
; then, any number of times, a block in aes_state and LCALL aes_encrypt
; or aes_decrypt; the result is in aes_state. aes_key holds K10 after
; key setup (the cipher key lives on as K0 in the schedule).
;
; RAM map (internal RAM)
;   0x30-0x3F  aes_state (aes51.inc)
;   0x40-0x4F  aes_key: the key, then the work buffer of the key setup
;   0x50-0xFF  aes_round_keys: K0..K10, 16 bytes each (the upper 128
;              bytes are reached only indirectly, through R1)
;   R1 round-key pointer, R5 rounds left, R6 Rcon, R2 R3 R7 MixColumns
;   temporaries; stack: the return address only.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the totals):
;   key setup: 5 + STORE 48 + 10 x (KEYNEXT 46 + STORE 48 + DJNZ 2)
;              + 1 (Rcon reduces once) + RET 2                          = 1016
;   encrypt:   4 + ARKR 48 + 9 x (56 + 2 + 1 + 4 x 38 + 1 + 2)
;              + 56 + 2 + ARKR 48 + RET 2                               = 2086
;   decrypt:   4 + ARKR 48 + 9 x (56 + 3 + 2 + 1 + 4 x 58 + 1 + 2)
;              + 56 + 3 + 2 + ARKR 48 + RET 2                           = 2836
;   (MixColumns with the key: 22 + 4 x 2 XTIME + 4 x 2 KEYX = 38 a column;
;   InvMixColumns with the key: 4 x 3 KADD + 16 + 30 = 58; MOV @R1,direct
;   is 2 cycles, so STORE and ARKR cost 3 a byte)

rk      = 0x50                  ; K0; Kr at rk + 16 r
aes_round_keys == rk

        .include "aes51.inc"

        .area   CSEG (ABS,CODE)

        .macro  XTIME           ; 2 cycles, DPTR at the xtime table
        movc    a,@a+dptr
        .endm

; Copy the work buffer to the round key at R1: 16 x 3 = 48 cycles
        .macro  STORE
        .irp    i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        mov     @r1,ky+i
        inc     r1
        .endm
        .endm

; state ^= the round key at R1, R1 advanced past it: 16 x 3 = 48 cycles
        .macro  ARKR
        .irp    i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        mov     a,@r1
        xrl     st+i,a
        inc     r1
        .endm
        .endm

        .org    0x0000
; ---- key setup: K0..K10 to rk --------------------------------------------
aes_key_setup::
        mov     dptr,#aes_sbox
        mov     r1,#rk
        mov     r6,#0x01
        mov     r5,#10
        STORE                   ; K0
ks_next:
        KEYNEXT
        STORE
        djnz    r5,ks_next
        ret

; ---- encryption: MixColumns adds the key byte at R1 ---------------------
        .macro  KEYX    k       ; 2 cycles
        xrl     a,@r1
        inc     r1
        .endm

aes_encrypt::
        mov     dptr,#aes_sbox
        mov     r1,#rk
        mov     r5,#10
        ARKR                    ; K0
enc_round:
        SUBSHIFT
        djnz    r5,enc_mix
        ARKR                    ; K10
        ret
enc_mix:
        inc     dph             ; to the xtime table
        MIXCOL  st+0,st+1,st+2,st+3,0,0,0,0
        MIXCOL  st+4,st+5,st+6,st+7,0,0,0,0
        MIXCOL  st+8,st+9,st+10,st+11,0,0,0,0
        MIXCOL  st+12,st+13,st+14,st+15,0,0,0,0
        dec     dph             ; to the S-box
        ajmp    enc_round

; ---- decryption: the round keys from K10 down ---------------------------
        .mdelete KEYX
        .macro  KEYX    k
        .endm
        .macro  KADD    s,k     ; 3 cycles
        mov     a,@r1
        xrl     s,a
        inc     r1
        .endm

aes_decrypt::
        mov     dptr,#aes_inv_sbox
        mov     r1,#rk+160
        mov     r5,#10
        ARKR                    ; K10
dec_round:
        INVSUBSHIFT
        mov     a,r1            ; back to the start of the previous key
        add     a,#-32
        mov     r1,a
        djnz    r5,dec_mix
        ARKR                    ; K0
        ret
dec_mix:
        dec     dph             ; to the xtime table
        INVMIX  st+0,st+1,st+2,st+3,0,0,0,0
        INVMIX  st+4,st+5,st+6,st+7,0,0,0,0
        INVMIX  st+8,st+9,st+10,st+11,0,0,0,0
        INVMIX  st+12,st+13,st+14,st+15,0,0,0,0
        inc     dph             ; to the inverse S-box
        ajmp    dec_round
