; AES-128 on the H8/300 with the key schedule run on the fly: no
; round-key RAM, the key buffer steps K0 -> K10 in place as encryption
; goes (and K10 -> K0 as decryption goes).
; cardlab firmware: firmware/h8300/aes/onthefly.s (manifest onthefly.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: no conditional branch;
; every table read is MOV.B @Rn, 4 states at any index.
;
; Interface (cardlab h8300 convention): JSR aes_encrypt with the key K0 in
; aes_key and the block in aes_state: the ciphertext replaces the block
; and aes_key holds K10 (the key is destroyed). JSR aes_decrypt with K10
; in aes_key (what a card that decrypts would store) and the ciphertext
; in aes_state: the plaintext replaces it and aes_key holds K0 again.
;
; RAM map
;   aes_key (.bss, 16 B)   the round key in use, stepped in place
;   aes_state (.bss, 16 B) the block
;   H'FF00-H'FF1F          bufa, bufb: the state between rounds (@aa:8)
;   stack: the return address only
;
; Rounds, columns and key steps are unrolled (Rcon is an immediate); the
; round, column and step macros are aes.inc's, shared with precomputed.s.
;
; States (from the entry to RTS inclusive; sums checked against the
; simulator):
;   encrypt: 8 + ARK 176 + 9 x (key step 154 + round 4 x 114)
;            + key step 154 + last 4 x 64 + RTS 8                   = 6092
;   decrypt: 12 + ARK 176 + 9 x (inverse step 154 + 8 + round 4 x 138)
;            + inverse step 154 + 4 + last 4 x 64 + RTS 8           = 7036
;   (8: DEC.B r6h and INC.B r6h around the step, for the S-box page,
;   and MOV.W #aes_x4,r4 after it)

        .text
        .include "sbox.inc"             ; page P
        .include "inv_sbox.inc"         ; page P+1 (decrypt steps r6h)
        .include "xtime.inc"
        .include "x4.inc"
        .include "aes.inc"

        .section .bss
        .global aes_key, aes_state
aes_key:
        .space  16
aes_state:
        .space  16
        .text

; ---- encryption: K(r) from K(r-1) just before round r ------------------------
        .macro  EROUND r, src, dst
        KEYSTEP aes_key, \r
        ENCROUND \src, \dst, aes_key
        .endm

        .global aes_encrypt
aes_encrypt:
        mov.w   #aes_sbox, r6
        mov.w   #aes_xtime, r5
        ARK     aes_state, aes_key, bufa
        NINE    EROUND, 1
        KEYSTEP aes_key, 10
        LASTROUND bufb, aes_state, aes_key, 1
        rts

; ---- decryption: K(r-1) from K(r) just before the round that uses it --------
; The key step reads the forward S-box, one page below the inverse one,
; and takes r4, the {04} table's pointer.
        .macro  DROUND r, src, dst
        dec.b   r6h
        INVKEYSTEP aes_key, (\r)+1
        inc.b   r6h
        mov.w   #aes_x4, r4             ; the step took r4
        DECROUND \src, \dst, aes_key
        .endm

        .global aes_decrypt
aes_decrypt:
        mov.w   #aes_inv_sbox, r6
        mov.w   #aes_xtime, r5
        mov.w   #aes_x4, r4
        ARK     aes_state, aes_key, bufa
        NINE    DROUND, 0
        dec.b   r6h
        INVKEYSTEP aes_key, 1
        inc.b   r6h
        LASTROUND bufb, aes_state, aes_key, -1
        rts
