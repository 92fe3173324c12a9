; Camellia-128 on the 68HC05 (MC68HC705B16): key setup expands the 26
; subkeys into RAM2 and page zero, encryption and decryption run the 18
; rounds and the two FL layers from them.
; cardlab firmware: firmware/hc05/camellia/camellia.asm (manifest camellia.toml)
;
; Written from RFC 3713. Constant time: no branch depends on the key or
; the data (the conditional branches count bytes and test the direction);
; the FL rotation goes through C, not a branch;
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
; offset in RAM2 of each F and FL key in the order encryption uses them,
; then the same list reversed for decryption (k18..k1, ke4 before ke3), so
; both walk it upwards (NEXTKEY: LDX ix, INC ix, LDX cam_kseq,X, STX rko,
; 17 cycles, leaving X = rko for the first S-box step).
;
; F (RFC 3713 2.4.1) and its round, 331 cycles: the key 17; eight S-box
; steps (LDX rko 3, LDA 3, EOR rk,X 5, TAX 2, LDA S,X 5, the first without
; the LDX) with their stores, 185: t5..t8 stored as they are, z1 = t1 ^
; t6, z2 = t2 ^ t7, z3 = t3 ^ t8, z4 = t4 ^ t5 (P's first layer, one EOR
; each); then each output byte of P taken straight from those eight bytes
; and XORed into the other half, in four pairs sharing their first three
; terms (X keeps the first output while A goes on), 129:
;   y8 = z4 ^ t7 ^ z1, y1 = y8 ^ t5 ^ z3;  y5 = z1 ^ t8 ^ z2, y2 = y5 ^ t6 ^ z4;
;   y6 = z2 ^ t5 ^ z3, y3 = y6 ^ t7 ^ z1;  y7 = z3 ^ t6 ^ z4, y4 = y7 ^ t8 ^ z2
; (RFC 3713's z1'..z8' are y5..y8, y1..y4). Nothing after P's first layer
; is stored.
;
; FL and FL^-1 (2.4.2), 139 cycles each with the key 17: (x1 & k1) <<< 1
; is never stored whole: its top byte is kept and its bit 7 put in C, then
; the other bytes, from the lowest, are computed, rotated through C (ROLA)
; and XORed into x2 at once (LDA, AND, EOR and STA leave C alone).
;
; Cycle sums. Encryption 7305 = 9 round pairs x (JSR 6 + 2 x 331 + RTS 6)
; + 2 FL layers x (JSR 6 + 2 x (17 + 139) + RTS 6) + 591 (the first index
; 6, whitening in 299 and out 275 in loops, the direction test 5, RTS 6);
; decryption 7308 (BRA 3 more).
;
; RAM map (page zero; RAM2 through 16-bit addresses)
;   0x50-0x5F camellia_block (blk)     0x60-0x6F camellia_key (key = KL)
;   0x70-0x7F kw3 || kw4 (kw)          0x80-0x8F wk: D1 (0x80), D2 (0x88)
;   0x90-0x97 z: the S-box outputs     0x98 rko: RAM2 offset of the key
;   0x99 ix: index in cam_kseq (ends at 26 encrypting, 48 decrypting)
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
W       = RAM1 + 0x50
rk      = RAM2

camellia_block == blk
camellia_key == key
camellia_round_keys == rk

        .include "cam05.inc"

        .area   CAMCODE (ABS)
        .org    CODE_AT

; ---- the next key: X = rko = cam_kseq[ix++], 17 cycles -------------------
        .macro  NEXTKEY
        ldx     *ix                     ; 3
        inc     *ix                     ; 5
        ldx     cam_kseq,x              ; 5
        stx     *rko                    ; 4
        .endm

; ---- one S-box step: A = S(x_j ^ k_j), 18 cycles (15 with X = rko) -------
        .macro  SBOX src,j,sb,reload
        .if     reload
        ldx     *rko                    ; 3
        .endif
        lda     *src+j                  ; 3
        eor     rk+j,x                  ; 5
        tax                             ; 2
        lda     sb,x                    ; 5
        .endm

; ---- one Feistel round: dst ^= F(src, k), k the next cam_kseq key --------
; 331 cycles: the key 17, eight S-box steps 185 with their stores (t5..t8
; stored as they are, 4 each; z1 = t1 ^ t6, z2 = t2 ^ t7, z3 = t3 ^ t8,
; z4 = t4 ^ t5 with an EOR first, 7 each), then P's other three layers as
; four output pairs, 129. The pairs (y8, y1), (y5, y2), (y6, y3), (y7, y4)
; are, in the z and t bytes:
;   y8 = z4 ^ t7 ^ z1     y1 = y8 ^ t5 ^ z3
;   y5 = z1 ^ t8 ^ z2     y2 = y5 ^ t6 ^ z4
;   y6 = z2 ^ t5 ^ z3     y3 = y6 ^ t7 ^ z1
;   y7 = z3 ^ t6 ^ z4     y4 = y7 ^ t8 ^ z2
; (RFC 3713's P: y1..y4 = z5'..z8', y5..y8 = z1'..z4'); X keeps the first
; of a pair while A goes on to the second, so a pair is 33 cycles (the
; first 30: A already holds z4) and nothing of P is stored.
        .macro  FROUND src,dst
        NEXTKEY                         ; 17
        SBOX    src,4,cam_s2,0          ; t5 = S2(x5)               15+4
        sta     *z+4
        SBOX    src,5,cam_s3,1          ; t6 = S3(x6)               18+4
        sta     *z+5
        SBOX    src,6,cam_s4,1          ; t7 = S4(x7)               18+4
        sta     *z+6
        SBOX    src,7,cam_s1,1          ; t8 = S1(x8)               18+4
        sta     *z+7
        SBOX    src,0,cam_s1,1          ; z1 = S1(x1) ^ t6          18+7
        eor     *z+5
        sta     *z+0
        SBOX    src,1,cam_s2,1          ; z2 = S2(x2) ^ t7          18+7
        eor     *z+6
        sta     *z+1
        SBOX    src,2,cam_s3,1          ; z3 = S3(x3) ^ t8          18+7
        eor     *z+7
        sta     *z+2
        SBOX    src,3,cam_s4,1          ; z4 = S4(x4) ^ t5          18+7
        eor     *z+4
        sta     *z+3
        eor     *z+6                    ; y8 = z4 ^ t7 ^ z1         30
        eor     *z+0
        tax
        eor     *z+4                    ; y1 = y8 ^ t5 ^ z3
        eor     *z+2
        eor     *dst+0
        sta     *dst+0
        txa
        eor     *dst+7
        sta     *dst+7
        lda     *z+0                    ; y5 = z1 ^ t8 ^ z2         33
        eor     *z+7
        eor     *z+1
        tax
        eor     *z+5                    ; y2 = y5 ^ t6 ^ z4
        eor     *z+3
        eor     *dst+1
        sta     *dst+1
        txa
        eor     *dst+4
        sta     *dst+4
        lda     *z+1                    ; y6 = z2 ^ t5 ^ z3         33
        eor     *z+4
        eor     *z+2
        tax
        eor     *z+6                    ; y3 = y6 ^ t7 ^ z1
        eor     *z+0
        eor     *dst+2
        sta     *dst+2
        txa
        eor     *dst+5
        sta     *dst+5
        lda     *z+2                    ; y7 = z3 ^ t6 ^ z4         33
        eor     *z+5
        eor     *z+3
        tax
        eor     *z+7                    ; y4 = y7 ^ t8 ^ z2
        eor     *z+1
        eor     *dst+3
        sta     *dst+3
        txa
        eor     *dst+6
        sta     *dst+6
        .endm

; ---- two Feistel rounds: D2 ^= F(D1, k), D1 ^= F(D2, k'), the keys the
; next two cam_kseq entries; 2 x 331 + RTS 6 = 668 cycles.
pair:
        FROUND  wk,wk+8
        FROUND  wk+8,wk
        rts

; ---- FL(D1, ke), FL^-1(D2, ke') (RFC 3713 2.4.2), 2 x (17 + 139) + 6 = 318
; Bytes big-endian (x+0 the top byte). (x1 & k1) <<< 1 is never stored
; whole: its top byte z0 is kept and its bit 7 put in C (LSLA), then each
; byte, from the lowest, is computed, rotated through C (ROLA) and XORed
; into x2 (LDA, AND, EOR and STA leave C alone). X = rko throughout. FL:
; 15 + 3 x 18 + 13 for x2, 12 + 3 x 15 for x1; FL^-1: 4 x 15 for y1, 12
; + 3 x 18 + 13 for y2 (LSLA and ROLA take 3 cycles).
fllayer:
        NEXTKEY                         ; 17
        lda     *wk+0                   ; z0 = x1.0 & k1.0, C = z0.7     15
        and     rk+0,x
        sta     *z+0
        lsla
        lda     *wk+3                   ; x2.3 ^= (x1.3 & k1.3) << 1 | C 18
        and     rk+3,x
        rola
        eor     *wk+7
        sta     *wk+7
        lda     *wk+2                   ; x2.2                           18
        and     rk+2,x
        rola
        eor     *wk+6
        sta     *wk+6
        lda     *wk+1                   ; x2.1                           18
        and     rk+1,x
        rola
        eor     *wk+5
        sta     *wk+5
        lda     *z+0                    ; x2.0                           13
        rola
        eor     *wk+4
        sta     *wk+4
        ora     rk+4,x                  ; x1 ^= x2 | k2: 12 + 3 x 15
        eor     *wk+0
        sta     *wk+0
        .irp    j,1,2,3
        lda     *wk+4+j
        ora     rk+4+j,x
        eor     *wk+j
        sta     *wk+j
        .endm
        NEXTKEY                         ; 17
        .irp    j,3,2,1,0               ; y1 ^= y2 | k2: 4 x 15
        lda     *wk+8+4+j
        ora     rk+4+j,x
        eor     *wk+8+j
        sta     *wk+8+j
        .endm
        and     rk+0,x                  ; z0 = y1.0 & k1.0, C = z0.7     12
        sta     *z+0
        lsla
        .irp    j,3,2,1                 ; y2.j ^= (y1.j & k1.j) << 1 | C 3 x 18
        lda     *wk+8+j
        and     rk+j,x
        rola
        eor     *wk+8+4+j
        sta     *wk+8+4+j
        .endm
        lda     *z+0                    ; y2.0                           13
        rola
        eor     *wk+8+4
        sta     *wk+8+4
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
        lda     #26                     ; k18 first: the reversed list
        sta     *ix
        WIN     kw                      ; kw3, kw4
        bra     cam_rounds
camellia_encrypt::
        lda     #4                      ; k1 first
        sta     *ix
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
        brclr   #3,*ix,cam_dout         ; ix ends at 26 (0x1A) encrypting,
                                        ; 48 (0x30) decrypting
        WOUT    kw                      ; kw3, kw4
        rts
cam_dout:
        WOUT    key                     ; kw1, kw2
        rts

; The RAM2 offset of each F and FL key, Sigma1..Sigma4 first (at RAM2 +
; 0xB0 = 0x0300), then in the order of encryption (from index 4), then in
; the order of decryption (from index 26: the same list reversed, so that
; every use steps ix up by one).
cam_kseq::
        .db     0xb0,0xb8,0xc0,0xc8
        .db     136,144,44,52,120,128   ; k1..k6
        .db     96,104                  ; ke1, ke2
        .db     8,16,88,0,72,80         ; k7..k12
        .db     12,20                   ; ke3, ke4
        .db     28,36,104,112,56,64     ; k13..k18
        .db     64,56,112,104,36,28     ; k18..k13
        .db     20,12                   ; ke4, ke3
        .db     80,72,0,88,16,8         ; k12..k7
        .db     104,96                  ; ke2, ke1
        .db     128,120,52,44,144,136   ; k6..k1
cam_kseq_end::
