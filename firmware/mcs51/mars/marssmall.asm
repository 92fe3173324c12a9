; MARS for the MCS-51 in less ROM: mars.asm's key setup, then encryption
; and decryption sharing the E-function and the S-box lookups as
; subroutines; constant time.
; cardlab firmware: firmware/mcs51/mars/marssmall.asm (manifest
; marssmall.toml); marsks.inc (key setup) included, sbox.asm linked in.
;
; Written from "MARS - a candidate cipher for AES" (IBM, revised 1999); the
; steps are mars.inc's macros, the RAM map mars.inc's (R0 the round keys,
; or the lookups' destination in the mixing; R1 the lookups' source or the
; word to add; R3 the index byte; R4-R7 a word; 0x10-0x2F the E-function's
; words; 0x40-0x4F D0-D3; 0x5C-0xFB K), and decryption keeps x in xw,
; 0x30-0x33. What moves into subroutines, and what it costs
; against mars.asm:
;   efun   the E-function after M and y: the multiply, R <<< 5 and <<< 10,
;          L, the two rotations (LCALL and RET 4 a core round; decryption
;          copies y to yw first, 8)
;   lxor, ladd, lsub  a lookup folded into a word, the index byte in R3,
;          the word read through R1 and written through R0 (8 cycles a
;          byte, with the call and its set-up 40 a lookup against 24
;          inline: 16 more, 64 lookups a block)
;   kadd, ksub  the whitening as a loop (134 cycles with the call against
;          64 inline)
;   the mixing's D0 addition through R1 at the word to add (16 cycles
;   against 11, 4 rounds in 8)
; The rotations, the multiply and every branch are mars.asm's: every
; operation takes the same cycles for every key and block.
;
; Interface as mars.asm (mars_key_setup128/192/256, mars_encrypt,
; mars_decrypt; mars_key, mars_block).
;
; Cycles (machine cycles, the same for every key and block):
;   key setup as mars.asm: 24351 (128-bit key)
;   encryption                                                10439
;     entry and kadd                                            139
;     forward mixing, 8 rounds of 202, 201 (rounds 0, 4 and 1, 5:
;       D0' through R1 24) or 189 (D0' copied 10): four lookups
;       of 40 and 2 x DPH 4, D1' 8, loop 5                      1560
;     core, with its set-up: 16 rounds of 432 (forward mode) or
;       434 (backward): mars.asm's 428 / 430 + LCALL and RET 4  6935
;     backward mixing, 8 rounds of 199 (0, 1), 219 (2) or 218
;       (3: D0 -= the word at R1, 17)                           1668
;     exit: ksub, RET                                           137
;   decryption                                                10699
;     entry 139, backward mixing undone 1560, core undone 7193 (16
;     rounds of 449: x 31, y copied to yw 8, the call 4; one 454 at
;     the mode switch), forward mixing undone 1670, exit 137
; The round loop: 432 cycles a core round (449 undone); a mixing round
; 189-219.

        .include "mars.inc"
        MARSMAP
xw      = 0x30                  ; decryption's x = y >>> 13

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "marsks.inc"

; ==== shared subroutines ===================================================

; The E-function after M (in mb) and y (in yw): p = y K2 (R0 at K2, left at
; the next word), r1w and r2w, L, M <<< R into pw, L <<< R into R4-R7 (byte
; 0 in A too). 117 + 55 + 36 + 62 + 61 + RET 2 = 333 cycles.
efun:   MUL32   yw+0, yw+1, yw+2, yw+3
        RWORDS
        LWORD
        ROT     mb, r1w+0, pw+0, pw+1, pw+2, pw+3
        mov     pw+0,a
        ROT     lb, r2w+0, r4, r5, r6, r7
        ret

; The word at @R0 = the word at @R1 op S[the byte in R3] (DPH at the plane of
; byte 0, left one page past byte 3): 8 cycles a byte, 34 with RET (lsub
; 35).
lxor:   .rept   4
        mov     a,r3
        movc    a,@a+dptr
        xrl     a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        inc     dph
        .endm
        ret

ladd:   clr     c
        .rept   4
        mov     a,r3
        movc    a,@a+dptr
        addc    a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        inc     dph
        .endm
        ret

lsub:   setb    c               ; the word minus S: + ~S + 1
        .rept   4
        mov     a,r3
        movc    a,@a+dptr
        cpl     a
        addc    a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        inc     dph
        .endm
        ret

; D[0..3] += (kadd) or -= (ksub) the four words at R0, R0 left past them:
; set-up 2, 4 words of (CLR C, MOV R3 1, 4 bytes of 7, DJNZ 2) = 4 x 32,
; RET 2: 132 cycles.
kadd:   mov     r1,#D0
        mov     r2,#4
kadd1:  clr     c
        mov     r3,#4
kadd2:  mov     a,@r1
        addc    a,@r0
        mov     @r1,a
        inc     r0
        inc     r1
        djnz    r3,kadd2
        djnz    r2,kadd1
        ret

ksub:   mov     r1,#D0
        mov     r2,#4
ksub1:  clr     c
        mov     r3,#4
ksub2:  mov     a,@r1
        subb    a,@r0
        mov     @r1,a
        inc     r0
        inc     r1
        djnz    r3,ksub2
        djnz    r2,ksub1
        ret

; One lookup: R3 = the index byte, R1 = the source word, R0 = the
; destination word, then the subroutine: 6 cycles before it.
        .macro  LOOK    sub, idx, src, dst
        mov     r3,idx
        mov     r1,#src
        mov     r0,#dst
        lcall   sub
        .endm

; The word at dst = (x0 x1 x2 x3) + the word at @R1: 16 cycles.
        .macro  ADDR1   dst, x0, x1, x2, x3
        mov     a,x0
        add     a,@r1
        mov     dst+0,a
        inc     r1
        mov     a,x1
        addc    a,@r1
        mov     dst+1,a
        inc     r1
        mov     a,x2
        addc    a,@r1
        mov     dst+2,a
        inc     r1
        mov     a,x3
        addc    a,@r1
        mov     dst+3,a
        .endm

; The word at dst -= the word at @R1: 17 cycles.
        .macro  SUBR1   dst
        mov     a,dst+0
        clr     c
        subb    a,@r1
        mov     dst+0,a
        .irp    k,1,2,3
        inc     r1
        mov     a,dst+k
        subb    a,@r1
        mov     dst+k,a
        .endm
        .endm

; ==== encryption ============================================================

mars_encrypt::
        mov     dpl,#0
        mov     r0,#Kb
        lcall   kadd            ; D[i] += K[i]

; Forward mixing (mars.asm's, the lookups by subroutine): (D1', D2', D3',
; D0') in place of (D0, D1, D2, D3), D0' = D0 >>> 24 (+ D3' in rounds 0,
; 4, + D1' in 1, 5).
        mov     mc,#0
s_fmix: mov     dph,#SP0
        LOOK    lxor, D0+0, D1, RR      ; D1 ^ S0[b0]
        LOOK    ladd, D0+1, RR, RR      ; + S1[b1]
        mov     dph,#SP0
        LOOK    ladd, D0+2, D2, D1      ; D2 + S0[b2]
        LOOK    lxor, D0+3, D3, D2      ; D3 ^ S1[b3]
        jb      mc_1,s_fm_plain
        mov     r1,#RR          ; + D1'
        jb      mc_0,s_fm_add
        mov     r1,#D2          ; + D3'
s_fm_add:
        ADDR1   D3, D0+3, D0+0, D0+1, D0+2
        sjmp    s_fm_next
s_fm_plain:
        WMOV    D3, D0+3, D0+0, D0+1, D0+2
s_fm_next:
        WMOV    D0, r4, r5, r6, r7
        inc     mc
        jb      mc_3,s_core0
        ljmp    s_fmix

; The core: mars.asm's rounds with the E-function called.
s_core0:
        mov     r0,#Kb+16
        mov     cnt,#8
        clr     f0
s_core: MADD    D0
        NIB4TO  yw, D0+3, D0+0, D0+1, D0+2
        mov     c,y3_7
        rlc     a
        mov     yw+0,a
        .irp    k,1,2,3
        mov     a,yw+k
        rlc     a
        mov     yw+k,a
        .endm
        lcall   efun
        jb      f0,s_core_b
        WADDA   D0, r5, r6, r7, D1      ; D1 + L
        WADD    D1, pw, D2              ; D2 + M
        WXOR    D2, D3, r2w             ; D3 ^ R
        WMOV    D3, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,s_core_more
        setb    f0
        mov     cnt,#8
s_core_more:
        ljmp    s_core
s_core_b:
        mov     r4,a
        WXOR    D0, D1, r2w             ; D1 ^ R
        WADD    D1, pw, D2              ; D2 + M
        WADD    D2, RR, D3              ; D3 + L
        WMOV    D3, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,s_core_more

; Backward mixing: D0 -= D3 (rounds 2, 6) or D1 (3, 7), then (D1 ^ S1[b0],
; D2 - S0[b3], (D3 - S1[b2]) ^ S0[b1], D0 <<< 24) in place.
        mov     mc,#0
s_bmix: jnb     mc_1,s_bm_go
        mov     r1,#D1
        jb      mc_0,s_bm_sub
        mov     r1,#D3
s_bm_sub:
        SUBR1   D0
s_bm_go:
        mov     dph,#SP0+4
        LOOK    lxor, D0+0, D1, RR      ; D1 ^ S1[b0]
        mov     dph,#SP0
        LOOK    lsub, D0+3, D2, D1      ; D2 - S0[b3]
        LOOK    lsub, D0+2, D3, D2      ; D3 - S1[b2]
        mov     dph,#SP0
        LOOK    lxor, D0+1, D2, D2      ; ^ S0[b1]
        WMOV    D3, D0+1, D0+2, D0+3, D0+0
        WMOV    D0, r4, r5, r6, r7
        inc     mc
        jb      mc_3,s_eout
        ljmp    s_bmix
s_eout: mov     r0,#Kb+144
        lcall   ksub            ; D[i] -= K[36 + i]
        ret

; ==== decryption ============================================================

mars_decrypt::
        mov     dpl,#0
        mov     r0,#Kb+144
        lcall   kadd            ; D[i] += K[36 + i]

; Backward mixing undone, i = 7..0 (mars.asm's d_bmix).
        mov     mc,#7
s_dbmix:
        mov     dph,#SP0
        LOOK    lxor, D3+0, D2, RR      ; D3' ^ S0[b1]
        LOOK    ladd, D3+1, RR, RR      ; + S1[b2]
        mov     dph,#SP0
        LOOK    ladd, D3+2, D1, D2      ; D2' + S0[b3]
        LOOK    lxor, D3+3, D0, D1      ; D1' ^ S1[b0]
        jnb     mc_1,s_dbm_plain
        mov     r1,#D1          ; + D1
        jb      mc_0,s_dbm_add
        mov     r1,#RR          ; + D3
s_dbm_add:
        ADDR1   D0, D3+3, D3+0, D3+1, D3+2
        sjmp    s_dbm_next
s_dbm_plain:
        WMOV    D0, D3+3, D3+0, D3+1, D3+2
s_dbm_next:
        WMOV    D3, r4, r5, r6, r7
        dec     mc
        jb      mc_7,s_dcore0
        ljmp    s_dbmix

; The core undone (mars.asm's d_core), x in xw, y copied to yw for efun.
s_dcore0:
        mov     r0,#Kb+136      ; K[34], round 15's K1
        mov     cnt,#8
        setb    f0
s_dcore:
        NIB4TO  xw, D3+2, D3+3, D3+0, D3+1  ; (y <<< 16) <<< 4
        mov     xw+0,a
        mov     c,acc.0
        .irp    k,3,2,1,0
        mov     a,xw+k
        rrc     a
        mov     xw+k,a
        .endm
        MADD    xw
        WMOV    yw, D3+0, D3+1, D3+2, D3+3
        lcall   efun
        xch     a,r0
        add     a,#-16
        xch     a,r0            ; the round before's K1 (A kept)
        mov     r4,a
        jb      f0,s_dcore_b
        WXOR    D3, D2, r2w             ; s2 ^ R
        WSUB    D2, D1, pw              ; s1 - M
        WSUB    D1, D0, RR              ; s0 - L
        WMOV    D0, xw+0, xw+1, xw+2, xw+3
        djnz    cnt,s_dcore_more
        sjmp    s_dfmix0
s_dcore_more:
        ljmp    s_dcore
s_dcore_b:
        WSUB    D3, D2, RR              ; s2 - L
        WSUB    D2, D1, pw              ; s1 - M
        WXOR    D1, D0, r2w             ; s0 ^ R
        WMOV    D0, xw+0, xw+1, xw+2, xw+3
        djnz    cnt,s_dcore_more
        clr     f0
        mov     cnt,#8
        sjmp    s_dcore_more

; Forward mixing undone, i = 7..0 (mars.asm's d_fmix).
s_dfmix0:
        mov     mc,#7
s_dfmix:
        jb      mc_1,s_dfm_go
        mov     r1,#D0          ; - D1'
        jb      mc_0,s_dfm_sub
        mov     r1,#D2          ; - D3'
s_dfm_sub:
        SUBR1   D3
s_dfm_go:
        mov     dph,#SP0+4
        LOOK    lxor, D3+0, D2, RR      ; D3' ^ S1[b3]
        mov     dph,#SP0
        LOOK    lsub, D3+3, D1, D2      ; D2' - S0[b2]
        LOOK    lsub, D3+2, D0, D1      ; D1' - S1[b1]
        mov     dph,#SP0
        LOOK    lxor, D3+1, D1, D1      ; ^ S0[b0]
        WMOV    D0, D3+1, D3+2, D3+3, D3+0
        WMOV    D3, r4, r5, r6, r7
        dec     mc
        jb      mc_7,s_dout
        ljmp    s_dfmix
s_dout: mov     r0,#Kb
        lcall   ksub            ; D[i] -= K[i]
        ret
