; DES on the 68HC05, fast: key setup stores the sixteen 48-bit round keys
; in RAM2 (128 bytes); encryption and decryption run the rounds on halves
; kept in E-expanded form, so a round needs no expansion step.
; cardlab firmware: firmware/hc05/des/fast.asm (manifest fast.toml)
;
; Written from FIPS 46-3. Constant time: every bit permutation is a run of
; GETs (BRSET to the next instruction, ROLA: des05.inc) or, for PC2, of
; loads, shifts and masks; the S-boxes are
; read by LDA des_sbox+64j,X (5 cycles at any index), and the only
; conditional branches count rounds or follow the public shift schedule.
;
; Interface (cardlab hc05 convention): the key in des_key, JSR
; des_key_setup; then any number of times a block in des_block and JSR
; des_encrypt or des_decrypt; the result replaces the block. The key
; survives (parity bits ignored).
;
; The trick: L and R are held as E(L) and E(R), eight bytes of six bits
; (the inputs of S1..S8 before the key is added). E is linear, so
; E(L ^ P(S)) = E(L) ^ E(P(S)): the round builds E(P(S outputs)) bit by
; bit (48 GETs) and XORs it into the other half. IP builds E(L0), E(R0)
; straight from the block, FP reads one copy of each bit back.
;
; RAM map (page zero; buffers at fixed addresses)
;   0x50-0x57 des_block (blk)   0x58-0x5F des_key (key)
;   0x60-0x67 lx: E(L)          0x68-0x6F rx: E(R)
;   0x70-0x77 so: S1..S8 outputs (low nibbles)
;   0x78-0x7B cc: C as a 32-bit window (C8..C28, C1..C11)
;   0x7C-0x7F dd: D (D6..D28, D1..D9)
;   0x80 rko (8 r: the round key in use), 0x81 step (+8 or -8),
;   0x82 cnt, 0x83-0x84 msk (the shift schedule)
;   0x0250-0x02CF ks: K1..K16, eight bytes of six bits each (RAM2)
;   stack: the return address only
;
; The round keys: each S-box's six input bits b1..b6 sit in bits 5..0 of
; its byte in the order that makes PC2 cheap (sbox.asm lists the order; its
; tables are indexed accordingly, and IP, E(P) and FP place the E bits the
; same way). C and D are held as 32-bit windows (28 bits and four of them
; again), C8..C28, C1..C11 in cc..cc+3 and D6..D28, D1..D9 in dd..dd+3, so
; most round-key bytes are two to four masked pieces of the window bytes:
; LDA, shifts, EOR/AND/EOR to merge the next byte's bits (8 cycles), AND
; #0x3f, STA: 35 to 47 cycles a byte, 346 a round key instead of 456
; as 48 bit moves; the bits of S8's byte lie too far apart and stay six
; GETs (56).
;
; Cycles (HC05, the listing's figures; entry to RTS inclusive): see the
; README; a round is f 8 x (LDA 3 + EOR ks,X 5 + TAX 2 + LDA S,X 5 + STA
; 4 + LDX 3) - 3 = 173, then E(P) 8 x (CLRA 3 + 6 GETs 48 + EOR 3 + STA
; 4) = 464. Key setup: PC1 into the windows 64 GETs + 8 STA = 544, 15,
; 16 x (rotation 50, schedule 13, PC2 47 + 3 x 41 + 44 + 41 + 35 + 56 =
; 346, loop 19) + 12 second rotations x 50 - 3 + RTS 6 = 8010.

        .hc05

blk     = RAM1
key     = RAM1 + 0x08
lx      = RAM1 + 0x10
rx      = RAM1 + 0x18
so      = RAM1 + 0x20
cc      = RAM1 + 0x28
dd      = RAM1 + 0x2C
rko     = RAM1 + 0x30
step    = RAM1 + 0x31
cnt     = RAM1 + 0x32
msk     = RAM1 + 0x33
ks      = RAM2

des_block == blk
des_key == key
des_round_keys == ks

        .include "des05.inc"

; ---- f's S-box half: so[j] = S_j(src[j] ^ K[j]), X = rko -----------------
        .macro  SLOOKUP src
        .irp    j,0,1,2,3,4,5,6,7
        lda     *src+j
        eor     ks+j,x                  ; + round key
        tax
        lda     des_sbox+64*j,x         ; S(j+1)
        sta     *so+j
        .if     j-7
        ldx     *rko
        .endif
        .endm
        .endm

; ---- MRG w,keep: A's bits in keep stay, the others come from window byte
; w: A = ((A ^ w) & keep) ^ w, 8 cycles (PC2's gather)
        .macro  MRG w,keep
        eor     *w
        and     #keep
        eor     *w
        .endm

; ---- rotate C and D left by one (28-bit rotations) ------------------------
; BRSET takes bit 27 of the window (the element after bit 0's, four
; bits up the cycle) into the carry; the ROL chain shifts the window up
; and feeds it in at bit 0.
; 2 x (5 + 4 x 5) = 50 cycles.
        .macro  ROTCD
        brset   #3,*cc,.+3
        rol     *cc+3
        rol     *cc+2
        rol     *cc+1
        rol     *cc
        brset   #3,*dd,.+3
        rol     *dd+3
        rol     *dd+2
        rol     *dd+1
        rol     *dd
        .endm

        .area   DESCODE (ABS)
        .org    CODE_AT

; ---- key setup (FIPS 46-3, the key schedule) -------------------------------
des_key_setup::
        ; C window: bit i of cc..cc+3 (31 = bit 7 of cc) holds C[8 + 31 - i]
        GET     key+0,7  ; C8 = key bit 1
        GET     key+7,6  ; C9 = key bit 58
        GET     key+6,6  ; C10 = key bit 50
        GET     key+5,6  ; C11 = key bit 42
        GET     key+4,6  ; C12 = key bit 34
        GET     key+3,6  ; C13 = key bit 26
        GET     key+2,6  ; C14 = key bit 18
        GET     key+1,6  ; C15 = key bit 10
        sta     *cc+0
        GET     key+0,6  ; C16 = key bit 2
        GET     key+7,5  ; C17 = key bit 59
        GET     key+6,5  ; C18 = key bit 51
        GET     key+5,5  ; C19 = key bit 43
        GET     key+4,5  ; C20 = key bit 35
        GET     key+3,5  ; C21 = key bit 27
        GET     key+2,5  ; C22 = key bit 19
        GET     key+1,5  ; C23 = key bit 11
        sta     *cc+1
        GET     key+0,5  ; C24 = key bit 3
        GET     key+7,4  ; C25 = key bit 60
        GET     key+6,4  ; C26 = key bit 52
        GET     key+5,4  ; C27 = key bit 44
        GET     key+4,4  ; C28 = key bit 36
        GET     key+7,7  ; C1 = key bit 57
        GET     key+6,7  ; C2 = key bit 49
        GET     key+5,7  ; C3 = key bit 41
        sta     *cc+2
        GET     key+4,7  ; C4 = key bit 33
        GET     key+3,7  ; C5 = key bit 25
        GET     key+2,7  ; C6 = key bit 17
        GET     key+1,7  ; C7 = key bit 9
        GET     key+0,7  ; C8 = key bit 1
        GET     key+7,6  ; C9 = key bit 58
        GET     key+6,6  ; C10 = key bit 50
        GET     key+5,6  ; C11 = key bit 42
        sta     *cc+3
        ; D window: bit i of dd..dd+3 (31 = bit 7 of dd) holds D[6 + 31 - i]
        GET     key+2,1  ; D6 = key bit 23
        GET     key+1,1  ; D7 = key bit 15
        GET     key+0,1  ; D8 = key bit 7
        GET     key+7,2  ; D9 = key bit 62
        GET     key+6,2  ; D10 = key bit 54
        GET     key+5,2  ; D11 = key bit 46
        GET     key+4,2  ; D12 = key bit 38
        GET     key+3,2  ; D13 = key bit 30
        sta     *dd+0
        GET     key+2,2  ; D14 = key bit 22
        GET     key+1,2  ; D15 = key bit 14
        GET     key+0,2  ; D16 = key bit 6
        GET     key+7,3  ; D17 = key bit 61
        GET     key+6,3  ; D18 = key bit 53
        GET     key+5,3  ; D19 = key bit 45
        GET     key+4,3  ; D20 = key bit 37
        GET     key+3,3  ; D21 = key bit 29
        sta     *dd+1
        GET     key+2,3  ; D22 = key bit 21
        GET     key+1,3  ; D23 = key bit 13
        GET     key+0,3  ; D24 = key bit 5
        GET     key+3,4  ; D25 = key bit 28
        GET     key+2,4  ; D26 = key bit 20
        GET     key+1,4  ; D27 = key bit 12
        GET     key+0,4  ; D28 = key bit 4
        GET     key+7,1  ; D1 = key bit 63
        sta     *dd+2
        GET     key+6,1  ; D2 = key bit 55
        GET     key+5,1  ; D3 = key bit 47
        GET     key+4,1  ; D4 = key bit 39
        GET     key+3,1  ; D5 = key bit 31
        GET     key+2,1  ; D6 = key bit 23
        GET     key+1,1  ; D7 = key bit 15
        GET     key+0,1  ; D8 = key bit 7
        GET     key+7,2  ; D9 = key bit 62
        sta     *dd+3
        lda     #0x3f                   ; a second shift in rounds 3-8 and
        sta     *msk                    ; 10-15: 0011 1111 0111 1110
        lda     #0x7e
        sta     *msk+1
        clrx
ks_round:
        stx     *rko
        ROTCD
        lsl     *msk+1
        rol     *msk
        bcc     ks_pc2
        ROTCD
ks_pc2:
        ; K bits 1-6 (S1): C14 C17 C11 C24 C1 C5 -> bits 1 2 4 5 0 3
        lda     *cc+1
        lsra
        MRG     cc+3,0xbf
        lsra
        MRG     cc+2,0x7b
        lsra
        lsra
        MRG     cc+0,0xed
        and     #0x3f
        sta     ks+0,x
        ; K bits 7-12 (S2): C3 C28 C15 C6 C21 C10 -> bits 0 3 2 5 4 1
        lda     *cc+0
        MRG     cc+1,0xfb
        lsla
        lsla
        MRG     cc+2,0xf6
        MRG     cc+3,0xdd
        and     #0x3f
        sta     ks+1,x
        ; K bits 13-18 (S3): C23 C19 C12 C4 C26 C8 -> bits 0 4 2 5 3 1
        lda     *cc+3
        MRG     cc+2,0xdf
        lsra
        MRG     cc+0,0xf7
        lsra
        MRG     cc+1,0xee
        and     #0x3f
        sta     ks+2,x
        ; K bits 19-24 (S4): C16 C7 C27 C20 C13 C2 -> bits 5 4 3 1 2 0
        lda     *cc+1
        lsra
        MRG     cc+2,0xed
        lsra
        MRG     cc+3,0xef
        MRG     cc+0,0xfb
        and     #0x3f
        sta     ks+3,x
        ; K bits 25-30 (S5): D13 D24 D3 D9 D19 D27 -> bits 0 5 3 4 1 2
        lda     *dd+3
        lsra
        lsra
        MRG     dd+1,0xfb
        lsra
        MRG     dd+0,0xee
        MRG     dd+2,0xdb
        and     #0x3f
        sta     ks+4,x
        ; K bits 31-36 (S6): D2 D12 D23 D17 D5 D20 -> bits 5 1 4 3 2 0
        lda     *dd+3
        MRG     dd+2,0xbf
        lsra
        MRG     dd+1,0xed
        lsra
        MRG     dd+0,0xfd
        and     #0x3f
        sta     ks+5,x
        ; K bits 37-42 (S7): D16 D21 D11 D28 D6 D25 -> bits 5 0 2 1 3 4
        lda     *dd+1
        MRG     dd+0,0xfb
        MRG     dd+2,0xed
        MRG     dd+3,0xf7
        and     #0x3f
        sta     ks+6,x
        ; K bits 43-48 (S8): D18 D14 D22 D8 D1 D4 -> bits 5 4 3 2 1 0
        GET     dd+1,3
        GET     dd+1,7
        GET     dd+2,7
        GET     dd+3,1
        GET     dd+2,0
        GET     dd+3,5
        and     #0x3f
        sta     ks+7,x
        lda     *rko
        add     #8
        tax
        cpx     #128
        beq     ks_done
        jmp     ks_round
ks_done:
        rts

; ---- encryption and decryption ---------------------------------------------
des_decrypt::
        lda     #120                    ; K16 first, stepping down
        ldx     #0xf8
        bra     des_go
des_encrypt::
        clra                            ; K1 first, stepping up
        ldx     #8
des_go:
        sta     *rko
        stx     *step
        clra
        GET     blk+5,6  ; L bit 3 = block bit 42
        GET     blk+6,6  ; L bit 2 = block bit 50
        GET     blk+3,6  ; L bit 5 = block bit 26
        GET     blk+7,6  ; L bit 1 = block bit 58
        GET     blk+0,0  ; L bit 32 = block bit 8
        GET     blk+4,6  ; L bit 4 = block bit 34
        sta     *lx+0
        clra
        GET     blk+1,6  ; L bit 7 = block bit 10
        GET     blk+0,6  ; L bit 8 = block bit 2
        GET     blk+3,6  ; L bit 5 = block bit 26
        GET     blk+2,6  ; L bit 6 = block bit 18
        GET     blk+7,4  ; L bit 9 = block bit 60
        GET     blk+4,6  ; L bit 4 = block bit 34
        sta     *lx+1
        clra
        GET     blk+5,4  ; L bit 11 = block bit 44
        GET     blk+7,4  ; L bit 9 = block bit 60
        GET     blk+4,4  ; L bit 12 = block bit 36
        GET     blk+6,4  ; L bit 10 = block bit 52
        GET     blk+3,4  ; L bit 13 = block bit 28
        GET     blk+0,6  ; L bit 8 = block bit 2
        sta     *lx+2
        clra
        GET     blk+4,4  ; L bit 12 = block bit 36
        GET     blk+3,4  ; L bit 13 = block bit 28
        GET     blk+2,4  ; L bit 14 = block bit 20
        GET     blk+0,4  ; L bit 16 = block bit 4
        GET     blk+1,4  ; L bit 15 = block bit 12
        GET     blk+7,2  ; L bit 17 = block bit 62
        sta     *lx+3
        clra
        GET     blk+7,2  ; L bit 17 = block bit 62
        GET     blk+5,2  ; L bit 19 = block bit 46
        GET     blk+6,2  ; L bit 18 = block bit 54
        GET     blk+3,2  ; L bit 21 = block bit 30
        GET     blk+4,2  ; L bit 20 = block bit 38
        GET     blk+0,4  ; L bit 16 = block bit 4
        sta     *lx+4
        clra
        GET     blk+4,2  ; L bit 20 = block bit 38
        GET     blk+2,2  ; L bit 22 = block bit 22
        GET     blk+1,2  ; L bit 23 = block bit 14
        GET     blk+0,2  ; L bit 24 = block bit 6
        GET     blk+3,2  ; L bit 21 = block bit 30
        GET     blk+7,0  ; L bit 25 = block bit 64
        sta     *lx+5
        clra
        GET     blk+0,2  ; L bit 24 = block bit 6
        GET     blk+3,0  ; L bit 29 = block bit 32
        GET     blk+4,0  ; L bit 28 = block bit 40
        GET     blk+6,0  ; L bit 26 = block bit 56
        GET     blk+5,0  ; L bit 27 = block bit 48
        GET     blk+7,0  ; L bit 25 = block bit 64
        sta     *lx+6
        clra
        GET     blk+4,0  ; L bit 28 = block bit 40
        GET     blk+3,0  ; L bit 29 = block bit 32
        GET     blk+2,0  ; L bit 30 = block bit 24
        GET     blk+1,0  ; L bit 31 = block bit 16
        GET     blk+0,0  ; L bit 32 = block bit 8
        GET     blk+7,6  ; L bit 1 = block bit 58
        sta     *lx+7
        clra
        GET     blk+5,7  ; R bit 3 = block bit 41
        GET     blk+6,7  ; R bit 2 = block bit 49
        GET     blk+3,7  ; R bit 5 = block bit 25
        GET     blk+7,7  ; R bit 1 = block bit 57
        GET     blk+0,1  ; R bit 32 = block bit 7
        GET     blk+4,7  ; R bit 4 = block bit 33
        sta     *rx+0
        clra
        GET     blk+1,7  ; R bit 7 = block bit 9
        GET     blk+0,7  ; R bit 8 = block bit 1
        GET     blk+3,7  ; R bit 5 = block bit 25
        GET     blk+2,7  ; R bit 6 = block bit 17
        GET     blk+7,5  ; R bit 9 = block bit 59
        GET     blk+4,7  ; R bit 4 = block bit 33
        sta     *rx+1
        clra
        GET     blk+5,5  ; R bit 11 = block bit 43
        GET     blk+7,5  ; R bit 9 = block bit 59
        GET     blk+4,5  ; R bit 12 = block bit 35
        GET     blk+6,5  ; R bit 10 = block bit 51
        GET     blk+3,5  ; R bit 13 = block bit 27
        GET     blk+0,7  ; R bit 8 = block bit 1
        sta     *rx+2
        clra
        GET     blk+4,5  ; R bit 12 = block bit 35
        GET     blk+3,5  ; R bit 13 = block bit 27
        GET     blk+2,5  ; R bit 14 = block bit 19
        GET     blk+0,5  ; R bit 16 = block bit 3
        GET     blk+1,5  ; R bit 15 = block bit 11
        GET     blk+7,3  ; R bit 17 = block bit 61
        sta     *rx+3
        clra
        GET     blk+7,3  ; R bit 17 = block bit 61
        GET     blk+5,3  ; R bit 19 = block bit 45
        GET     blk+6,3  ; R bit 18 = block bit 53
        GET     blk+3,3  ; R bit 21 = block bit 29
        GET     blk+4,3  ; R bit 20 = block bit 37
        GET     blk+0,5  ; R bit 16 = block bit 3
        sta     *rx+4
        clra
        GET     blk+4,3  ; R bit 20 = block bit 37
        GET     blk+2,3  ; R bit 22 = block bit 21
        GET     blk+1,3  ; R bit 23 = block bit 13
        GET     blk+0,3  ; R bit 24 = block bit 5
        GET     blk+3,3  ; R bit 21 = block bit 29
        GET     blk+7,1  ; R bit 25 = block bit 63
        sta     *rx+5
        clra
        GET     blk+0,3  ; R bit 24 = block bit 5
        GET     blk+3,1  ; R bit 29 = block bit 31
        GET     blk+4,1  ; R bit 28 = block bit 39
        GET     blk+6,1  ; R bit 26 = block bit 55
        GET     blk+5,1  ; R bit 27 = block bit 47
        GET     blk+7,1  ; R bit 25 = block bit 63
        sta     *rx+6
        clra
        GET     blk+4,1  ; R bit 28 = block bit 39
        GET     blk+3,1  ; R bit 29 = block bit 31
        GET     blk+2,1  ; R bit 30 = block bit 23
        GET     blk+1,1  ; R bit 31 = block bit 15
        GET     blk+0,1  ; R bit 32 = block bit 7
        GET     blk+7,7  ; R bit 1 = block bit 57
        sta     *rx+7
        lda     #8
        sta     *cnt
des_two:
        ldx     *rko                    ; odd round: R = rx, L = lx
        SLOOKUP rx
        clra
        GET     so+4,0  ; P: R bit 3 = f bit 20
        GET     so+1,1  ; P: R bit 2 = f bit 7
        GET     so+7,3  ; P: R bit 5 = f bit 29
        GET     so+3,0  ; P: R bit 1 = f bit 16
        GET     so+6,3  ; P: R bit 32 = f bit 25
        GET     so+5,3  ; P: R bit 4 = f bit 21
        eor     *lx+0
        sta     *lx+0
        clra
        GET     so+6,0  ; P: R bit 7 = f bit 28
        GET     so+4,3  ; P: R bit 8 = f bit 17
        GET     so+7,3  ; P: R bit 5 = f bit 29
        GET     so+2,0  ; P: R bit 6 = f bit 12
        GET     so+0,3  ; P: R bit 9 = f bit 1
        GET     so+5,3  ; P: R bit 4 = f bit 21
        eor     *lx+1
        sta     *lx+1
        clra
        GET     so+5,1  ; P: R bit 11 = f bit 23
        GET     so+0,3  ; P: R bit 9 = f bit 1
        GET     so+6,2  ; P: R bit 12 = f bit 26
        GET     so+3,1  ; P: R bit 10 = f bit 15
        GET     so+1,3  ; P: R bit 13 = f bit 5
        GET     so+4,3  ; P: R bit 8 = f bit 17
        eor     *lx+2
        sta     *lx+2
        clra
        GET     so+6,2  ; P: R bit 12 = f bit 26
        GET     so+1,3  ; P: R bit 13 = f bit 5
        GET     so+4,2  ; P: R bit 14 = f bit 18
        GET     so+2,2  ; P: R bit 16 = f bit 10
        GET     so+7,1  ; P: R bit 15 = f bit 31
        GET     so+0,2  ; P: R bit 17 = f bit 2
        eor     *lx+3
        sta     *lx+3
        clra
        GET     so+0,2  ; P: R bit 17 = f bit 2
        GET     so+5,0  ; P: R bit 19 = f bit 24
        GET     so+1,0  ; P: R bit 18 = f bit 8
        GET     so+7,0  ; P: R bit 21 = f bit 32
        GET     so+3,2  ; P: R bit 20 = f bit 14
        GET     so+2,2  ; P: R bit 16 = f bit 10
        eor     *lx+4
        sta     *lx+4
        clra
        GET     so+3,2  ; P: R bit 20 = f bit 14
        GET     so+6,1  ; P: R bit 22 = f bit 27
        GET     so+0,1  ; P: R bit 23 = f bit 3
        GET     so+2,3  ; P: R bit 24 = f bit 9
        GET     so+7,0  ; P: R bit 21 = f bit 32
        GET     so+4,1  ; P: R bit 25 = f bit 19
        eor     *lx+5
        sta     *lx+5
        clra
        GET     so+2,3  ; P: R bit 24 = f bit 9
        GET     so+5,2  ; P: R bit 29 = f bit 22
        GET     so+1,2  ; P: R bit 28 = f bit 6
        GET     so+3,3  ; P: R bit 26 = f bit 13
        GET     so+7,2  ; P: R bit 27 = f bit 30
        GET     so+4,1  ; P: R bit 25 = f bit 19
        eor     *lx+6
        sta     *lx+6
        clra
        GET     so+1,2  ; P: R bit 28 = f bit 6
        GET     so+5,2  ; P: R bit 29 = f bit 22
        GET     so+2,1  ; P: R bit 30 = f bit 11
        GET     so+0,0  ; P: R bit 31 = f bit 4
        GET     so+6,3  ; P: R bit 32 = f bit 25
        GET     so+3,0  ; P: R bit 1 = f bit 16
        eor     *lx+7
        sta     *lx+7
        lda     *rko
        add     *step
        sta     *rko
        tax                             ; even round: R = lx, L = rx
        SLOOKUP lx
        clra
        GET     so+4,0  ; P: R bit 3 = f bit 20
        GET     so+1,1  ; P: R bit 2 = f bit 7
        GET     so+7,3  ; P: R bit 5 = f bit 29
        GET     so+3,0  ; P: R bit 1 = f bit 16
        GET     so+6,3  ; P: R bit 32 = f bit 25
        GET     so+5,3  ; P: R bit 4 = f bit 21
        eor     *rx+0
        sta     *rx+0
        clra
        GET     so+6,0  ; P: R bit 7 = f bit 28
        GET     so+4,3  ; P: R bit 8 = f bit 17
        GET     so+7,3  ; P: R bit 5 = f bit 29
        GET     so+2,0  ; P: R bit 6 = f bit 12
        GET     so+0,3  ; P: R bit 9 = f bit 1
        GET     so+5,3  ; P: R bit 4 = f bit 21
        eor     *rx+1
        sta     *rx+1
        clra
        GET     so+5,1  ; P: R bit 11 = f bit 23
        GET     so+0,3  ; P: R bit 9 = f bit 1
        GET     so+6,2  ; P: R bit 12 = f bit 26
        GET     so+3,1  ; P: R bit 10 = f bit 15
        GET     so+1,3  ; P: R bit 13 = f bit 5
        GET     so+4,3  ; P: R bit 8 = f bit 17
        eor     *rx+2
        sta     *rx+2
        clra
        GET     so+6,2  ; P: R bit 12 = f bit 26
        GET     so+1,3  ; P: R bit 13 = f bit 5
        GET     so+4,2  ; P: R bit 14 = f bit 18
        GET     so+2,2  ; P: R bit 16 = f bit 10
        GET     so+7,1  ; P: R bit 15 = f bit 31
        GET     so+0,2  ; P: R bit 17 = f bit 2
        eor     *rx+3
        sta     *rx+3
        clra
        GET     so+0,2  ; P: R bit 17 = f bit 2
        GET     so+5,0  ; P: R bit 19 = f bit 24
        GET     so+1,0  ; P: R bit 18 = f bit 8
        GET     so+7,0  ; P: R bit 21 = f bit 32
        GET     so+3,2  ; P: R bit 20 = f bit 14
        GET     so+2,2  ; P: R bit 16 = f bit 10
        eor     *rx+4
        sta     *rx+4
        clra
        GET     so+3,2  ; P: R bit 20 = f bit 14
        GET     so+6,1  ; P: R bit 22 = f bit 27
        GET     so+0,1  ; P: R bit 23 = f bit 3
        GET     so+2,3  ; P: R bit 24 = f bit 9
        GET     so+7,0  ; P: R bit 21 = f bit 32
        GET     so+4,1  ; P: R bit 25 = f bit 19
        eor     *rx+5
        sta     *rx+5
        clra
        GET     so+2,3  ; P: R bit 24 = f bit 9
        GET     so+5,2  ; P: R bit 29 = f bit 22
        GET     so+1,2  ; P: R bit 28 = f bit 6
        GET     so+3,3  ; P: R bit 26 = f bit 13
        GET     so+7,2  ; P: R bit 27 = f bit 30
        GET     so+4,1  ; P: R bit 25 = f bit 19
        eor     *rx+6
        sta     *rx+6
        clra
        GET     so+1,2  ; P: R bit 28 = f bit 6
        GET     so+5,2  ; P: R bit 29 = f bit 22
        GET     so+2,1  ; P: R bit 30 = f bit 11
        GET     so+0,0  ; P: R bit 31 = f bit 4
        GET     so+6,3  ; P: R bit 32 = f bit 25
        GET     so+3,0  ; P: R bit 1 = f bit 16
        eor     *rx+7
        sta     *rx+7
        lda     *rko
        add     *step
        sta     *rko
        dec     *cnt
        beq     des_fp
        jmp     des_two
des_fp:                                 ; FP of R16 || L16 = rx || lx
        GET     lx+1,4  ; out bit 1 = L16 bit 8
        GET     rx+1,4  ; out bit 2 = R16 bit 8
        GET     lx+3,2  ; out bit 3 = L16 bit 16
        GET     rx+3,2  ; out bit 4 = R16 bit 16
        GET     lx+5,2  ; out bit 5 = L16 bit 24
        GET     rx+5,2  ; out bit 6 = R16 bit 24
        GET     lx+0,1  ; out bit 7 = L16 bit 32
        GET     rx+0,1  ; out bit 8 = R16 bit 32
        sta     *blk+0
        GET     lx+1,5  ; out bit 9 = L16 bit 7
        GET     rx+1,5  ; out bit 10 = R16 bit 7
        GET     lx+3,1  ; out bit 11 = L16 bit 15
        GET     rx+3,1  ; out bit 12 = R16 bit 15
        GET     lx+5,3  ; out bit 13 = L16 bit 23
        GET     rx+5,3  ; out bit 14 = R16 bit 23
        GET     lx+7,2  ; out bit 15 = L16 bit 31
        GET     rx+7,2  ; out bit 16 = R16 bit 31
        sta     *blk+1
        GET     lx+1,2  ; out bit 17 = L16 bit 6
        GET     rx+1,2  ; out bit 18 = R16 bit 6
        GET     lx+3,3  ; out bit 19 = L16 bit 14
        GET     rx+3,3  ; out bit 20 = R16 bit 14
        GET     lx+5,4  ; out bit 21 = L16 bit 22
        GET     rx+5,4  ; out bit 22 = R16 bit 22
        GET     lx+7,3  ; out bit 23 = L16 bit 30
        GET     rx+7,3  ; out bit 24 = R16 bit 30
        sta     *blk+2
        GET     lx+0,3  ; out bit 25 = L16 bit 5
        GET     rx+0,3  ; out bit 26 = R16 bit 5
        GET     lx+2,1  ; out bit 27 = L16 bit 13
        GET     rx+2,1  ; out bit 28 = R16 bit 13
        GET     lx+4,2  ; out bit 29 = L16 bit 21
        GET     rx+4,2  ; out bit 30 = R16 bit 21
        GET     lx+6,4  ; out bit 31 = L16 bit 29
        GET     rx+6,4  ; out bit 32 = R16 bit 29
        sta     *blk+3
        GET     lx+0,0  ; out bit 33 = L16 bit 4
        GET     rx+0,0  ; out bit 34 = R16 bit 4
        GET     lx+2,3  ; out bit 35 = L16 bit 12
        GET     rx+2,3  ; out bit 36 = R16 bit 12
        GET     lx+4,1  ; out bit 37 = L16 bit 20
        GET     rx+4,1  ; out bit 38 = R16 bit 20
        GET     lx+6,3  ; out bit 39 = L16 bit 28
        GET     rx+6,3  ; out bit 40 = R16 bit 28
        sta     *blk+4
        GET     lx+0,5  ; out bit 41 = L16 bit 3
        GET     rx+0,5  ; out bit 42 = R16 bit 3
        GET     lx+2,5  ; out bit 43 = L16 bit 11
        GET     rx+2,5  ; out bit 44 = R16 bit 11
        GET     lx+4,4  ; out bit 45 = L16 bit 19
        GET     rx+4,4  ; out bit 46 = R16 bit 19
        GET     lx+6,1  ; out bit 47 = L16 bit 27
        GET     rx+6,1  ; out bit 48 = R16 bit 27
        sta     *blk+5
        GET     lx+0,4  ; out bit 49 = L16 bit 2
        GET     rx+0,4  ; out bit 50 = R16 bit 2
        GET     lx+2,2  ; out bit 51 = L16 bit 10
        GET     rx+2,2  ; out bit 52 = R16 bit 10
        GET     lx+4,3  ; out bit 53 = L16 bit 18
        GET     rx+4,3  ; out bit 54 = R16 bit 18
        GET     lx+6,2  ; out bit 55 = L16 bit 26
        GET     rx+6,2  ; out bit 56 = R16 bit 26
        sta     *blk+6
        GET     lx+0,2  ; out bit 57 = L16 bit 1
        GET     rx+0,2  ; out bit 58 = R16 bit 1
        GET     lx+1,1  ; out bit 59 = L16 bit 9
        GET     rx+1,1  ; out bit 60 = R16 bit 9
        GET     lx+3,0  ; out bit 61 = L16 bit 17
        GET     rx+3,0  ; out bit 62 = R16 bit 17
        GET     lx+5,0  ; out bit 63 = L16 bit 25
        GET     rx+5,0  ; out bit 64 = R16 bit 25
        sta     *blk+7
        rts
