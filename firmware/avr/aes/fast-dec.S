; fast-dec.S

#define XL r26
#define XH r27
#define ZL r30
#define ZH r31

; MixColumns of one column, from (a0, a1, e = a0^a2, f = a1^a3); ZH on
; the xtime page. With di = ai^ai+1 the output is bi = 2di ^ wi, wi the
; XOR of the three a other than ai. The indices chain through ZL:
; d0 = a0^a1, d1 = d0^e, d2 = d1^f, and ZL still holds d2 after its LPM;
; 2d3 = 2d0^2d1^2d2 needs no lookup:
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

; AddRoundKey of a column (FIPS-197 5.3: before InvMixColumns), the round
; key read downwards (-X): bytes 3, 2, 1, 0 of the column. 12 cycles.
.macro ARKCOL a0, a1, a2, a3
	ld	ZL, -X
	eor	\a3, ZL
	ld	ZL, -X
	eor	\a2, ZL
	ld	ZL, -X
	eor	\a1, ZL
	ld	ZL, -X
	eor	\a0, ZL
.endm

; InvSubBytes of one byte. 4 cycles.
.macro ISB b
	mov	ZL, \b
	lpm	\b, Z
.endm
	.section .progmem.fast, "a", @progbits
#include "inv_sbox.inc"
#include "fast-x4.inc"

	.text
	.global aes_decrypt
aes_decrypt:
	ldi	XL, lo8(aes_rk+176)
	ldi	XH, hi8(aes_rk+176)
	ldi	ZH, hi8(aes_inv_sbox)
; AddRoundKey K10 + InvSubBytes: byte j of the block into rj, j = 15..0
	lds	r15, aes_state+15
	ld	ZL, -X
	eor	ZL, r15
	lpm	r15, Z
	lds	r14, aes_state+14
	ld	ZL, -X
	eor	ZL, r14
	lpm	r14, Z
	lds	r13, aes_state+13
	ld	ZL, -X
	eor	ZL, r13
	lpm	r13, Z
	lds	r12, aes_state+12
	ld	ZL, -X
	eor	ZL, r12
	lpm	r12, Z
	lds	r11, aes_state+11
	ld	ZL, -X
	eor	ZL, r11
	lpm	r11, Z
	lds	r10, aes_state+10
	ld	ZL, -X
	eor	ZL, r10
	lpm	r10, Z
	lds	r9, aes_state+9
	ld	ZL, -X
	eor	ZL, r9
	lpm	r9, Z
	lds	r8, aes_state+8
	ld	ZL, -X
	eor	ZL, r8
	lpm	r8, Z
	lds	r7, aes_state+7
	ld	ZL, -X
	eor	ZL, r7
	lpm	r7, Z
	lds	r6, aes_state+6
	ld	ZL, -X
	eor	ZL, r6
	lpm	r6, Z
	lds	r5, aes_state+5
	ld	ZL, -X
	eor	ZL, r5
	lpm	r5, Z
	lds	r4, aes_state+4
	ld	ZL, -X
	eor	ZL, r4
	lpm	r4, Z
	lds	r3, aes_state+3
	ld	ZL, -X
	eor	ZL, r3
	lpm	r3, Z
	lds	r2, aes_state+2
	ld	ZL, -X
	eor	ZL, r2
	lpm	r2, Z
	lds	r1, aes_state+1
	ld	ZL, -X
	eor	ZL, r1
	lpm	r1, Z
	lds	r0, aes_state+0
	ld	ZL, -X
	eor	ZL, r0
	lpm	r0, Z
; round 9: inverse S-box bytes (byte 0..15) in r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r14 r15
; AddRoundKey K9 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r12, r9, r6, r3
	ARKCOL	r8, r5, r2, r15
	ARKCOL	r4, r1, r14, r11
	ARKCOL	r0, r13, r10, r7
	ldi	ZH, hi8(aes_x4)
	INVPRE	r0, r13, r10, r7, r16, r17
	INVPRE	r4, r1, r14, r11, r16, r17
	INVPRE	r8, r5, r2, r15, r16, r17
	INVPRE	r12, r9, r6, r3, r16, r17
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r0, r13, r10, r7, r16, r17, r18
	MIXEF	r4, r1, r14, r11, r10, r16, r18
	MIXEF	r8, r5, r2, r15, r14, r10, r18
	MIXEF	r12, r9, r6, r3, r2, r14, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r14
	ISB	r3
	ISB	r12
	ISB	r9
	ISB	r10
	ISB	r15
	ISB	r8
	ISB	r5
	ISB	r16
	ISB	r11
	ISB	r4
	ISB	r1
	ISB	r17
	ISB	r7
	ISB	r0
	ISB	r13
; round 8: inverse S-box bytes (byte 0..15) in r13 r0 r7 r17 r1 r4 r11 r16 r5 r8 r15 r10 r9 r12 r3 r14
; AddRoundKey K8 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r9, r8, r11, r17
	ARKCOL	r5, r4, r7, r14
	ARKCOL	r1, r0, r3, r10
	ARKCOL	r13, r12, r15, r16
	ldi	ZH, hi8(aes_x4)
	INVPRE	r13, r12, r15, r16, r6, r2
	INVPRE	r1, r0, r3, r10, r6, r2
	INVPRE	r5, r4, r7, r14, r6, r2
	INVPRE	r9, r8, r11, r17, r6, r2
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r13, r12, r15, r16, r6, r2, r18
	MIXEF	r1, r0, r3, r10, r15, r6, r18
	MIXEF	r5, r4, r7, r14, r3, r15, r18
	MIXEF	r9, r8, r11, r17, r7, r3, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r3
	ISB	r17
	ISB	r9
	ISB	r8
	ISB	r15
	ISB	r14
	ISB	r5
	ISB	r4
	ISB	r6
	ISB	r10
	ISB	r1
	ISB	r0
	ISB	r2
	ISB	r16
	ISB	r13
	ISB	r12
; round 7: inverse S-box bytes (byte 0..15) in r12 r13 r16 r2 r0 r1 r10 r6 r4 r5 r14 r15 r8 r9 r17 r3
; AddRoundKey K7 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r8, r5, r10, r2
	ARKCOL	r4, r1, r16, r3
	ARKCOL	r0, r13, r17, r15
	ARKCOL	r12, r9, r14, r6
	ldi	ZH, hi8(aes_x4)
	INVPRE	r12, r9, r14, r6, r11, r7
	INVPRE	r0, r13, r17, r15, r11, r7
	INVPRE	r4, r1, r16, r3, r11, r7
	INVPRE	r8, r5, r10, r2, r11, r7
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r12, r9, r14, r6, r11, r7, r18
	MIXEF	r0, r13, r17, r15, r14, r11, r18
	MIXEF	r4, r1, r16, r3, r17, r14, r18
	MIXEF	r8, r5, r10, r2, r16, r17, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r17
	ISB	r2
	ISB	r8
	ISB	r5
	ISB	r14
	ISB	r3
	ISB	r4
	ISB	r1
	ISB	r11
	ISB	r15
	ISB	r0
	ISB	r13
	ISB	r7
	ISB	r6
	ISB	r12
	ISB	r9
; round 6: inverse S-box bytes (byte 0..15) in r9 r12 r6 r7 r13 r0 r15 r11 r1 r4 r3 r14 r5 r8 r2 r17
; AddRoundKey K6 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r5, r4, r15, r7
	ARKCOL	r1, r0, r6, r17
	ARKCOL	r13, r12, r2, r14
	ARKCOL	r9, r8, r3, r11
	ldi	ZH, hi8(aes_x4)
	INVPRE	r9, r8, r3, r11, r10, r16
	INVPRE	r13, r12, r2, r14, r10, r16
	INVPRE	r1, r0, r6, r17, r10, r16
	INVPRE	r5, r4, r15, r7, r10, r16
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r9, r8, r3, r11, r10, r16, r18
	MIXEF	r13, r12, r2, r14, r3, r10, r18
	MIXEF	r1, r0, r6, r17, r2, r3, r18
	MIXEF	r5, r4, r15, r7, r6, r2, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r2
	ISB	r7
	ISB	r5
	ISB	r4
	ISB	r3
	ISB	r17
	ISB	r1
	ISB	r0
	ISB	r10
	ISB	r14
	ISB	r13
	ISB	r12
	ISB	r16
	ISB	r11
	ISB	r9
	ISB	r8
; round 5: inverse S-box bytes (byte 0..15) in r8 r9 r11 r16 r12 r13 r14 r10 r0 r1 r17 r3 r4 r5 r7 r2
; AddRoundKey K5 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r4, r1, r14, r16
	ARKCOL	r0, r13, r11, r2
	ARKCOL	r12, r9, r7, r3
	ARKCOL	r8, r5, r17, r10
	ldi	ZH, hi8(aes_x4)
	INVPRE	r8, r5, r17, r10, r15, r6
	INVPRE	r12, r9, r7, r3, r15, r6
	INVPRE	r0, r13, r11, r2, r15, r6
	INVPRE	r4, r1, r14, r16, r15, r6
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r8, r5, r17, r10, r15, r6, r18
	MIXEF	r12, r9, r7, r3, r17, r15, r18
	MIXEF	r0, r13, r11, r2, r7, r17, r18
	MIXEF	r4, r1, r14, r16, r11, r7, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r7
	ISB	r16
	ISB	r4
	ISB	r1
	ISB	r17
	ISB	r2
	ISB	r0
	ISB	r13
	ISB	r15
	ISB	r3
	ISB	r12
	ISB	r9
	ISB	r6
	ISB	r10
	ISB	r8
	ISB	r5
; round 4: inverse S-box bytes (byte 0..15) in r5 r8 r10 r6 r9 r12 r3 r15 r13 r0 r2 r17 r1 r4 r16 r7
; AddRoundKey K4 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r1, r0, r3, r6
	ARKCOL	r13, r12, r10, r7
	ARKCOL	r9, r8, r16, r17
	ARKCOL	r5, r4, r2, r15
	ldi	ZH, hi8(aes_x4)
	INVPRE	r5, r4, r2, r15, r14, r11
	INVPRE	r9, r8, r16, r17, r14, r11
	INVPRE	r13, r12, r10, r7, r14, r11
	INVPRE	r1, r0, r3, r6, r14, r11
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r5, r4, r2, r15, r14, r11, r18
	MIXEF	r9, r8, r16, r17, r2, r14, r18
	MIXEF	r13, r12, r10, r7, r16, r2, r18
	MIXEF	r1, r0, r3, r6, r10, r16, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r16
	ISB	r6
	ISB	r1
	ISB	r0
	ISB	r2
	ISB	r7
	ISB	r13
	ISB	r12
	ISB	r14
	ISB	r17
	ISB	r9
	ISB	r8
	ISB	r11
	ISB	r15
	ISB	r5
	ISB	r4
; round 3: inverse S-box bytes (byte 0..15) in r4 r5 r15 r11 r8 r9 r17 r14 r12 r13 r7 r2 r0 r1 r6 r16
; AddRoundKey K3 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r0, r13, r17, r11
	ARKCOL	r12, r9, r15, r16
	ARKCOL	r8, r5, r6, r2
	ARKCOL	r4, r1, r7, r14
	ldi	ZH, hi8(aes_x4)
	INVPRE	r4, r1, r7, r14, r3, r10
	INVPRE	r8, r5, r6, r2, r3, r10
	INVPRE	r12, r9, r15, r16, r3, r10
	INVPRE	r0, r13, r17, r11, r3, r10
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r4, r1, r7, r14, r3, r10, r18
	MIXEF	r8, r5, r6, r2, r7, r3, r18
	MIXEF	r12, r9, r15, r16, r6, r7, r18
	MIXEF	r0, r13, r17, r11, r15, r6, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r6
	ISB	r11
	ISB	r0
	ISB	r13
	ISB	r7
	ISB	r16
	ISB	r12
	ISB	r9
	ISB	r3
	ISB	r2
	ISB	r8
	ISB	r5
	ISB	r10
	ISB	r14
	ISB	r4
	ISB	r1
; round 2: inverse S-box bytes (byte 0..15) in r1 r4 r14 r10 r5 r8 r2 r3 r9 r12 r16 r7 r13 r0 r11 r6
; AddRoundKey K2 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r13, r12, r2, r10
	ARKCOL	r9, r8, r14, r6
	ARKCOL	r5, r4, r11, r7
	ARKCOL	r1, r0, r16, r3
	ldi	ZH, hi8(aes_x4)
	INVPRE	r1, r0, r16, r3, r17, r15
	INVPRE	r5, r4, r11, r7, r17, r15
	INVPRE	r9, r8, r14, r6, r17, r15
	INVPRE	r13, r12, r2, r10, r17, r15
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r1, r0, r16, r3, r17, r15, r18
	MIXEF	r5, r4, r11, r7, r16, r17, r18
	MIXEF	r9, r8, r14, r6, r11, r16, r18
	MIXEF	r13, r12, r2, r10, r14, r11, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r11
	ISB	r10
	ISB	r13
	ISB	r12
	ISB	r16
	ISB	r6
	ISB	r9
	ISB	r8
	ISB	r17
	ISB	r7
	ISB	r5
	ISB	r4
	ISB	r15
	ISB	r3
	ISB	r1
	ISB	r0
; round 1: inverse S-box bytes (byte 0..15) in r0 r1 r3 r15 r4 r5 r7 r17 r8 r9 r6 r16 r12 r13 r10 r11
; AddRoundKey K1 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r12, r9, r7, r15
	ARKCOL	r8, r5, r3, r11
	ARKCOL	r4, r1, r10, r16
	ARKCOL	r0, r13, r6, r17
	ldi	ZH, hi8(aes_x4)
	INVPRE	r0, r13, r6, r17, r2, r14
	INVPRE	r4, r1, r10, r16, r2, r14
	INVPRE	r8, r5, r3, r11, r2, r14
	INVPRE	r12, r9, r7, r15, r2, r14
	ldi	ZH, hi8(aes_xtime)
	MIXEF	r0, r13, r6, r17, r2, r14, r18
	MIXEF	r4, r1, r10, r16, r6, r2, r18
	MIXEF	r8, r5, r3, r11, r10, r6, r18
	MIXEF	r12, r9, r7, r15, r3, r10, r18
	ldi	ZH, hi8(aes_inv_sbox)
; InvSubBytes
	ISB	r10
	ISB	r15
	ISB	r12
	ISB	r9
	ISB	r6
	ISB	r11
	ISB	r8
	ISB	r5
	ISB	r2
	ISB	r16
	ISB	r4
	ISB	r1
	ISB	r14
	ISB	r17
	ISB	r0
	ISB	r13
; last: InvShiftRows + AddRoundKey K0, store
	ld	ZL, -X
	eor	r14, ZL
	sts	aes_state+15, r14
	ld	ZL, -X
	eor	r16, ZL
	sts	aes_state+14, r16
	ld	ZL, -X
	eor	r8, ZL
	sts	aes_state+13, r8
	ld	ZL, -X
	eor	r9, ZL
	sts	aes_state+12, r9
	ld	ZL, -X
	eor	r10, ZL
	sts	aes_state+11, r10
	ld	ZL, -X
	eor	r17, ZL
	sts	aes_state+10, r17
	ld	ZL, -X
	eor	r4, ZL
	sts	aes_state+9, r4
	ld	ZL, -X
	eor	r5, ZL
	sts	aes_state+8, r5
	ld	ZL, -X
	eor	r6, ZL
	sts	aes_state+7, r6
	ld	ZL, -X
	eor	r15, ZL
	sts	aes_state+6, r15
	ld	ZL, -X
	eor	r0, ZL
	sts	aes_state+5, r0
	ld	ZL, -X
	eor	r1, ZL
	sts	aes_state+4, r1
	ld	ZL, -X
	eor	r2, ZL
	sts	aes_state+3, r2
	ld	ZL, -X
	eor	r11, ZL
	sts	aes_state+2, r11
	ld	ZL, -X
	eor	r12, ZL
	sts	aes_state+1, r12
	ld	ZL, -X
	eor	r13, ZL
	sts	aes_state+0, r13
	ret
