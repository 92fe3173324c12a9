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
;   key setup: 5 + STORE 48 + 10 x (KEYNEXT 41 + RCONNEXT 5 + STORE 48
;              + DJNZ 2) + 1 (Rcon reduces once) + RET 2                = 1016
;   encrypt:   4 + 10 x (SubBytes+ShiftRows with AddRoundKey 56 + 32
;              + DJNZ 2) + 9 x (MixColumns 4 x 25 + page switches 2
;              + AJMP 2) + ARKR 48 + RET 2                              = 1890
;   decrypt:   4 + ARKR 48 + 1 + 10 x (InvShiftRows+InvSubBytes with
;              AddRoundKey 56 + 32 + DJNZ 2) + 9 x (InvMixColumns
;              4 x 41 + 4) + RET 2                                      = 2467
;   (the round key is read through R1 at 2 cycles a byte: XRL A,@R1 and
;   INC or DEC R1; STORE and ARKR cost 3 a byte)

rk      = 0x50                  ; K0; Kr at rk + 16 r
aes_round_keys == rk

        .include "aes51.inc"

        .area   CSEG (ABS,CODE)
; Each round key is stored in the order SUBSHIFT visits the state bytes,
; so encryption reads it forwards with INC R1 and decryption (INVSUBSHIFT
; visits the reverse order) backwards with DEC R1.

; Copy the work buffer to the round key at R1: 16 x 3 = 48 cycles
        .macro  STORE
        .irp    i,0,4,8,12,1,13,9,5,2,10,6,14,3,7,11,15
        mov     @r1,ky+i
        inc     r1
        .endm
        .endm

; state ^= the round key at R1, R1 advanced past it: 16 x 3 = 48 cycles
        .macro  ARKR
        .irp    i,0,4,8,12,1,13,9,5,2,10,6,14,3,7,11,15
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
        RCONNEXT
        STORE
        djnz    r5,ks_next
        ret

; ---- encryption: AddRoundKey K(r-1) before the S-box of round r ---------
        .mdelete KEYIN
        .macro  KEYIN   i       ; 2 cycles
        xrl     a,@r1
        inc     r1
        .endm

aes_encrypt::
        mov     dptr,#aes_sbox
        mov     r1,#rk
        mov     r5,#10
enc_round:
        SUBSHIFT
        djnz    r5,enc_mix
        ARKR                    ; K10
        ret
enc_mix:
        TO_XTIME
        MIX4    MIXCOL
        TO_SBOX
        ajmp    enc_round

; ---- decryption: AddRoundKey K(r-1) after the inverse S-box -------------
        .mdelete KEYIN
        .macro  KEYIN   i
        .endm
        .mdelete KEYOUT
        .macro  KEYOUT  d       ; 2 cycles
        xrl     a,@r1
        dec     r1
        .endm

aes_decrypt::
        mov     dptr,#aes_inv_sbox
        mov     r1,#rk+160
        mov     r5,#10
        ARKR                    ; K10
        mov     r1,#rk+159      ; the last byte of K9
dec_round:
        INVSUBSHIFT
        djnz    r5,dec_mix
        ret
dec_mix:
        INV_TO_XTIME
        MIX4    INVMIX
        inc     dph             ; back to the inverse S-box
        ajmp    dec_round
