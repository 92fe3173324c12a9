; MARS for the MCS-51: key setup (tweaked expansion) into internal RAM,
; then encryption and decryption with the 40 round keys, in constant time.
; cardlab firmware: firmware/mcs51/mars/mars.asm (manifests mars.toml,
; mars192.toml, mars256.toml); marsks.inc (the key setup) included,
; sbox.asm (S-box, powers of two) linked in.
;
; Written from "MARS - a candidate cipher for AES" (IBM, revised 1999) and
; its round-2 tweak of the key expansion (mars-twk.txt). mars.inc holds the
; RAM map byte by byte and the steps as macros. In short:
;   R0 the round-key pointer, R1 a pointer, R2 R3 the rotation's carried
;   byte and factor (the product's column sums), R4-R7 a word (bank 0);
;   0x08-0x0F the stack (the return address only); 0x10-0x1D M and L,
;   each twice over, bytes reversed; 0x1E the round count; 0x20-0x2F y,
;   the product (then M <<< R), R <<< 5, R <<< 10, all bit-addressable;
;   0x40-0x4F D0-D3; 0x5C-0xFB K[0..39]. The key setup's map is in
;   marsks.inc.
;
; Interface (cardlab mcs51 ABI): the key (16, 24 or 32 bytes) in mars_key,
; LCALL mars_key_setup128 (192, 256); K to mars_k, the key destroyed (T is
; worked over it). Then, any number of times, the block in mars_block and
; LCALL mars_encrypt or mars_decrypt; the result is in mars_block.
;
; The words never rotate through pointers: a round writes each new word
; straight into the place of the old word before it (new D0 where D1 was
; read, ...), so D0-D3 stay at fixed direct addresses and every round is
; the same code; the one word with nowhere to go (y, or D1' of a mixing
; round) waits in yw or R4-R7 and is copied last (8 cycles).
;
; The 32 x 32 multiply (y = D0 <<< 13 times K[2i+5], low 32 bits only): ten
; MUL AB, the products of the bytes whose positions add to at most 3, summed
; column by column with the carries taken after each ADD (MUL clears C);
; 117 cycles with the round-key pointer's walk, for every operand: MUL AB
; takes 4 cycles whatever A and B.
;
; The data-dependent rotations (M <<< R, L <<< R; the key fix-up's B <<<
; K[i-1]), without a branch: n = 8q + s. The word is kept twice over in a
; 7-byte buffer, bytes reversed, so W <<< 8q is the four bytes read
; downwards from buf + 3 + q; then each byte is multiplied by 2^s (MUL AB,
; 2^s from an 8-byte table by MOVC): the low byte stays, the high byte is
; ORed into the next byte, the fourth's into the first. 61 cycles for every
; n. A shift-and-branch rotation of the same buffered word (pointer 7,
; four loads 11, a jump table on s 9, then nothing, one or two 1-bit
; chains of 14, NIB4 18 or NIB4 and a chain, A = o0 3) takes 28 (s = 0),
; 44 (1, 7), 48 (4), 58 (2, 6) or 62 (3, 5) cycles, 50.5 on average:
; constant time costs about 10 cycles a rotation, some 340 a block (3.7 %),
; and stays under that version's worst case.
;
; The key fix-up's mask (the bits of w = K[i] | 3 inside a run of ten or
; more equal bits with both neighbours equal, 2 <= l <= 30; the tweak
; clears bit 31 always) with no loop over the bits: d = w ^ (w << 1) marks
; each bit that differs from the one below it (bit 0 is set: w_0 = 1). No
; run of ten equal bits ends at bit l unless d_l..d_(l-8) are all clear, so
; the complement e' of d | d << 1 | ... | d << 8 (shift-OR chains by 1, 1
; and 1, a nibble by SWAP and XCHD, a byte by renaming) marks where one
; ends, e' | e' >> 1 | ... | e' >> 9 the bits inside one, and & ~d &
; ~(d >> 1) keeps those whose neighbours both agree: 216 cycles for every
; word, where a bit-serial scan of the runs would branch on the key.
;
; S-box lookups: S0 and S1 as eight 256-byte planes (sbox.asm), MOVC A,@A+DPTR
; with DPL = 0 and INC DPH from byte to byte; the 9-bit index picks the
; plane set by bit 8 (6 cycles). MOVC takes 2 cycles at every address.
;
; Cycles (machine cycles; every operation takes the same for every key and
; block: the only branches count rounds and steps):
;   key setup (n key words)
;     entry, T[n] = n, the rest of T 0 (59 - 4n bytes x 4)  252 - 16 n
;     a j pass (4)                                            4644
;       linear pass: 15 steps of 69 (70 at a pointer's wrap)   1037
;         XOR read with SWAP 24, wraps 4, NIB4 chain 9, >>> 1 into
;         T[i] with 4i + j 21, pointers 6, DJNZ and bank 5
;       stirring: 4 passes of 15 steps of 55, set-up 6 + 4 x 4,
;         DJNZ 2 a pass                                       3330
;         page by bit 8 6, sum 27, <<< 9 written by RLC 20, DJNZ 2
;       K[10j..10j+9]: 10 words of 25 (26 at T's wrap), set-up 11  263
;       set-up and loop                                         14
;     fix-up: 16 keys of 349, set-up 3                        5587
;       loads 25, d 17, d << 0..3 51, << 4 25, << 8 6, e' and e' >> 1
;       25, >> 0..3 34, >> 4 25, >> 8 6, the mask 27, B[j] doubled 24,
;       ROT 61, K[i] written 19, DJNZ and LJMP 4
;     128-bit key 24351, 192-bit 24319, 256-bit 24285 (its entry
;     falls through: 2 fewer)
;   encryption                                                9165
;     entry: D[i] += K[i]                                       69
;     forward mixing, 8 rounds of 131 (rounds 0, 1, 4, 5: D0' with
;       its addition 18) or 123 (D0' copied 10): lookups 100, D1' in
;       place 8, loop 5                                       1014
;     core, with its set-up 3: 16 rounds of 428 (forward mode)
;       or 430 (backward), 3 more at the mode switch          6870
;       M = D0 + K1 19, y 29, p = y K2 117, R <<< 5 and <<< 10 55,
;       L 36, M <<< R 62, L <<< R 61, JB 2, the new words 43 / 45,
;       loop 4
;     backward mixing, 8 rounds of 135 (rounds 0, 1), 152 (2: D0 -= D3)
;       or 150 (3: D0 -= D1): lookups 110, D0' 8, D1' 8, loop 5   1142
;     exit: D[i] -= K[36+i], RET                                70
;   decryption                                                9299
;     entry 69, backward mixing undone 1014, core undone 7001 (16
;     rounds of 437, one 442 at the mode switch: x = y >>> 13 31, the
;     K1 pointer back 3, the subtractions 13 each), forward mixing
;     undone 1144, exit 71
;
; The round loop: 428 cycles a core round (430 backward mode, 437
; undone), of which MUL AB 40 and the two rotations 123; a mixing round
; 123-152.

        .include "mars.inc"
        MARSMAP

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "marsks.inc"

; ==== encryption ===========================================================================

mars_encrypt::
        mov     dpl,#0
        mov     r0,#Kb
        .irp    w,D0,D1,D2,D3   ; D[i] += K[i]
        mov     a,w+0
        add     a,@r0
        mov     w+0,a
        inc     r0
        .irp    k,1,2,3
        mov     a,w+k
        addc    a,@r0
        mov     w+k,a
        inc     r0
        .endm
        .endm

; Forward mixing, 8 rounds; round i (mc) leaves (D1', D2', D3', D0')
; in place of (D0, D1, D2, D3): D1' = (D1 ^ S0[b0]) + S1[b1] into R4-R7,
; D2' = D2 + S0[b2], D3' = D3 ^ S1[b3], D0' = D0 >>> 24 (+ D3' in rounds
; 0 and 4, + D1' in 1 and 5), then D1' from R4-R7.
        mov     mc,#0
e_fmix: mov     dph,#SP0
        SXOR    D0+0, D1, RR
        SADD    D0+1, RR, RR
        mov     dph,#SP0
        SADD    D0+2, D2, D1
        SXOR    D0+3, D3, D2
        jb      mc_1,e_fm_plain
        jb      mc_0,e_fm_add1
        mov     a,D0+3          ; (D0 >>> 24) + D3'
        WADDA   D3, D0+0, D0+1, D0+2, D2
        sjmp    e_fm_next
e_fm_add1:
        mov     a,D0+3          ; (D0 >>> 24) + D1'
        WADDA   D3, D0+0, D0+1, D0+2, RR
        sjmp    e_fm_next
e_fm_plain:
        WMOV    D3, D0+3, D0+0, D0+1, D0+2
e_fm_next:
        WMOV    D0, r4, r5, r6, r7
        inc     mc
        jb      mc_3,e_core0
        ljmp    e_fmix

; The core, 16 rounds (F0 clear: forward mode, set: backward). A round:
; M = D0 + K1; y = D0 <<< 13; p = y K2; r1w, r2w; L; M <<< r1w into pw,
; L <<< r2w into R4-R7; then (D1 + L, D2 + M, D3 ^ R, y) or (D1 ^ R,
; D2 + M, D3 + L, y) in place of (D0, D1, D2, D3).
e_core0:
        mov     cnt,#8
        clr     f0
e_core: MADD    D0
        NIB4TO  yw, D0+3, D0+0, D0+1, D0+2
        mov     c,y3_7
        rlc     a
        mov     yw+0,a
        .irp    k,1,2,3
        mov     a,yw+k
        rlc     a
        mov     yw+k,a
        .endm
        MUL32   yw+0, yw+1, yw+2, yw+3
        RWORDS
        LWORD
        ROT     mb, r1w+0, pw+0, pw+1, pw+2, pw+3
        mov     pw+0,a
        ROT     lb, r2w+0, r4, r5, r6, r7
        jb      f0,e_core_b
        WADDA   D0, r5, r6, r7, D1      ; D1 + L
        WADD    D1, pw, D2              ; D2 + M
        WXOR    D2, D3, r2w             ; D3 ^ R
        WMOV    D3, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,e_core_more
        setb    f0
        mov     cnt,#8
e_core_more:
        ljmp    e_core
e_core_b:
        mov     r4,a
        WXOR    D0, D1, r2w             ; D1 ^ R
        WADD    D1, pw, D2              ; D2 + M
        WADD    D2, RR, D3              ; D3 + L
        WMOV    D3, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,e_core_more

; Backward mixing, 8 rounds: D0 -= D3 (rounds 2, 6) or D1 (3, 7); then
; (D1 ^ S1[b0], D2 - S0[b3], (D3 - S1[b2]) ^ S0[b1], D0 <<< 24) in place.
        mov     mc,#0
e_bmix: jnb     mc_1,e_bm_sub
        jb      mc_0,e_bm_sub1
        WSUB    D0, D0, D3
        sjmp    e_bm_sub
e_bm_sub1:
        WSUB    D0, D0, D1
e_bm_sub:
        mov     dph,#SP0+4
        SXOR    D0+0, D1, RR
        mov     dph,#SP0
        SSUB    D0+3, D2, D1
        SSUB    D0+2, D3, D2
        mov     dph,#SP0
        SXOR    D0+1, D2, D2
        WMOV    D3, D0+1, D0+2, D0+3, D0+0
        WMOV    D0, r4, r5, r6, r7
        inc     mc
        jb      mc_3,e_out
        ljmp    e_bmix
e_out:  .irp    w,D0,D1,D2,D3   ; D[i] -= K[36 + i]
        mov     a,w+0
        clr     c
        subb    a,@r0
        mov     w+0,a
        inc     r0
        .irp    k,1,2,3
        mov     a,w+k
        subb    a,@r0
        mov     w+k,a
        inc     r0
        .endm
        .endm
        ret

; ==== decryption ===========================================================================

mars_decrypt::
        mov     dpl,#0
        mov     r0,#Kb+144
        .irp    w,D0,D1,D2,D3   ; D[i] += K[36 + i]
        mov     a,w+0
        add     a,@r0
        mov     w+0,a
        inc     r0
        .irp    k,1,2,3
        mov     a,w+k
        addc    a,@r0
        mov     w+k,a
        inc     r0
        .endm
        .endm

; Backward mixing undone, i = 7..0 (mc): the words in place are (D1, D2,
; D3, D0 <<< 24) of round i. D3 = (D3' - S1[b2]) ^ S0[b1]... undone as
; D3 = (D3' ^ S0[b1]) + S1[b2] into R4-R7, D2 = D2' + S0[b3], D1 = D1' ^
; S1[b0], D0 = the word >>> 24, + D3 (i = 2, 6) or + D1 (3, 7); b from D0.
        mov     mc,#7
d_bmix: mov     dph,#SP0
        SXOR    D3+0, D2, RR            ; b1 = byte 0 of D0 <<< 24
        SADD    D3+1, RR, RR            ; b2
        mov     dph,#SP0
        SADD    D3+2, D1, D2            ; b3
        SXOR    D3+3, D0, D1            ; b0
        jnb     mc_1,d_bm_plain
        jb      mc_0,d_bm_add1
        mov     a,D3+3                  ; D0 + D3
        WADDA   D0, D3+0, D3+1, D3+2, RR
        sjmp    d_bm_next
d_bm_add1:
        mov     a,D3+3                  ; D0 + D1
        WADDA   D0, D3+0, D3+1, D3+2, D1
        sjmp    d_bm_next
d_bm_plain:
        WMOV    D0, D3+3, D3+0, D3+1, D3+2
d_bm_next:
        WMOV    D3, r4, r5, r6, r7
        dec     mc
        jb      mc_7,d_core0
        ljmp    d_bmix

; The core undone, rounds 15..0 (F0 set: backward mode first): the words
; in place are (s0, s1, s2, s3) = (D1', D2', D3', y); x = y >>> 13 into
; yw, M = x + K1, p = y K2 from s3 itself, then (x, s0 - L, s1 - M, s2 ^
; R) or (x, s0 ^ R, s1 - M, s2 - L) written from the top.
d_core0:
        mov     r0,#Kb+136      ; K[34], round 15's K1
        mov     cnt,#8
        setb    f0
d_core: NIB4TO  yw, D3+2, D3+3, D3+0, D3+1  ; (y <<< 16) <<< 4
        mov     yw+0,a
        mov     c,acc.0
        .irp    k,3,2,1,0
        mov     a,yw+k
        rrc     a
        mov     yw+k,a
        .endm
        MADD    yw
        MUL32   D3+0, D3+1, D3+2, D3+3
        mov     a,r0
        add     a,#-16
        mov     r0,a            ; the round before's K1
        RWORDS
        LWORD
        ROT     mb, r1w+0, pw+0, pw+1, pw+2, pw+3
        mov     pw+0,a
        ROT     lb, r2w+0, r4, r5, r6, r7
        jb      f0,d_core_b
        mov     r4,a
        WXOR    D3, D2, r2w             ; s2 ^ R
        WSUB    D2, D1, pw              ; s1 - M
        WSUB    D1, D0, RR              ; s0 - L
        WMOV    D0, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,d_core_more
        ljmp    d_fmix0
d_core_more:
        ljmp    d_core
d_core_b:
        mov     r4,a
        WSUB    D3, D2, RR              ; s2 - L
        WSUB    D2, D1, pw              ; s1 - M
        WXOR    D1, D0, r2w             ; s0 ^ R
        WMOV    D0, yw+0, yw+1, yw+2, yw+3
        djnz    cnt,d_core_more
        clr     f0
        mov     cnt,#8
        sjmp    d_core_more

; Forward mixing undone, i = 7..0: (s0, s1, s2, s3) = (D1', D2', D3', D0'):
; D0 = D0' - D3' (i = 0, 4) or - D1' (1, 5), then <<< 24; D3 = D3' ^ S1[b3]
; into R4-R7, D2 = D2' - S0[b2], D1 = (D1' - S1[b1]) ^ S0[b0]; b from D0
; (byte k of D0 is byte k + 1 of the word before its <<< 24).
d_fmix0:
        mov     mc,#7
d_fmix: jb      mc_1,d_fm_sub
        jb      mc_0,d_fm_sub1
        WSUB    D3, D3, D2
        sjmp    d_fm_sub
d_fm_sub1:
        WSUB    D3, D3, D0
d_fm_sub:
        mov     dph,#SP0+4
        SXOR    D3+0, D2, RR            ; b3
        mov     dph,#SP0
        SSUB    D3+3, D1, D2            ; b2
        SSUB    D3+2, D0, D1            ; b1
        mov     dph,#SP0
        SXOR    D3+1, D1, D1            ; b0
        WMOV    D0, D3+1, D3+2, D3+3, D3+0
        WMOV    D3, r4, r5, r6, r7
        dec     mc
        jb      mc_7,d_out
        ljmp    d_fmix
d_out:  mov     r0,#Kb
        .irp    w,D0,D1,D2,D3   ; D[i] -= K[i]
        mov     a,w+0
        clr     c
        subb    a,@r0
        mov     w+0,a
        inc     r0
        .irp    k,1,2,3
        mov     a,w+k
        subb    a,@r0
        mov     w+k,a
        inc     r0
        .endm
        .endm
        ret
