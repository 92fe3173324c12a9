; AES-128 encryption with first-order Boolean masking for the MCS-51.
; cardlab firmware: firmware/mcs51/aes/masked.asm (manifest masked.toml)
;
; Written from FIPS-197 and the scheme of Herbst, Oswald and Mangard, "An
; AES Smart Card Implementation Resistant to Power Analysis Attacks"
; (ACNS 2006): every block, fresh masks m, m' give the masked S-box
; S'[x ^ m] = S[x] ^ m' (256 bytes of XRAM), and row masks M0..M3 with
; their MixColumns image M'0..M'3 carry the state through MixColumns. The
; key schedule runs on the fly on a masked key (K ^ q_c per column c, the
; masks q_c tracked as the schedule mixes them), its SubWord through S'.
; No secret value (anything depending on plaintext and key, or on the key)
; is ever stored, moved or combined unmasked: README.md, "masked", lists
; where which shares meet and why the lab's power model sees no first-order
; leak. Constant time: no branch depends on data, key or masks; the only
; addresses that do are the S' index (MOVX, y ^ m), the xtime index of
; MixColumns (MOVC, masked) and the table build's S-box index (j ^ m).
;
; Interface (cardlab mcs51 ABI, masked I/O): the caller writes the key to
; aes_key, 26 fresh random bytes to aes_rand and the plaintext XOR
; R = aes_rand[0..15] to aes_state, then LCALLs aes_encrypt; aes_state
; then holds the ciphertext XOR R (R itself is left unchanged). With R = 0
; this is the plain interface. The key is destroyed (it holds K9 masked).
;
; RAM map (internal RAM, direct addressing)
;   0x30-0x3F  aes_state  s_i = x_i ^ M'_r before AddRoundKey (r = i & 3,
;                         c = i >> 2), S(y_i) ^ M_r before MixColumns
;   0x40-0x4F  aes_key    K(r) ^ q_c(r), updated in place each round
;   0x50-0x5F  aes_rand   R0..R15, the I/O mask (read only)
;   0x60       aes_rand   m    S' input mask (read only)
;   0x61       aes_rand   m'   S' output mask (read only)
;   0x62..0x68 aes_rand   M_r  at 0x62 + 2r, then rm_r = M_r ^ m' in place
;   0x63..0x69 aes_rand   q_c  at 0x63 + 2c, tracked in place. M_r and q_c
;                         alternate because the lab's generator ties bit 0
;                         of each byte to bits 0 and 7 of the byte before
;                         (README.md)
;   0x6A-0x6D  cr_r       M'_r (setup), then M'_r ^ m
;   0x6E-0x71  u_c        m' ^ q_c(10), round 10's remask
;   XRAM 0x0000-0x00FF    S' (P2 = 0, MOVX @R0 / @R1)
;   R0         S' index, cleared after every lookup
;   R1         table build index
;   R2 R3 R7   MixColumns temporaries (R2, R3 = m, m' during the build)
;   R4         q3 ^ m (SubWord), masks during key masking
;   R5         rounds left;  R6  round constant
;   DPTR       the S-box during the build, the xtime table after
;   stack      2 bytes: the return address
; ROM: code from 0x0000; sbox.asm at 0x1000 (read only by the build) and
; xtime.asm at 0x1100 (MixColumns and Rcon) are linked in.
;
; Cycles (machine cycles, as cardlab measures them):
;   setup                      2206
;     M' = MixColumns(M)          35   DPTR 2, copy 8, MIXCOLR 25
;     S' build                  2073   P2, DPH, R1-R3 8; 16 passes of
;                                      (15 x 8 + 7 + DJNZ 2) = 2064; DPH 1
;     state p ^ R -> p ^ M'_r     48   16 x 3
;     key K -> K ^ q_c            38   2 x (3 + 8 x 2)
;     cr_r, rm_r                  10
;     R5, R6                       2
;   rounds 1-9, each            324
;     AddRoundKey+SubBytes+ShiftRows  152: 24 moves of the XCH chains,
;                                 16 x 8 (3 XRL key/cr/q, MOV R0, MOVX 2,
;                                 clear R0, remask to M_r)
;     key step                    64   R4 3, SubWord 4 x 7 + Rcon 1,
;                                      4 rows x 6, mask tracking 8
;     MixColumns                 100   4 x 25
;     Rcon update 4, DJNZ 2, AJMP/SJMP 2
;   round 10                     238
;     u_c 8, S-box pass 168 (152 + 16: remask to q_c(10) ^ R_d), R4 3,
;     K10 added on the way 57 (4 x 14 + Rcon 1), RET 2
;   total: 2206 + 9 x 324 + 238 = 5360

        .include "aes51.inc"

; ---- RAM map beyond aes51.inc's state (0x30) and key (0x40) --------------
rnd     = 0x50                  ; aes_rand: 26 fresh random bytes a call
aes_rand == rnd
io      = rnd+0                 ; R0..R15: the block's I/O mask (masked_io)
mm      = rnd+16                ; m   S-box input mask
mo      = rnd+17                ; m'  S-box output mask
rm      = rnd+18                ; M0..M3 row masks before MixColumns, then
rs      = 2                     ; rm_r = m' ^ M_r in place (M_r at rm + rs*r)
q       = rnd+19                ; q0..q3 key column masks, tracked in place
qs      = 2                     ; (q_c at q + qs*c)
cr      = 0x6A                  ; M'_r = MixColumns(M)_r, then cr_r = M'_r ^ m
uu      = 0x6E                  ; u_c = m' ^ q_c(10), the last round's remask
spage   = 0x00                  ; XRAM page of the masked S-box S'

        .area   CSEG (ABS,CODE)

; ---- the S-box pass: AddRoundKey, SubBytes, ShiftRows (aes51.inc SUBSHIFT)
; A = s_i ^ M'_r on entry of SBOX (r = i & 3, c = i >> 2). Masked round key
; k_i ^ q_c, then cr_r and q_c leave y_i ^ m, the S' index.
        .mdelete KEYIN
        .macro  KEYIN   i
        xrl     a,ky+i
        xrl     a,cr+(i&3)
        xrl     a,q+qs*(i>>2)
        .endm
; S' lookup through R0 and P2; R0 is cleared after it so that it never goes
; from one masked index straight to the next.
        .mdelete SBOX
        .macro  SBOX    i,d
        KEYIN   i
        mov     r0,a
        movx    a,@r0
        mov     r0,#0
        KEYOUT  d
        .endm
; rounds 1-9: S(y) ^ m' -> S(y) ^ M_r for MixColumns
        .mdelete KEYOUT
        .macro  KEYOUT  d
        xrl     a,rm+rs*(d&3)
        .endm

; ---- MixColumns of one column with register roles given: rt holds t, ry
; holds y (aes51.inc MIXCOL); columns alternate R3/R7 so that neither
; register is written with the same mask twice in a row.
        .macro  MIXCOLR s0,s1,s2,s3,rt,ry
        mov     a,s0
        xrl     a,s2
        mov     r2,a            ; a0 ^ a2
        mov     a,s1
        xrl     a,s3
        xrl     a,r2
        mov     rt,a            ; t
        movc    a,@a+dptr
        xch     a,r2            ; R2 = X
        movc    a,@a+dptr
        mov     ry,a            ; y
        mov     a,s0
        xrl     a,s1
        movc    a,@a+dptr
        xrl     a,rt            ; d0
        xrl     s0,a
        xrl     a,ry            ; d1
        xrl     s1,a
        xrl     a,r2            ; d3
        xrl     s3,a
        xrl     a,ry            ; d2
        xrl     s2,a
        .endm

; w ^= S(k ^ m) ^ m' through S', k = K ^ q3 from src, R4 = q3 ^ m
        .macro  MSUB    src,dst,rc
        mov     a,src
        xrl     a,r4
        mov     r0,a
        movx    a,@r0
        mov     r0,#0
        .if     rc
        xrl     a,r6
        .endif
        xrl     dst,a
        .endm

        .org    0x0000
aes_encrypt::
; ---- masks: M' = MixColumns(M0..M3) ----------------------------------------
        mov     dptr,#aes_xtime
        mov     cr+0,rm+0
        mov     cr+1,rm+rs*1
        mov     cr+2,rm+rs*2
        mov     cr+3,rm+rs*3
        MIXCOLR cr+0,cr+1,cr+2,cr+3,r7,r3

; ---- S'[x ^ m] = S[x] ^ m' into XRAM page spage --------------------------
        mov     p2,#spage
        dec     dph             ; the S-box
        mov     r2,mm
        mov     r3,mo
        mov     r1,#0
build:
        .rept   15
        mov     a,r1
        xrl     a,r2
        movc    a,@a+dptr
        xrl     a,r3
        movx    @r1,a
        dec     r1
        .endm
        mov     a,r1
        xrl     a,r2
        movc    a,@a+dptr
        xrl     a,r3
        movx    @r1,a
        djnz    r1,build
        inc     dph             ; the xtime table from here on

; ---- plaintext ^= M'_r, key ^= q_c ---------------------------------------
; XCH A,R4 alternates two masks so the write before each masked byte is
; the other mask.
        .macro  MASK2   a0,a1,n0,n1,n2,n3,n4,n5,n6,n7
        mov     a,a1
        mov     r4,a0
        .irp    n,n0,n1,n2,n3,n4,n5,n6,n7
        xch     a,r4
        xrl     n,a
        .endm
        .endm
        .irp    i,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        mov     a,io+i
        xrl     a,cr+(i&3)
        xrl     st+i,a
        .endm
        MASK2   q+0,q+qs*1,ky+0,ky+4,ky+1,ky+5,ky+2,ky+6,ky+3,ky+7
        MASK2   q+qs*2,q+qs*3,ky+8,ky+12,ky+9,ky+13,ky+10,ky+14,ky+11,ky+15

; ---- cr_r = M'_r ^ m, rm_r = M_r ^ m' --------------------------------------
        mov     a,mm
        xrl     cr+0,a
        xrl     cr+1,a
        xrl     cr+2,a
        xrl     cr+3,a
        mov     a,mo
        xrl     rm+0,a
        xrl     rm+rs*1,a
        xrl     rm+rs*2,a
        xrl     rm+rs*3,a

        mov     r6,#0x01        ; Rcon
        mov     r5,#9           ; rounds 1-9

round:
; ---- AddRoundKey K(r-1), SubBytes, ShiftRows ------------------------------
        SUBSHIFT

; ---- K(r) in place, masks q(r-1) -> q(r) -------------------------------------
        mov     a,q+qs*3
        xrl     a,mm
        mov     r4,a            ; q3 ^ m
        MSUB    ky+13,ky+0,1
        MSUB    ky+14,ky+1,0
        MSUB    ky+15,ky+2,0
        MSUB    ky+12,ky+3,0
        KEYROW  ky+3,ky+7,ky+11,ky+15
        KEYROW  ky+0,ky+4,ky+8,ky+12
        KEYROW  ky+1,ky+5,ky+9,ky+13
        KEYROW  ky+2,ky+6,ky+10,ky+14
        mov     a,mo
        xrl     q+0,a
        mov     a,q+0
        xrl     q+qs*1,a
        mov     a,q+qs*1
        xrl     q+qs*2,a
        mov     a,q+qs*2
        xrl     q+qs*3,a

; ---- MixColumns: row masks M_r -> M'_r -----------------------------------
        MIXCOLR st+0,st+1,st+2,st+3,r3,r7
        MIXCOLR st+4,st+5,st+6,st+7,r7,r3
        MIXCOLR st+8,st+9,st+10,st+11,r3,r7
        MIXCOLR st+12,st+13,st+14,st+15,r7,r3
        mov     a,r6
        movc    a,@a+dptr
        mov     r6,a
        djnz    r5,next
        sjmp    last
next:   ajmp    round

; ---- round 10 ----------------------------------------------------------------
last:   mov     a,q+0
        mov     uu+0,a
        xrl     a,q+qs*1
        mov     uu+1,a
        xrl     a,q+qs*2
        mov     uu+2,a
        xrl     a,q+qs*3
        mov     uu+3,a
        .mdelete KEYOUT
        .macro  KEYOUT  d
        xrl     a,uu+(d>>2)
        xrl     a,io+d
        .endm
        SUBSHIFT
        mov     a,q+qs*3
        xrl     a,mm
        mov     r4,a
        .irp    i,0,1,2,3
        mov     a,ky+12+((i+1)&3)
        xrl     a,r4
        mov     r0,a
        movx    a,@r0
        mov     r0,#0
        .if     i-0
        .else
        xrl     a,r6
        .endif
        xrl     a,ky+i
        xrl     st+i,a
        xrl     a,ky+4+i
        xrl     st+4+i,a
        xrl     a,ky+8+i
        xrl     st+8+i,a
        xrl     a,ky+12+i
        xrl     st+12+i,a
        .endm
        ret
