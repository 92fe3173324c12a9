; AES-128 on the AVR (ATmega32, AVRe core) with the key schedule run on
; the fly: no round-key table. The round key in use is seven registers
; and a 9-byte work buffer, stepped K(r-1) -> K(r) as encryption goes and
; K(r) -> K(r-1) as decryption goes; aes_key is only read, so the key is
; kept. The two 256-byte S-boxes are the only tables. 2304 bytes of
; flash: 1792 of code (everything but the init inlined), 512 of tables.
; cardlab firmware: firmware/avr/aes/otf.S (manifests otf.toml,
; otf-lrk.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: the only conditional
; branches test Rcon or the T flag (set in the last encryption round),
; which run the same way for every key and block, so the PC trace and
; the cycle count do too; LPM takes 3 cycles at any address; xtime is
; branch-free (LSL, SBC, ANDI: the carry becomes the 0x1b mask); every
; RAM address is fixed. Needs MOVW and LPM Rd,Z (AVRe); no MUL.
;
; Interface (cardlab avr convention): each entry is called as by CALL and
; ends with RET; any register may be clobbered and none is assumed on
; entry (r1 is a state byte here, not zero).
;   aes_encrypt       aes_key = K0; aes_state: plaintext -> ciphertext
;   aes_decrypt       aes_key = K0; aes_state: ciphertext -> plaintext.
;                     Decryption needs K10 and runs the schedule
;                     backwards from it; from the cipher key that means
;                     the schedule run forward first (ten key steps
;                     without AddRoundKey, 759 cycles), then as below.
;   aes_decrypt_lrk   aes_key = K10 (the last round key: what a card that
;                     only decrypts would store); aes_state: ciphertext
;                     -> plaintext
;
; RAM map (.bss, each byte written before it is read)
;   aes_state  16 B  the block, in place
;   aes_key    16 B  the key (K0, or K10 for aes_decrypt_lrk), only read;
;                    follows aes_state (init reads both through Z+)
;   aes_kw      9 B  bytes 0-8 of the round key in use
;   stack: 4 bytes, the return address of the caller and one RCALL
;          (aes_decrypt: 2)
; Key RAM: 25 bytes (aes_key and aes_kw); the other 7 round-key bytes
; are registers.
;
; Register map
;   r0-r19   the state, in one of two layouts (byte j = 4 c + i: row i,
;            column c):
;            layout A: byte j in r(j); r16-r19 free
;            layout B: column 0 in r16-r19, columns 1-3 in r0-r11
;                      (byte j in r(16 + j) for j < 4, else r(j - 4));
;                      r12-r15 free
;            MixColumns writes each column into the four registers the
;            column before it freed, so it goes from A to B; the S-box
;            step reads B and writes A, each byte into the register
;            ShiftRows (InvShiftRows) sends it to: one MOV a round (one
;            2-cycle of registers), not four.
;   r12-r15  (free in layout B) the row chains of the forward key step
;   r16-r19  (free in layout A) the new bytes 0-3 of the inverse key step;
;            u, v of the InvMixColumns pre-step (r16, r17)
;   r20      TMP: the 2-cycle spare, key-step temporary
;   r21      M: the xtime mask, key-step temporary
;   r22      Rcon, also the round counter
;   r23      round-key byte 9; r28, r29: bytes 10, 11
;   r24-r27  round-key bytes 12-15
;   Z        ZH the S-box page, ZL the index (LPM r, Z)
;   T flag   set for encryption round 10 (no MixColumns, then the end)
;
; Flash: aes_sbox at 0x000, aes_inv_sbox at 0x100 (page-aligned, so ZH
; picks the table), then the code.
;
; Steps (cycles)
;   SS, SubBytes + ShiftRows (B to A), and ISS, the inverse: a byte
;     MOV ZL,s; LPM d,Z (4), 64; + 1 MOV: 65.
;   MixColumns (A to B), a column a0..a3 into the free w0..w3 (31):
;     MOVW x2, EOR x4: w_i = a_i ^ a_i+1 (6); then b_i = a_i ^ t ^
;     xtime(w_i), a_i ^ t written from the a and the w still there:
;     b0 = xt(w0)^a1^w2, b1 = xt(w1)^a2^w3, b2 = xt(w2)^w3^a1 (xtime
;     LSL, SBC, ANDI, EOR and two EOR: 6 each), b3 = xt(w3)^a0^a1^a2 (7).
;     A round: 124.
;   KA, key step + AddRoundKey (layout B), K(r) from K(r-1): four S-box
;     lookups MOV, LPM (16), Rcon (1); a byte in RAM LDS, EOR, STS, EOR
;     (6, x9); a byte in a register EOR, EOR (2, x7): 85. Without the
;     AddRoundKey (the forward run of aes_decrypt): 69.
;   IKA, inverse key step + AddRoundKey (layout A), K(r-1) from K(r):
;     bytes 15..4 first (old b = new b ^ new (b - 4): LDS, EOR, STS and
;     the EOR into the state, or EOR, EOR for a register byte; the new
;     bytes 0-3 kept), then bytes 0-3 (old b = new b ^ S(old 13, 14, 15,
;     12), Rcon into byte 0: MOV, LPM, EOR, STS, EOR, 8 each): 85.
;   InvMixColumns: pre-step (FIPS-197 4.3 rewritten) u = {04}(a0^a2),
;     v = {04}(a1^a3), a0 ^= u, a2 ^= u, a1 ^= v, a3 ^= v: MOVW, 2 EOR,
;     4 xtime, 4 EOR (23 a column, 92), then MixColumns: 216.
;   encryption round: SS 65 + CPI, BREQ 2 + MixColumns 124 + KA 85
;     + BRTS 1 + Rcon doubled, RJMP 4 = 281 (round 8, where Rcon
;     carries: 283); round 10: SS 65 + 3 + SET 1 + 8 MOVW (A to B for
;     KA) + RJMP 2 + KA 85 + BRTS 2 = 166.
;   decryption round: LDI ZH 1 + ISS 65 + LDI ZH 1 + IKA 85 + CPI, BRNE
;     3 + Rcon halved 3 + InvMixColumns 216 + RJMP 2 = 376; the last
;     (K0): 1 + 65 + 1 + 85 + CPI, BRNE, RJMP 4 = 156.
;
; Cycles (entry to RET inclusive, as simavr counts them):
;   encrypt:      init 108 + 4 + 8 x 281 + 283 + 166 + store 38     = 2847
;   decrypt_lrk:  init 108 + 1 + 9 x 376 + 156 + store 38           = 3687
;   decrypt:      key in 54 + forward 9 x 76 + 75 + state in and
;                 AddRoundKey(K10) 70 + 1 + 9 x 376 + 156 + 38      = 4462
;   (init: RCALL 3, LDI x2, 16 LD, 9 x (LD, STS, EOR), 7 x (LD, EOR),
;   LDI, RET 4; store: LDI x2, 16 ST, RET 4)

#define ZL      r30
#define ZH      r31
#define TMP     r20
#define M       r21
#define RC      r22
#define K9      r23
#define K10     r28
#define K11     r29
#define K12     r24
#define K13     r25
#define K14     r26
#define K15     r27

        .text
#include "sbox.inc"
#include "inv_sbox.inc"

        .section .bss
        .global aes_state, aes_key, aes_kw
aes_state:                              ; aes_key follows: init reads
        .space  16                      ; both with one pointer
aes_key:
        .space  16
aes_kw:
        .space  9

        .text

; ---- steps as macros ------------------------------------------------------
; Two register layouts of the state (byte 4 c + i: row i, column c):
;   layout A: byte j in r(j)
;   layout B: column 0 in r16-r19, columns 1-3 in r0-r11 (byte j in
;             r(16 + j) for j < 4, r(j - 4) after); r12-r15 free
; MixColumns writes each column into the group freed by the one before,
; so it goes from A to B; SubBytes, read from B and written to A, puts
; each byte where ShiftRows sends it.
        .macro  SB s, d                 ; d = S(s), S-box page in ZH
        mov     ZL, \s
        lpm     \d, Z
        .endm

#include "mixcol.inc"

        .macro  MIXCOLUMNS              ; layout A to layout B
        MIXCOL  r0, r1, r2, r3, r16, r17, r18, r19
        MIXCOL  r4, r5, r6, r7, r0, r1, r2, r3
        MIXCOL  r8, r9, r10, r11, r4, r5, r6, r7
        MIXCOL  r12, r13, r14, r15, r8, r9, r10, r11
        .endm

; forward key step: round-key byte i in RAM, x the row chain (x = new
; byte i - 4 on entry, new byte i on exit), s its state byte
        .macro  KRAM i, x, s, ark
        lds     TMP, aes_kw + \i
        eor     \x, TMP
        sts     aes_kw + \i, \x
        .if     \ark
        eor     \s, \x
        .endif
        .endm

        .macro  KREG k, x, s, ark       ; the same for a byte in a register
        eor     \k, \x
        .if     \ark
        eor     \s, \k
        .endif
        .endm

; K(r) from K(r-1) (Rcon in RC), the row chains in r12-r15; with ark = 1
; also state ^= K(r), the state in layout B
        .macro  KSTEP ark
        mov     ZL, K13                 ; SubWord(RotWord(w3)) into the
        lpm     r12, Z                  ; four row chains
        mov     ZL, K14
        lpm     r13, Z
        mov     ZL, K15
        lpm     r14, Z
        mov     ZL, K12
        lpm     r15, Z
        eor     r12, RC
        KRAM    0, r12, r16, \ark       ; row 0
        KRAM    4, r12, r0, \ark
        KRAM    8, r12, r4, \ark
        KREG    K12, r12, r8, \ark
        KRAM    1, r13, r17, \ark       ; row 1
        KRAM    5, r13, r1, \ark
        KREG    K9, r13, r5, \ark
        KREG    K13, K9, r9, \ark
        KRAM    2, r14, r18, \ark       ; row 2
        KRAM    6, r14, r2, \ark
        KREG    K10, r14, r6, \ark
        KREG    K14, K10, r10, \ark
        KRAM    3, r15, r19, \ark       ; row 3
        KRAM    7, r15, r3, \ark
        KREG    K11, r15, r7, \ark
        KREG    K15, K11, r11, \ark
        .endm

; ---- encryption ---------------------------------------------------------
        .global aes_encrypt
aes_encrypt:
        rcall   init                    ; state ^= K0 (layout B), K0 in place
        ldi     RC, 1
        clt                             ; T flag: the last round
        rjmp    encrypt_round
5:      set                             ; round 10: no MixColumns; layout A
        movw    r16, r0                 ; to B for the key step, then the
        movw    r18, r2                 ; last key step
        movw    r0, r4
        movw    r2, r6
        movw    r4, r8
        movw    r6, r10
        movw    r8, r12
        movw    r10, r14
        rjmp    3f
encrypt_round:
        SB      r8, r12                 ; SubBytes from layout B to layout A;
        SB      r4, r8                  ; ShiftRows is where each byte goes
        SB      r0, r4
        SB      r16, r0
        SB      r1, r1
        SB      r5, r5
        SB      r9, r9
        SB      r17, r13
        SB      r2, r14
        SB      r6, r2
        SB      r10, r6
        SB      r18, r10
        SB      r7, r15
        SB      r19, r7
        SB      r11, TMP                ; the one 2-cycle: r3 <-> r11
        SB      r3, r11
        mov     r3, TMP
        cpi     RC, 0x36
        breq    5b
        MIXCOLUMNS
3:      KSTEP   1
        brts    6f
        lsl     RC                      ; next Rcon; the one carry
        brcs    4f                      ; (0x80 -> 0x1b) is a branch on
        rjmp    encrypt_round                      ; the round number
4:      ldi     RC, 0x1b
        rjmp    encrypt_round
6:      ldi     ZL, lo8(aes_state)      ; the block out, from layout B
        ldi     ZH, hi8(aes_state)
        .irp    r, 16,17,18,19,0,1,2,3,4,5,6,7,8,9,10,11
        st      Z+, r\r
        .endr
        ret

; state (layout B) <- aes_state ^ aes_key; the key into aes_kw and the
; key registers; ZH the S-box page
init:
        ldi     ZL, lo8(aes_state)
        ldi     ZH, hi8(aes_state)
        .irp    r, 16,17,18,19,0,1,2,3,4,5,6,7,8,9,10,11
        ld      r\r, Z+
        .endr
        .irp    r, 16,17,18,19,0,1,2,3,4 ; Z = aes_key: bytes 0-8
        ld      TMP, Z+
        sts     aes_kw + (\r + 4) % 20, TMP
        eor     r\r, TMP
        .endr
        ld      K9, Z+
        eor     r5, K9
        ld      K10, Z+
        eor     r6, K10
        ld      K11, Z+
        eor     r7, K11
        ld      K12, Z+
        eor     r8, K12
        ld      K13, Z+
        eor     r9, K13
        ld      K14, Z+
        eor     r10, K14
        ld      K15, Z+
        eor     r11, K15
        ldi     ZH, hi8(aes_sbox)
        ret

; ---- decryption ---------------------------------------------------------
; InvMixColumns pre-step (FIPS-197 4.3 rewritten): u = {04}(a0^a2),
; v = {04}(a1^a3); a0 ^= u, a2 ^= u, a1 ^= v, a3 ^= v; 23 cycles a column
        .macro  PRECOL a0, a1, a2, a3
        movw    r16, \a0                ; u = a0, v = a1
        eor     r16, \a2
        eor     r17, \a3
        XT      r16
        XT      r16
        XT      r17
        XT      r17
        eor     \a0, r16
        eor     \a2, r16
        eor     \a1, r17
        eor     \a3, r17
        .endm

; inverse key step: K(r-1) from K(r) (Rcon of K(r) in RC), then state ^=
; K(r-1), the state in layout A. Bytes 15..4: old b = new b ^ new (b - 4);
; bytes 0-3: old b = new b ^ S(old byte 13, 14, 15, 12) (^ Rcon in byte 0).
        .macro  IKROW i, k12, k8, s12, s8, s4, c
        ; row i: byte 12 + i in register k12, byte 8 + i in RAM (k8 = 0)
        ; or in register k8, byte 4 + i in RAM; c <- new byte i
        .ifc    \k8, 0
        lds     TMP, aes_kw + 8 + \i
        eor     \k12, TMP               ; old byte 12 + i
        eor     \s12, \k12
        lds     M, aes_kw + 4 + \i
        eor     TMP, M                  ; old byte 8 + i
        sts     aes_kw + 8 + \i, TMP
        eor     \s8, TMP
        .else
        eor     \k12, \k8               ; old byte 12 + i
        eor     \s12, \k12
        lds     M, aes_kw + 4 + \i
        eor     \k8, M                  ; old byte 8 + i
        eor     \s8, \k8
        .endif
        lds     \c, aes_kw + \i
        eor     M, \c                   ; old byte 4 + i
        sts     aes_kw + 4 + \i, M
        eor     \s4, M
        .endm

        .macro  IKCOL0 i, k, c          ; byte i: c ^= S(old k), store, ARK
        mov     ZL, \k
        lpm     TMP, Z
        eor     \c, TMP
        .if     \i == 0
        eor     \c, RC
        .endif
        sts     aes_kw + \i, \c
        eor     r\i, \c
        .endm

        .global aes_decrypt
aes_decrypt:
        ldi     ZL, lo8(aes_key)        ; K0 into aes_kw and the registers
        ldi     ZH, hi8(aes_key)
        .irp    i, 0,1,2,3,4,5,6,7,8
        ld      TMP, Z+
        sts     aes_kw + \i, TMP
        .endr
        ld      K9, Z+
        ld      K10, Z+
        ld      K11, Z+
        ld      K12, Z+
        ld      K13, Z+
        ld      K14, Z+
        ld      K15, Z+
        ldi     ZH, hi8(aes_sbox)
        ldi     RC, 1
1:      KSTEP   0                       ; forward to K10
        lsl     RC
        brcc    2f
        ldi     RC, 0x1b
2:      cpi     RC, 0x6c
        breq    3f
        rjmp    1b
3:      ldi     ZL, lo8(aes_state)      ; state (layout B) <- aes_state ^ K10
        ldi     ZH, hi8(aes_state)
        .irp    r, 16,17,18,19,0,1,2,3,4,5,6,7,8,9,10,11
        ld      r\r, Z+
        .endr
        .irp    r, 16,17,18,19,0,1,2,3,4
        lds     TMP, aes_kw + (\r + 4) % 20
        eor     r\r, TMP
        .endr
        eor     r5, K9
        eor     r6, K10
        eor     r7, K11
        eor     r8, K12
        eor     r9, K13
        eor     r10, K14
        eor     r11, K15
        rjmp    decrypt_rounds

        .global aes_decrypt_lrk
aes_decrypt_lrk:
        rcall   init                    ; state ^= K10 (layout B), K10 in place
decrypt_rounds:
        ldi     RC, 0x36
decrypt_round:
        ldi     ZH, hi8(aes_inv_sbox)
        SB      r8, r12                 ; InvSubBytes from layout B to layout
        SB      r4, r8                  ; A; InvShiftRows is where each byte
        SB      r0, r4                  ; goes
        SB      r16, r0
        SB      r5, r13
        SB      r17, r5
        SB      r9, TMP                 ; the one 2-cycle: r1 <-> r9
        SB      r1, r9
        mov     r1, TMP
        SB      r2, r14
        SB      r6, r2
        SB      r10, r6
        SB      r18, r10
        SB      r3, r3
        SB      r7, r7
        SB      r11, r11
        SB      r19, r15
        ldi     ZH, hi8(aes_sbox)
        IKROW   0, K12, 0, r12, r8, r4, r16 ; bytes 12, 8, 4
        IKROW   1, K13, K9, r13, r9, r5, r17
        IKROW   2, K14, K10, r14, r10, r6, r18
        IKROW   3, K15, K11, r15, r11, r7, r19
        IKCOL0  0, K13, r16
        IKCOL0  1, K14, r17
        IKCOL0  2, K15, r18
        IKCOL0  3, K12, r19
        cpi     RC, 1                   ; K0 added: done
        brne    2f
        rjmp    store_state
2:      lsr     RC                      ; previous Rcon; one carry,
        brcc    3f                      ; 0x1b -> 0x80, on the round
        ldi     RC, 0x80                ; number, 3 cycles either way
3:      PRECOL  r0, r1, r2, r3          ; InvMixColumns: the pre-step,
        PRECOL  r4, r5, r6, r7          ; then MixColumns (to layout B)
        PRECOL  r8, r9, r10, r11
        PRECOL  r12, r13, r14, r15
        MIXCOLUMNS
        rjmp    decrypt_round

store_state:                            ; the block out, from layout A
        ldi     ZL, lo8(aes_state)
        ldi     ZH, hi8(aes_state)
        .irp    r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        st      Z+, r\r
        .endr
        ret
