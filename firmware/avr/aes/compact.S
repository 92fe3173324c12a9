; AES-128 on the AVR (ATmega32, AVRe core), compact: key setup expands
; K0..K10 into RAM (176 bytes), then encryption and decryption with the
; state in registers, one looped round each and the two 256-byte S-boxes
; as the only tables. 1536 bytes of flash: 1024 of code, 512 of tables.
; cardlab firmware: firmware/avr/aes/compact.S (manifest compact.toml)
;
; Written from FIPS-197 5.1-5.3. Constant time: the only conditional
; branches test the round counter, Rcon or the T flag (set by the entry:
; which operation runs), all the same for every key and block, so the PC
; trace and the cycle count are too; LPM takes 3 cycles at any address;
; xtime is branch-free (LSL, SBC, ANDI: the carry becomes the 0x1b mask);
; every RAM address is fixed. Needs MOVW and LPM Rd,Z (AVRe); no MUL.
;
; Interface (cardlab avr convention): each entry is called as by CALL and
; ends with RET; any register may be clobbered and none is assumed on
; entry (r1 is a state byte here, not zero). aes_key_setup expands
; aes_key; aes_encrypt and aes_decrypt work on aes_state in place with
; those round keys. aes_key is K0, the first 16 bytes of aes_rk: key setup
; writes K1..K10 after it, and the key is kept.
;
; RAM map (.bss, each byte written before it is read)
;   aes_rk    176 B  K0..K10, round key r at aes_rk + 16 r, bytes in
;                    FIPS-197 order (byte 4 c + i: row i, column c)
;   aes_key          = aes_rk: K0, the cipher key itself
;   aes_state  16 B  the block, in place (follows aes_rk)
;   stack: 4 bytes, the return address of the caller and one RCALL (key
;          setup: 2)
;
; Register map
;   r0-r19   the state, in one of two layouts (byte j = 4 c + i):
;            layout A: byte j in r(j); r16-r19 free
;            layout B: column 0 in r16-r19, columns 1-3 in r0-r11
;                      (byte j in r(16 + j) for j < 4, else r(j - 4));
;                      r12-r15 free
;            MixColumns writes each column into the four registers the
;            column before it freed, so it goes from A to B; the S-box
;            step reads B and writes A, each byte into the register
;            ShiftRows (InvShiftRows) sends it to: both row shifts cost
;            one MOV a round (one 2-cycle of registers), not four.
;   r16, r17 also u, v of the InvMixColumns pre-step (layout A)
;   r20      TMP: the 2-cycle spare, the round-key byte of AddRoundKey,
;            the S-box byte of key setup
;   r21      M: the xtime mask (0 or 0x1b)
;   r22      Rcon (key setup)
;   r23      the round counter
;   X        aes_state (load, store)
;   Y        the round-key pointer
;   Z        ZH the S-box page, ZL the index (LPM r, Z)
;   T flag   clear in encryption, set in decryption: where MixColumns,
;            shared, goes back to
;
; Flash: aes_sbox at 0x000, aes_inv_sbox at 0x100 (page-aligned, so ZH
; picks the table), then the code.
;
; Steps (cycles)
;   ARSS, AddRoundKey + SubBytes + ShiftRows (B to A): a byte
;     LDD ZL,Y+k; EOR ZL,s; LPM d,Z (6), 96; + 1 MOV, + ADIW Y,16: 99.
;   MixColumns (A to B), a column a0..a3 into the free w0..w3 (31):
;     MOVW x2, EOR x4: w_i = a_i ^ a_i+1 (6); then b_i = a_i ^ t ^
;     xtime(w_i), a_i ^ t written from the a and the w still there:
;     b0 = xt(w0)^a1^w2, b1 = xt(w1)^a2^w3, b2 = xt(w2)^w3^a1 (xtime
;     LSL, SBC, ANDI, EOR and two EOR: 6 each), b3 = xt(w3)^a0^a1^a2 (7).
;     A round: 124.
;   ISS, InvSubBytes + InvShiftRows (B to A): MOV ZL,s; LPM d,Z (4), 64;
;     + 1 MOV: 65.
;   AddRoundKey (A): LD TMP,-Y; EOR s,TMP (3), 48; RCALL and RET 7: 55.
;   InvMixColumns: pre-step (FIPS-197 4.3 rewritten) u = {04}(a0^a2),
;     v = {04}(a1^a3), a0 ^= u, a2 ^= u, a1 ^= v, a3 ^= v: MOVW, 2 EOR,
;     4 xtime, 4 EOR (23 a column, 92), then MixColumns: 216.
;   key step (key setup, K(r-1) in r0-r15): 4 x (MOV, LPM, EOR) 20,
;     Rcon 1, 12 EOR, 16 ST Y+ 32, Rcon doubled 3 (LSL and a branch on
;     the round number, 3 cycles either way), loop 3: 71.
;   encryption round: ARSS 99 + DEC, BREQ 2 + MixColumns 124 + BRTS 1
;     + RJMP 2 = 228.
;   decryption round: ISS 65 + AddRoundKey 55 + DEC, BREQ 2 + pre-step
;     92 + RJMP 2 + MixColumns 124 + BRTS 2 + RJMP 2 = 344.
;
; Cycles (entry to RET inclusive, as simavr counts them):
;   key setup: 4 + load K0 32 + 10 x 71 - 1 + RET 4            =   749
;   encrypt:   load 41 + 5 + 9 x 228 + last ARSS 99 + 3
;              + ADIW 2 + AddRoundKey(K10) 55 + RJMP 2 + store 38 = 2297
;   decrypt:   load 41 + 5 + AddRoundKey(K10) 55 + 12 + RJMP 2
;              + 9 x 344 + ISS 65 + AddRoundKey 55 + 3 + store 38  = 3372
;   (load: RCALL 3, LDI x2, 16 LD, RET 4; store: LDI x2, 16 ST, RET 4)

#define XL      r26
#define XH      r27
#define YL      r28
#define YH      r29
#define ZL      r30
#define ZH      r31
#define TMP     r20
#define M       r21
#define RC      r22
#define CNT     r23

        .text
#include "sbox.inc"
#include "inv_sbox.inc"

        .section .bss
        .global aes_rk, aes_key, aes_state
aes_rk:
aes_key:
        .space  176
aes_state:
        .space  16

        .text

; ---- key setup ----------------------------------------------------------
; K0 into r0-r15, then ten key steps, each storing K(r) after K(r-1).
; Rcon doubles by LSL; the one carry (0x80 -> 0x1b) is a branch on the
; round number, 3 cycles either way.
        .global aes_key_setup
aes_key_setup:
        ldi     YL, lo8(aes_rk)
        ldi     YH, hi8(aes_rk)
        .irp    r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        ld      r\r, Y+
        .endr
        ldi     ZH, hi8(aes_sbox)
        ldi     RC, 1
1:      mov     ZL, r13                 ; w0 ^= SubWord(RotWord(w3)) ^ Rcon
        lpm     TMP, Z
        eor     r0, TMP
        eor     r0, RC
        mov     ZL, r14
        lpm     TMP, Z
        eor     r1, TMP
        mov     ZL, r15
        lpm     TMP, Z
        eor     r2, TMP
        mov     ZL, r12
        lpm     TMP, Z
        eor     r3, TMP
        eor     r4, r0                  ; w1 ^= w0
        eor     r5, r1
        eor     r6, r2
        eor     r7, r3
        eor     r8, r4                  ; w2 ^= w1
        eor     r9, r5
        eor     r10, r6
        eor     r11, r7
        eor     r12, r8                 ; w3 ^= w2
        eor     r13, r9
        eor     r14, r10
        eor     r15, r11
        .irp    r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        st      Y+, r\r
        .endr
        lsl     RC                      ; next Rcon
        brcc    2f
        ldi     RC, 0x1b
2:      cpi     RC, 0x6c                ; 0x36 doubled: ten steps done
        brne    1b
        ret

; ---- encryption ---------------------------------------------------------
; one byte of ARSS: d = S(s ^ k), k at Y+q
        .macro  ARS q, s, d
        ldd     ZL, Y+\q
        eor     ZL, \s
        lpm     \d, Z
        .endm

1:      adiw    YL, 16                  ; after round 10: K10, read backwards
        rcall   addroundkey
        rjmp    store_state

        .global aes_encrypt
aes_encrypt:
        rcall   load_state              ; layout B
        ldi     YL, lo8(aes_rk)
        ldi     YH, hi8(aes_rk)
        ldi     ZH, hi8(aes_sbox)
        ldi     CNT, 10
        clt                             ; T flag clear: MixColumns returns here
encrypt_round:
        ARS     12, r8, r12             ; ARSS from layout B to layout A;
        ARS     8, r4, r8               ; ShiftRows is where each byte goes
        ARS     4, r0, r4
        ARS     0, r16, r0
        ARS     5, r1, r1
        ARS     9, r5, r5
        ARS     13, r9, r9
        ARS     1, r17, r13
        ARS     6, r2, r14
        ARS     10, r6, r2
        ARS     14, r10, r6
        ARS     2, r18, r10
        ARS     11, r7, r15
        ARS     3, r19, r7
        ARS     15, r11, TMP            ; the one 2-cycle: r3 <-> r11
        ARS     7, r3, r11
        mov     r3, TMP
        adiw    YL, 16
        dec     CNT
        breq    1b

; ---- MixColumns, layout A to layout B -----------------------------------
; Each column into the four registers the column before it freed (XT and
; MIXCOL in mixcol.inc: 31 cycles a column).
#include "mixcol.inc"

mixcolumns:
        MIXCOL  r0, r1, r2, r3, r16, r17, r18, r19
        MIXCOL  r4, r5, r6, r7, r0, r1, r2, r3
        MIXCOL  r8, r9, r10, r11, r4, r5, r6, r7
        MIXCOL  r12, r13, r14, r15, r8, r9, r10, r11
        brts    3f                      ; decryption
        rjmp    encrypt_round
3:      rjmp    decrypt_round

; ---- AddRoundKey (layout A), the key ending at Y, read backwards ---------
addroundkey:
        .irp    r, 15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0
        ld      TMP, -Y
        eor     r\r, TMP
        .endr
        ret

; ---- the block in, to layout B (out, from layout A: store_state) --------
load_state:
        ldi     XL, lo8(aes_state)
        ldi     XH, hi8(aes_state)
        .irp    r, 16,17,18,19,0,1,2,3,4,5,6,7,8,9,10,11
        ld      r\r, X+
        .endr
        ret

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

; ---- decryption ---------------------------------------------------------
; one byte of ISS: d = IS(s)
        .macro  ISB s, d
        mov     ZL, \s
        lpm     \d, Z
        .endm

        .global aes_decrypt
aes_decrypt:
        rcall   load_state              ; layout B
        ldi     YL, lo8(aes_rk + 180)
        ldi     YH, hi8(aes_rk + 180)
        ldi     ZH, hi8(aes_inv_sbox)
        ldi     CNT, 10
        set                             ; T flag set: MixColumns returns below
        rcall   addroundkey             ; K10 bytes 15..4 into r11..r0 (r15..r12,
        ld      TMP, -Y                 ; free in layout B, take the 4 bytes
        eor     r19, TMP                ; after K10, aes_state 0-3, and are
        ld      TMP, -Y                 ; written before they are read);
        eor     r18, TMP                ; bytes 3..0 into r19..r16
        ld      TMP, -Y
        eor     r17, TMP
        ld      TMP, -Y
        eor     r16, TMP
        rjmp    decrypt_round

store_state:
        ldi     XL, lo8(aes_state)
        ldi     XH, hi8(aes_state)
        .irp    r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
        st      X+, r\r
        .endr
        ret

decrypt_round:
        ISB     r8, r12                 ; ISS from layout B to layout A;
        ISB     r4, r8                  ; InvShiftRows is where each byte goes
        ISB     r0, r4
        ISB     r16, r0
        ISB     r5, r13
        ISB     r17, r5
        ISB     r9, TMP                 ; the one 2-cycle: r1 <-> r9
        ISB     r1, r9
        mov     r1, TMP
        ISB     r2, r14
        ISB     r6, r2
        ISB     r10, r6
        ISB     r18, r10
        ISB     r3, r3
        ISB     r7, r7
        ISB     r11, r11
        ISB     r19, r15
        rcall   addroundkey             ; K9 .. K0
        dec     CNT
        breq    store_state
        PRECOL  r0, r1, r2, r3          ; InvMixColumns: the pre-step, then
        PRECOL  r4, r5, r6, r7          ; MixColumns (which comes back to
        PRECOL  r8, r9, r10, r11        ; decrypt_round)
        PRECOL  r12, r13, r14, r15
        rjmp    mixcolumns
