; AES-128 decryption on the AVR (ATmega32, AVRe core), fast variant:
; the inverse cipher (FIPS-197 5.3) on the round keys K10..K0 as the key
; setup (fast-key.S) leaves them in aes_rk, state in registers, every
; round unrolled.
; cardlab firmware: firmware/avr/aes/fast-dec.S (manifest fast.toml)
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
; aes_decrypt decrypts aes_state in place with K0..K10 from aes_rk (both
; defined in fast.S).
;
; Flash: the tables go in section .progmem.fast, which the default avr5
; linker script places first, from address 0; each is 256 bytes on a page
; of its own, so ZH picks the table and ZL is the index.
;   aes_inv_sbox (inv_sbox.inc), aes_x4 (fast-x4.inc: {04}x); aes_xtime
;   comes from fast.S
;
; Register map
;   r0-r18    the 16 state bytes and 3 temporaries (byte j starts in rj,
;             r16-r18 free; then as the comment before each round says)
;   X         the round-key pointer, -X from the end of K10 down to K0:
;             every round key is read from its byte 15 down to byte 0
;   Z         LPM: ZH the table page, ZL the index; ZL also carries the
;             round-key byte of ARKCOL
;   r19-r25, r28, r29 unused
;
; Steps (cycles)
;   ARKCOL, AddRoundKey of a column after InvShiftRows (5.3: before
;     InvMixColumns): 4 x (LD ZL,-X; EOR) = 12
;   INVPRE, the InvMixColumns pre-step: InvMixColumns is MixColumns after
;     u = {04}(a0^a2), v = {04}(a1^a3); a0, a2 ^= u; a1, a3 ^= v
;     (FIPS-197 4.3 rewritten; Daemen and Rijmen give it for 8-bit
;     processors in the Rijndael proposal and The Design of Rijndael). a0^a2 and a1^a3 do not change, so only a0 and a1 take
;     u and v, and a2, a3 become e = a0^a2, f = a1^a3, the form MIXEF
;     reads: 2 x (EOR, MOV ZL, LPM, EOR) = 12
;   MIXEF, MixColumns from (a0, a1, e, f): 21 (see fast.S, MIXCOL)
;   ISB, InvSubBytes of a byte: MOV ZL,b; LPM b,Z = 4
;   a round (9..1): 4 ARKCOL 48 + LDI ZH ({04}) 1 + 4 INVPRE 48
;     + LDI ZH (xtime) 1 + 4 MIXEF 84 + LDI ZH (inverse S-box) 1
;     + 16 ISB 64 = 247
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + AddRoundKey K10 and InvSubBytes: 16 x (LDS, LD ZL,-X,
;   EOR, LPM) 128 + 9 rounds x 247 + InvShiftRows, AddRoundKey K0, store:
;   16 x (LD ZL,-X, EOR, STS) 80 + RET 4                       = 2438
; Code 3158 bytes.

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

; ---- tables (flash)
	.section .progmem.fast, "a", @progbits
#include "inv_sbox.inc"
#include "fast-x4.inc"

	.text
; ---- aes_decrypt
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
	ARKCOL	r12, r9, r6, r3	; column 3
	ARKCOL	r8, r5, r2, r15	; column 2
	ARKCOL	r4, r1, r14, r11	; column 1
	ARKCOL	r0, r13, r10, r7	; column 0
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
; InvSubBytes
	ISB	r14		; byte 15
	ISB	r3		; byte 14
	ISB	r12		; byte 13
	ISB	r9		; byte 12
	ISB	r10		; byte 11
	ISB	r15		; byte 10
	ISB	r8		; byte 9
	ISB	r5		; byte 8
	ISB	r16		; byte 7
	ISB	r11		; byte 6
	ISB	r4		; byte 5
	ISB	r1		; byte 4
	ISB	r17		; byte 3
	ISB	r7		; byte 2
	ISB	r0		; byte 1
	ISB	r13		; byte 0
; round 8: inverse S-box bytes (byte 0..15) in r13 r0 r7 r17 r1 r4 r11 r16 r5 r8 r15 r10 r9 r12 r3 r14
; AddRoundKey K8 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r9, r8, r11, r17	; column 3
	ARKCOL	r5, r4, r7, r14	; column 2
	ARKCOL	r1, r0, r3, r10	; column 1
	ARKCOL	r13, r12, r15, r16	; column 0
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
; InvSubBytes
	ISB	r3		; byte 15
	ISB	r17		; byte 14
	ISB	r9		; byte 13
	ISB	r8		; byte 12
	ISB	r15		; byte 11
	ISB	r14		; byte 10
	ISB	r5		; byte 9
	ISB	r4		; byte 8
	ISB	r6		; byte 7
	ISB	r10		; byte 6
	ISB	r1		; byte 5
	ISB	r0		; byte 4
	ISB	r2		; byte 3
	ISB	r16		; byte 2
	ISB	r13		; byte 1
	ISB	r12		; byte 0
; round 7: inverse S-box bytes (byte 0..15) in r12 r13 r16 r2 r0 r1 r10 r6 r4 r5 r14 r15 r8 r9 r17 r3
; AddRoundKey K7 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r8, r5, r10, r2	; column 3
	ARKCOL	r4, r1, r16, r3	; column 2
	ARKCOL	r0, r13, r17, r15	; column 1
	ARKCOL	r12, r9, r14, r6	; column 0
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
; InvSubBytes
	ISB	r17		; byte 15
	ISB	r2		; byte 14
	ISB	r8		; byte 13
	ISB	r5		; byte 12
	ISB	r14		; byte 11
	ISB	r3		; byte 10
	ISB	r4		; byte 9
	ISB	r1		; byte 8
	ISB	r11		; byte 7
	ISB	r15		; byte 6
	ISB	r0		; byte 5
	ISB	r13		; byte 4
	ISB	r7		; byte 3
	ISB	r6		; byte 2
	ISB	r12		; byte 1
	ISB	r9		; byte 0
; round 6: inverse S-box bytes (byte 0..15) in r9 r12 r6 r7 r13 r0 r15 r11 r1 r4 r3 r14 r5 r8 r2 r17
; AddRoundKey K6 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r5, r4, r15, r7	; column 3
	ARKCOL	r1, r0, r6, r17	; column 2
	ARKCOL	r13, r12, r2, r14	; column 1
	ARKCOL	r9, r8, r3, r11	; column 0
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
; InvSubBytes
	ISB	r2		; byte 15
	ISB	r7		; byte 14
	ISB	r5		; byte 13
	ISB	r4		; byte 12
	ISB	r3		; byte 11
	ISB	r17		; byte 10
	ISB	r1		; byte 9
	ISB	r0		; byte 8
	ISB	r10		; byte 7
	ISB	r14		; byte 6
	ISB	r13		; byte 5
	ISB	r12		; byte 4
	ISB	r16		; byte 3
	ISB	r11		; byte 2
	ISB	r9		; byte 1
	ISB	r8		; byte 0
; round 5: inverse S-box bytes (byte 0..15) in r8 r9 r11 r16 r12 r13 r14 r10 r0 r1 r17 r3 r4 r5 r7 r2
; AddRoundKey K5 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r4, r1, r14, r16	; column 3
	ARKCOL	r0, r13, r11, r2	; column 2
	ARKCOL	r12, r9, r7, r3	; column 1
	ARKCOL	r8, r5, r17, r10	; column 0
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
; InvSubBytes
	ISB	r7		; byte 15
	ISB	r16		; byte 14
	ISB	r4		; byte 13
	ISB	r1		; byte 12
	ISB	r17		; byte 11
	ISB	r2		; byte 10
	ISB	r0		; byte 9
	ISB	r13		; byte 8
	ISB	r15		; byte 7
	ISB	r3		; byte 6
	ISB	r12		; byte 5
	ISB	r9		; byte 4
	ISB	r6		; byte 3
	ISB	r10		; byte 2
	ISB	r8		; byte 1
	ISB	r5		; byte 0
; round 4: inverse S-box bytes (byte 0..15) in r5 r8 r10 r6 r9 r12 r3 r15 r13 r0 r2 r17 r1 r4 r16 r7
; AddRoundKey K4 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r1, r0, r3, r6	; column 3
	ARKCOL	r13, r12, r10, r7	; column 2
	ARKCOL	r9, r8, r16, r17	; column 1
	ARKCOL	r5, r4, r2, r15	; column 0
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
; InvSubBytes
	ISB	r16		; byte 15
	ISB	r6		; byte 14
	ISB	r1		; byte 13
	ISB	r0		; byte 12
	ISB	r2		; byte 11
	ISB	r7		; byte 10
	ISB	r13		; byte 9
	ISB	r12		; byte 8
	ISB	r14		; byte 7
	ISB	r17		; byte 6
	ISB	r9		; byte 5
	ISB	r8		; byte 4
	ISB	r11		; byte 3
	ISB	r15		; byte 2
	ISB	r5		; byte 1
	ISB	r4		; byte 0
; round 3: inverse S-box bytes (byte 0..15) in r4 r5 r15 r11 r8 r9 r17 r14 r12 r13 r7 r2 r0 r1 r6 r16
; AddRoundKey K3 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r0, r13, r17, r11	; column 3
	ARKCOL	r12, r9, r15, r16	; column 2
	ARKCOL	r8, r5, r6, r2	; column 1
	ARKCOL	r4, r1, r7, r14	; column 0
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
; InvSubBytes
	ISB	r6		; byte 15
	ISB	r11		; byte 14
	ISB	r0		; byte 13
	ISB	r13		; byte 12
	ISB	r7		; byte 11
	ISB	r16		; byte 10
	ISB	r12		; byte 9
	ISB	r9		; byte 8
	ISB	r3		; byte 7
	ISB	r2		; byte 6
	ISB	r8		; byte 5
	ISB	r5		; byte 4
	ISB	r10		; byte 3
	ISB	r14		; byte 2
	ISB	r4		; byte 1
	ISB	r1		; byte 0
; round 2: inverse S-box bytes (byte 0..15) in r1 r4 r14 r10 r5 r8 r2 r3 r9 r12 r16 r7 r13 r0 r11 r6
; AddRoundKey K2 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r13, r12, r2, r10	; column 3
	ARKCOL	r9, r8, r14, r6	; column 2
	ARKCOL	r5, r4, r11, r7	; column 1
	ARKCOL	r1, r0, r16, r3	; column 0
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
; InvSubBytes
	ISB	r11		; byte 15
	ISB	r10		; byte 14
	ISB	r13		; byte 13
	ISB	r12		; byte 12
	ISB	r16		; byte 11
	ISB	r6		; byte 10
	ISB	r9		; byte 9
	ISB	r8		; byte 8
	ISB	r17		; byte 7
	ISB	r7		; byte 6
	ISB	r5		; byte 5
	ISB	r4		; byte 4
	ISB	r15		; byte 3
	ISB	r3		; byte 2
	ISB	r1		; byte 1
	ISB	r0		; byte 0
; round 1: inverse S-box bytes (byte 0..15) in r0 r1 r3 r15 r4 r5 r7 r17 r8 r9 r6 r16 r12 r13 r10 r11
; AddRoundKey K1 (columns 3..0, InvShiftRows in the registers)
	ARKCOL	r12, r9, r7, r15	; column 3
	ARKCOL	r8, r5, r3, r11	; column 2
	ARKCOL	r4, r1, r10, r16	; column 1
	ARKCOL	r0, r13, r6, r17	; column 0
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
; InvSubBytes
	ISB	r10		; byte 15
	ISB	r15		; byte 14
	ISB	r12		; byte 13
	ISB	r9		; byte 12
	ISB	r6		; byte 11
	ISB	r11		; byte 10
	ISB	r8		; byte 9
	ISB	r5		; byte 8
	ISB	r2		; byte 7
	ISB	r16		; byte 6
	ISB	r4		; byte 5
	ISB	r1		; byte 4
	ISB	r14		; byte 3
	ISB	r17		; byte 2
	ISB	r0		; byte 1
	ISB	r13		; byte 0
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
