; AES-128 encryption with the key schedule on the fly, as a callable
; routine for the card OS: the loop of firmware/mcs51/aes/fast.asm
; (enc128.inc) over the shared steps of aes51.inc, relocatable and entered
; from C.
;
; Used by both builds: the on-the-fly build enciphers AES-128 blocks with
; it, and the random generator (rng.c) runs its device key through it.
;
; Interface (sdcc, small model): void aes_enc128(void)
;   in:  aes_key (IRAM 0x40-0x4F) the key, aes_state (0x30-0x3F) the block
;   out: aes_state the ciphertext; aes_key destroyed (holds K9)
;   clobbers A, B, DPTR, PSW, R2 R3 R5 R6 R7 (sdcc callers save nothing)
; The tables are sbox.asm (0x1000) and xtime.asm (0x1100).
;
; Cycles: those of fast.asm (2132, counted in its header) plus the
; LCALL/LJMP that replace its ACALL/AJMP, which the 8051 times alike; so
; 2132 + 2 for the LCALL from C. The long forms let the linker place the
; routine anywhere, with no 2 KB page to respect.

        .include "../aes/aes51.inc"

; AddRoundKey of the previous round folded in before each S-box lookup
        .mdelete KEYIN
        .macro  KEYIN   i
        xrl     a,ky+i
        .endm

        .area   CSEG    (CODE)

_aes_enc128::
        mov     dptr,#aes_sbox
        mov     r6,#0x01        ; Rcon
        mov     r5,#10          ; rounds
enc128_round:
        SUBSHIFT                ; K(r-1) added, SubBytes, ShiftRows
        djnz    r5,enc128_more
        KEYLAST                 ; K10 computed and added on the way
        ret
enc128_more:
        KEYNEXT                 ; K(r) in place
        TO_XTIME
        MIX4    MIXCOL
        mov     a,r6            ; the next Rcon: xtime(Rcon)
        XTIME
        mov     r6,a
        TO_SBOX
        ljmp    enc128_round
