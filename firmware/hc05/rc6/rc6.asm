; RC6-32/20/16 on the 68HC05 (MC68HC705B16): key setup expands S[0..43]
; into RAM2 (176 bytes), encryption and decryption run the 20 rounds from it.
; cardlab firmware: firmware/hc05/rc6/rc6.asm (manifest rc6.toml)
;
; Written from the RC6 specification (Rivest, Robshaw, Sidney, Yin, 1998),
; w = 32, r = 20, b = 16. Words are little-endian, byte 0 the lowest.
;
; Interface (cardlab hc05 convention): the key in rc6_key, JSR
; rc6_key_setup; then any number of times a block in rc6_block and JSR
; rc6_encrypt or rc6_decrypt; the result replaces the block. The key
; survives (L is a copy in page zero).
;
; Rotation by a secret amount n = 8q + k (ROTQ, MULROT), the same
; instructions for every n: the word is written twice into an 11-byte
; buffer at offset q (STA e+i,X and STA e+4+i,X with X = q), so e[4..7]
; holds it rotated left by 8q (byte 0's first copy, at e+q, never lands in
; e[4..7] and is not written); then each byte is multiplied by 2^k (MUL,
; 11 cycles): the low byte stays, the high byte moves into the next one.
; q and 2^k come from two 32-byte tables indexed by n.
;
; Key setup: A = S[i] = (S[i] + A + B) <<< 3, B = L[j] = (L[j] + A + B)
; <<< (A + B), 132 steps. S starts as a copy of rc6_sinit (P32 + i Q32,
; 176 bytes of EPROM, 11 cycles a byte). The first step (A = B = 0) is
; done with the constants it reduces to (rc6_sinit's S[0] is already its
; result); the loop body is four steps, j = 0..3, so L[j] is a fixed
; page-zero word and B is L[j-1] (never stored apart). A step is 421
; cycles (KSTEP gives each part): A + B is added at the end of the step
; before, while the rotation's last byte is still in A.
;
; Cycle sums. Key setup 58047 = 2060 copying S (11 passes of 187 and the
; CLRX) + 245 before the loop (L[1..3] 84, L[0] 36 and >>> 3 75, A + B
; 36, counters and JMP 14) + 131 steps x 421 + 30 loop ends x 17 + 2
; wraps x 26 + the last 23 + RTS 6. Encryption 27611 = 100 (B += S[0],
; D += S[1], counters) + 20 rounds x 1371 - 3 + 94 (A += S[42], C +=
; S[43], RTS); a round is f twice with its input copied (2 x 373), A ^= t
; with t's amount saved 47, two amounts 42, the words into e 106, two
; MULROT calls 252, two word moves 56, two additions of S 102, the S index
; 9, the loop 11. Decryption 28711 = 100 + 20 x 1426 - 3 + 94: t is kept
; (28), the subtractions of S come first (102), the XORs last (80), each
; amount negated (+6).
;
; Encryption and decryption: f(x) = x(2x + 1) <<< 5 from six MULs (x0x0 and
; x1x1 give the squares' four bytes, x0x1, x0x2, x0x3, x1x2 the cross
; terms), in a subroutine reading fx; the two halves of a round share the
; rotation subroutine. The words' roles (A, B, C, D) = (B, C, D, A) are
; taken care of by a two-round loop body: a round leaves B in A's slot and
; writes the new A to B's slot (and D, the new C alike), so the next round
; names the slots (W0, W3, W2, W1) and the one after (W0, W1, W2, W3).
;
; RAM map (page zero; RAM2 through 16-bit addresses)
;   0x50-0x5F rc6_block (W0..W3)     0x60-0x6F rc6_key
;   0x70-0x7F L[0..3]                 0x80-0x83 A (key setup)
;   0x84-0x87 tt                      0x88-0x92 e (11 bytes)
;   0x93-0x96 fx                      0x97-0x9A o (f's output)
;   0x9B-0x9E rw (rotation's output)  0x9F-0xA2 tw (decryption's t)
;   0xA3-0xA5 u (f's cross terms)     0xA6 h, 0xA7 pow, 0xA8 tn
;   0xA9 xi, 0xAA cnt
;   0x0250-0x02FF S[0..43] (RAM2)
;   stack: the return address and one call

        .hc05

blk     = RAM1
key     = RAM1 + 0x10
L       = RAM1 + 0x20
A       = RAM1 + 0x30
tt      = RAM1 + 0x34
e       = RAM1 + 0x38
fx      = RAM1 + 0x43
o       = RAM1 + 0x47
rw      = RAM1 + 0x4B
tw      = RAM1 + 0x4F
u       = RAM1 + 0x53
h       = RAM1 + 0x56
pow     = RAM1 + 0x57
tn      = RAM1 + 0x58
xi      = RAM1 + 0x59
cnt     = RAM1 + 0x5A
S       = RAM2

W0      = blk
W1      = blk + 4
W2      = blk + 8
W3      = blk + 12

rc6_block == blk
rc6_key == key
rc6_round_keys == S

        .include "../b16.inc"

; ---- the rotation amount in A (its low five bits): pow = 2^k, X = q ------
        .macro  AMOUNT
        and     #31
        tax
        lda     rc6_pow,x
        sta     *pow
        ldx     rc6_q,x
        .endm

; ---- word src rotated left by 8q into e[4..7] (X = q) ---------------------
; Byte i goes to e+i+q and e+4+i+q; byte 0's first copy, at e+q with q <=
; 3, never lands in e[4..7], so it is not written. 3 x 13 + 8 = 47 cycles.
        .macro  ROTQ src
        lda     *src+0
        sta     *e+4,x
        .irp    i,1,2,3
        lda     *src+i
        sta     *e+i,x
        sta     *e+4+i,x
        .endm
        .endm

; ---- (src ^ m) rotated left by 8q into e[4..7] (X = q), as ROTQ: 59 ------
        .macro  ROTQX src,m
        lda     *src+0
        eor     *m+0
        sta     *e+4,x
        .irp    i,1,2,3
        lda     *src+i
        eor     *m+i
        sta     *e+i,x
        sta     *e+4+i,x
        .endm
        .endm

; ---- dst = e[4..7] rotated left by k: each byte times pow -----------------
; 114 cycles: three bytes of 28 (the last 24), byte 3 of 25 and its OR 9.
        .macro  MULROT dst
        ldx     *e+7
        lda     *pow
        mul
        sta     *dst+3
        stx     *h
        ldx     *e+4
        lda     *pow
        mul
        ora     *h
        sta     *dst+0
        stx     *h
        ldx     *e+5
        lda     *pow
        mul
        ora     *h
        sta     *dst+1
        stx     *h
        ldx     *e+6
        lda     *pow
        mul
        ora     *h
        sta     *dst+2
        txa
        ora     *dst+3
        sta     *dst+3
        .endm

        .macro  COPY dst,src
        .irp    i,0,1,2,3
        lda     *src+i
        sta     *dst+i
        .endm
        .endm

; ---- one key-setup step, i = 4m + j (X base in xi = 16m) ------------------
; Lj = L[j], Lb = B = L[j-1]. On entry A already holds A + B (the previous
; step's tail adds the B it makes, the preamble the first one). 416 cycles:
;   A = S[i] + (A + B)                          3 + 4 x 12 = 51
;   A <<<= 3, three BRSET-fed ROL chains        3 x 25 = 75
;   S[i] = A and tt = A + B                     4 x 16 = 64
;   the amount tt & 31: pow = 2^k, X = q        21
;   L[j] + tt written twice at offset q         11 + 3 x 16 = 59
;     (byte 0 once: only its copy at e+4+q lands in e[4..7])
;   B = L[j] = e[4..7] times pow, byte by byte  114
;   A += B for the next step                    7 + 3 x 10 = 37
;     (byte 0 is in A when the rotation ends)
        .macro  KSTEP j,Lj,Lb
        ldx     *xi
        lda     S+4*j+0,x               ; A = S[i] + (A + B)
        add     *A+0
        sta     *A+0
        .irp    b,1,2,3
        lda     S+4*j+b,x
        adc     *A+b
        sta     *A+b
        .endm
        .rept   3                       ; A <<<= 3
        brset   #7,*A+3,.+3
        rol     *A+0
        rol     *A+1
        rol     *A+2
        rol     *A+3
        .endm
        lda     *A+0                    ; S[i] = A, tt = A + B
        sta     S+4*j+0,x
        add     *Lb+0
        sta     *tt+0
        .irp    b,1,2,3
        lda     *A+b
        sta     S+4*j+b,x
        adc     *Lb+b
        sta     *tt+b
        .endm
        lda     *tt+0
        AMOUNT
        lda     *tt+0                   ; L[j] + tt, rotated by 8q into e
        add     *Lj+0
        sta     *e+4,x
        .irp    b,1,2,3
        lda     *tt+b
        adc     *Lj+b
        sta     *e+b,x
        sta     *e+4+b,x
        .endm
        ldx     *e+4                    ; B = L[j] = e[4..7] <<< k: byte 0's
        lda     *pow                    ; low part, bytes 1..3, then byte 3's
        mul                             ; high part into byte 0
        sta     *Lj+0
        stx     *h
        .irp    b,1,2
        ldx     *e+4+b
        lda     *pow
        mul
        ora     *h
        sta     *Lj+b
        stx     *h
        .endm
        ldx     *e+7
        lda     *pow
        mul
        ora     *h
        sta     *Lj+3
        txa
        ora     *Lj+0
        sta     *Lj+0
        add     *A+0                    ; A += B, for the next step
        sta     *A+0
        .irp    b,1,2,3
        lda     *A+b
        adc     *Lj+b
        sta     *A+b
        .endm
        .endm

        .area   RC6CODE (ABS)
        .org    ROM_BASE + 0x40

rc6_key_setup::
        clrx                            ; S = rc6_sinit, 16 bytes a pass
ks_init:
        .irp    k,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        lda     rc6_sinit+k,x
        sta     S+k,x
        .endm
        txa
        add     #16
        tax
        cpx     #176
        bne     ks_init
        ; step 0 (A = B = 0): A = S[0] = P32 <<< 3 = 0xBF0A8B1D (rc6_sinit
        ; holds it already), L[0] = (L[0] + A) <<< 29; then A + B for step 1
        .irp    b,4,5,6,7,8,9,10,11,12,13,14,15 ; L[1..3] = key words 1..3
        lda     *key+b
        sta     *L+b
        .endm
        lda     #0x1d
        add     *key+0
        sta     *L+0
        lda     #0x8b
        adc     *key+1
        sta     *L+1
        lda     #0x0a
        adc     *key+2
        sta     *L+2
        lda     #0xbf
        adc     *key+3
        sta     *L+3
        .rept   3                       ; <<< 29 = >>> 3
        brset   #0,*L+0,.+3
        ror     *L+3
        ror     *L+2
        ror     *L+1
        ror     *L+0
        .endm
        lda     *L+0                    ; A + B = 0xBF0A8B1D + L[0]
        add     #0x1d
        sta     *A+0
        lda     *L+1
        adc     #0x8b
        sta     *A+1
        lda     *L+2
        adc     #0x0a
        sta     *A+2
        lda     *L+3
        adc     #0xbf
        sta     *A+3
        clr     *xi
        lda     #3                      ; three wraps of i
        sta     *cnt
        jmp     ks_step1
ks_loop:
        KSTEP   0,L+0,L+12
ks_step1:
        KSTEP   1,L+4,L+0
        KSTEP   2,L+8,L+4
        KSTEP   3,L+12,L+8
        lda     *xi                     ; next four words: 17
        add     #16
        cmp     #176
        beq     ks_wrap
        sta     *xi
        jmp     ks_loop
ks_wrap:
        clr     *xi                     ; i = 44 -> 0: 29, the last 25
        dec     *cnt
        beq     ks_done
        jmp     ks_loop
ks_done:
        rts

; ---- o = f(fx) = (x(2x + 1)) <<< 5 -----------------------------------------
; x^2 mod 2^32 = x0x0 + x1x1 2^16 + 2 u 2^8, u = x0x1 + x0x2 2^8 + (x0x3 +
; x1x2) 2^16 (mod 2^24); f = 2 x^2 + x, computed as f <<< 8 in o (f's byte
; k in o+(k+1)&3) and rotated right by three.
rc6_f:
        lda     *fx+0                   ; x0 x0: f0, f1
        tax
        mul
        sta     *o+1
        stx     *o+2
        lda     *fx+1                   ; x1 x1: f2, f3
        tax
        mul
        sta     *o+3
        stx     *o+0
        ldx     *fx+0                   ; u = x0 x1 ...
        lda     *fx+1
        mul
        sta     *u+0
        stx     *u+1
        ldx     *fx+0                   ; ... + x0 x2 2^8
        lda     *fx+2
        mul
        add     *u+1
        sta     *u+1
        txa
        adc     #0
        sta     *u+2
        ldx     *fx+0                   ; ... + x0 x3 2^16
        lda     *fx+3
        mul
        add     *u+2
        sta     *u+2
        ldx     *fx+1                   ; ... + x1 x2 2^16
        lda     *fx+2
        mul
        add     *u+2
        sta     *u+2
        lsl     *u+0                    ; x^2 = squares + 2u 2^8
        rol     *u+1
        rol     *u+2
        lda     *o+2
        add     *u+0
        sta     *o+2
        lda     *o+3
        adc     *u+1
        sta     *o+3
        lda     *o+0
        adc     *u+2
        sta     *o+0
        lsl     *o+1                    ; f = 2 x^2 + x
        rol     *o+2
        rol     *o+3
        rol     *o+0
        lda     *o+1
        add     *fx+0
        sta     *o+1
        lda     *o+2
        adc     *fx+1
        sta     *o+2
        lda     *o+3
        adc     *fx+2
        sta     *o+3
        lda     *o+0
        adc     *fx+3
        sta     *o+0
        .rept   3                       ; (f <<< 8) >>> 3
        brset   #0,*o+0,.+3
        ror     *o+3
        ror     *o+2
        ror     *o+1
        ror     *o+0
        .endm
        rts

rc6_mulrot:
        MULROT  rw
        rts

; ---- dst = src (op) S[xi/4 + w], op0 on byte 0, op on the carry chain ---
        .macro  SOP op0,op,dst,src,w
        ldx     *xi
        lda     *src+0
        op0     S+4*w+0,x
        sta     *dst+0
        .irp    b,1,2,3
        lda     *src+b
        op      S+4*w+b,x
        sta     *dst+b
        .endm
        .endm

; ---- word w (op) the word at address s, in place (extended addresses) ----
        .macro  WOP op0,op,w,s
        lda     *w+0
        op0     s
        sta     *w+0
        .irp    b,1,2,3
        lda     *w+b
        op      s+b
        sta     *w+b
        .endm
        .endm

; ---- dst = rw ^ m -----------------------------------------------------------
        .macro  XOROUT dst,m
        .irp    b,0,1,2,3
        lda     *rw+b
        eor     *m+b
        sta     *dst+b
        .endm
        .endm

; ---- one encryption round ---------------------------------------------------
; t = f(B), u = f(D), A = ((A ^ t) <<< u) + S[2i], C = ((C ^ u) <<< t) +
; S[2i+1], (A, B, C, D) = (B, C, D, A): each word is moved once, into the
; slot the previous step freed (A's rotation waits in rw while C's is
; prepared).
        .macro  EROUND
        COPY    fx,W1
        jsr     rc6_f                   ; t = f(B)
        lda     *o+0
        sta     *tn
        .irp    i,0,1,2,3               ; A ^= t
        lda     *W0+i
        eor     *o+i
        sta     *W0+i
        .endm
        COPY    fx,W3
        jsr     rc6_f                   ; u = f(D)
        lda     *o+0
        AMOUNT
        ROTQ    W0
        jsr     rc6_mulrot              ; rw = (A ^ t) <<< u
        COPY    W0,W1                   ; B to slot 0
        lda     *tn
        AMOUNT
        ROTQX   W2,o
        COPY    W2,W3                   ; D to slot 2
        SOP     add,adc,W3,rw,0         ; the new A to slot 3
        jsr     rc6_mulrot
        SOP     add,adc,W1,rw,1         ; the new C to slot 1
        lda     *xi
        add     #8
        sta     *xi
        .endm

; ---- one decryption round: the inverse of EROUND ---------------------------
; (A, B, C, D) = (D, A, B, C), u = f(D), t = f(B), C = ((C - S[2i+1]) >>> t)
; ^ u, A = ((A - S[2i]) >>> u) ^ t: on entry the slots hold (B, C, D, A).
        .macro  DROUND
        COPY    fx,W0
        jsr     rc6_f                   ; t = f(B)
        COPY    tw,o
        COPY    fx,W2
        jsr     rc6_f                   ; u = f(D)
        SOP     sub,sbc,W1,W1,1         ; rw = (C - S[2i+1]) >>> t
        lda     *tw+0
        nega
        AMOUNT
        ROTQ    W1
        jsr     rc6_mulrot
        COPY    W1,W0                   ; B to slot 1
        SOP     sub,sbc,W3,W3,0         ; A - S[2i], to be rotated by u
        lda     *o+0
        nega
        AMOUNT
        ROTQ    W3
        COPY    W3,W2                   ; D to slot 3
        XOROUT  W2,o                    ; C to slot 2
        jsr     rc6_mulrot
        XOROUT  W0,tw                   ; A to slot 0
        lda     *xi
        sub     #8
        sta     *xi
        .endm

rc6_encrypt::
        WOP     add,adc,W1,S+0          ; B += S[0], D += S[1]
        WOP     add,adc,W3,S+4
        lda     #8
        sta     *xi
        lda     #20
        sta     *cnt
enc_loop:
        EROUND
        dec     *cnt
        beq     enc_done
        jmp     enc_loop
enc_done:
        WOP     add,adc,W0,S+168        ; A += S[42], C += S[43]
        WOP     add,adc,W2,S+172
        rts

rc6_decrypt::
        WOP     sub,sbc,W2,S+172        ; C -= S[43], A -= S[42]
        WOP     sub,sbc,W0,S+168
        lda     #160
        sta     *xi
        lda     #20
        sta     *cnt
dec_loop:
        DROUND
        dec     *cnt
        beq     dec_done
        jmp     dec_loop
dec_done:
        WOP     sub,sbc,W3,S+4          ; D -= S[1], B -= S[0]
        WOP     sub,sbc,W1,S+0
        rts

; ---- rotation tables: n = 8q + k -> 2^k and q -------------------------------
rc6_pow::
        .rept   4
        .db     1,2,4,8,16,32,64,128
        .endm
rc6_q::
        .db     0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1
        .db     2,2,2,2,2,2,2,2,3,3,3,3,3,3,3,3
rc6_tables_end::

; ---- S[0..43] before the mixing: P32 + i Q32, little-endian; S[0] already
; the value step 0 gives it, P32 <<< 3 = 0xBF0A8B1D ---------------------------
rc6_sinit::
        .db     0x1d,0x8b,0x0a,0xbf,0x1c,0xcb,0x18,0x56   ; S[0], S[1]
        .db     0xd5,0x44,0x50,0xf4,0x8e,0xbe,0x87,0x92   ; S[2], S[3]
        .db     0x47,0x38,0xbf,0x30,0x00,0xb2,0xf6,0xce   ; S[4], S[5]
        .db     0xb9,0x2b,0x2e,0x6d,0x72,0xa5,0x65,0x0b   ; S[6], S[7]
        .db     0x2b,0x1f,0x9d,0xa9,0xe4,0x98,0xd4,0x47   ; S[8], S[9]
        .db     0x9d,0x12,0x0c,0xe6,0x56,0x8c,0x43,0x84   ; S[10], S[11]
        .db     0x0f,0x06,0x7b,0x22,0xc8,0x7f,0xb2,0xc0   ; S[12], S[13]
        .db     0x81,0xf9,0xe9,0x5e,0x3a,0x73,0x21,0xfd   ; S[14], S[15]
        .db     0xf3,0xec,0x58,0x9b,0xac,0x66,0x90,0x39   ; S[16], S[17]
        .db     0x65,0xe0,0xc7,0xd7,0x1e,0x5a,0xff,0x75   ; S[18], S[19]
        .db     0xd7,0xd3,0x36,0x14,0x90,0x4d,0x6e,0xb2   ; S[20], S[21]
        .db     0x49,0xc7,0xa5,0x50,0x02,0x41,0xdd,0xee   ; S[22], S[23]
        .db     0xbb,0xba,0x14,0x8d,0x74,0x34,0x4c,0x2b   ; S[24], S[25]
        .db     0x2d,0xae,0x83,0xc9,0xe6,0x27,0xbb,0x67   ; S[26], S[27]
        .db     0x9f,0xa1,0xf2,0x05,0x58,0x1b,0x2a,0xa4   ; S[28], S[29]
        .db     0x11,0x95,0x61,0x42,0xca,0x0e,0x99,0xe0   ; S[30], S[31]
        .db     0x83,0x88,0xd0,0x7e,0x3c,0x02,0x08,0x1d   ; S[32], S[33]
        .db     0xf5,0x7b,0x3f,0xbb,0xae,0xf5,0x76,0x59   ; S[34], S[35]
        .db     0x67,0x6f,0xae,0xf7,0x20,0xe9,0xe5,0x95   ; S[36], S[37]
        .db     0xd9,0x62,0x1d,0x34,0x92,0xdc,0x54,0xd2   ; S[38], S[39]
        .db     0x4b,0x56,0x8c,0x70,0x04,0xd0,0xc3,0x0e   ; S[40], S[41]
        .db     0xbd,0x49,0xfb,0xac,0x76,0xc3,0x32,0x4b   ; S[42], S[43]
rc6_sinit_end::
