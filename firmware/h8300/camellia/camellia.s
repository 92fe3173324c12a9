; Camellia-128 on the H8/300 with precomputed subkeys, as seed 002 did on
; the H8/3113: key setup computes KA and the rotations the subkeys are
; cut from; encryption and decryption read them.
; cardlab firmware: firmware/h8300/camellia/camellia.s (manifest
; camellia.toml)
;
; Written from RFC 3713 (2.2 key schedule, 2.3 data randomizing, 2.4
; F, FL, FL^-1, P and the S-boxes). Constant time: no conditional branch;
; every S-box read is MOV.B @Rn, 4 states at any index.
;
; Interface (cardlab h8300 convention): the key KL in cam_key, JSR
; cam_key_setup; then any number of times a block in cam_state and JSR
; cam_encrypt or cam_decrypt; the result replaces the block. The key
; survives.
;
; Subkeys without copying them. Every 128-bit subkey rotation of RFC 3713
; for a 128-bit key, X <<< n with n in 0, 15, 30, 45, 60, 77, 94, 111, is
; 8m - s for an even m and s in 0..4: (X >>> s) <<< 8m. So key setup keeps
; X >>> s for s = 1..4 (a 1-bit rotation of 16 bytes held in all eight
; registers, 82 states each) and a subkey is the four words of X >>> s
; from byte m on, wrapping at 16: fixed addresses in unrolled code.
;
; RAM map
;   cam_key (.bss, 16 B)    KL (the key buffer)
;   cam_ka (.bss, 16 B)     KA
;   cam_rot (.bss, 128 B)   KL >>> 1..4, KA >>> 1..4 (KLs, KAs below)
;   cam_state (.bss, 16 B)  the block
;   cam_sp (.bss, 2 B)      SP while key setup borrows R7
;   H'FF00-H'FF0F           D1 (ha), D2 (hb): the halves between rounds
;   H'FF10-H'FF17           hc: key setup's D2 ^ KL_R
;   stack: the return address only
;
; Registers in F: r6 = s1 pointer (r6h the table's page, r6l the index
; x = D ^ k); r4, r5 two subkey pairs; t1..t8 = r0h r0l r1h r1l r2h r2l
; r3h r3l; after P, y1..y4 are r2h r2l r3h r3l and y5..y8 r0h r0l r1h r1l.
;
; States (from the entry to RTS inclusive; sums checked against the
; simulator):
;   F round (FROUND): subkey 4 x 6 + 8 bytes x 10 + rotations 6 x 2
;     + P 16 x 2 + D ^= y 4 x 16                                    = 212
;   FL and FL^-1: 114 each
;   encrypt/decrypt: 4 + whitening 8 x 22 + 18 x 212 + 2 x 228
;     + whitening 8 x 22 + RTS 8                                    = 4636
;   key setup: 10 + copy 48 + 4 x F core 124 + y stores 24 + 64 + 24
;     + 64 + 64 + rotations (8 x 6 + 8 x 6 + 4 x 82) + (8 x 6
;     + 4 x 82) + restore 6 + RTS 8                                 = 1608

        .text
        .include "sbox1.inc"

        .equ    ha, 0xff00              ; D1
        .equ    hb, 0xff08              ; D2
        .equ    hc, 0xff10

        .section .bss
        .global cam_key, cam_state
cam_key:
        .space  16
cam_ka:
        .space  16
cam_rot:
        .space  128
cam_state:
        .space  16
cam_sp:
        .space  2
        .text

        .equ    KL0, cam_key
        .equ    KA0, cam_ka
        .equ    KL1, cam_rot
        .equ    KL2, cam_rot+16
        .equ    KL3, cam_rot+32
        .equ    KL4, cam_rot+48
        .equ    KA1, cam_rot+64
        .equ    KA2, cam_rot+80
        .equ    KA3, cam_rot+96
        .equ    KA4, cam_rot+112

; ---- F (RFC 3713 2.4.1), S layer: t_i = s(src_i ^ k_i) ------------------------
; k1..k4 are operands XORed into the index (a register holding the subkey
; byte, or an immediate). 10 states a byte, +2 for the rotation of s2, s3
; (of the output) and s4 (of the input).
        .macro  FHALF1 src, k1, k2, k3, k4
        mov.b   @\src:8, r6l
        xor.b   \k1, r6l
        mov.b   @r6, r0h                ; t1 = s1(x1)
        mov.b   @\src+1:8, r6l
        xor.b   \k2, r6l
        mov.b   @r6, r0l
        rotl.b  r0l                     ; t2 = s2(x2)
        mov.b   @\src+2:8, r6l
        xor.b   \k3, r6l
        mov.b   @r6, r1h
        rotr.b  r1h                     ; t3 = s3(x3)
        mov.b   @\src+3:8, r6l
        xor.b   \k4, r6l
        rotl.b  r6l
        mov.b   @r6, r1l                ; t4 = s4(x4)
        .endm

        .macro  FHALF2 src, k5, k6, k7, k8
        mov.b   @\src+4:8, r6l
        xor.b   \k5, r6l
        mov.b   @r6, r2h
        rotl.b  r2h                     ; t5 = s2(x5)
        mov.b   @\src+5:8, r6l
        xor.b   \k6, r6l
        mov.b   @r6, r2l
        rotr.b  r2l                     ; t6 = s3(x6)
        mov.b   @\src+6:8, r6l
        xor.b   \k7, r6l
        rotl.b  r6l
        mov.b   @r6, r3h                ; t7 = s4(x7)
        mov.b   @\src+7:8, r6l
        xor.b   \k8, r6l
        mov.b   @r6, r3l                ; t8 = s1(x8)
        .endm

; ---- P (RFC 3713 2.4.1) in 16 XOR, in place ----------------------------------
; z1..z8 = t1..t8; the sequence leaves y5..y8 in z1..z4 and y1..y4 in
; z5..z8. 32 states.
        .macro  PFUN
        xor.b   r2l, r0h                ; z1 ^= z6
        xor.b   r3h, r0l                ; z2 ^= z7
        xor.b   r3l, r1h                ; z3 ^= z8
        xor.b   r2h, r1l                ; z4 ^= z5
        xor.b   r1h, r2h                ; z5 ^= z3
        xor.b   r1l, r2l                ; z6 ^= z4
        xor.b   r0h, r3h                ; z7 ^= z1
        xor.b   r0l, r3l                ; z8 ^= z2
        xor.b   r3l, r0h                ; z1 ^= z8
        xor.b   r2h, r0l                ; z2 ^= z5
        xor.b   r2l, r1h                ; z3 ^= z6
        xor.b   r3h, r1l                ; z4 ^= z7
        xor.b   r1l, r2h                ; z5 ^= z4
        xor.b   r0h, r2l                ; z6 ^= z1
        xor.b   r0l, r3h                ; z7 ^= z2
        xor.b   r1h, r3l                ; z8 ^= z3
        .endm

; ---- dst ^= y (the Feistel XOR), four word pairs: 4 x 16 = 64 states --------
        .macro  DXOR dst
        mov.w   @\dst:16, r4
        xor.b   r2h, r4h
        xor.b   r2l, r4l
        mov.w   r4, @\dst:16
        mov.w   @\dst+2:16, r4
        xor.b   r3h, r4h
        xor.b   r3l, r4l
        mov.w   r4, @\dst+2:16
        mov.w   @\dst+4:16, r4
        xor.b   r0h, r4h
        xor.b   r0l, r4l
        mov.w   r4, @\dst+4:16
        mov.w   @\dst+6:16, r4
        xor.b   r1h, r4h
        xor.b   r1l, r4l
        mov.w   r4, @\dst+6:16
        .endm

; ---- one round: dst ^= F(src, k), k = the 8 bytes of kb from byte m --------
        .macro  FROUND src, dst, kb, m
        mov.w   @\kb+((\m)&15):16, r4
        mov.w   @\kb+((\m+2)&15):16, r5
        FHALF1  \src, r4h, r4l, r5h, r5l
        mov.w   @\kb+((\m+4)&15):16, r4
        mov.w   @\kb+((\m+6)&15):16, r5
        FHALF2  \src, r4h, r4l, r5h, r5l
        PFUN
        DXOR    \dst
        .endm

; ---- FL and FL^-1 (RFC 3713 2.4.2, 2.4.3) on the 8 bytes at x --------------
; (x1 & k1) <<< 1 on four bytes: SHLL, three ROTXL, and BST puts the
; carry out of the top into bit 0. 114 states each.
; The two halves of FL, on x1 = r0:r1, x2 = r2:r3:
; FLAND: x2 ^= (x1 & k1) <<< 1; FLOR: x1 ^= x2 | k2. 36 and 28 states.
        .macro  FLAND kb, m
        mov.w   @\kb+((\m)&15):16, r4
        mov.w   @\kb+((\m+2)&15):16, r5 ; k1
        and.b   r0h, r4h
        and.b   r0l, r4l
        and.b   r1h, r5h
        and.b   r1l, r5l
        shll.b  r5l
        rotxl.b r5h
        rotxl.b r4l
        rotxl.b r4h
        bst     #0, r5l                 ; (x1 & k1) <<< 1
        xor.b   r4h, r2h
        xor.b   r4l, r2l
        xor.b   r5h, r3h
        xor.b   r5l, r3l
        .endm

        .macro  FLOR kb, m
        mov.w   @\kb+((\m+4)&15):16, r4
        mov.w   @\kb+((\m+6)&15):16, r5 ; k2
        or.b    r2h, r4h
        or.b    r2l, r4l
        or.b    r3h, r5h
        or.b    r3l, r5l
        xor.b   r4h, r0h
        xor.b   r4l, r0l
        xor.b   r5h, r1h
        xor.b   r5l, r1l
        .endm

; FL: x2 first, then x1; FL^-1: the other way round. Load 24, store 24.
        .macro  FL x, kb, m
        FLHALVES \x, FLAND, FLOR, \kb, \m
        .endm

        .macro  FLINV y, kb, m
        FLHALVES \y, FLOR, FLAND, \kb, \m
        .endm

        .macro  FLHALVES x, first, second, kb, m
        mov.w   @\x:16, r0
        mov.w   @\x+2:16, r1
        mov.w   @\x+4:16, r2
        mov.w   @\x+6:16, r3
        \first  \kb, \m
        \second \kb, \m
        mov.w   r0, @\x:16
        mov.w   r1, @\x+2:16
        mov.w   r2, @\x+4:16
        mov.w   r3, @\x+6:16
        .endm

; ---- whitening: dst = src ^ (8 bytes of kb from byte m), 4 x 22 states -----
        .macro  WHITEN src, kb, m, dst
        .irp    p,0,2,4,6
        mov.w   @\src+\p:16, r0
        mov.w   @\kb+((\m+\p)&15):16, r1
        xor.b   r1h, r0h
        xor.b   r1l, r0l
        mov.w   r0, @\dst+\p:16
        .endr
        .endm

; ---- the subkeys (RFC 3713 2.2, the table for a 128-bit key) -----------------
; Each as (copy, first byte): X <<< n = (X >>> s) <<< 8m is the eight
; bytes of X >>> s from byte m (wrapping at 16).
        .equ    kb1, KA0
        .equ    km1, 0                  ; k1 = KA <<< 0
        .equ    kb2, KA0
        .equ    km2, 8
        .equ    kb3, KL1
        .equ    km3, 2                  ; k3 = KL <<< 15
        .equ    kb4, KL1
        .equ    km4, 10
        .equ    kb5, KA1
        .equ    km5, 2                  ; k5 = KA <<< 15
        .equ    kb6, KA1
        .equ    km6, 10
        .equ    kb7, KL3
        .equ    km7, 6                  ; k7 = KL <<< 45
        .equ    kb8, KL3
        .equ    km8, 14
        .equ    kb9, KA3
        .equ    km9, 6                  ; k9 = KA <<< 45, left half
        .equ    kb10, KL4
        .equ    km10, 0                 ; k10 = KL <<< 60, right half
        .equ    kb11, KA4
        .equ    km11, 8                 ; k11 = KA <<< 60
        .equ    kb12, KA4
        .equ    km12, 0
        .equ    kb13, KL2
        .equ    km13, 12                ; k13 = KL <<< 94
        .equ    kb14, KL2
        .equ    km14, 4
        .equ    kb15, KA2
        .equ    km15, 12                ; k15 = KA <<< 94
        .equ    kb16, KA2
        .equ    km16, 4
        .equ    kb17, KL1
        .equ    km17, 14                ; k17 = KL <<< 111
        .equ    kb18, KL1
        .equ    km18, 6
        .equ    keb1, KA2
        .equ    kem1, 4                 ; ke1 = KA <<< 30
        .equ    keb2, KA2
        .equ    kem2, 12
        .equ    keb3, KL3
        .equ    kem3, 10                ; ke3 = KL <<< 77
        .equ    keb4, KL3
        .equ    kem4, 2
        .equ    kwb1, KL0
        .equ    kwm1, 0                 ; kw1 = KL
        .equ    kwb2, KL0
        .equ    kwm2, 8
        .equ    kwb3, KA1
        .equ    kwm3, 14                ; kw3 = KA <<< 111
        .equ    kwb4, KA1
        .equ    kwm4, 6

; The step macros by subkey number (n is a plain number here).
        .macro  RNDN n, src, dst
        .noaltmacro
        FROUND  \src, \dst, kb\n, km\n
        .endm
        .macro  FLN n, x
        .noaltmacro
        FL      \x, keb\n, kem\n
        .endm
        .macro  FLINVN n, y
        .noaltmacro
        FLINV   \y, keb\n, kem\n
        .endm
        .macro  WHN src, n, dst
        .noaltmacro
        WHITEN  \src, kwb\n, kwm\n, \dst
        .endm

; ---- the network (RFC 3713 2.3.2), e = 1 for encryption; e = 0 gives
; decryption (2.3.3): the same steps with k(19-i), ke(5-j), kw swapped.
; D1 is ha, D2 is hb; odd rounds D2 ^= F(D1), even rounds D1 ^= F(D2).
        .macro  NETWORK e
        .altmacro
        WHN     cam_state, %(3-2*\e), ha     ; D1 = in_L ^ kw1 (kw3)
        .altmacro
        WHN     cam_state+8, %(4-2*\e), hb   ; D2 = in_R ^ kw2 (kw4)
        .irp    i, 1, 3, 5, 7, 9, 11, 13, 15, 17
        .altmacro
        RNDN    %(\e*\i+(1-\e)*(19-\i)), ha, hb
        .altmacro
        RNDN    %(\e*(\i+1)+(1-\e)*(18-\i)), hb, ha
        .if     \i == 5 || \i == 11
        .altmacro
        FLN     %(\e*(\i/3)+(1-\e)*(5-\i/3)), ha          ; D1 = FL(D1, ke1)
        .altmacro
        FLINVN  %(\e*(\i/3+1)+(1-\e)*(4-\i/3)), hb        ; D2 = FL^-1(D2, ke2)
        .endif
        .endr
        .altmacro
        WHN     hb, %(1+2*\e), cam_state     ; out = (D2 ^ kw3) || (D1 ^ kw4)
        .altmacro
        WHN     ha, %(2+2*\e), cam_state+8
        .noaltmacro
        .endm

        .global cam_encrypt
cam_encrypt:
        mov.w   #cam_sbox1, r6
        NETWORK 1
        rts

        .global cam_decrypt
cam_decrypt:
        mov.w   #cam_sbox1, r6
        NETWORK 0
        rts

; ---- key setup (RFC 3713 2.2) -------------------------------------------------
; With KR = 0: D1 = KL_L, D2 = KL_R; D2 ^= F(D1, S1); D1 ^= F(D2, S2);
; D1 ^= KL_L; D2 ^= KL_R; D2 ^= F(D1, S3); D1 ^= F(D2, S4); KA = D1 || D2.
; The middle XOR undoes itself: after it D1 = F(KL_R ^ y1, S2) and
; D2 = y1, y1 = F(KL_L, S1). So F1's y is stored twice (as D2, and XORed
; with KL_R into hc for F2) and F2's y is stored as D1, with no XOR.
; The Sigma bytes are immediates in the index XOR.

        .macro  FIMM src, a1, a2, a3, a4, a5, a6, a7, a8
        FHALF1  \src, #\a1, #\a2, #\a3, #\a4
        FHALF2  \src, #\a5, #\a6, #\a7, #\a8
        PFUN
        .endm

; dst = y, four word stores: 24 states
        .macro  DSET dst
        mov.w   r2, @\dst:16
        mov.w   r3, @\dst+2:16
        mov.w   r0, @\dst+4:16
        mov.w   r1, @\dst+6:16
        .endm

; Rotate the 16 bytes in r0 r1 r2 r3 r4 r5 r6 r7 (byte 0 = r0h) right by
; one bit and store them at dst: BLD takes bit 0 of byte 15 into C, 16
; ROTXR, eight word stores. 82 states.
        .macro  ROT1 dst
        bld     #0, r7l
        .irp    r, r0h, r0l, r1h, r1l, r2h, r2l, r3h, r3l, r4h, r4l, r5h, r5l, r6h, r6l, r7h, r7l
        rotxr.b \r
        .endr
        STORE16 \dst
        .endm

        .macro  STORE16 dst
        mov.w   r0, @\dst:16
        mov.w   r1, @\dst+2:16
        mov.w   r2, @\dst+4:16
        mov.w   r3, @\dst+6:16
        mov.w   r4, @\dst+8:16
        mov.w   r5, @\dst+10:16
        mov.w   r6, @\dst+12:16
        mov.w   r7, @\dst+14:16
        .endm

        .macro  LOAD16 src
        mov.w   @\src:16, r0
        mov.w   @\src+2:16, r1
        mov.w   @\src+4:16, r2
        mov.w   @\src+6:16, r3
        mov.w   @\src+8:16, r4
        mov.w   @\src+10:16, r5
        mov.w   @\src+12:16, r6
        mov.w   @\src+14:16, r7
        .endm

        .global cam_key_setup
cam_key_setup:
        mov.w   r7, @cam_sp:16          ; R7 is borrowed for the rotations
        mov.w   #cam_sbox1, r6
        .irp    p,0,2,4,6
        mov.w   @cam_key+\p:16, r0
        mov.w   r0, @ha+\p:16           ; D1 = KL_L
        .endr
        FIMM    ha, 0xa0,0x9e,0x66,0x7f,0x3b,0xcc,0x90,0x8b     ; y1 = F(KL_L, S1)
        DSET    hb                      ; D2 = y1
        mov.w   @cam_key+8:16, r4
        xor.b   r2h, r4h
        xor.b   r2l, r4l
        mov.w   r4, @hc:16
        mov.w   @cam_key+10:16, r4
        xor.b   r3h, r4h
        xor.b   r3l, r4l
        mov.w   r4, @hc+2:16
        mov.w   @cam_key+12:16, r4
        xor.b   r0h, r4h
        xor.b   r0l, r4l
        mov.w   r4, @hc+4:16
        mov.w   @cam_key+14:16, r4
        xor.b   r1h, r4h
        xor.b   r1l, r4l
        mov.w   r4, @hc+6:16            ; hc = KL_R ^ y1
        FIMM    hc, 0xb6,0x7a,0xe8,0x58,0x4c,0xaa,0x73,0xb2
        DSET    ha                      ; D1 = F(hc, S2)
        FIMM    ha, 0xc6,0xef,0x37,0x2f,0xe9,0x4f,0x82,0xbe
        DXOR    hb                      ; D2 ^= F(D1, S3)
        FIMM    hb, 0x54,0xff,0x53,0xa5,0xf1,0xd3,0x6f,0x1c
        DXOR    ha                      ; D1 ^= F(D2, S4): KA = D1 || D2
        LOAD16  ha
        STORE16 KA0
        ROT1    KA1
        ROT1    KA2
        ROT1    KA3
        ROT1    KA4
        LOAD16  KL0
        ROT1    KL1
        ROT1    KL2
        ROT1    KL3
        ROT1    KL4
        mov.w   @cam_sp:16, r7
        rts
