; AES-128 encryption with an on-the-fly key schedule for the MCS-51, fully
; unrolled: fast.asm's steps without the loop, and SubBytes+ShiftRows as
; one XCH chain through all sixteen bytes.
; cardlab firmware: firmware/mcs51/aes/unrolled.asm (manifest unrolled.toml)
;
; Written from FIPS-197. In fast.asm the S-box pass costs 56 cycles
; because ShiftRows leaves row 0 in place and splits row 2 into two
; swaps: eight XCH chains, each costing one MOV to start and one to end.
; Here the state is allowed to sit in a different physical order after
; every round, chosen so that the whole pass is one chain: the byte at
; offset p moves to p + K (mod 16), K odd, a single 16-cycle, 49 cycles.
; Logically the pass is still SubBytes+ShiftRows; the assembler tracks
; where each logical byte sits, so AddRoundKey, MixColumns and the key
; (kept in FIPS order) address the right bytes. After round r the logical
; byte l = row + 4 col sits at offset
;   Q(r, l) = (row + 4 ((col + r row) mod 4) + r K) mod 16
; (ShiftRows r times, then r strides of K). The last round's chain instead
; returns every byte to its FIPS place, Q(10, l) = l; that permutation
; happens to be a single 16-cycle too, for every odd K.
;
; Constant time: straight-line code, table reads through MOVC only.
;
; Interface (cardlab mcs51 ABI) and RAM map: as fast.asm, without R5
; (no round counter) and R6 (Rcon is an immediate).
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   entry                 2
;   rounds 1-9          208   AddRoundKey+SubBytes+ShiftRows 49 + 16,
;                             key step 41, MixColumns 4 x 25, page switches 2
;   round 10            110   65, K10 added on the way 45
;   RET 2
;   total: 2 + 9 x 208 + 110 + 2 = 1986
        .include "aes51.inc"

        .area   CSEG (ABS,CODE)

K       = 5                     ; the chain's stride (any odd number)

; AddRoundKey K(r-1) before the S-box, the key byte of logical byte l
        .mdelete KEYIN
        .macro  KEYIN   l
        xrl     a,ky+l
        .endm

; Rcon of the round being unrolled, an assembler symbol
        .mdelete RCONADD
        .macro  RCONADD
        xrl     a,#rcon
        .endm

; qpos = Q(r, l); round 10 puts every byte back: Q(10, l) = l
        .macro  QPOS    r,l
        .if     r-10
qpos    = ((l & 3) + (((l >> 2) + (r) * (l & 3)) & 3) * 4 + (r) * K) & 15
        .else
qpos    = l
        .endif
        .endm

; qlog = the logical byte at offset p after round r (Q's inverse): two's
; complement makes & 3 and & 15 the right remainders of negative numbers
        .macro  QLOG    r,p
qm      = ((p) - (r) * K) & 15
qlog    = (qm & 3) + (((qm >> 2) - (r) * (qm & 3)) & 3) * 4
        .endm

; qnext = where round r moves the byte at offset p: its logical byte goes
; to ShiftRows' place for it (qsr), at that place's offset after round r.
; (Macro arguments are split at blanks, so expressions pass as symbols.)
        .macro  QNEXT   r,p
        QLOG    r-1,p
qsr     = (qlog & 3) + (((qlog >> 2) - (qlog & 3)) & 3) * 4
        QPOS    r,qsr
qnext   = qpos
        .endm

; AddRoundKey K(r-1), SubBytes and ShiftRows of round r: one chain from
; offset 0 round the 16-cycle. 1 + 16 x 3 + 15 + 1 = 65 cycles
        .macro  CHAIN16 r
        QLOG    r-1,0
        mov     a,st+0
        SBOX    qlog,0
p       = 0
        .rept   15
        QNEXT   r,p
p       = qnext
        QLOG    r-1,p
        xch     a,st+p
        SBOX    qlog,0
        .endm
        mov     st+0,a
        .endm

; MixColumns of round r, the column bytes where round r left them: 100
        .macro  MIXQ    r
        .irp    c,0,4,8,12
        QPOS    r,c
m0      = qpos
        QPOS    r,c+1
m1      = qpos
        QPOS    r,c+2
m2      = qpos
        QPOS    r,c+3
m3      = qpos
        MIXCOL  st+m0,st+m1,st+m2,st+m3
        .endm
        .endm

        .org    0x0000
aes_encrypt::
        mov     dptr,#aes_sbox
round   = 1
rcon    = 0x01
        .rept   9
        CHAIN16 round
        KEYNEXT
        TO_XTIME
        MIXQ    round
        TO_SBOX
round   = round + 1
rcon    = ((rcon << 1) ^ ((rcon >> 7) * 0x11b)) & 0xff
        .endm
        CHAIN16 10
        KEYLAST
        ret
