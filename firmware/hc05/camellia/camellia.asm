; Camellia-128 on the 68HC05 (MC68HC705B16): key setup expands the 26
; subkeys into RAM2 and page zero, encryption and decryption run the 18
; rounds and the two FL layers from them.
; cardlab firmware: firmware/hc05/camellia/camellia.asm (manifest camellia.toml)
;
; Written from RFC 3713. Constant time: no branch depends on the key or
; the data (the conditional branches count bytes and test the direction);
; S-box reads are LDA table,X, 5 cycles at any index.
;
; Interface (cardlab hc05 convention): the key in camellia_key, JSR
; camellia_key_setup; then any number of times a block in camellia_block
; and JSR camellia_encrypt or camellia_decrypt; the result replaces the
; block. The key buffer is KL = kw1 || kw2 and survives.
;
; Subkeys. The 128-bit key schedule takes every subkey as 8 bytes of KL or
; KA rotated left by n. With n + r = 8q (r = 1..4), KL <<< n is KL >>> r
; read from byte q on: the key setup rotates a doubled copy W of KL (and
; then of KA) right one bit at a time (RORW, a 32-byte ROR chain) and,
; after each step, copies the bytes the subkeys of that step need into
; RAM2. Subkeys that overlap (k17 and k18 overlap k3 and k4's copy; ke2 is
; k15) share bytes, so the 22 subkeys k1..k18, ke1..ke4 take 152 bytes of
; RAM2, not 176. kw3 || kw4 go to page zero. The table cam_kseq holds the
; offset in RAM2 of each F and FL key in the order encryption uses them;
; decryption walks it backwards (k18..k1, ke4 before ke3).
;
; F (RFC 3713 2.4.1), 341 cycles: eight S-box steps (LDX rko 3, LDA 3,
; EOR rk,X 5, TAX 2, LDA S,X 5, STA or EOR+STA 4 or 7), then P as the
; 16-XOR network z1 ^= z6, z2 ^= z7, z3 ^= z8, z4 ^= z5; z5 ^= z3, z6 ^=
; z4, z7 ^= z1, z8 ^= z2; z1 ^= z8, z2 ^= z5, z3 ^= z6, z4 ^= z7; z5 ^=
; z4, z6 ^= z1, z7 ^= z2, z8 ^= z3, after which y1..y4 = z5..z8 and y5..y8
; = z1..z4. The first layer rides on the S-box stores, the last two are
; never stored: each of their results goes straight into the other half.
;
; RAM map (page zero; RAM2 through 16-bit addresses)
;   0x50-0x5F camellia_block (blk)     0x60-0x6F camellia_key (key = KL)
;   0x70-0x7F kw3 || kw4 (kw)          0x80-0x8F wk: D1 (0x80), D2 (0x88)
;   0x90-0x97 z: the S-box outputs     0x98 rko: RAM2 offset of the key
;   0x99 ix: index in cam_kseq         0x9A step: +1 encrypt, -1 decrypt
;   0xA0-0xBF W: the doubled rotating copy (key setup)
;   0x0250-0x02E7 rk: the 22 subkeys (cam_kseq gives where)
;   stack: return address and one call (4 bytes)

        .hc05

blk     = RAM1
key     = RAM1 + 0x10
kw      = RAM1 + 0x20
wk      = RAM1 + 0x30
z       = RAM1 + 0x40
rko     = RAM1 + 0x48
ix      = RAM1 + 0x49
step    = RAM1 + 0x4A
W       = RAM1 + 0x50
rk      = RAM2

camellia_block == blk
camellia_key == key
camellia_round_keys == rk

        .include "cam05.inc"

        .area   CAMCODE (ABS)
        .org    CODE_AT

; ---- two Feistel rounds: D2 ^= F(D1, k), D1 ^= F(D2, k'), the keys the
; next two cam_kseq entries; 2 x (21 + 341) + 6 = 730 cycles with the RTS.
pair:
        ldx     *ix
        lda     cam_kseq,x
        sta     *rko
        txa
        add     *step
        sta     *ix
        ldx     *rko
        lda     *wk+4
        eor     rk+4,x
        tax
        lda     cam_s2,x              ; t5 = S2(x5)
        sta     *z+4
        ldx     *rko
        lda     *wk+5
        eor     rk+5,x
        tax
        lda     cam_s3,x              ; t6 = S3(x6)
        sta     *z+5
        ldx     *rko
        lda     *wk+6
        eor     rk+6,x
        tax
        lda     cam_s4,x              ; t7 = S4(x7)
        sta     *z+6
        ldx     *rko
        lda     *wk+7
        eor     rk+7,x
        tax
        lda     cam_s1,x              ; t8 = S1(x8)
        sta     *z+7
        ldx     *rko
        lda     *wk+0
        eor     rk+0,x
        tax
        lda     cam_s1,x              ; t1 = S1(x1)
        eor     *z+5                   ; z1 = t1 ^ t6
        sta     *z+0
        ldx     *rko
        lda     *wk+1
        eor     rk+1,x
        tax
        lda     cam_s2,x              ; t2 = S2(x2)
        eor     *z+6                   ; z2 = t2 ^ t7
        sta     *z+1
        ldx     *rko
        lda     *wk+2
        eor     rk+2,x
        tax
        lda     cam_s3,x              ; t3 = S3(x3)
        eor     *z+7                   ; z3 = t3 ^ t8
        sta     *z+2
        ldx     *rko
        lda     *wk+3
        eor     rk+3,x
        tax
        lda     cam_s4,x              ; t4 = S4(x4)
        eor     *z+4                   ; z4 = t4 ^ t5
        sta     *z+3
        eor     *z+5                   ; z6 ^= z4
        sta     *z+5
        lda     *z+2
        eor     *z+4                   ; z5 ^= z3
        sta     *z+4
        lda     *z+0
        eor     *z+6                   ; z7 ^= z1
        sta     *z+6
        lda     *z+1
        eor     *z+7                   ; z8 ^= z2
        sta     *z+7
        lda     *z+0
        eor     *z+7                   ; z1 ^ z8 = y5
        eor     *z+5                   ; ^ z6 = y2
        eor     *wk+8+1
        sta     *wk+8+1
        lda     *z+0
        eor     *z+7                   ; y5
        eor     *wk+8+4
        sta     *wk+8+4
        lda     *z+1
        eor     *z+4                   ; z2 ^ z5 = y6
        eor     *z+6                   ; ^ z7 = y3
        eor     *wk+8+2
        sta     *wk+8+2
        lda     *z+1
        eor     *z+4                   ; y6
        eor     *wk+8+5
        sta     *wk+8+5
        lda     *z+2
        eor     *z+5                   ; z3 ^ z6 = y7
        eor     *z+7                   ; ^ z8 = y4
        eor     *wk+8+3
        sta     *wk+8+3
        lda     *z+2
        eor     *z+5                   ; y7
        eor     *wk+8+6
        sta     *wk+8+6
        lda     *z+3
        eor     *z+6                   ; z4 ^ z7 = y8
        eor     *z+4                   ; ^ z5 = y1
        eor     *wk+8+0
        sta     *wk+8+0
        lda     *z+3
        eor     *z+6                   ; y8
        eor     *wk+8+7
        sta     *wk+8+7
        ldx     *ix
        lda     cam_kseq,x
        sta     *rko
        txa
        add     *step
        sta     *ix
        ldx     *rko
        lda     *wk+8+4
        eor     rk+4,x
        tax
        lda     cam_s2,x              ; t5 = S2(x5)
        sta     *z+4
        ldx     *rko
        lda     *wk+8+5
        eor     rk+5,x
        tax
        lda     cam_s3,x              ; t6 = S3(x6)
        sta     *z+5
        ldx     *rko
        lda     *wk+8+6
        eor     rk+6,x
        tax
        lda     cam_s4,x              ; t7 = S4(x7)
        sta     *z+6
        ldx     *rko
        lda     *wk+8+7
        eor     rk+7,x
        tax
        lda     cam_s1,x              ; t8 = S1(x8)
        sta     *z+7
        ldx     *rko
        lda     *wk+8+0
        eor     rk+0,x
        tax
        lda     cam_s1,x              ; t1 = S1(x1)
        eor     *z+5                   ; z1 = t1 ^ t6
        sta     *z+0
        ldx     *rko
        lda     *wk+8+1
        eor     rk+1,x
        tax
        lda     cam_s2,x              ; t2 = S2(x2)
        eor     *z+6                   ; z2 = t2 ^ t7
        sta     *z+1
        ldx     *rko
        lda     *wk+8+2
        eor     rk+2,x
        tax
        lda     cam_s3,x              ; t3 = S3(x3)
        eor     *z+7                   ; z3 = t3 ^ t8
        sta     *z+2
        ldx     *rko
        lda     *wk+8+3
        eor     rk+3,x
        tax
        lda     cam_s4,x              ; t4 = S4(x4)
        eor     *z+4                   ; z4 = t4 ^ t5
        sta     *z+3
        eor     *z+5                   ; z6 ^= z4
        sta     *z+5
        lda     *z+2
        eor     *z+4                   ; z5 ^= z3
        sta     *z+4
        lda     *z+0
        eor     *z+6                   ; z7 ^= z1
        sta     *z+6
        lda     *z+1
        eor     *z+7                   ; z8 ^= z2
        sta     *z+7
        lda     *z+0
        eor     *z+7                   ; z1 ^ z8 = y5
        eor     *z+5                   ; ^ z6 = y2
        eor     *wk+1
        sta     *wk+1
        lda     *z+0
        eor     *z+7                   ; y5
        eor     *wk+4
        sta     *wk+4
        lda     *z+1
        eor     *z+4                   ; z2 ^ z5 = y6
        eor     *z+6                   ; ^ z7 = y3
        eor     *wk+2
        sta     *wk+2
        lda     *z+1
        eor     *z+4                   ; y6
        eor     *wk+5
        sta     *wk+5
        lda     *z+2
        eor     *z+5                   ; z3 ^ z6 = y7
        eor     *z+7                   ; ^ z8 = y4
        eor     *wk+3
        sta     *wk+3
        lda     *z+2
        eor     *z+5                   ; y7
        eor     *wk+6
        sta     *wk+6
        lda     *z+3
        eor     *z+6                   ; z4 ^ z7 = y8
        eor     *z+4                   ; ^ z5 = y1
        eor     *wk+0
        sta     *wk+0
        lda     *z+3
        eor     *z+6                   ; y8
        eor     *wk+7
        sta     *wk+7
        rts

; ---- FL(D1, ke), FL^-1(D2, ke') (RFC 3713 2.4.2) --------------------------
fllayer:
        ldx     *ix
        lda     cam_kseq,x
        sta     *rko
        txa
        add     *step
        sta     *ix
        ldx     *rko
        lda     *wk+0
        and     rk+0,x
        sta     *z+0
        lda     *wk+1
        and     rk+1,x
        sta     *z+1
        lda     *wk+2
        and     rk+2,x
        sta     *z+2
        lda     *wk+3
        and     rk+3,x
        sta     *z+3
        brset   #7,*z+0,.+3             ; (x1 & k1) <<< 1
        rol     *z+3
        rol     *z+2
        rol     *z+1
        rol     *z+0
        lda     *z+0
        eor     *wk+4
        sta     *wk+4
        lda     *z+1
        eor     *wk+5
        sta     *wk+5
        lda     *z+2
        eor     *wk+6
        sta     *wk+6
        lda     *z+3
        eor     *wk+7
        sta     *wk+7
        lda     *wk+4
        ora     rk+4,x                 ; x2 | k2
        eor     *wk+0
        sta     *wk+0
        lda     *wk+5
        ora     rk+5,x                 ; x2 | k2
        eor     *wk+1
        sta     *wk+1
        lda     *wk+6
        ora     rk+6,x                 ; x2 | k2
        eor     *wk+2
        sta     *wk+2
        lda     *wk+7
        ora     rk+7,x                 ; x2 | k2
        eor     *wk+3
        sta     *wk+3
        ldx     *ix
        lda     cam_kseq,x
        sta     *rko
        txa
        add     *step
        sta     *ix
        ldx     *rko
        lda     *wk+8+4
        ora     rk+4,x                 ; x2 | k2
        eor     *wk+8+0
        sta     *wk+8+0
        lda     *wk+8+5
        ora     rk+5,x                 ; x2 | k2
        eor     *wk+8+1
        sta     *wk+8+1
        lda     *wk+8+6
        ora     rk+6,x                 ; x2 | k2
        eor     *wk+8+2
        sta     *wk+8+2
        lda     *wk+8+7
        ora     rk+7,x                 ; x2 | k2
        eor     *wk+8+3
        sta     *wk+8+3
        lda     *wk+8+0
        and     rk+0,x
        sta     *z+0
        lda     *wk+8+1
        and     rk+1,x
        sta     *z+1
        lda     *wk+8+2
        and     rk+2,x
        sta     *z+2
        lda     *wk+8+3
        and     rk+3,x
        sta     *z+3
        brset   #7,*z+0,.+3             ; (x1 & k1) <<< 1
        rol     *z+3
        rol     *z+2
        rol     *z+1
        rol     *z+0
        lda     *z+0
        eor     *wk+8+4
        sta     *wk+8+4
        lda     *z+1
        eor     *wk+8+5
        sta     *wk+8+5
        lda     *z+2
        eor     *wk+8+6
        sta     *wk+8+6
        lda     *z+3
        eor     *wk+8+7
        sta     *wk+8+7
        rts

; ---- rotate the doubled W right by one bit (both copies) ------------------
; W[16..29] follow W[0..13]; W[30..31] are never read.
rorw:
        brset   #0,*W+15,.+3
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29
        ror     *W+j
        .endm
        rts

; ---- copy W[hi..0] to rk+X+hi..rk+X (enter at cp<hi>, X = the region's
; base): 9 cycles a byte. Each region is written from its top down to X;
; the bytes below its subkeys land in the region placed under it, which
; is copied later (the regions are copied from the top of RAM2 down).
cp29:
        lda     *W+29
        sta     rk+29,x
        lda     *W+28
        sta     rk+28,x
cp27:
        lda     *W+27
        sta     rk+27,x
        lda     *W+26
        sta     rk+26,x
cp25:
        lda     *W+25
        sta     rk+25,x
        lda     *W+24
        sta     rk+24,x
cp23:
        lda     *W+23
        sta     rk+23,x
        lda     *W+22
        sta     rk+22,x
        lda     *W+21
        sta     rk+21,x
        lda     *W+20
        sta     rk+20,x
        lda     *W+19
        sta     rk+19,x
        lda     *W+18
        sta     rk+18,x
cp17:
        lda     *W+17
        sta     rk+17,x
        lda     *W+16
        sta     rk+16,x
cp15:
        lda     *W+15
        sta     rk+15,x
        lda     *W+14
        sta     rk+14,x
cp13:
        lda     *W+13
        sta     rk+13,x
        lda     *W+12
        sta     rk+12,x
        lda     *W+11
        sta     rk+11,x
        lda     *W+10
        sta     rk+10,x
        lda     *W+9
        sta     rk+9,x
        lda     *W+8
        sta     rk+8,x
cp7:
        lda     *W+7
        sta     rk+7,x
        lda     *W+6
        sta     rk+6,x
        lda     *W+5
        sta     rk+5,x
        lda     *W+4
        sta     rk+4,x
        lda     *W+3
        sta     rk+3,x
        lda     *W+2
        sta     rk+2,x
        lda     *W+1
        sta     rk+1,x
        lda     *W+0
        sta     rk+0,x
        rts
; W = src, W[16..29] = src[0..13] (W[30..31] are never read)
        .macro  LOADW src
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *src+j
        sta     *W+j
        .if     j-14
        .if     j-15
        sta     *W+16+j
        .endif
        .endif
        .endm
        .endm

; ---- key setup (RFC 3713 2.2) ----------------------------------------------
camellia_key_setup::
        clrx
ks_cp:  lda     *key,x                  ; D1 || D2 = KL
        sta     *wk,x
        incx
        cpx     #16
        bne     ks_cp
        clr     *ix                     ; Sigma1 first
        lda     #1
        sta     *step
        jsr     pair                    ; D2 ^= F(D1, S1), D1 ^= F(D2, S2)
        clrx
ks_kl:  lda     *key,x                  ; ^ KL
        eor     *wk,x
        sta     *wk,x
        incx
        cpx     #16
        bne     ks_kl
        jsr     pair                    ; D2 ^= F(D1, S3), D1 ^= F(D2, S4): KA
        LOADW   wk
        ldx     #136
        jsr     cp15                    ; k1, k2
        jsr     rorw                    ; KA >>> 1
        ldx     #118
        jsr     cp17                    ; k5, k6 (KA <<< 15)
        .irp    j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     *W+14+j                 ; kw3, kw4 (KA <<< 111)
        sta     *kw+j
        .endm
        jsr     rorw                    ; KA >>> 2
        ldx     #92
        jsr     cp27                    ; ke1, ke2 (<<< 30), k15, k16 (<<< 94)
        jsr     rorw                    ; KA >>> 3
        ldx     #82
        jsr     cp13                    ; k9 (<<< 45)
        jsr     rorw                    ; KA >>> 4
        ldx     #64
        jsr     cp23                    ; k11, k12 (<<< 60)
        LOADW   key
        jsr     rorw                    ; KL >>> 1
        ldx     #42
        jsr     cp29                    ; k3, k4 (<<< 15), k17, k18 (<<< 111)
        jsr     rorw                    ; KL >>> 2
        ldx     #16
        jsr     cp27                    ; k13, k14 (<<< 94)
        jsr     rorw                    ; KL >>> 3
        ldx     #2
        jsr     cp25                    ; k7, k8 (<<< 45), ke3, ke4 (<<< 77)
        jsr     rorw                    ; KL >>> 4
        ldx     #0
        jsr     cp7                     ; k10 (<<< 60)
        rts

; ---- whitening ---------------------------------------------------------------
; D1 || D2 = block ^ k (16 bytes), two bytes a pass
        .macro  WIN k,?lp
        clrx
lp:     lda     *blk,x
        eor     *k,x
        sta     *wk,x
        lda     *blk+1,x
        eor     *k+1,x
        sta     *wk+1,x
        incx
        incx
        cpx     #16
        bne     lp
        .endm
; block = (D2 ^ k[0..7]) || (D1 ^ k[8..15])
        .macro  WOUT k,?lp
        clrx
lp:     lda     *wk+8,x
        eor     *k,x
        sta     *blk,x
        lda     *wk,x
        eor     *k+8,x
        sta     *blk+8,x
        incx
        cpx     #8
        bne     lp
        .endm

; ---- encryption and decryption (RFC 3713 2.3) -------------------------------
camellia_decrypt::
        lda     #25                     ; k18 first, walking down
        sta     *ix
        lda     #0xff
        sta     *step
        WIN     kw                      ; kw3, kw4
        bra     cam_rounds
camellia_encrypt::
        lda     #4                      ; k1 first
        sta     *ix
        lda     #1
        sta     *step
        WIN     key                     ; kw1, kw2
cam_rounds:
        jsr     pair                    ; rounds 1-6
        jsr     pair
        jsr     pair
        jsr     fllayer
        jsr     pair                    ; rounds 7-12
        jsr     pair
        jsr     pair
        jsr     fllayer
        jsr     pair                    ; rounds 13-18
        jsr     pair
        jsr     pair
        brset   #7,*step,cam_dout
        WOUT    kw                      ; kw3, kw4
        rts
cam_dout:
        WOUT    key                     ; kw1, kw2
        rts

; The RAM2 offset of each F and FL key, Sigma1..Sigma4 first (at RAM2 +
; 0xB0 = 0x0300), then in the order of encryption.
cam_kseq::
        .db     0xb0,0xb8,0xc0,0xc8
        .db     136,144,44,52,120,128   ; k1..k6
        .db     96,104                  ; ke1, ke2
        .db     8,16,88,0,72,80         ; k7..k12
        .db     12,20                   ; ke3, ke4
        .db     28,36,104,112,56,64     ; k13..k18
cam_kseq_end::
