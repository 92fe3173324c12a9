; AES-128 encryption on the AVR (ATmega32, AVRe core), first-order Boolean
; masking after Herbst, Oswald and Mangard (ACNS 2006): every block builds
; a masked S-box S'[x ^ m] = S[x] ^ m' in SRAM from fresh masks m, m', and
; the state stays masked from the block's load to its store: under m at
; the S-box input, m' at its output, the row masks m1..m4 into MixColumns
; and their images m1'..m4' = MixColumns(m1, m2, m3, m4) out of it. The
; key schedule runs masked too, and the round keys are stored masked so
; that AddRoundKey turns the state's mask into m without ever unmasking.
; cardlab firmware: firmware/avr/aes/masked.S (manifest masked.toml)
;
; Written from FIPS-197 and the HOM paper. Constant time: the only
; conditional branches count loops or test Rcon, the same for every key,
; block and mask, so the PC trace and the cycle count are too. The
; addresses that vary are table indices that are masked values: S' read
; at x ^ m, S' written at i ^ m (i public), xtime read at a ^ b under
; m_i ^ m_j; every other RAM address is fixed. Needs LPM Rd,Z and
; LPM Rd,Z+ (AVRe); no MOVW, no MUL.
;
; Interface (cardlab avr convention, masked I/O): called as by CALL, ends
; with RET; every register may be clobbered, none is assumed on entry.
;   aes_encrypt   aes_key: the cipher key (read, kept); aes_rand: 24 fresh
;                 random bytes (the lab writes them before every call):
;                 R0..R15, m, m', m1, m2, m3, m4, g1, g3; aes_state:
;                 plaintext ^ R in, ciphertext ^ R out. aes_rand is only
;                 read. The plaintext and ciphertext never appear
;                 unmasked: the block is taken from R to the cipher's
;                 masks by the masked K0 (K0 ^ R ^ m), and from them to R
;                 by the masked K10 (K10 ^ m' ^ R).
;
; RAM map (.bss, each byte written before it is read)
;   aes_state   16 B  the block, in place (cleared to 0 when read)
;   aes_key     16 B  the cipher key, only read
;   aes_rand    24 B  R0..R15, m, m', m1..m4, g1, g3, only read
;   aes_sboxm  256 B  S' (page-aligned: YH the page, YL the masked index)
;   aes_rk     176 B  the round keys, masked, each in the order the rounds
;                     read them (key byte 2, 15, 12, 14, 1, 0, 5, 4, 9, 8,
;                     13, 6, 3, 11, 10, 7; K10 in byte order):
;                     K0 ^ R_j ^ m; Kr ^ mu_i (r = 1..9, row i, mu_i =
;                     m_(i+1)' ^ m); K10 ^ m' ^ R_j
;   stack: the return address only
;
; Flash: aes_sbox (sbox.inc) and aes_xtime (fast-xtime.inc: {02}x), 256
; bytes each on their own page, in section .progmem.masked (placed first).
;
; Register map
;   S' build:  T r24; m r23, m' r22; r16-r19 the index steps 1, 3, 7, 15;
;              r25 the block count; Z the S-box (LPM Z+), Y the S' entry
;   key:       r0-r15 the key, byte (i, c) in r(4c + i), held masked as
;              K ^ (mu_i, g1, mu_i, g3) for columns c = 0..3 (the column
;              XOR chain needs two masks, and the rows of a column differ);
;              mu0-mu3 r16-r19, g1 r20, g3 r21, m' r22, g3 ^ m r23, T r24,
;              Rcon r25, m r30 (K0 only), step count r30; X: XH the S'
;              page, XL the masked index (and the S' byte); Y the store
;              pointer (STD Y+q)
;   rounds:    r0-r18 the state and three temporaries, in two layouts
;              (byte (i, c) = row i, column c):
;              layout A: (i, c) in r(4c + i); r16-r18 free
;              layout B: column 0 in r1, r0, r3, r17 (rows 0-3), column
;                        1 in r5, r4, r7, r16, column 2 in r9, r8, r11, r2,
;                        column 3 in r6, r14, r13, r12; r10, r15, r18 free
;              MixColumns goes from A to B, the S-box step from B to A
;              with ShiftRows in the registers it writes (no MOV);
;              r19-r22 c0-c3 = m' ^ m1 .. m' ^ m4 (the remask of rows
;              0-3); r23 the round count; r24 T; r25 zero (block load);
;              X the round keys (LD X+); Y: YH the S' page, YL the masked
;              index; Z: ZH the xtime page, ZL the xtime index
;
; Steps (cycles)
;   masks: LDS m, m' 4
;   S' build: S'[i ^ m] = S[i] ^ m', i = 0..255 in order: LPM T,Z+; EOR
;     T,m'; ST Y,T; EOR YL,d (7), d = i ^ (i+1) from r16-r19 within a
;     16-byte block, YL = ZL ^ m again at each block's end (8); a block
;     113 + DEC, BREQ, RJMP 4 (last: 3): setup 9 + 15 x 117 + 116 = 1880
;   mask setup: m1..m4 loaded, their MixColumns (the MIXCOL below, 23),
;     mu_i = m_(i+1)' ^ m, g1, g3, g3 ^ m: 46
;   K0: per byte LDS the key byte, EOR its column mask, LDS R_j, EOR m,
;     EOR key, EOR mask, STD (10): LDI Y 2 + 160 = 162
;   key step (K1..K9), a column at a time: column 0 row i: MOV, EOR (the
;     S' index w3[i+1] ^ m), LD XL (S(w3[i+1]) ^ m'), EOR, EOR m', STD
;     (8), Rcon 1: 33; columns 1, 3: EOR, MOV, EOR, STD, EOR (6): 48;
;     column 2: EOR, EOR, STD (4): 16; = 97; + ADIW 2, Rcon doubled 3,
;     DEC, BREQ, RJMP 4 = 106 (last 105): 3 + 8 x 106 + 105 = 956
;   K10: ADIW 2 + the step storing K10 ^ m' ^ R_j (LDS, EOR, EOR, EOR,
;     STD: 7 a byte in place of the store) 161 = 163
;   remask constants c0-c3: 12; block load (LDS, STS 0): LDI + 16 x 4 =
;     65; pointers, count: 5
;   SBR, AddRoundKey + SubBytes + ShiftRows + remask of a byte: LD YL,X+
;     (the masked key byte); EOR YL,s (x ^ k ^ m); LD d,Y (S(x ^ k) ^ m');
;     EOR d,c_i (S(x ^ k) ^ m_(i+1)): 6, a round 96
;   MIXCOL, MixColumns of a column (fast.S's, 23): the masks go through it
;     linearly, m1..m4 in, m1'..m4' out; a round 92
;   round 1..9: 96 + 92 + DEC, BREQ, RJMP 4 = 192 (last 191): 1727
;   round 10: SubBytes 16 x 5 = 80; AddRoundKey K10 and the store: LD T,X+;
;     EOR; STS (5): 80
;
; Cycles (first instruction to RET inclusive, as the lab counts them):
;   masks 4 + S' 1880 + mask setup 46 + K0 162 + K1..K9 956 + K10 163
;   + c0-c3 12 + block in 65 + 5 + rounds 1..9 1727 + round 10 160
;   + RET 4                                                     = 5184
; Code 1652 bytes, tables 512; RAM 464 bytes written (S' 256, round keys
; 176, aes_state 16, with aes_key 16).
;
; Leakage (first order, the lab's model: written values, overwrites, the
; result bus, the data and address buses): the README's "masked" section
; lists which shares meet where. In short: every S-box index is x ^ m,
; and two of them never meet: YL is loaded with the masked key byte
; between two indices, and that load also sits between two S' reads on
; the data and address buses; every other pair of consecutive values
; differs by a nonzero combination of masks. aes_state is cleared when
; the block is read, so the result is not written over plaintext ^ R.

#define XL r26
#define XH r27
#define YL r28
#define YH r29
#define ZL r30
#define ZH r31

; setup and key expansion
#define M	r30	/* m (K0 phase; copy of r23) */
#define MU0	r16	/* mu_i = m_(i+1)' ^ m, row i = 0..3 */
#define MU1	r17
#define MU2	r18
#define MU3	r19
#define G1	r20	/* gamma1: column 1 of the key registers */
#define G3	r21	/* gamma3: column 3 */
#define MP	r22	/* m' */
#define G3M	r23	/* gamma3 ^ m (table phase: m) */
#define T	r24
#define RC	r25

; rounds
#define C0	r19	/* m' ^ m1: remask of row 0 */
#define C1	r20	/* m' ^ m2 */
#define C2	r21	/* m' ^ m3 */
#define C3	r22	/* m' ^ m4 */
#define CNT	r23

; ---- tables (flash)
	.section .progmem.masked, "a", @progbits
#include "sbox.inc"
#include "fast-xtime.inc"

; ---- RAM
	.section .bss
	.global aes_state, aes_key, aes_rand, aes_sboxm, aes_rk
aes_state:
	.space 16
aes_key:
	.space 16
aes_rand:
	.space 24
	.balign 256
aes_sboxm:
	.space 256
aes_rk:
	.space 176

; ---- macros

; one entry of the masked table: S'[i ^ m] = S[i] ^ m' with Z = S + i,
; YL = i ^ m on entry; Z+1, YL = (i+1) ^ m on exit (d = i ^ (i+1)). 7.
.macro TG d
	lpm	T, Z+
	eor	T, MP
	st	Y, T
	eor	YL, \d
.endm

; MixColumns of one column (a0..a3), as fast.S: 23 cycles.
; Out: b0 in \a1, b1 in \a0, b2 in \a3, b3 in \x1; \a2, \x0, \x2 free.
; MixColumns is linear, so the masks go through it as the data do; the
; mask each written value carries, for a column whose rows are masked
; m1..m4 (2m is {02}m; the rotated column 3 of the rounds has them
; rotated), is in the right-hand column: every value, and the XOR of
; every two consecutive ones, carries a nonzero mask combination.
.macro MIXCOL a0, a1, a2, a3, x0, x1, x2
	eor	\a2, \a0	; e = a0^a2			m1^m3
	eor	\a3, \a1	; f = a1^a3			m2^m4
	mov	ZL, \a0		;				m1
	eor	ZL, \a1		; d0				m1^m2
	lpm	\x0, Z		; 2d0				2m1^2m2
	eor	ZL, \a2		; d1				m2^m3
	lpm	\x1, Z		; 2d1				2m2^2m3
	eor	ZL, \a3		; d2				m3^m4
	lpm	\x2, Z		; 2d2				2m3^2m4
	eor	\x0, ZL		; 2d0^d2			2m1^2m2^m3^m4
	eor	\x2, \a0	;				m1^2m3^2m4
	eor	\a3, \x2	; b2				m3'
	eor	\a0, ZL		; w1				m1^m3^m4
	eor	\a0, \x1	; b1				m2'
	eor	\x1, \x0	;				2m1^3m3^m4
	eor	\x1, \a3	; b3				m4'
	eor	\a1, \x0	; b0				m1'
.endm

; K0 byte j at (row i, column c) in register k (pattern mask p):
; k = K0[j] ^ p; stores K0[j] ^ R[j] ^ m at Y+q. 10.
.macro K0B k, p, j, q
	lds	\k, aes_key+\j
	eor	\k, \p
	lds	T, aes_rand+\j
	eor	T, M
	eor	T, \k
	eor	T, \p
	std	Y+\q, T
.endm

; K10 byte j in register k (pattern mask p): stores K10[j] ^ m' ^ R[j]
; at Y+j. 7.
.macro K10B k, p, j
	lds	T, aes_rand+\j
	eor	T, MP
	eor	T, \k
	eor	T, \p
	std	Y+\j, T
.endm

; Key step K(r-1) -> Kr, a column at a time (so that consecutive stores
; and S' lookups never carry two bytes under the same mask). The key
; registers hold K ^ (mu_i, g1, mu_i, g3) for columns 0..3 (row i), before
; and after. st = 1 (KSTEP): store Kr ^ mu_i at Y+q, q the byte's place
; in the order the rounds read it; st = 2 (KSTEP10): store K10 ^ m' ^ R_j
; at Y+j (K10B, 7 cycles in place of the store).

; column 0, row i: w0 ^= S(w3 of row i+1) (^ Rcon): 8 (+1). The S'
; byte lands in XL, over the masked index (m against m'), never over
; the S' byte of the row before (m' against m').
.macro KC0 k0, k3n, mu, q, st, rc
	mov	XL, \k3n
	eor	XL, G3M		; w3[i+1] ^ m
	ld	XL, X		; S(w3[i+1]) ^ m'
	eor	\k0, XL		; w0' ^ mu ^ m'
.if \rc
	eor	\k0, RC
.endif
	eor	\k0, MP		; w0' ^ mu
.if \st == 1
	std	Y+\q, \k0
.endif
.if \st == 2
	K10B	\k0, \mu, \q
.endif
.endm

; columns 1 and 3, row i: w ^= the column before; held under g
; (g1 or g3), stored under mu: 6 (st = 2: 2 + 7)
.macro KC1 k, kp, mu, g, q, st
	eor	\k, \kp		; w' ^ g ^ mu
.if \st == 1
	mov	T, \k
	eor	T, \g
	std	Y+\q, T		; w' ^ mu
.endif
	eor	\k, \mu		; w' ^ g
.if \st == 2
	K10B	\k, \g, \q
.endif
.endm

; column 2, row i: w2 ^= w1: 4 (st = 2: 2 + 7)
.macro KC2 k, kp, mu, q, st
	eor	\k, \kp		; w2' ^ mu ^ g1
	eor	\k, G1		; w2' ^ mu
.if \st == 1
	std	Y+\q, \k
.endif
.if \st == 2
	K10B	\k, \mu, \q
.endif
.endm

; K(r-1) -> Kr, stored as Kr ^ mu_i in the rounds' order: 97
.macro KSTEP
	KC0	r0, r13, MU0, 5, 1, 1
	KC0	r1, r14, MU1, 4, 1, 0
	KC0	r2, r15, MU2, 0, 1, 0
	KC0	r3, r12, MU3, 12, 1, 0
	KC1	r4, r0, MU0, G1, 7, 1
	KC1	r5, r1, MU1, G1, 6, 1
	KC1	r6, r2, MU2, G1, 11, 1
	KC1	r7, r3, MU3, G1, 15, 1
	KC2	r8, r4, MU0, 9, 1
	KC2	r9, r5, MU1, 8, 1
	KC2	r10, r6, MU2, 14, 1
	KC2	r11, r7, MU3, 13, 1
	KC1	r12, r8, MU0, G3, 2, 1
	KC1	r13, r9, MU1, G3, 10, 1
	KC1	r14, r10, MU2, G3, 3, 1
	KC1	r15, r11, MU3, G3, 1, 1
.endm

; K9 -> K10, stored as K10 ^ m' ^ R at Y+j as it goes
.macro KSTEP10
	KC0	r0, r13, MU0, 0, 2, 1
	KC0	r1, r14, MU1, 1, 2, 0
	KC0	r2, r15, MU2, 2, 2, 0
	KC0	r3, r12, MU3, 3, 2, 0
	KC1	r4, r0, MU0, G1, 4, 2
	KC1	r5, r1, MU1, G1, 5, 2
	KC1	r6, r2, MU2, G1, 6, 2
	KC1	r7, r3, MU3, G1, 7, 2
	KC2	r8, r4, MU0, 8, 2
	KC2	r9, r5, MU1, 9, 2
	KC2	r10, r6, MU2, 10, 2
	KC2	r11, r7, MU3, 11, 2
	KC1	r12, r8, MU0, G3, 12, 2
	KC1	r13, r9, MU1, G3, 13, 2
	KC1	r14, r10, MU2, G3, 14, 2
	KC1	r15, r11, MU3, G3, 15, 2
.endm


; AddRoundKey + SubBytes + ShiftRows of one byte: the next masked key
; byte (X+) ^ s indexes S' (page in YH); the result lands in d, then
; is remasked from m' to its row mask (c = m' ^ m_row). 6.
;   YL <- k ^ mu_i		over the last index y ^ m: differs by y^k^m_i'
;   YL <- x ^ k ^ m		differs by s = x ^ m_i'
;   d  <- S(x ^ k) ^ m'		over a spent byte or temporary (m1..m4 mix)
;   d  <- S(x ^ k) ^ m_(i+1)	differs by m' ^ m_(i+1)
; Buses: key byte, S' byte, key byte, ...; &key, S' + (x ^ k ^ m), &key:
; the key load keeps two indices (both under m) and two S' bytes (both
; under m') from ever being consecutive on YL, the result bus or the
; data and address buses.
.macro SBR d, s, c
	ld	YL, X+
	eor	YL, \s
	ld	\d, Y
	eor	\d, \c
.endm

; the same without the remask (last round). 5.
.macro SBL d, s
	ld	YL, X+
	eor	YL, \s
	ld	\d, Y
.endm

; the 16 bytes, layout B -> layout A, in the order the round keys are
; stored (key byte 2, 15, 12, 14, 1, 0, 5, 4, 9, 8, 13, 6, 3, 11, 10, 7)
.macro SUBROUND
	SBR	r10, r3, C2
	SBR	r3, r12, C3
	SBR	r12, r6, C0
	SBR	r6, r13, C2
	SBR	r13, r0, C1
	SBR	r0, r1, C0
	SBR	r1, r4, C1
	SBR	r4, r5, C0
	SBR	r5, r8, C1
	SBR	r8, r9, C0
	SBR	r9, r14, C1
	SBR	r14, r7, C2
	SBR	r7, r17, C3
	SBR	r15, r2, C3
	SBR	r2, r11, C2
	SBR	r11, r16, C3
.endm

.macro SUBLAST
	SBL	r10, r3
	SBL	r3, r12
	SBL	r12, r6
	SBL	r6, r13
	SBL	r13, r0
	SBL	r0, r1
	SBL	r1, r4
	SBL	r4, r5
	SBL	r5, r8
	SBL	r8, r9
	SBL	r9, r14
	SBL	r14, r7
	SBL	r7, r17
	SBL	r15, r2
	SBL	r2, r11
	SBL	r11, r16
.endm

; output byte j (in rj): ^ (K10 ^ m' ^ R), store. 5.
.macro OUTB j
	ld	T, X+
	eor	r\j, T
	sts	aes_state+\j, r\j
.endm

; state byte j into register b (layout B), aes_state+j cleared. 4.
.macro INB b, j
	lds	\b, aes_state+\j
	sts	aes_state+\j, RC
.endm

; ---- aes_encrypt
	.text
	.global aes_encrypt
aes_encrypt:
; masks
	lds	G3M, aes_rand+16	; m
	lds	MP, aes_rand+17		; m'
; masked S-box: S'[i ^ m] = S[i] ^ m'
	ldi	ZL, lo8(aes_sbox)
	ldi	ZH, hi8(aes_sbox)
	ldi	YH, hi8(aes_sboxm)
	mov	YL, G3M
	ldi	r16, 1
	ldi	r17, 3
	ldi	r18, 7
	ldi	r19, 15
	ldi	RC, 16
1:	TG	r16
	TG	r17
	TG	r16
	TG	r18
	TG	r16
	TG	r17
	TG	r16
	TG	r19
	TG	r16
	TG	r17
	TG	r16
	TG	r18
	TG	r16
	TG	r17
	TG	r16
	lpm	T, Z+
	eor	T, MP
	st	Y, T
	mov	YL, ZL
	eor	YL, G3M
	dec	RC
	breq	5f
	rjmp	1b
5:
; row masks and their MixColumns images
	lds	r0, aes_rand+18		; m1
	lds	r1, aes_rand+19		; m2
	lds	r2, aes_rand+20		; m3
	lds	r3, aes_rand+21		; m4
	ldi	ZH, hi8(aes_xtime)
	MIXCOL	r0, r1, r2, r3, r16, r17, r18	; m1' r1, m2' r0, m3' r3, m4' r17
	mov	MU3, r17
	eor	MU3, G3M
	mov	MU0, r1
	eor	MU0, G3M
	mov	MU1, r0
	eor	MU1, G3M
	mov	MU2, r3
	eor	MU2, G3M
	lds	G1, aes_rand+22
	lds	G3, aes_rand+23
	mov	M, G3M
	eor	G3M, G3
; K0
	ldi	YL, lo8(aes_rk)
	ldi	YH, hi8(aes_rk)
	K0B	r0, MU0, 0, 5
	K0B	r1, MU1, 1, 4
	K0B	r2, MU2, 2, 0
	K0B	r3, MU3, 3, 12
	K0B	r4, G1, 4, 7
	K0B	r5, G1, 5, 6
	K0B	r6, G1, 6, 11
	K0B	r7, G1, 7, 15
	K0B	r8, MU0, 8, 9
	K0B	r9, MU1, 9, 8
	K0B	r10, MU2, 10, 14
	K0B	r11, MU3, 11, 13
	K0B	r12, G3, 12, 2
	K0B	r13, G3, 13, 10
	K0B	r14, G3, 14, 3
	K0B	r15, G3, 15, 1
; K1..K9
	ldi	XH, hi8(aes_sboxm)
	ldi	RC, 1
	ldi	r30, 9
2:	adiw	YL, 16
	KSTEP
	lsl	RC
	brcc	3f
	ldi	RC, 0x1b
3:	dec	r30
	breq	6f
	rjmp	2b
6:
; K10
	adiw	YL, 16
	KSTEP10
; remask constants
	lds	C0, aes_rand+18
	eor	C0, MP
	lds	C1, aes_rand+19
	eor	C1, MP
	lds	C2, aes_rand+20
	eor	C2, MP
	lds	T, aes_rand+21
	eor	C3, T
; the block (p ^ R) into layout B; aes_state cleared
	ldi	RC, 0
	INB	r1, 0
	INB	r0, 1
	INB	r3, 2
	INB	r17, 3
	INB	r5, 4
	INB	r4, 5
	INB	r7, 6
	INB	r16, 7
	INB	r9, 8
	INB	r8, 9
	INB	r11, 10
	INB	r2, 11
	INB	r6, 12
	INB	r14, 13
	INB	r13, 14
	INB	r12, 15
; rounds 1..9
	ldi	XL, lo8(aes_rk)
	ldi	XH, hi8(aes_rk)
	ldi	YH, hi8(aes_sboxm)
	ldi	ZH, hi8(aes_xtime)
	ldi	CNT, 9
4:	SUBROUND
	MIXCOL	r0, r1, r2, r3, r16, r17, r18
	MIXCOL	r4, r5, r6, r7, r2, r16, r18
	MIXCOL	r8, r9, r10, r11, r6, r2, r18
	MIXCOL	r13, r14, r15, r12, r10, r6, r18
	dec	CNT
	breq	7f
	rjmp	4b
7:
; round 10
	SUBLAST
	OUTB	0
	OUTB	1
	OUTB	2
	OUTB	3
	OUTB	4
	OUTB	5
	OUTB	6
	OUTB	7
	OUTB	8
	OUTB	9
	OUTB	10
	OUTB	11
	OUTB	12
	OUTB	13
	OUTB	14
	OUTB	15
	ret
