; AES-128 key setup on the AVR (ATmega32, AVRe core), fast variant:
; expands the cipher key in aes_key (= K0) into K1..K10 in aes_rk, for
; aes_encrypt (fast.S) and aes_decrypt (fast-dec.S).
; cardlab firmware: firmware/avr/aes/fast-key.S (manifest fast.toml)
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
; RAM: aes_rk and aes_key = aes_rk (K0), defined in fast.S; written
; K1..K10, read K0.
;
; Register map
;   r0-r15    the round key, word w (bytes 4 w..4 w + 3) in r(4 w)..
;   r16-r19   T = SubWord(RotWord(w3)) ^ Rcon
;   r20       Rcon (LDI: the steps are unrolled)
;   X         the store pointer, X+ from K0 to K10
;   Z         LPM: ZH the S-box page (set once), ZL the index
;
; Step (K(r-1) in r0-r15 to Kr): T: 4 x (MOV ZL, LPM) 16 + LDI, EOR
;   Rcon 2; w0 ^= T, w1 ^= w0, w2 ^= w1, w3 ^= w2: 16 EOR; 16 ST X+ 32
;   = 66
;
; Cycles (first instruction to RET inclusive, as simavr counts them):
;   LDI X, ZH 3 + 16 LD X+ (K0) 32 + 10 steps x 66 + RET 4     = 699
; Code 880 bytes.

#define XL r26
#define XH r27
#define ZL r30
#define ZH r31
	.text
; ---- aes_key_setup
	.global aes_key_setup
aes_key_setup:
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
	ldi	ZH, hi8(aes_sbox)
; K1: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K2: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K3: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K4: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K5: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K6: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K7: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K8: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K9: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
; K10: T = SubWord(RotWord(w3)) ^ Rcon in r16-r19; w0 ^= T, w1 ^= w0, ...
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
