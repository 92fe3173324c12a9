! ttotf.s: AES-128 encryption with the key schedule on the fly and four
! 1 KB T-tables, no extension; state and key in registers (4 LDD,
! 2 STD), fully unrolled. Register map as otfregs.inc, plus
!   %g1-%g4  TE0..TE3 (aes_te + 1024 r); TEr[x] = (2S, S, S, 3S)(x)
!            rotated right 8r bits, row 0 in bits 31:24 (tables.inc)
! The S-box is byte 0 (big-endian: row 0) of TE2[x] = (S, 3S, 2S, S).
!
! Cycles: save 1, loads 9, table bases 5, K0 4 (20); rounds 1-9 9 x 88
! (key step 24: four S-box bytes indexed, loaded, placed and added, Rcon,
! three XORs; four columns of 16: four indices of 2, four loads, four
! XORs); round 10: key step 24, four columns of 24 (16 S-box bytes of 6,
! 5 for row 3, a clear each), copy 4, key and store 10, ret 3: 949. Every index is an address into the
! tables: the data-cache lines read depend on the key and block.

        .include "otfregs.inc"
        .set    AES_NEED_TE4, 1

! IDX R, S, row: R = 4 x (byte of row ROW of S), an offset into a T-table.
        .macro  IDX r, s, row
        .if     \row == 0
        srl     \s, 22, \r
        .elseif \row == 1
        srl     \s, 14, \r
        .elseif \row == 2
        srl     \s, 6, \r
        .else
        sll     \s, 2, \r
        .endif
        and     \r, 0x3fc, \r
        .endm

! TCOL RD, A, B, C, D, K: RD = TE0[row 0 of A] ^ TE1[row 1 of B] ^
! TE2[row 2 of C] ^ TE3[row 3 of D] ^ K: SubBytes, ShiftRows, MixColumns
! and AddRoundKey of one column. 16 cycles (no load-use stall: each
! loaded word is used two instructions later or more).
        .macro  TCOL rd, a, b, c, d, k
        IDX     %o0, \a, 0
        IDX     %o1, \b, 1
        IDX     %o2, \c, 2
        IDX     %i4, \d, 3
        ld      [%g1 + %o0], %o0
        ld      [%g2 + %o1], %o1
        ld      [%g3 + %o2], %o2
        ld      [%g4 + %i4], %i4
        xor     %o0, %o1, %o0
        xor     %o0, %o2, %o0
        xor     %o0, %i4, %o0
        xor     %o0, \k, \rd
        .endm

! SBYTE RD, S, ROW, TO: RD ^= S(byte of row ROW of S) placed in row TO.
! 6 cycles (5 for TO = 3).
        .macro  SBYTE rd, s, row, to
        IDX     %o0, \s, \row
        ldub    [%g3 + %o0], %o0
        nop                             ! (the load-use cycle, filled)
        .if     \to - 3              ! (gas on SPARC: "!" starts a comment)
        sll     %o0, 24 - 8 * \to, %o0
        .endif
        xor     \rd, %o0, \rd
        .endm

! Key expansion step with Rcon RC: 24 cycles (the four S-box bytes
! indexed, loaded, placed and added in turn, so no load waits).
        .macro  TKEYSTEP rc
        IDX     %o0, %l7, 1             ! SubWord(RotWord(w3)): rows 1 2 3 0
        IDX     %o1, %l7, 2
        IDX     %o2, %l7, 3
        IDX     %i4, %l7, 0
        ldub    [%g3 + %o0], %o0
        ldub    [%g3 + %o1], %o1
        ldub    [%g3 + %o2], %o2
        ldub    [%g3 + %i4], %i4
        sll     %o0, 24, %o0            ! into rows 0 1 2 (3 stays)
        sll     %o1, 16, %o1
        sll     %o2, 8, %o2
        sethi   %hi((\rc)<<24), %i5
        xor     %l4, %o0, %l4           ! w0 ^= SubWord(RotWord(w3))
        xor     %l4, %o1, %l4
        xor     %l4, %o2, %l4
        xor     %l4, %i4, %l4
        xor     %l4, %i5, %l4           ! w0 ^= Rcon
        xor     %l5, %l4, %l5           ! w1 ^= w0
        xor     %l6, %l5, %l6           ! w2 ^= w1
        xor     %l7, %l6, %l7           ! w3 ^= w2
        .endm

! Round 1-9 from state S0-S3 into D0-D3 (the state alternates between
! %l0-%l3 and %i0-%i3, so no copy). 88 cycles.
        .macro  TROUND rc, s0, s1, s2, s3, d0, d1, d2, d3
        TKEYSTEP \rc
        TCOL    \d0, \s0, \s1, \s2, \s3, %l4
        TCOL    \d1, \s1, \s2, \s3, \s0, %l5
        TCOL    \d2, \s2, \s3, \s0, \s1, %l6
        TCOL    \d3, \s3, \s0, \s1, \s2, %l7
        .endm

        .macro  TROUND2 rc1, rc2
        TROUND  \rc1, %l0, %l1, %l2, %l3, %i0, %i1, %i2, %i3
        TROUND  \rc2, %i0, %i1, %i2, %i3, %l0, %l1, %l2, %l3
        .endm

! Round 10 column: RD = (S(row 0 of A), S(row 1 of B), S(row 2 of C),
! S(row 3 of D)), key added by STOREALL_RET.
        .macro  LCOL rd, a, b, c, d
        mov     0, \rd
        SBYTE   \rd, \a, 0, 0
        SBYTE   \rd, \b, 1, 1
        SBYTE   \rd, \c, 2, 2
        SBYTE   \rd, \d, 3, 3
        .endm

        .text
        .align  4
        .global aes_encrypt_tt
aes_encrypt_tt:
        save    %sp, -96, %sp
        LOADALL
        sethi   %hi(aes_te), %g1
        or      %g1, %lo(aes_te), %g1
        add     %g1, 1024, %g2
        add     %g2, 1024, %g3
        add     %g3, 1024, %g4
        ADDKEY                          ! round 0: K0
        TROUND2 0x01, 0x02
        TROUND2 0x04, 0x08
        TROUND2 0x10, 0x20
        TROUND2 0x40, 0x80
        TROUND  0x1b, %l0, %l1, %l2, %l3, %i0, %i1, %i2, %i3
        TKEYSTEP 0x36                   ! round 10: state in %i0-%i3
        LCOL    %l0, %i0, %i1, %i2, %i3
        LCOL    %l1, %i1, %i2, %i3, %i0
        LCOL    %l2, %i2, %i3, %i0, %i1
        LCOL    %l3, %i3, %i0, %i1, %i2
        mov     %l0, %i0
        mov     %l1, %i1
        mov     %l2, %i2
        mov     %l3, %i3
        STOREALL_RET

        .include "tables.inc"
        BUFFERS
