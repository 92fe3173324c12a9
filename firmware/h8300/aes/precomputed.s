; AES-128 on the H8/300 with the round keys precomputed in RAM, as seed
; 002 did on the H8/3113: key setup expands the key to K0..K10 (176
; bytes); encryption and decryption then read them.
; cardlab firmware: firmware/h8300/aes/precomputed.s (manifest
; precomputed.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: no conditional branch at
; all; every table read is MOV.B @Rn, 4 states at any index.
;
; Interface (cardlab h8300 convention): the key in aes_key (= K0, the
; first 16 bytes of aes_rk), JSR aes_key_setup; then any number of times
; a block in aes_state and JSR aes_encrypt or aes_decrypt; the result
; replaces the block. The key survives as K0.
;
; RAM map
;   aes_rk (.bss, 176 B)   K0..K10, Kr at aes_rk + 16 r; aes_key == K0
;   aes_state (.bss, 16 B) the block
;   aes_sp (.bss, 2 B)     SP while key setup borrows R7
;   H'FF00-H'FF1F          bufa, bufb: the state between rounds (@aa:8)
;   stack: the return address only
;
; Everything is unrolled (rounds, columns, key steps): the round keys
; and the state are then at fixed addresses (MOV.W @aa:16, MOV.B @aa:8)
; and no register is spent on a pointer or a counter. 32 KB of ROM
; holds it; the cost is code bytes (see README.md).
;
; States (from the entry to RTS inclusive; sums checked against the
; simulator):
;   key setup: 46 + 10 x key step 120 + restore SP 6 + RTS 8       = 1260
;   encrypt:   8 + ARK 176 + 9 x round 4 x 114 + last 4 x 64 + RTS 8 = 4552
;   decrypt:   12 + ARK 176 + 9 x round 4 x 138 + last 4 x 64 + 8   = 5420
;   A round's column (aes.inc): SubBytes+ShiftRows 32, MixColumns 34,
;   3 XOR a byte 24, two round-key pairs 12, two stores 12.

        .text
        .include "sbox.inc"
        .include "inv_sbox.inc"
        .include "xtime.inc"
        .include "x4.inc"
        .include "aes.inc"

        .section .bss
        .global aes_key, aes_rk, aes_state
aes_rk:
aes_key:
        .space  176
aes_state:
        .space  16
aes_sp:
        .space  2
        .text

; ---- key setup (FIPS-197 5.2), K(r+1) from K(r) ------------------------------
; w1 w2 w3 stay in r0:r1, r2:r3, r4:r5 from step to step; w0 comes back
; from RAM into r7 a pair at a time (SP is parked in aes_sp: key setup
; needs all eight registers, and nothing interrupts it). r6 reads the
; S-box. The pair (0,1) of w7 overwrites w3[0], which the pair (2,3)
; still needs: it is recovered as w7[0] ^ w6[0].
; Per step 120 states: w0 pairs 2 x 6, four S-box reads 4 x 8, the
; w3[0] recovery 2, Rcon 2, 12 XOR 24, eight pair stores 8 x 6.
        .macro  KSTEP r
        .equ    rcon, (((\r)<=7)&(1<<((\r)&7)))|(((\r)==8)&0x1b)|(((\r)==9)&0x36)
        mov.w   @aes_rk+16*\r:16, r7    ; w0[0..1]
        mov.b   r4l, r6l
        mov.b   @r6, r6l
        xor.b   r6l, r7h
        xor.b   #rcon, r7h              ; ^= S(w3[1]) ^ Rcon(r+1)
        mov.b   r5h, r6l
        mov.b   @r6, r6l
        xor.b   r6l, r7l                ; ^= S(w3[2])
        mov.w   r7, @aes_rk+16*\r+16:16 ; w4[0..1]
        xor.b   r7h, r0h
        xor.b   r7l, r0l
        mov.w   r0, @aes_rk+16*\r+20:16 ; w5[0..1] = w1 ^ w4
        xor.b   r0h, r2h
        xor.b   r0l, r2l
        mov.w   r2, @aes_rk+16*\r+24:16 ; w6[0..1] = w2 ^ w5
        xor.b   r2h, r4h
        xor.b   r2l, r4l
        mov.w   r4, @aes_rk+16*\r+28:16 ; w7[0..1] = w3 ^ w6
        mov.w   @aes_rk+16*\r+2:16, r7  ; w0[2..3]
        mov.b   r5l, r6l
        mov.b   @r6, r6l
        xor.b   r6l, r7h                ; ^= S(w3[3])
        mov.b   r4h, r6l
        xor.b   r2h, r6l                ; w3[0] = w7[0] ^ w6[0]
        mov.b   @r6, r6l
        xor.b   r6l, r7l                ; ^= S(w3[0])
        mov.w   r7, @aes_rk+16*\r+18:16 ; w4[2..3]
        xor.b   r7h, r1h
        xor.b   r7l, r1l
        mov.w   r1, @aes_rk+16*\r+22:16 ; w5[2..3]
        xor.b   r1h, r3h
        xor.b   r1l, r3l
        mov.w   r3, @aes_rk+16*\r+26:16 ; w6[2..3]
        xor.b   r3h, r5h
        xor.b   r3l, r5l
        mov.w   r5, @aes_rk+16*\r+30:16 ; w7[2..3]
        .endm

        .global aes_key_setup
aes_key_setup:
        mov.w   r7, @aes_sp:16
        mov.w   #aes_sbox, r6
        mov.w   @aes_rk+4:16, r0
        mov.w   @aes_rk+6:16, r1        ; w1
        mov.w   @aes_rk+8:16, r2
        mov.w   @aes_rk+10:16, r3       ; w2
        mov.w   @aes_rk+12:16, r4
        mov.w   @aes_rk+14:16, r5       ; w3
        .irp    r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
        KSTEP   \r
        .endr
        mov.w   @aes_sp:16, r7
        rts

; ---- encryption (FIPS-197 5.1) ---------------------------------------------
; AddRoundKey K0 into bufa; rounds 1-9 alternate bufa -> bufb -> bufa,
; round 10 writes the block buffer.
        .macro  ERND r, src, dst
        ENCROUND \src, \dst, aes_rk+16*(\r)
        .endm

        .global aes_encrypt
aes_encrypt:
        mov.w   #aes_sbox, r6
        mov.w   #aes_xtime, r5
        ARK     aes_state, aes_rk, bufa
        NINE    ERND, 1
        LASTROUND bufb, aes_state, aes_rk+16*10, 1
        rts

; ---- decryption (FIPS-197 5.3, InvCipher) ----------------------------------
        .macro  DRND r, src, dst
        DECROUND \src, \dst, aes_rk+16*(\r)
        .endm

        .global aes_decrypt
aes_decrypt:
        mov.w   #aes_inv_sbox, r6
        mov.w   #aes_xtime, r5
        mov.w   #aes_x4, r4
        ARK     aes_state, aes_rk+16*10, bufa
        NINE    DRND, 0
        LASTROUND bufb, aes_state, aes_rk, -1
        rts
