; DES on the 68HC05, small: the key schedule runs on the fly, in 23 bytes
; of RAM (block 8, key 8, S-box outputs 4, round counter 1, return address
; 2) and about 1 KB of ROM with the S-boxes: seed 001's footnote (DES on a
; 6805: about 1K of code, 23 bytes of RAM, about 20000 clocks a block).
; cardlab firmware: firmware/hc05/des/small.asm (manifest small.toml)
;
; Written from FIPS 46-3. Constant time: every bit permutation is a run of
; GETs (BRSET to the next instruction, ROLA: des05.inc) or of shifts and
; XORs under fixed masks; the S-boxes are read by LDA sbox4+64p,X (5
; cycles at any index); the only conditional branches count rounds, follow
; the public shift schedule or run the transposition loops over fixed
; byte indices.
;
; Interface (cardlab hc05 convention): the key in des_key, the block in
; des_block; JSR des_encrypt_ks or des_decrypt_ks; the result replaces the
; block. No round-key RAM: the key buffer becomes the C and D registers
; and rotates as the rounds go (the key is destroyed).
;
; How it fits in 23 bytes:
; - IP, FP and PC1 are one bit-matrix transposition (TRANSPOSE below: the
;   8 x 8 bits of a block are transposed by three swap stages, 4 x 4, 2 x 2,
;   1 x 1 blocks, with a shift, an XOR and a mask each). Transposing the
;   block puts bit 7-m of every byte into byte m: byte 7-m of the result is
;   byte m of IP's output read in the order 1, 3, 5, 7, 0, 2, 4, 6, so L0
;   is bytes 6, 4, 2, 0 and R0 bytes 7, 5, 3, 1; transposing the final
;   state again is FP. Transposing the key gives C1-C8, C9-C16, C17-C24 in
;   bytes 7, 6, 5, D1-D8, D9-D16, D17-D24 in bytes 1, 2, 3, C25-C28 and
;   D25-D28 in byte 4 and the parity bits in byte 0.
; - C and D are kept as 32-bit windows C1..C28 C1..C4 (bytes 7, 6, 5, 4)
;   and D1..D28 D1..D4 (bytes 1, 2, 3, 0): a 28-bit rotation is then one
;   32-bit ROL (or ROR) chain fed by BRSET from the bit that comes next in
;   the cycle (ROTL, ROTR: 25 cycles each for C and D).
; - f builds each S-box input from the window bits (6 GETs, the PC2
;   selection), parks them in the S-box output byte that is written next
;   (the round counter, held in X, lends its byte for S8), XORs the six
;   E bits taken from R by a shift, and reads the packed S-box table.
;   P is 32 GETs from the four output bytes, XORed into L. S1, S3, S5, S7
;   take their key bits by GETR (into A from the left) and their E bits by
;   one right rotation, so their six-bit input sits in bits 7..2 and reads
;   the high nibbles, where those four S-boxes are interleaved (sbox4.asm);
;   S2, S4, S6, S8 use bits 5..0 and the low nibbles. S7's output waits in X
;   so that S8 can park its key bits in so+3.
;   The XOR into L and the swap of the halves go together (LDX R, STX L,
;   STA R), every round; the swap of round 16 is undone before FP.
;
; RAM map (page zero)
;   0x50-0x57 des_block (blk)    0x58-0x5F des_key (key)
;   0x60-0x63 so: S1|S2, S3|S4, S5|S6, S7|S8 (also the transposition's
;             scratch byte and stop index)
;   0x64 ctr: bit 6 decrypt, bits 4-0 the round, bit 7 the final pass
;   stack: the return address only (0xFE-0xFF)
;
; Cycles (HC05, the listing's figures): the S-box step is 81 (S1, S3, S5:
; 6 GETRs 48, STA 4, E 11, EOR 3, AND 2, TAX 2, LDA 5, the nibble into so
; 6) or 84 (S2, S4, S6: the nibble ORed in, 9); S7 79 (its nibble to X),
; S8 88 (S7 to so+3, 4); f is 662, P with the swap 32 x 8 + 4 x 14 = 312,
; a rotation 50, the round's dispatch 26 and its loop 8.
;
; Cycle sum, encryption 19967: entry 13; IP with PC1 (the block and the
; key transposed) 1500; windows 75; 16 rounds x (26 + 662 + 312 + 8) +
; 28 rotations x 50 = 17528; the exit test 15; round 16's swap undone 70;
; FP 755, the test and RTS 11. Decryption 20043: the first round skips the
; dispatch and each of the 27 rotations after it runs in a counted loop.

        .hc05

blk     = RAM1
key     = RAM1 + 0x08
so      = RAM1 + 0x10
ctr     = RAM1 + 0x14

des_block == blk
des_key == key

        .include "des05.inc"

; ---- one swap stage of the transposition over bytes so+1 .. 0 of blk ------
; For every X with (X and d) = 0: t = ((blk[X] >> d) ^ blk[X+d]) and m,
; blk[X+d] ^= t, blk[X] ^= t << d. X runs 0..7 (the block) or 0..15 (the
; block and the key).
        .macro  SWAPSTAGE d,m,?lp
        .if     d-1
        clrx
        .else
        ldx     *so+1                   ; d = 1: X runs down from the end
        decx
        decx
        .endif
lp:     lda     blk,x
        .rept   d
        lsra
        .endm
        eor     blk+d,x
        and     #m
        sta     *so
        eor     blk+d,x
        sta     blk+d,x
        lda     *so
        .rept   d
        lsla
        .endm
        eor     blk,x
        sta     blk,x
        .if     d-1
        incx
        txa
        and     #d
        beq     lp                      ; the next X of this group
        .if     d-2
        txa                             ; skip the group's other half
        add     #d
        tax
        .else
        incx
        incx
        .endif
        cpx     *so+1
        bne     lp
        .else
        decx
        decx
        bpl     lp
        .endif
        .endm

; ---- rotate C and D (the windows) by one ----------------------------------
; GETR a,b: rotate bit b of page-zero byte a into A from the left (as GET,
; 8 cycles): six of them leave an S-box's key bits in bits 7..2.
        .macro  GETR a,b
        brset   #b,*a,.+3
        rora
        .endm

; ---- the rest of an S-box step, its six key bits in A --------------------
; SODD (S1, S3, S5, S7): the key bits in bits 7..2 (GETR); park them in pk,
; C = bit eb of ea, A = rb rotated right (E in bits 7..2), XOR, read the
; high nibble of sbox4 + p + 4 x index into out. SEVEN (S2, S4, S6): bits
; 5..0 (GET), A = rb rotated left, the low nibble of sbox4 + q + index ORed
; into out.
        .macro  SODD pk,eb,ea,rb,p,out
        sta     *pk
        brset   #eb,*ea,.+3
        lda     *rb
        rora
        eor     *pk                     ; + K
        and     #0xfc
        tax
        lda     sbox4+p,x
        and     #0xf0
        sta     *out
        .endm
        .macro  SEVEN pk,eb,ea,rb,q,out
        sta     *pk
        brset   #eb,*ea,.+3
        lda     *rb
        rola
        eor     *pk                     ; + K
        and     #0x3f
        tax
        lda     sbox4+q,x
        and     #0x0f
        ora     *out
        sta     *out
        .endm

        .macro  ROTL
        brset   #3,*key+7,.+3           ; C = C5, the bit after the window
        rol     *key+4
        rol     *key+5
        rol     *key+6
        rol     *key+7
        brset   #3,*key+1,.+3           ; C = D5
        rol     *key+0
        rol     *key+3
        rol     *key+2
        rol     *key+1
        .endm
        .macro  ROTR
        brset   #4,*key+4,.+3           ; C = C28
        ror     *key+7
        ror     *key+6
        ror     *key+5
        ror     *key+4
        brset   #4,*key+0,.+3           ; C = D28
        ror     *key+1
        ror     *key+2
        ror     *key+3
        ror     *key+0
        .endm

        .area   DESCODE (ABS)
        .org    SMALL_CODE_AT

des_decrypt_ks::
        lda     #0x40                   ; bit 6: rotate right, K16 first
        bra     des_go
des_encrypt_ks::
        clra                            ; rounds 0..15, C and D rotate left
des_go:
        sta     *ctr
        lda     #16                     ; transpose the block and the key
        sta     *so+1
transpose:
        SWAPSTAGE 4,0x0f
        SWAPSTAGE 2,0x33
        SWAPSTAGE 1,0x55
        brclr   #7,*ctr,windows
        rts                             ; after FP
windows:
; The windows: byte 0 = D25..D28 D1..D4, byte 4 = C25..C28 C1..C4.
        lda     *key+4                  ; C25..C28 D25..D28
        GET     key+1,7  ; D1
        GET     key+1,6  ; D2
        GET     key+1,5  ; D3
        GET     key+1,4  ; D4
        sta     *key+0
        lda     *key+4
        and     #0xf0
        sta     *key+4                  ; C25..C28 0000
        lda     *key+7
        lsra
        lsra
        lsra
        lsra                            ; 0000 C1..C4
        ora     *key+4
        sta     *key+4
        brclr   #6,*ctr,round           ; decryption: K16 = PC2(C0, D0)
        jmp     f

; ---- a round ----------------------------------------------------------------
last:                                   ; undo round 16's swap, then FP
        .irp    j,0,2,4,6
        lda     *blk+j
        ldx     *blk+j+1
        sta     *blk+j+1
        stx     *blk+j
        .endm
        lda     #8
        sta     *so+1                   ; transpose the block only
        bset    #7,*ctr
        jmp     transpose

rotr:   tax
rotr1:  ROTR                            ; decryption: the same counts
        decx                            ; (the schedule is symmetric),
        bne     rotr1                   ; the other way, after K16
        bra     f
round:
        lda     *ctr
        and     #31
        tax
        lda     des_shifts,x            ; 1 or 2 (FIPS 46-3, the schedule)
        beq     last                    ; 0 after round 16
        brset   #6,*ctr,rotr
        lsra                            ; encryption: 1 skips a rotation
        bcs     rotl1
        ROTL
rotl1:  ROTL
f:
; S1: K bits 1-6, E bits R32-R5
        GETR    key+7,3  ; K6 = C5
        GETR    key+7,7  ; K5 = C1
        GETR    key+5,0  ; K4 = C24
        GETR    key+6,5  ; K3 = C11
        GETR    key+5,7  ; K2 = C17
        GETR    key+6,2  ; K1 = C14
        SODD    so+0,0,blk+1,blk+7,0,so+0 ; S1, C = R32
; S2: K bits 7-12, E bits R4-R9
        GET     key+7,5  ; K7 = C3
        GET     key+4,4  ; K8 = C28
        GET     key+6,1  ; K9 = C15
        GET     key+7,2  ; K10 = C6
        GET     key+5,3  ; K11 = C21
        GET     key+6,6  ; K12 = C10
        SEVEN   so+1,7,blk+5,blk+7,0,so+0 ; S2, C = R9: (R4..R8 R9) = E7..E12
; S3: K bits 13-18, E bits R8-R13
        GETR    key+7,0  ; K18 = C8
        GETR    key+4,6  ; K17 = C26
        GETR    key+7,4  ; K16 = C4
        GETR    key+6,4  ; K15 = C12
        GETR    key+5,5  ; K14 = C19
        GETR    key+5,1  ; K13 = C23
        SODD    so+1,0,blk+7,blk+5,1,so+1 ; S3, C = R8
; S4: K bits 19-24, E bits R12-R17
        GET     key+6,0  ; K19 = C16
        GET     key+7,1  ; K20 = C7
        GET     key+4,5  ; K21 = C27
        GET     key+5,4  ; K22 = C20
        GET     key+6,3  ; K23 = C13
        GET     key+7,6  ; K24 = C2
        SEVEN   so+2,7,blk+3,blk+5,64,so+1 ; S4, C = R17: (R12..R16 R17) = E19..E24
; S5: K bits 25-30, E bits R16-R21
        GETR    key+0,5  ; K30 = D27
        GETR    key+3,5  ; K29 = D19
        GETR    key+2,7  ; K28 = D9
        GETR    key+1,5  ; K27 = D3
        GETR    key+3,0  ; K26 = D24
        GETR    key+2,3  ; K25 = D13
        SODD    so+2,0,blk+5,blk+3,2,so+2 ; S5, C = R16
; S6: K bits 31-36, E bits R20-R25
        GET     key+1,6  ; K31 = D2
        GET     key+2,4  ; K32 = D12
        GET     key+3,1  ; K33 = D23
        GET     key+3,7  ; K34 = D17
        GET     key+1,3  ; K35 = D5
        GET     key+3,4  ; K36 = D20
        SEVEN   so+3,7,blk+1,blk+3,128,so+2 ; S6, C = R25: (R20..R24 R25) = E31..E36
; S7: K bits 37-42, E bits R24-R29
        GETR    key+0,7  ; K42 = D25
        GETR    key+1,2  ; K41 = D6
        GETR    key+0,4  ; K40 = D28
        GETR    key+2,5  ; K39 = D11
        GETR    key+3,3  ; K38 = D21
        GETR    key+2,0  ; K37 = D16
        sta     *so+3
        brset   #0,*blk+3,.+3         ; C = R24
        lda     *blk+1
        rora                            ; R24 R25..R31: E in bits 7..2
        eor     *so+3                 ; + K
        and     #0xfc
        tax
        lda     sbox4+3,x            ; S7 in the high nibble
        and     #0xf0
        tax                             ; S7 waits in X, so+3 is free
; S8: K bits 43-48, E bits R28-R1
        GET     key+3,6  ; K43 = D18
        GET     key+2,2  ; K44 = D14
        GET     key+3,2  ; K45 = D22
        GET     key+1,0  ; K46 = D8
        GET     key+1,7  ; K47 = D1
        GET     key+1,4  ; K48 = D4
        sta     *so+3
        brset   #7,*blk+7,.+3         ; C = R1
        lda     *blk+1
        rola                            ; (R28..R32 R1) = E43..E48
        eor     *so+3                 ; + K
        stx     *so+3                   ; S7
        and     #0x3f
        tax
        lda     sbox4+192,x            ; S8 in the low nibble
        and     #0x0f
        ora     *so+3
        sta     *so+3
; P(S outputs) into L
        GET     so+1,0  ; P: f bit 1 = S4 out 4
        GET     so+0,1  ; P: f bit 2 = S2 out 3
        GET     so+2,4  ; P: f bit 3 = S5 out 4
        GET     so+2,3  ; P: f bit 4 = S6 out 1
        GET     so+3,3  ; P: f bit 5 = S8 out 1
        GET     so+1,4  ; P: f bit 6 = S3 out 4
        GET     so+3,4  ; P: f bit 7 = S7 out 4
        GET     so+2,7  ; P: f bit 8 = S5 out 1
        eor     *blk+6                 ; L ^ f, bits 1-8
        ldx     *blk+7
        stx     *blk+6                 ; new L = R
        sta     *blk+7                 ; new R = L ^ f
        GET     so+0,7  ; P: f bit 9 = S1 out 1
        GET     so+1,1  ; P: f bit 10 = S4 out 3
        GET     so+2,1  ; P: f bit 11 = S6 out 3
        GET     so+3,6  ; P: f bit 12 = S7 out 2
        GET     so+0,3  ; P: f bit 13 = S2 out 1
        GET     so+2,6  ; P: f bit 14 = S5 out 2
        GET     so+3,1  ; P: f bit 15 = S8 out 3
        GET     so+1,6  ; P: f bit 16 = S3 out 2
        eor     *blk+4                 ; L ^ f, bits 9-16
        ldx     *blk+5
        stx     *blk+4                 ; new L = R
        sta     *blk+5                 ; new R = L ^ f
        GET     so+0,6  ; P: f bit 17 = S1 out 2
        GET     so+0,0  ; P: f bit 18 = S2 out 4
        GET     so+2,0  ; P: f bit 19 = S6 out 4
        GET     so+1,2  ; P: f bit 20 = S4 out 2
        GET     so+3,0  ; P: f bit 21 = S8 out 4
        GET     so+3,5  ; P: f bit 22 = S7 out 3
        GET     so+0,5  ; P: f bit 23 = S1 out 3
        GET     so+1,7  ; P: f bit 24 = S3 out 1
        eor     *blk+2                 ; L ^ f, bits 17-24
        ldx     *blk+3
        stx     *blk+2                 ; new L = R
        sta     *blk+3                 ; new R = L ^ f
        GET     so+2,5  ; P: f bit 25 = S5 out 3
        GET     so+1,3  ; P: f bit 26 = S4 out 1
        GET     so+3,2  ; P: f bit 27 = S8 out 2
        GET     so+0,2  ; P: f bit 28 = S2 out 2
        GET     so+2,2  ; P: f bit 29 = S6 out 2
        GET     so+1,5  ; P: f bit 30 = S3 out 3
        GET     so+0,4  ; P: f bit 31 = S1 out 4
        GET     so+3,7  ; P: f bit 32 = S7 out 1
        eor     *blk+0                 ; L ^ f, bits 25-32
        ldx     *blk+1
        stx     *blk+0                 ; new L = R
        sta     *blk+1                 ; new R = L ^ f
        inc     *ctr
        jmp     round
des_shifts::                            ; read as data: a table
        .db     1,1,2,2,2,2,2,2,1,2,2,2,2,2,2,1,0
des_shifts_end::
