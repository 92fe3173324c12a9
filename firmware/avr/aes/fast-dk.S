; AES-128 on the AVR (ATmega32, AVRe core), fast variant with decryption
; round keys: a key setup that also stores dK1..dK9 = InvMixColumns(K1..
; K9) (FIPS-197 5.3.5, the dw of the equivalent inverse cipher; 144 bytes
; more RAM), and the equivalent inverse cipher on them, where AddRoundKey
; follows InvMixColumns and so joins InvSubBytes as in encryption: 144
; cycles a block fewer than fast-dec.S, for 1048 more in key setup.
; Encryption is fast.S, unchanged.
; cardlab firmware: firmware/avr/aes/fast-dk.S (manifest fast-dk.toml)
;
; Written from FIPS-197. Constant time: straight-line code, not one
; conditional branch, skip, indirect jump or call, so the PC trace and
; the cycle count are the same for every key and block; LPM takes 3
; cycles at any flash address (the AVR has no cache, and its flash has no
; address-dependent wait states), and every RAM access goes to a fixed
; address or through X stepping by one.
;
; Interface (cardlab avr convention): each entry is called as by CALL and
; ends with RET; every register may be clobbered and none is assumed on
; entry (r1 is not zero here). Stack: the return address only (2 bytes),
; nothing pushed. No interrupt is disabled; SREG is not relied on between
; instructions.
;
; Everything is unrolled, and this file is written by fast-gen.py (edit
; that, not this): ShiftRows and InvShiftRows are only which register each
; S-box byte lands in, so the registers holding the state change from
; round to round; the comment before each round lists them (byte j of
; the state, j = 4 c + i for row i and column c, in the j-th register
; named).
;
; aes_key_setup_dk expands aes_key (= K0) into K1..K10 in aes_rk (as
; fast-key.S does) and dK1..dK9 in aes_drk; aes_decrypt_dk decrypts
; aes_state in place with K10, dK9..dK1, K0.
;
; RAM map (.bss, each byte written before it is read)
;   aes_drk    144 B  dK1..dK9, dKr at aes_drk + 16 (r - 1)
;   aes_rk, aes_key, aes_state as in fast.S
;
; Flash: the tables go in section .progmem.fast, which the default avr5
; linker script places first, from address 0; each is 256 bytes on a page
; of its own, so ZH picks the table and ZL is the index.
;   aes_inv_sbox (inv_sbox.inc), aes_x4 (fast-x4.inc: {04}x); aes_sbox and
;   aes_xtime come from fast.S
;
; Key setup
;   Registers: r0-r15 the round key (word w in r(4 w)..), r16-r19 T =
;   SubWord(RotWord(w3)) ^ Rcon, r20 Rcon, r21-r23 the InvMixColumns
;   temporaries, r24, r25, r28, r29 (P) word 3 of the last dK, X the
;   K store pointer, Z LPM (and ZL the dK byte loaded).
;   K step: as fast-key.S, 66, + LDI ZH 1 (the InvMixColumns below
;     move ZH) = 67
;   dK1: each column copied (2 MOVW), LDI ZH, INVPRE 12, LDI ZH,
;     MIXEF 21, 4 STS 8: 45, four 180; word 3 kept in P (MOVW, 2 MOV) 3
;   dK2..dK9: InvMixColumns is linear and step r XORs T into w0, then
;     each word into the next, so dKr.w0 = dK(r-1).w0 ^ InvMixColumns(T)
;     and dKr.wi = dK(r-1).wi ^ dKr.w(i-1): LDI ZH, INVPRE, LDI ZH, MIXEF
;     (on T, after the K step used it) 35 + 12 x (LDS, EOR, STS) 60
;     + word 3 from P: 4 x (EOR, STS) 12 = 107
;   Cycles: LDI X 2 + 16 LD X+ 32 + 10 x 67 + dK1 183 + 8 x 107
;     + RET 4                                                  = 1747
;   Code 2736 bytes.
;
; Decryption
;   Registers: as fast-dec.S (r0-r18 the state and 3 temporaries, X the
;   round-key pointer, -X from the end of dK9 down to dK1; K10 and K0 by
;   LDS).
;   ARKISB, AddRoundKey dKr + InvSubBytes of a byte: LD ZL,-X; EOR ZL,b;
;     LPM b,Z = 6
;   a round (9..1): LDI ZH 1 + 4 INVPRE 48 + LDI ZH 1 + 4 MIXEF 84
;     + LDI ZH 1 + 16 ARKISB 96 = 231
;   Cycles: LDI X, ZH 3 + AddRoundKey K10 and InvSubBytes: 16 x (LDS,
;     LDS, EOR, LPM) 128 + 9 x 231 + InvShiftRows, AddRoundKey K0, store:
;     16 x (LDS, EOR, STS) 80 + RET 4                          = 2294
;   Code 2934 bytes.

#define XL r26
#define XH r27
#define ZL r30
#define ZH r31

; MixColumns of one column, from (a0, a1, e = a0^a2, f = a1^a3); ZH on
; the xtime page. With di = ai^ai+1 the output is bi = 2di ^ wi, wi the
; XOR of the three a other than ai. The indices chain through ZL:
; d0 = a0^a1, d1 = d0^e, d2 = d1^f, and ZL still holds d2 after its LPM;
; 2d3 = 2d0^2d1^2d2 needs no lookup:
;   (2x is {02}x, xtime: one LPM in aes_xtime)
;   b0 = a1 ^ (2d0^d2)               (w0 = a1^d2)
;   b1 = a0 ^ d2 ^ 2d1               (w1 = a0^d2)
;   b2 = f ^ a0 ^ 2d2                (w2 = a0^a1^a3)
;   b3 = 2d1 ^ (2d0^d2) ^ b2         (= 2d3 ^ w3)
; 21 cycles: 3 LPM 9, 12 MOV/EOR. Out: b0 in \a1, b1 in \a0, b2 in \f,
; b3 in \x1; \e, \x0, \x2 free.
.macro MIXEF a0, a1, e, f, x0, x1, x2
	mov	ZL, \a0
	eor	ZL, \a1		; d0
	lpm	\x0, Z		; 2d0
	eor	ZL, \e		; d1
	lpm	\x1, Z		; 2d1
	eor	ZL, \f		; d2
	lpm	\x2, Z		; 2d2
	eor	\x0, ZL		; 2d0^d2
	eor	\x2, \a0
	eor	\f, \x2		; b2
	eor	\a0, ZL		; w1
	eor	\a0, \x1	; b1
	eor	\x1, \x0
	eor	\x1, \f		; b3
	eor	\a1, \x0	; b0
.endm

; InvMixColumns = MixColumns after the pre-step (FIPS-197 4.3 rewritten):
; u = 4(a0^a2), v = 4(a1^a3); a0 ^= u, a2 ^= u, a1 ^= v, a3 ^= v. Since
; a0^a2 and a1^a3 do not change, only a0 and a1 take u and v; a2 and a3
; become e = a0^a2 and f = a1^a3, what MIXEF wants. ZH on the {04}
; page. 12 cycles.
.macro INVPRE a0, a1, a2, a3, u, v
	eor	\a2, \a0	; e
	mov	ZL, \a2
	lpm	\u, Z		; 4e
	eor	\a0, \u		; a0 ^ u
	eor	\a3, \a1	; f
	mov	ZL, \a3
	lpm	\v, Z		; 4f
	eor	\a1, \v		; a1 ^ v
.endm

; AddRoundKey + InvSubBytes of one byte, the round key read downwards
; (-X). 6 cycles.
.macro ARKISB b
	ld	ZL, -X
	eor	ZL, \b
	lpm	\b, Z
.endm

; ---- tables (flash)
	.section .progmem.fast, "a", @progbits
#include "inv_sbox.inc"
#include "fast-x4.inc"

; ---- RAM
	.section .bss
	.global aes_drk
aes_drk:
	.space 144

	.text
; ---- aes_key_setup_dk
	.global aes_key_setup_dk
aes_key_setup_dk:
	ldi	XL, lo8(aes_rk)
	ldi	XH, hi8(aes_rk)
; K0 (the key buffer) into r0-r15
	ld	r0, X+
	ld	r1, X+
	ld	r2, X+
	ld	r3, X+
	ld	r4, X+
	ld	r5, X+
	ld	r6, X+
	ld	r7, X+
	ld	r8, X+
	ld	r9, X+
	ld	r10, X+
	ld	r11, X+
	ld	r12, X+
	ld	r13, X+
	ld	r14, X+
	ld	r15, X+
; K1: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x01	; Rcon(1)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK1 = InvMixColumns(K1), column by column from copies in r16-r19
	movw	r16, r0
	movw	r18, r2
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	sts	aes_drk+0, r17
	sts	aes_drk+1, r16
	sts	aes_drk+2, r19
	sts	aes_drk+3, r22
	movw	r16, r4
	movw	r18, r6
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	sts	aes_drk+4, r17
	sts	aes_drk+5, r16
	sts	aes_drk+6, r19
	sts	aes_drk+7, r22
	movw	r16, r8
	movw	r18, r10
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	sts	aes_drk+8, r17
	sts	aes_drk+9, r16
	sts	aes_drk+10, r19
	sts	aes_drk+11, r22
	movw	r16, r12
	movw	r18, r14
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	sts	aes_drk+12, r17
	sts	aes_drk+13, r16
	sts	aes_drk+14, r19
	sts	aes_drk+15, r22
; dK1.w3 stays in P = r25, r24, r29, r28 for the next chain
	movw	r24, r16
	mov	r29, r19
	mov	r28, r22
; K2: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x02	; Rcon(2)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK2 = InvMixColumns(K2): IT = InvMixColumns(T), then
;   dw0 = dK1.w0 ^ IT, dwi = dK1.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+0
	eor	r17, ZL
	sts	aes_drk+16, r17
	lds	ZL, aes_drk+1
	eor	r16, ZL
	sts	aes_drk+17, r16
	lds	ZL, aes_drk+2
	eor	r19, ZL
	sts	aes_drk+18, r19
	lds	ZL, aes_drk+3
	eor	r22, ZL
	sts	aes_drk+19, r22
	lds	ZL, aes_drk+4
	eor	r17, ZL
	sts	aes_drk+20, r17
	lds	ZL, aes_drk+5
	eor	r16, ZL
	sts	aes_drk+21, r16
	lds	ZL, aes_drk+6
	eor	r19, ZL
	sts	aes_drk+22, r19
	lds	ZL, aes_drk+7
	eor	r22, ZL
	sts	aes_drk+23, r22
	lds	ZL, aes_drk+8
	eor	r17, ZL
	sts	aes_drk+24, r17
	lds	ZL, aes_drk+9
	eor	r16, ZL
	sts	aes_drk+25, r16
	lds	ZL, aes_drk+10
	eor	r19, ZL
	sts	aes_drk+26, r19
	lds	ZL, aes_drk+11
	eor	r22, ZL
	sts	aes_drk+27, r22
	eor	r25, r17
	sts	aes_drk+28, r25
	eor	r24, r16
	sts	aes_drk+29, r24
	eor	r29, r19
	sts	aes_drk+30, r29
	eor	r28, r22
	sts	aes_drk+31, r28
; K3: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x04	; Rcon(3)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK3 = InvMixColumns(K3): IT = InvMixColumns(T), then
;   dw0 = dK2.w0 ^ IT, dwi = dK2.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+16
	eor	r17, ZL
	sts	aes_drk+32, r17
	lds	ZL, aes_drk+17
	eor	r16, ZL
	sts	aes_drk+33, r16
	lds	ZL, aes_drk+18
	eor	r19, ZL
	sts	aes_drk+34, r19
	lds	ZL, aes_drk+19
	eor	r22, ZL
	sts	aes_drk+35, r22
	lds	ZL, aes_drk+20
	eor	r17, ZL
	sts	aes_drk+36, r17
	lds	ZL, aes_drk+21
	eor	r16, ZL
	sts	aes_drk+37, r16
	lds	ZL, aes_drk+22
	eor	r19, ZL
	sts	aes_drk+38, r19
	lds	ZL, aes_drk+23
	eor	r22, ZL
	sts	aes_drk+39, r22
	lds	ZL, aes_drk+24
	eor	r17, ZL
	sts	aes_drk+40, r17
	lds	ZL, aes_drk+25
	eor	r16, ZL
	sts	aes_drk+41, r16
	lds	ZL, aes_drk+26
	eor	r19, ZL
	sts	aes_drk+42, r19
	lds	ZL, aes_drk+27
	eor	r22, ZL
	sts	aes_drk+43, r22
	eor	r25, r17
	sts	aes_drk+44, r25
	eor	r24, r16
	sts	aes_drk+45, r24
	eor	r29, r19
	sts	aes_drk+46, r29
	eor	r28, r22
	sts	aes_drk+47, r28
; K4: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x08	; Rcon(4)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK4 = InvMixColumns(K4): IT = InvMixColumns(T), then
;   dw0 = dK3.w0 ^ IT, dwi = dK3.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+32
	eor	r17, ZL
	sts	aes_drk+48, r17
	lds	ZL, aes_drk+33
	eor	r16, ZL
	sts	aes_drk+49, r16
	lds	ZL, aes_drk+34
	eor	r19, ZL
	sts	aes_drk+50, r19
	lds	ZL, aes_drk+35
	eor	r22, ZL
	sts	aes_drk+51, r22
	lds	ZL, aes_drk+36
	eor	r17, ZL
	sts	aes_drk+52, r17
	lds	ZL, aes_drk+37
	eor	r16, ZL
	sts	aes_drk+53, r16
	lds	ZL, aes_drk+38
	eor	r19, ZL
	sts	aes_drk+54, r19
	lds	ZL, aes_drk+39
	eor	r22, ZL
	sts	aes_drk+55, r22
	lds	ZL, aes_drk+40
	eor	r17, ZL
	sts	aes_drk+56, r17
	lds	ZL, aes_drk+41
	eor	r16, ZL
	sts	aes_drk+57, r16
	lds	ZL, aes_drk+42
	eor	r19, ZL
	sts	aes_drk+58, r19
	lds	ZL, aes_drk+43
	eor	r22, ZL
	sts	aes_drk+59, r22
	eor	r25, r17
	sts	aes_drk+60, r25
	eor	r24, r16
	sts	aes_drk+61, r24
	eor	r29, r19
	sts	aes_drk+62, r29
	eor	r28, r22
	sts	aes_drk+63, r28
; K5: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x10	; Rcon(5)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK5 = InvMixColumns(K5): IT = InvMixColumns(T), then
;   dw0 = dK4.w0 ^ IT, dwi = dK4.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+48
	eor	r17, ZL
	sts	aes_drk+64, r17
	lds	ZL, aes_drk+49
	eor	r16, ZL
	sts	aes_drk+65, r16
	lds	ZL, aes_drk+50
	eor	r19, ZL
	sts	aes_drk+66, r19
	lds	ZL, aes_drk+51
	eor	r22, ZL
	sts	aes_drk+67, r22
	lds	ZL, aes_drk+52
	eor	r17, ZL
	sts	aes_drk+68, r17
	lds	ZL, aes_drk+53
	eor	r16, ZL
	sts	aes_drk+69, r16
	lds	ZL, aes_drk+54
	eor	r19, ZL
	sts	aes_drk+70, r19
	lds	ZL, aes_drk+55
	eor	r22, ZL
	sts	aes_drk+71, r22
	lds	ZL, aes_drk+56
	eor	r17, ZL
	sts	aes_drk+72, r17
	lds	ZL, aes_drk+57
	eor	r16, ZL
	sts	aes_drk+73, r16
	lds	ZL, aes_drk+58
	eor	r19, ZL
	sts	aes_drk+74, r19
	lds	ZL, aes_drk+59
	eor	r22, ZL
	sts	aes_drk+75, r22
	eor	r25, r17
	sts	aes_drk+76, r25
	eor	r24, r16
	sts	aes_drk+77, r24
	eor	r29, r19
	sts	aes_drk+78, r29
	eor	r28, r22
	sts	aes_drk+79, r28
; K6: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x20	; Rcon(6)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK6 = InvMixColumns(K6): IT = InvMixColumns(T), then
;   dw0 = dK5.w0 ^ IT, dwi = dK5.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+64
	eor	r17, ZL
	sts	aes_drk+80, r17
	lds	ZL, aes_drk+65
	eor	r16, ZL
	sts	aes_drk+81, r16
	lds	ZL, aes_drk+66
	eor	r19, ZL
	sts	aes_drk+82, r19
	lds	ZL, aes_drk+67
	eor	r22, ZL
	sts	aes_drk+83, r22
	lds	ZL, aes_drk+68
	eor	r17, ZL
	sts	aes_drk+84, r17
	lds	ZL, aes_drk+69
	eor	r16, ZL
	sts	aes_drk+85, r16
	lds	ZL, aes_drk+70
	eor	r19, ZL
	sts	aes_drk+86, r19
	lds	ZL, aes_drk+71
	eor	r22, ZL
	sts	aes_drk+87, r22
	lds	ZL, aes_drk+72
	eor	r17, ZL
	sts	aes_drk+88, r17
	lds	ZL, aes_drk+73
	eor	r16, ZL
	sts	aes_drk+89, r16
	lds	ZL, aes_drk+74
	eor	r19, ZL
	sts	aes_drk+90, r19
	lds	ZL, aes_drk+75
	eor	r22, ZL
	sts	aes_drk+91, r22
	eor	r25, r17
	sts	aes_drk+92, r25
	eor	r24, r16
	sts	aes_drk+93, r24
	eor	r29, r19
	sts	aes_drk+94, r29
	eor	r28, r22
	sts	aes_drk+95, r28
; K7: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x40	; Rcon(7)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK7 = InvMixColumns(K7): IT = InvMixColumns(T), then
;   dw0 = dK6.w0 ^ IT, dwi = dK6.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+80
	eor	r17, ZL
	sts	aes_drk+96, r17
	lds	ZL, aes_drk+81
	eor	r16, ZL
	sts	aes_drk+97, r16
	lds	ZL, aes_drk+82
	eor	r19, ZL
	sts	aes_drk+98, r19
	lds	ZL, aes_drk+83
	eor	r22, ZL
	sts	aes_drk+99, r22
	lds	ZL, aes_drk+84
	eor	r17, ZL
	sts	aes_drk+100, r17
	lds	ZL, aes_drk+85
	eor	r16, ZL
	sts	aes_drk+101, r16
	lds	ZL, aes_drk+86
	eor	r19, ZL
	sts	aes_drk+102, r19
	lds	ZL, aes_drk+87
	eor	r22, ZL
	sts	aes_drk+103, r22
	lds	ZL, aes_drk+88
	eor	r17, ZL
	sts	aes_drk+104, r17
	lds	ZL, aes_drk+89
	eor	r16, ZL
	sts	aes_drk+105, r16
	lds	ZL, aes_drk+90
	eor	r19, ZL
	sts	aes_drk+106, r19
	lds	ZL, aes_drk+91
	eor	r22, ZL
	sts	aes_drk+107, r22
	eor	r25, r17
	sts	aes_drk+108, r25
	eor	r24, r16
	sts	aes_drk+109, r24
	eor	r29, r19
	sts	aes_drk+110, r29
	eor	r28, r22
	sts	aes_drk+111, r28
; K8: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x80	; Rcon(8)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK8 = InvMixColumns(K8): IT = InvMixColumns(T), then
;   dw0 = dK7.w0 ^ IT, dwi = dK7.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+96
	eor	r17, ZL
	sts	aes_drk+112, r17
	lds	ZL, aes_drk+97
	eor	r16, ZL
	sts	aes_drk+113, r16
	lds	ZL, aes_drk+98
	eor	r19, ZL
	sts	aes_drk+114, r19
	lds	ZL, aes_drk+99
	eor	r22, ZL
	sts	aes_drk+115, r22
	lds	ZL, aes_drk+100
	eor	r17, ZL
	sts	aes_drk+116, r17
	lds	ZL, aes_drk+101
	eor	r16, ZL
	sts	aes_drk+117, r16
	lds	ZL, aes_drk+102
	eor	r19, ZL
	sts	aes_drk+118, r19
	lds	ZL, aes_drk+103
	eor	r22, ZL
	sts	aes_drk+119, r22
	lds	ZL, aes_drk+104
	eor	r17, ZL
	sts	aes_drk+120, r17
	lds	ZL, aes_drk+105
	eor	r16, ZL
	sts	aes_drk+121, r16
	lds	ZL, aes_drk+106
	eor	r19, ZL
	sts	aes_drk+122, r19
	lds	ZL, aes_drk+107
	eor	r22, ZL
	sts	aes_drk+123, r22
	eor	r25, r17
	sts	aes_drk+124, r25
	eor	r24, r16
	sts	aes_drk+125, r24
	eor	r29, r19
	sts	aes_drk+126, r29
	eor	r28, r22
	sts	aes_drk+127, r28
; K9: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x1b	; Rcon(9)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
; dK9 = InvMixColumns(K9): IT = InvMixColumns(T), then
;   dw0 = dK8.w0 ^ IT, dwi = dK8.wi ^ dwi-1
	ldi	ZH, hi8(aes_x4)
	INVPRE	r16, r17, r18, r19, r21, r22
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r16, r17, r18, r19, r21, r22, r23
	lds	ZL, aes_drk+112
	eor	r17, ZL
	sts	aes_drk+128, r17
	lds	ZL, aes_drk+113
	eor	r16, ZL
	sts	aes_drk+129, r16
	lds	ZL, aes_drk+114
	eor	r19, ZL
	sts	aes_drk+130, r19
	lds	ZL, aes_drk+115
	eor	r22, ZL
	sts	aes_drk+131, r22
	lds	ZL, aes_drk+116
	eor	r17, ZL
	sts	aes_drk+132, r17
	lds	ZL, aes_drk+117
	eor	r16, ZL
	sts	aes_drk+133, r16
	lds	ZL, aes_drk+118
	eor	r19, ZL
	sts	aes_drk+134, r19
	lds	ZL, aes_drk+119
	eor	r22, ZL
	sts	aes_drk+135, r22
	lds	ZL, aes_drk+120
	eor	r17, ZL
	sts	aes_drk+136, r17
	lds	ZL, aes_drk+121
	eor	r16, ZL
	sts	aes_drk+137, r16
	lds	ZL, aes_drk+122
	eor	r19, ZL
	sts	aes_drk+138, r19
	lds	ZL, aes_drk+123
	eor	r22, ZL
	sts	aes_drk+139, r22
	eor	r25, r17
	sts	aes_drk+140, r25
	eor	r24, r16
	sts	aes_drk+141, r24
	eor	r29, r19
	sts	aes_drk+142, r29
	eor	r28, r22
	sts	aes_drk+143, r28
; K10: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
	ldi	ZH, hi8(aes_sbox)
	mov	ZL, r13
	lpm	r16, Z
	mov	ZL, r14
	lpm	r17, Z
	mov	ZL, r15
	lpm	r18, Z
	mov	ZL, r12
	lpm	r19, Z
	ldi	r20, 0x36	; Rcon(10)
	eor	r16, r20
	eor	r0, r16
	eor	r1, r17
	eor	r2, r18
	eor	r3, r19
	eor	r4, r0
	eor	r5, r1
	eor	r6, r2
	eor	r7, r3
	eor	r8, r4
	eor	r9, r5
	eor	r10, r6
	eor	r11, r7
	eor	r12, r8
	eor	r13, r9
	eor	r14, r10
	eor	r15, r11
	st	X+, r0
	st	X+, r1
	st	X+, r2
	st	X+, r3
	st	X+, r4
	st	X+, r5
	st	X+, r6
	st	X+, r7
	st	X+, r8
	st	X+, r9
	st	X+, r10
	st	X+, r11
	st	X+, r12
	st	X+, r13
	st	X+, r14
	st	X+, r15
	ret

	.text
; ---- aes_decrypt_dk
	.global aes_decrypt_dk
aes_decrypt_dk:
	ldi	XL, lo8(aes_drk+144)
	ldi	XH, hi8(aes_drk+144)
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey K10 + InvSubBytes: byte j of the block into rj, j = 15..0
	lds	r15, aes_state+15
	lds	ZL, aes_rk+175
	eor	ZL, r15
	lpm	r15, Z
	lds	r14, aes_state+14
	lds	ZL, aes_rk+174
	eor	ZL, r14
	lpm	r14, Z
	lds	r13, aes_state+13
	lds	ZL, aes_rk+173
	eor	ZL, r13
	lpm	r13, Z
	lds	r12, aes_state+12
	lds	ZL, aes_rk+172
	eor	ZL, r12
	lpm	r12, Z
	lds	r11, aes_state+11
	lds	ZL, aes_rk+171
	eor	ZL, r11
	lpm	r11, Z
	lds	r10, aes_state+10
	lds	ZL, aes_rk+170
	eor	ZL, r10
	lpm	r10, Z
	lds	r9, aes_state+9
	lds	ZL, aes_rk+169
	eor	ZL, r9
	lpm	r9, Z
	lds	r8, aes_state+8
	lds	ZL, aes_rk+168
	eor	ZL, r8
	lpm	r8, Z
	lds	r7, aes_state+7
	lds	ZL, aes_rk+167
	eor	ZL, r7
	lpm	r7, Z
	lds	r6, aes_state+6
	lds	ZL, aes_rk+166
	eor	ZL, r6
	lpm	r6, Z
	lds	r5, aes_state+5
	lds	ZL, aes_rk+165
	eor	ZL, r5
	lpm	r5, Z
	lds	r4, aes_state+4
	lds	ZL, aes_rk+164
	eor	ZL, r4
	lpm	r4, Z
	lds	r3, aes_state+3
	lds	ZL, aes_rk+163
	eor	ZL, r3
	lpm	r3, Z
	lds	r2, aes_state+2
	lds	ZL, aes_rk+162
	eor	ZL, r2
	lpm	r2, Z
	lds	r1, aes_state+1
	lds	ZL, aes_rk+161
	eor	ZL, r1
	lpm	r1, Z
	lds	r0, aes_state+0
	lds	ZL, aes_rk+160
	eor	ZL, r0
	lpm	r0, Z
; round 9: inverse S-box bytes (byte 0..15) in r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r14 r15
	ldi	ZH, hi8(aes_x4)
	INVPRE	r0, r13, r10, r7, r16, r17	; column 0
	INVPRE	r4, r1, r14, r11, r16, r17	; column 1
	INVPRE	r8, r5, r2, r15, r16, r17	; column 2
	INVPRE	r12, r9, r6, r3, r16, r17	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r0, r13, r10, r7, r16, r17, r18	; column 0
	MIXEF	r4, r1, r14, r11, r10, r16, r18	; column 1
	MIXEF	r8, r5, r2, r15, r14, r10, r18	; column 2
	MIXEF	r12, r9, r6, r3, r2, r14, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK9 + InvSubBytes, bytes 15..0
	ARKISB	r14		; byte 15
	ARKISB	r3		; byte 14
	ARKISB	r12		; byte 13
	ARKISB	r9		; byte 12
	ARKISB	r10		; byte 11
	ARKISB	r15		; byte 10
	ARKISB	r8		; byte 9
	ARKISB	r5		; byte 8
	ARKISB	r16		; byte 7
	ARKISB	r11		; byte 6
	ARKISB	r4		; byte 5
	ARKISB	r1		; byte 4
	ARKISB	r17		; byte 3
	ARKISB	r7		; byte 2
	ARKISB	r0		; byte 1
	ARKISB	r13		; byte 0
; round 8: inverse S-box bytes (byte 0..15) in r13 r0 r7 r17 r1 r4 r11 r16 r5 r8 r15 r10 r9 r12 r3 r14
	ldi	ZH, hi8(aes_x4)
	INVPRE	r13, r12, r15, r16, r6, r2	; column 0
	INVPRE	r1, r0, r3, r10, r6, r2	; column 1
	INVPRE	r5, r4, r7, r14, r6, r2	; column 2
	INVPRE	r9, r8, r11, r17, r6, r2	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r13, r12, r15, r16, r6, r2, r18	; column 0
	MIXEF	r1, r0, r3, r10, r15, r6, r18	; column 1
	MIXEF	r5, r4, r7, r14, r3, r15, r18	; column 2
	MIXEF	r9, r8, r11, r17, r7, r3, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK8 + InvSubBytes, bytes 15..0
	ARKISB	r3		; byte 15
	ARKISB	r17		; byte 14
	ARKISB	r9		; byte 13
	ARKISB	r8		; byte 12
	ARKISB	r15		; byte 11
	ARKISB	r14		; byte 10
	ARKISB	r5		; byte 9
	ARKISB	r4		; byte 8
	ARKISB	r6		; byte 7
	ARKISB	r10		; byte 6
	ARKISB	r1		; byte 5
	ARKISB	r0		; byte 4
	ARKISB	r2		; byte 3
	ARKISB	r16		; byte 2
	ARKISB	r13		; byte 1
	ARKISB	r12		; byte 0
; round 7: inverse S-box bytes (byte 0..15) in r12 r13 r16 r2 r0 r1 r10 r6 r4 r5 r14 r15 r8 r9 r17 r3
	ldi	ZH, hi8(aes_x4)
	INVPRE	r12, r9, r14, r6, r11, r7	; column 0
	INVPRE	r0, r13, r17, r15, r11, r7	; column 1
	INVPRE	r4, r1, r16, r3, r11, r7	; column 2
	INVPRE	r8, r5, r10, r2, r11, r7	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r12, r9, r14, r6, r11, r7, r18	; column 0
	MIXEF	r0, r13, r17, r15, r14, r11, r18	; column 1
	MIXEF	r4, r1, r16, r3, r17, r14, r18	; column 2
	MIXEF	r8, r5, r10, r2, r16, r17, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK7 + InvSubBytes, bytes 15..0
	ARKISB	r17		; byte 15
	ARKISB	r2		; byte 14
	ARKISB	r8		; byte 13
	ARKISB	r5		; byte 12
	ARKISB	r14		; byte 11
	ARKISB	r3		; byte 10
	ARKISB	r4		; byte 9
	ARKISB	r1		; byte 8
	ARKISB	r11		; byte 7
	ARKISB	r15		; byte 6
	ARKISB	r0		; byte 5
	ARKISB	r13		; byte 4
	ARKISB	r7		; byte 3
	ARKISB	r6		; byte 2
	ARKISB	r12		; byte 1
	ARKISB	r9		; byte 0
; round 6: inverse S-box bytes (byte 0..15) in r9 r12 r6 r7 r13 r0 r15 r11 r1 r4 r3 r14 r5 r8 r2 r17
	ldi	ZH, hi8(aes_x4)
	INVPRE	r9, r8, r3, r11, r10, r16	; column 0
	INVPRE	r13, r12, r2, r14, r10, r16	; column 1
	INVPRE	r1, r0, r6, r17, r10, r16	; column 2
	INVPRE	r5, r4, r15, r7, r10, r16	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r9, r8, r3, r11, r10, r16, r18	; column 0
	MIXEF	r13, r12, r2, r14, r3, r10, r18	; column 1
	MIXEF	r1, r0, r6, r17, r2, r3, r18	; column 2
	MIXEF	r5, r4, r15, r7, r6, r2, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK6 + InvSubBytes, bytes 15..0
	ARKISB	r2		; byte 15
	ARKISB	r7		; byte 14
	ARKISB	r5		; byte 13
	ARKISB	r4		; byte 12
	ARKISB	r3		; byte 11
	ARKISB	r17		; byte 10
	ARKISB	r1		; byte 9
	ARKISB	r0		; byte 8
	ARKISB	r10		; byte 7
	ARKISB	r14		; byte 6
	ARKISB	r13		; byte 5
	ARKISB	r12		; byte 4
	ARKISB	r16		; byte 3
	ARKISB	r11		; byte 2
	ARKISB	r9		; byte 1
	ARKISB	r8		; byte 0
; round 5: inverse S-box bytes (byte 0..15) in r8 r9 r11 r16 r12 r13 r14 r10 r0 r1 r17 r3 r4 r5 r7 r2
	ldi	ZH, hi8(aes_x4)
	INVPRE	r8, r5, r17, r10, r15, r6	; column 0
	INVPRE	r12, r9, r7, r3, r15, r6	; column 1
	INVPRE	r0, r13, r11, r2, r15, r6	; column 2
	INVPRE	r4, r1, r14, r16, r15, r6	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r8, r5, r17, r10, r15, r6, r18	; column 0
	MIXEF	r12, r9, r7, r3, r17, r15, r18	; column 1
	MIXEF	r0, r13, r11, r2, r7, r17, r18	; column 2
	MIXEF	r4, r1, r14, r16, r11, r7, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK5 + InvSubBytes, bytes 15..0
	ARKISB	r7		; byte 15
	ARKISB	r16		; byte 14
	ARKISB	r4		; byte 13
	ARKISB	r1		; byte 12
	ARKISB	r17		; byte 11
	ARKISB	r2		; byte 10
	ARKISB	r0		; byte 9
	ARKISB	r13		; byte 8
	ARKISB	r15		; byte 7
	ARKISB	r3		; byte 6
	ARKISB	r12		; byte 5
	ARKISB	r9		; byte 4
	ARKISB	r6		; byte 3
	ARKISB	r10		; byte 2
	ARKISB	r8		; byte 1
	ARKISB	r5		; byte 0
; round 4: inverse S-box bytes (byte 0..15) in r5 r8 r10 r6 r9 r12 r3 r15 r13 r0 r2 r17 r1 r4 r16 r7
	ldi	ZH, hi8(aes_x4)
	INVPRE	r5, r4, r2, r15, r14, r11	; column 0
	INVPRE	r9, r8, r16, r17, r14, r11	; column 1
	INVPRE	r13, r12, r10, r7, r14, r11	; column 2
	INVPRE	r1, r0, r3, r6, r14, r11	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r5, r4, r2, r15, r14, r11, r18	; column 0
	MIXEF	r9, r8, r16, r17, r2, r14, r18	; column 1
	MIXEF	r13, r12, r10, r7, r16, r2, r18	; column 2
	MIXEF	r1, r0, r3, r6, r10, r16, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK4 + InvSubBytes, bytes 15..0
	ARKISB	r16		; byte 15
	ARKISB	r6		; byte 14
	ARKISB	r1		; byte 13
	ARKISB	r0		; byte 12
	ARKISB	r2		; byte 11
	ARKISB	r7		; byte 10
	ARKISB	r13		; byte 9
	ARKISB	r12		; byte 8
	ARKISB	r14		; byte 7
	ARKISB	r17		; byte 6
	ARKISB	r9		; byte 5
	ARKISB	r8		; byte 4
	ARKISB	r11		; byte 3
	ARKISB	r15		; byte 2
	ARKISB	r5		; byte 1
	ARKISB	r4		; byte 0
; round 3: inverse S-box bytes (byte 0..15) in r4 r5 r15 r11 r8 r9 r17 r14 r12 r13 r7 r2 r0 r1 r6 r16
	ldi	ZH, hi8(aes_x4)
	INVPRE	r4, r1, r7, r14, r3, r10	; column 0
	INVPRE	r8, r5, r6, r2, r3, r10	; column 1
	INVPRE	r12, r9, r15, r16, r3, r10	; column 2
	INVPRE	r0, r13, r17, r11, r3, r10	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r4, r1, r7, r14, r3, r10, r18	; column 0
	MIXEF	r8, r5, r6, r2, r7, r3, r18	; column 1
	MIXEF	r12, r9, r15, r16, r6, r7, r18	; column 2
	MIXEF	r0, r13, r17, r11, r15, r6, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK3 + InvSubBytes, bytes 15..0
	ARKISB	r6		; byte 15
	ARKISB	r11		; byte 14
	ARKISB	r0		; byte 13
	ARKISB	r13		; byte 12
	ARKISB	r7		; byte 11
	ARKISB	r16		; byte 10
	ARKISB	r12		; byte 9
	ARKISB	r9		; byte 8
	ARKISB	r3		; byte 7
	ARKISB	r2		; byte 6
	ARKISB	r8		; byte 5
	ARKISB	r5		; byte 4
	ARKISB	r10		; byte 3
	ARKISB	r14		; byte 2
	ARKISB	r4		; byte 1
	ARKISB	r1		; byte 0
; round 2: inverse S-box bytes (byte 0..15) in r1 r4 r14 r10 r5 r8 r2 r3 r9 r12 r16 r7 r13 r0 r11 r6
	ldi	ZH, hi8(aes_x4)
	INVPRE	r1, r0, r16, r3, r17, r15	; column 0
	INVPRE	r5, r4, r11, r7, r17, r15	; column 1
	INVPRE	r9, r8, r14, r6, r17, r15	; column 2
	INVPRE	r13, r12, r2, r10, r17, r15	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r1, r0, r16, r3, r17, r15, r18	; column 0
	MIXEF	r5, r4, r11, r7, r16, r17, r18	; column 1
	MIXEF	r9, r8, r14, r6, r11, r16, r18	; column 2
	MIXEF	r13, r12, r2, r10, r14, r11, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK2 + InvSubBytes, bytes 15..0
	ARKISB	r11		; byte 15
	ARKISB	r10		; byte 14
	ARKISB	r13		; byte 13
	ARKISB	r12		; byte 12
	ARKISB	r16		; byte 11
	ARKISB	r6		; byte 10
	ARKISB	r9		; byte 9
	ARKISB	r8		; byte 8
	ARKISB	r17		; byte 7
	ARKISB	r7		; byte 6
	ARKISB	r5		; byte 5
	ARKISB	r4		; byte 4
	ARKISB	r15		; byte 3
	ARKISB	r3		; byte 2
	ARKISB	r1		; byte 1
	ARKISB	r0		; byte 0
; round 1: inverse S-box bytes (byte 0..15) in r0 r1 r3 r15 r4 r5 r7 r17 r8 r9 r6 r16 r12 r13 r10 r11
	ldi	ZH, hi8(aes_x4)
	INVPRE	r0, r13, r6, r17, r2, r14	; column 0
	INVPRE	r4, r1, r10, r16, r2, r14	; column 1
	INVPRE	r8, r5, r3, r11, r2, r14	; column 2
	INVPRE	r12, r9, r7, r15, r2, r14	; column 3
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r0, r13, r6, r17, r2, r14, r18	; column 0
	MIXEF	r4, r1, r10, r16, r6, r2, r18	; column 1
	MIXEF	r8, r5, r3, r11, r10, r6, r18	; column 2
	MIXEF	r12, r9, r7, r15, r3, r10, r18	; column 3
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey dK1 + InvSubBytes, bytes 15..0
	ARKISB	r10		; byte 15
	ARKISB	r15		; byte 14
	ARKISB	r12		; byte 13
	ARKISB	r9		; byte 12
	ARKISB	r6		; byte 11
	ARKISB	r11		; byte 10
	ARKISB	r8		; byte 9
	ARKISB	r5		; byte 8
	ARKISB	r2		; byte 7
	ARKISB	r16		; byte 6
	ARKISB	r4		; byte 5
	ARKISB	r1		; byte 4
	ARKISB	r14		; byte 3
	ARKISB	r17		; byte 2
	ARKISB	r0		; byte 1
	ARKISB	r13		; byte 0
; last: InvShiftRows + AddRoundKey K0, store
	lds	ZL, aes_rk+15
	eor	r14, ZL
	sts	aes_state+15, r14
	lds	ZL, aes_rk+14
	eor	r16, ZL
	sts	aes_state+14, r16
	lds	ZL, aes_rk+13
	eor	r8, ZL
	sts	aes_state+13, r8
	lds	ZL, aes_rk+12
	eor	r9, ZL
	sts	aes_state+12, r9
	lds	ZL, aes_rk+11
	eor	r10, ZL
	sts	aes_state+11, r10
	lds	ZL, aes_rk+10
	eor	r17, ZL
	sts	aes_state+10, r17
	lds	ZL, aes_rk+9
	eor	r4, ZL
	sts	aes_state+9, r4
	lds	ZL, aes_rk+8
	eor	r5, ZL
	sts	aes_state+8, r5
	lds	ZL, aes_rk+7
	eor	r6, ZL
	sts	aes_state+7, r6
	lds	ZL, aes_rk+6
	eor	r15, ZL
	sts	aes_state+6, r15
	lds	ZL, aes_rk+5
	eor	r0, ZL
	sts	aes_state+5, r0
	lds	ZL, aes_rk+4
	eor	r1, ZL
	sts	aes_state+4, r1
	lds	ZL, aes_rk+3
	eor	r2, ZL
	sts	aes_state+3, r2
	lds	ZL, aes_rk+2
	eor	r11, ZL
	sts	aes_state+2, r11
	lds	ZL, aes_rk+1
	eor	r12, ZL
	sts	aes_state+1, r12
	lds	ZL, aes_rk+0
	eor	r13, ZL
	sts	aes_state+0, r13
	ret
