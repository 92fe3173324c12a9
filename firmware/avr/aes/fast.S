; AES-128 encryption on the AVR (ATmega32, AVRe core), fast variant:
; state in registers, every round unrolled, the round keys K0..K10 in RAM
; from the key setup (fast-key.S, or fast-dk.S).
; cardlab firmware: firmware/avr/aes/fast.S (manifests fast.toml and
; fast-dk.toml)
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
; aes_encrypt encrypts aes_state in place with K0..K10 from aes_rk.
;
; RAM map (.bss, each byte written before it is read)
;   aes_rk     176 B  K0..K10, Kr at aes_rk + 16 r, bytes in FIPS-197
;                     order (byte 4 c + i: row i, column c)
;   aes_key           = aes_rk: K0 is the cipher key itself, kept
;   aes_state   16 B  the block, in place
;
; Flash: the tables go in section .progmem.fast, which the default avr5
; linker script places first, from address 0; each is 256 bytes on a page
; of its own, so ZH picks the table and ZL is the index.
;   aes_sbox (sbox.inc), aes_xtime (fast-xtime.inc: {02}x)
;
; Register map
;   r0-r18    the 16 state bytes and 3 temporaries (byte j starts in rj,
;             r16-r18 free; then as the comment before each round says)
;   X         the round-key pointer, X+ from K0 to K10
;   Z         LPM: ZH the table page, ZL the index
;   r19-r25, r28, r29 unused
;
; Steps (cycles)
;   ARKSB, AddRoundKey + SubBytes of a byte: LD ZL,X+; EOR ZL,b;
;     LPM b,Z: 6; the S-box byte lands in the register of b, and
;     ShiftRows is which register the next MixColumns reads: free.
;   MIXCOL, MixColumns of a column a0..a3 (after ShiftRows): 23 =
;     e = a0^a2, f = a1^a3 in place (2) + MIXEF (21): with di = ai^ai+1
;     the outputs are bi = {02}di ^ wi, wi the XOR of the three a other
;     than ai. The xtime indices chain through ZL, which LPM leaves as it
;     was: d0 = a0^a1 (MOV, EOR), d1 = d0^e, d2 = d1^f (one EOR each),
;     three LPM (9); {02}d3 = {02}d0^{02}d1^{02}d2 is never looked up;
;     eight EOR assemble the four outputs, taking d2 from ZL after its
;     LPM and b3 from b2: b0 = a1^({02}d0^d2), b1 = a0^d2^{02}d1,
;     b2 = f^a0^{02}d2, b3 = {02}d1^({02}d0^d2)^b2. The outputs land in
;     three input registers and one temporary; the other three are the
;     temporaries of the next column.
;   a round (1..9): LDI ZH (xtime) 1 + 4 MIXCOL 92 + LDI ZH (S-box) 1
;     + 16 ARKSB 96 = 190
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + 16 x (LDS, ARKSB) 128 + 9 rounds x 190
;   + ShiftRows, AddRoundKey K10, store: 16 x (LD, EOR, STS) 80
;   + RET 4                                                    = 1925
; Code 2420 bytes.

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

; MixColumns of the column (a0, a1, a2, a3): e and f in place, then
; MIXEF. 23 cycles.
.macro MIXCOL a0, a1, a2, a3, x0, x1, x2
	eor	\a2, \a0	; e = a0^a2
	eor	\a3, \a1	; f = a1^a3
	MIXEF	\a0, \a1, \a2, \a3, \x0, \x1, \x2
.endm

; AddRoundKey + SubBytes of one byte: the next key byte (X+) ^ b indexes
; the S-box (ZH on its page); the S-box byte replaces b. 6 cycles.
.macro ARKSB b
	ld	ZL, X+
	eor	ZL, \b
	lpm	\b, Z
.endm

; ---- tables (flash)
	.section .progmem.fast, "a", @progbits
#include "sbox.inc"
#include "fast-xtime.inc"

; ---- RAM
	.section .bss
	.global aes_rk, aes_key, aes_state
aes_rk:
aes_key:
	.space 176
aes_state:
	.space 16

; ---- aes_encrypt
	.text
	.global aes_encrypt
aes_encrypt:
	ldi	XL, lo8(aes_rk)
	ldi	XH, hi8(aes_rk)
	ldi	ZH, hi8(aes_sbox)
; AddRoundKey K0 + SubBytes (round 1): byte j of the block into rj
	lds	r0, aes_state+0
	ARKSB	r0
	lds	r1, aes_state+1
	ARKSB	r1
	lds	r2, aes_state+2
	ARKSB	r2
	lds	r3, aes_state+3
	ARKSB	r3
	lds	r4, aes_state+4
	ARKSB	r4
	lds	r5, aes_state+5
	ARKSB	r5
	lds	r6, aes_state+6
	ARKSB	r6
	lds	r7, aes_state+7
	ARKSB	r7
	lds	r8, aes_state+8
	ARKSB	r8
	lds	r9, aes_state+9
	ARKSB	r9
	lds	r10, aes_state+10
	ARKSB	r10
	lds	r11, aes_state+11
	ARKSB	r11
	lds	r12, aes_state+12
	ARKSB	r12
	lds	r13, aes_state+13
	ARKSB	r13
	lds	r14, aes_state+14
	ARKSB	r14
	lds	r15, aes_state+15
	ARKSB	r15
; round 1: S-box bytes (byte 0..15) in r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r14 r15
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r0, r5, r10, r15, r16, r17, r18	; column 0
	MIXCOL	r4, r9, r14, r3, r10, r16, r18	; column 1
	MIXCOL	r8, r13, r2, r7, r14, r10, r18	; column 2
	MIXCOL	r12, r1, r6, r11, r2, r14, r18	; column 3
; AddRoundKey K1 + SubBytes (round 2)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r5		; byte 0
	ARKSB	r0		; byte 1
	ARKSB	r15		; byte 2
	ARKSB	r17		; byte 3
	ARKSB	r9		; byte 4
	ARKSB	r4		; byte 5
	ARKSB	r3		; byte 6
	ARKSB	r16		; byte 7
	ARKSB	r13		; byte 8
	ARKSB	r8		; byte 9
	ARKSB	r7		; byte 10
	ARKSB	r10		; byte 11
	ARKSB	r1		; byte 12
	ARKSB	r12		; byte 13
	ARKSB	r11		; byte 14
	ARKSB	r14		; byte 15
; round 2: S-box bytes (byte 0..15) in r5 r0 r15 r17 r9 r4 r3 r16 r13 r8 r7 r10 r1 r12 r11 r14
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r5, r4, r7, r14, r6, r2, r18	; column 0
	MIXCOL	r9, r8, r11, r17, r7, r6, r18	; column 1
	MIXCOL	r13, r12, r15, r16, r11, r7, r18	; column 2
	MIXCOL	r1, r0, r3, r10, r15, r11, r18	; column 3
; AddRoundKey K2 + SubBytes (round 3)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r4		; byte 0
	ARKSB	r5		; byte 1
	ARKSB	r14		; byte 2
	ARKSB	r2		; byte 3
	ARKSB	r8		; byte 4
	ARKSB	r9		; byte 5
	ARKSB	r17		; byte 6
	ARKSB	r6		; byte 7
	ARKSB	r12		; byte 8
	ARKSB	r13		; byte 9
	ARKSB	r16		; byte 10
	ARKSB	r7		; byte 11
	ARKSB	r0		; byte 12
	ARKSB	r1		; byte 13
	ARKSB	r10		; byte 14
	ARKSB	r11		; byte 15
; round 3: S-box bytes (byte 0..15) in r4 r5 r14 r2 r8 r9 r17 r6 r12 r13 r16 r7 r0 r1 r10 r11
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r4, r9, r16, r11, r3, r15, r18	; column 0
	MIXCOL	r8, r13, r10, r2, r16, r3, r18	; column 1
	MIXCOL	r12, r1, r14, r6, r10, r16, r18	; column 2
	MIXCOL	r0, r5, r17, r7, r14, r10, r18	; column 3
; AddRoundKey K3 + SubBytes (round 4)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r9		; byte 0
	ARKSB	r4		; byte 1
	ARKSB	r11		; byte 2
	ARKSB	r15		; byte 3
	ARKSB	r13		; byte 4
	ARKSB	r8		; byte 5
	ARKSB	r2		; byte 6
	ARKSB	r3		; byte 7
	ARKSB	r1		; byte 8
	ARKSB	r12		; byte 9
	ARKSB	r6		; byte 10
	ARKSB	r16		; byte 11
	ARKSB	r5		; byte 12
	ARKSB	r0		; byte 13
	ARKSB	r7		; byte 14
	ARKSB	r10		; byte 15
; round 4: S-box bytes (byte 0..15) in r9 r4 r11 r15 r13 r8 r2 r3 r1 r12 r6 r16 r5 r0 r7 r10
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r9, r8, r6, r10, r17, r14, r18	; column 0
	MIXCOL	r13, r12, r7, r15, r6, r17, r18	; column 1
	MIXCOL	r1, r0, r11, r3, r7, r6, r18	; column 2
	MIXCOL	r5, r4, r2, r16, r11, r7, r18	; column 3
; AddRoundKey K4 + SubBytes (round 5)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r8		; byte 0
	ARKSB	r9		; byte 1
	ARKSB	r10		; byte 2
	ARKSB	r14		; byte 3
	ARKSB	r12		; byte 4
	ARKSB	r13		; byte 5
	ARKSB	r15		; byte 6
	ARKSB	r17		; byte 7
	ARKSB	r0		; byte 8
	ARKSB	r1		; byte 9
	ARKSB	r3		; byte 10
	ARKSB	r6		; byte 11
	ARKSB	r4		; byte 12
	ARKSB	r5		; byte 13
	ARKSB	r16		; byte 14
	ARKSB	r7		; byte 15
; round 5: S-box bytes (byte 0..15) in r8 r9 r10 r14 r12 r13 r15 r17 r0 r1 r3 r6 r4 r5 r16 r7
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r8, r13, r3, r7, r2, r11, r18	; column 0
	MIXCOL	r12, r1, r16, r14, r3, r2, r18	; column 1
	MIXCOL	r0, r5, r10, r17, r16, r3, r18	; column 2
	MIXCOL	r4, r9, r15, r6, r10, r16, r18	; column 3
; AddRoundKey K5 + SubBytes (round 6)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r13		; byte 0
	ARKSB	r8		; byte 1
	ARKSB	r7		; byte 2
	ARKSB	r11		; byte 3
	ARKSB	r1		; byte 4
	ARKSB	r12		; byte 5
	ARKSB	r14		; byte 6
	ARKSB	r2		; byte 7
	ARKSB	r5		; byte 8
	ARKSB	r0		; byte 9
	ARKSB	r17		; byte 10
	ARKSB	r3		; byte 11
	ARKSB	r9		; byte 12
	ARKSB	r4		; byte 13
	ARKSB	r6		; byte 14
	ARKSB	r16		; byte 15
; round 6: S-box bytes (byte 0..15) in r13 r8 r7 r11 r1 r12 r14 r2 r5 r0 r17 r3 r9 r4 r6 r16
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r13, r12, r17, r16, r15, r10, r18	; column 0
	MIXCOL	r1, r0, r6, r11, r17, r15, r18	; column 1
	MIXCOL	r5, r4, r7, r2, r6, r17, r18	; column 2
	MIXCOL	r9, r8, r14, r3, r7, r6, r18	; column 3
; AddRoundKey K6 + SubBytes (round 7)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r12		; byte 0
	ARKSB	r13		; byte 1
	ARKSB	r16		; byte 2
	ARKSB	r10		; byte 3
	ARKSB	r0		; byte 4
	ARKSB	r1		; byte 5
	ARKSB	r11		; byte 6
	ARKSB	r15		; byte 7
	ARKSB	r4		; byte 8
	ARKSB	r5		; byte 9
	ARKSB	r2		; byte 10
	ARKSB	r17		; byte 11
	ARKSB	r8		; byte 12
	ARKSB	r9		; byte 13
	ARKSB	r3		; byte 14
	ARKSB	r6		; byte 15
; round 7: S-box bytes (byte 0..15) in r12 r13 r16 r10 r0 r1 r11 r15 r4 r5 r2 r17 r8 r9 r3 r6
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r12, r1, r2, r6, r14, r7, r18	; column 0
	MIXCOL	r0, r5, r3, r10, r2, r14, r18	; column 1
	MIXCOL	r4, r9, r16, r15, r3, r2, r18	; column 2
	MIXCOL	r8, r13, r11, r17, r16, r3, r18	; column 3
; AddRoundKey K7 + SubBytes (round 8)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r1		; byte 0
	ARKSB	r12		; byte 1
	ARKSB	r6		; byte 2
	ARKSB	r7		; byte 3
	ARKSB	r5		; byte 4
	ARKSB	r0		; byte 5
	ARKSB	r10		; byte 6
	ARKSB	r14		; byte 7
	ARKSB	r9		; byte 8
	ARKSB	r4		; byte 9
	ARKSB	r15		; byte 10
	ARKSB	r2		; byte 11
	ARKSB	r13		; byte 12
	ARKSB	r8		; byte 13
	ARKSB	r17		; byte 14
	ARKSB	r3		; byte 15
; round 8: S-box bytes (byte 0..15) in r1 r12 r6 r7 r5 r0 r10 r14 r9 r4 r15 r2 r13 r8 r17 r3
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r1, r0, r15, r3, r11, r16, r18	; column 0
	MIXCOL	r5, r4, r17, r7, r15, r11, r18	; column 1
	MIXCOL	r9, r8, r6, r14, r17, r15, r18	; column 2
	MIXCOL	r13, r12, r10, r2, r6, r17, r18	; column 3
; AddRoundKey K8 + SubBytes (round 9)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r0		; byte 0
	ARKSB	r1		; byte 1
	ARKSB	r3		; byte 2
	ARKSB	r16		; byte 3
	ARKSB	r4		; byte 4
	ARKSB	r5		; byte 5
	ARKSB	r7		; byte 6
	ARKSB	r11		; byte 7
	ARKSB	r8		; byte 8
	ARKSB	r9		; byte 9
	ARKSB	r14		; byte 10
	ARKSB	r15		; byte 11
	ARKSB	r12		; byte 12
	ARKSB	r13		; byte 13
	ARKSB	r2		; byte 14
	ARKSB	r17		; byte 15
; round 9: S-box bytes (byte 0..15) in r0 r1 r3 r16 r4 r5 r7 r11 r8 r9 r14 r15 r12 r13 r2 r17
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r0, r5, r14, r17, r10, r6, r18	; column 0
	MIXCOL	r4, r9, r2, r16, r14, r10, r18	; column 1
	MIXCOL	r8, r13, r3, r11, r2, r14, r18	; column 2
	MIXCOL	r12, r1, r7, r15, r3, r2, r18	; column 3
; AddRoundKey K9 + SubBytes (round 10)
	ldi	ZH, hi8(aes_sbox)
	ARKSB	r5		; byte 0
	ARKSB	r0		; byte 1
	ARKSB	r17		; byte 2
	ARKSB	r6		; byte 3
	ARKSB	r9		; byte 4
	ARKSB	r4		; byte 5
	ARKSB	r16		; byte 6
	ARKSB	r10		; byte 7
	ARKSB	r13		; byte 8
	ARKSB	r8		; byte 9
	ARKSB	r11		; byte 10
	ARKSB	r14		; byte 11
	ARKSB	r1		; byte 12
	ARKSB	r12		; byte 13
	ARKSB	r15		; byte 14
	ARKSB	r2		; byte 15
; round 10: S-box bytes in r5 r0 r17 r6 r9 r4 r16 r10 r13 r8 r11 r14 r1 r12 r15 r2; ShiftRows + AddRoundKey K10, store
	ld	ZL, X+
	eor	r5, ZL
	sts	aes_state+0, r5
	ld	ZL, X+
	eor	r4, ZL
	sts	aes_state+1, r4
	ld	ZL, X+
	eor	r11, ZL
	sts	aes_state+2, r11
	ld	ZL, X+
	eor	r2, ZL
	sts	aes_state+3, r2
	ld	ZL, X+
	eor	r9, ZL
	sts	aes_state+4, r9
	ld	ZL, X+
	eor	r8, ZL
	sts	aes_state+5, r8
	ld	ZL, X+
	eor	r15, ZL
	sts	aes_state+6, r15
	ld	ZL, X+
	eor	r6, ZL
	sts	aes_state+7, r6
	ld	ZL, X+
	eor	r13, ZL
	sts	aes_state+8, r13
	ld	ZL, X+
	eor	r12, ZL
	sts	aes_state+9, r12
	ld	ZL, X+
	eor	r17, ZL
	sts	aes_state+10, r17
	ld	ZL, X+
	eor	r10, ZL
	sts	aes_state+11, r10
	ld	ZL, X+
	eor	r1, ZL
	sts	aes_state+12, r1
	ld	ZL, X+
	eor	r0, ZL
	sts	aes_state+13, r0
	ld	ZL, X+
	eor	r16, ZL
	sts	aes_state+14, r16
	ld	ZL, X+
	eor	r14, ZL
	sts	aes_state+15, r14
	ret
