! gfotf-small.s: AES-128 encryption and decryption (from K10) with the key
! schedule on the fly, seed 003's sbox instruction and gf2mul/gf2mac,
! state and key in registers (4 LDD, 2 STD), one round in a loop: the
! rolled form of gfotf.s (same MixColumns; register map and shared steps
! in otfregs.inc).
!
! Rcon lives in %o5 as rc << 24: forward rc <<= 1 with 0x1b added when
! bit 7 leaves (sra gives the mask), backward rc >>= 1 with 0x8d added
! when bit 0 leaves. Both loops end on the value of rc, which is the same
! for every key and block: constant time, no data-dependent address.
!
! InvMixColumns = MixColumns after p = a ^ 4 (a ^ a rotated two rows);
! p is taken rotated right one byte, fold(a (x) 0x05000400 ^ h (x)
! 0x046c046c) with h = a & 0xc0c0c0c0 ((5 + 4X^2) X^3: the spilled bits
! of a byte times 4 leave bit 8 of byte L+3 and L+1 and come back as
! {1b} in byte L+3 and L+1), so MixColumns of it comes out unrotated and
! every decryption round is the same.
!
! Cycles, encryption: save 1, loads 10, constants 9, K0 4; rounds 1-9 in
! the loop 9 x 55 (key step 9, Rcon and test 5, SubBytes+ShiftRows 16,
! MixColumns+AddRoundKey 24, branch 1); round 10: key step 9, 16 sbox
! and 4 XOR with the first STD between, STD, RET + RESTORE.
! Decryption: constants 15, K10 4; rounds 9-1 9 x 76 (key step 9, Rcon
! and test 6, InvSubBytes+InvShiftRows 16, AddRoundKey 4, InvMixColumns
! 40, branch 1); round 0 as round 10.

        .include "otfregs.inc"

! %g1 = 0x80808080, %g2 = 0x01030201, %g3 = 0x00023436 (gfotf.s).
        .macro  MCCONST
        sethi   %hi(0x80808080), %g1
        or      %g1, %lo(0x80808080), %g1
        sethi   %hi(0x01030201), %g2
        or      %g2, %lo(0x01030201), %g2
        sethi   %hi(0x00023436), %g3
        or      %g3, %lo(0x00023436), %g3
        .endm

! MixColumns of A (rotated right one byte), then ^ K into S. 6 cycles.
        .macro  MCCOL a, k, s
        and     \a, %g1, %i5            ! m: bit 7 of each byte
        gf2mul  \a, %g2, %g0            ! a (x) 0x01030201
        gf2mac  %i5, %g3, %o1           ! ^ m (x) 0x23436: low word
        rd      %y, %o0                 ! high word
        xor     %o1, %o0, %o0           ! fold: MixColumns
        xor     %o0, \k, \s             ! AddRoundKey
        .endm

! Key step with Rcon (rc << 24) in %o5: 9 cycles.
        .macro  KEYSTEPR
        SUBROT
        xor     %l4, %i4, %l4           ! w0 ^= SubWord(RotWord(w3))
        xor     %l4, %o5, %l4           ! w0 ^= Rcon
        xor     %l5, %l4, %l5           ! w1 ^= w0
        xor     %l6, %l5, %l6           ! w2 ^= w1
        xor     %l7, %l6, %l7           ! w3 ^= w2
        .endm

! Its inverse: 9 cycles.
        .macro  INVKEYSTEPR
        xor     %l7, %l6, %l7           ! w3 ^= w2
        xor     %l6, %l5, %l6           ! w2 ^= w1
        xor     %l5, %l4, %l5           ! w1 ^= w0
        SUBROT
        xor     %l4, %i4, %l4           ! w0 ^= SubWord(RotWord(w3))
        xor     %l4, %o5, %l4           ! w0 ^= Rcon
        .endm

        .text
        .align  4
        .global aes_encrypt_gfs
aes_encrypt_gfs:
        save    %sp, -96, %sp
        LOADALL
        MCCONST
        sethi   %hi(0x1b000000), %g7    ! Rcon reduction
        sethi   %hi(0x36000000), %o7    ! Rcon of round 10: end of the loop
        sethi   %hi(0x01000000), %o5    ! Rcon[1]
        ADDKEY                          ! round 0: K0
1:      KEYSTEPR                        ! rounds 1-9
        sra     %o5, 31, %o2            ! rc = xtime(rc)
        sll     %o5, 1, %o5
        and     %o2, %g7, %o2
        xor     %o5, %o2, %o5
        cmp     %o5, %o7
        SUBSHIFT 0, 3                   ! a0-a3 rotated right one byte
        MCCOL   %i0, %l4, %l0
        MCCOL   %i1, %l5, %l1
        MCCOL   %i2, %l6, %l2
        and     %i3, %g1, %i5
        gf2mul  %i3, %g2, %g0
        gf2mac  %i5, %g3, %o1
        rd      %y, %o0
        xor     %o1, %o0, %o0
        bne     1b
        xor     %o0, %l7, %l3
        KEYSTEPR                        ! round 10: no MixColumns
        LASTSUB_STORE_RET SBOX_FWD

! InvMixColumns of A (unrotated) into S (unrotated). 10 cycles.
        .macro  IMCCOL a, s
        and     \a, %g4, %i5            ! h: bits 7:6 of each byte
        gf2mul  \a, %g5, %g0            ! a (x) (5 + 4X^2) X^3
        gf2mac  %i5, %g6, %o1           ! ^ h (x) 0x046c046c
        rd      %y, %o0
        xor     %o1, %o0, %o0           ! p, rotated right one byte
        and     %o0, %g1, %i5           ! MixColumns of p as MCCOL
        gf2mul  %o0, %g2, %g0
        gf2mac  %i5, %g3, %o1
        rd      %y, %o0
        xor     %o1, %o0, \s
        .endm

        .global aes_decrypt_gfs
aes_decrypt_gfs:
        save    %sp, -96, %sp
        LOADALL                         ! the key buffer holds K10
        MCCONST
        sethi   %hi(0xc0c0c0c0), %g4
        or      %g4, %lo(0xc0c0c0c0), %g4
        sethi   %hi(0x05000400), %g5
        or      %g5, %lo(0x05000400), %g5
        sethi   %hi(0x046c046c), %g6
        or      %g6, %lo(0x046c046c), %g6
        sethi   %hi(0x8d800000), %g7    ! Rcon reduction backwards (and bit 0 gone)
        sethi   %hi(0x01000000), %o7    ! Rcon[1]: end of the loop
        sethi   %hi(0x36000000), %o5    ! Rcon[10]
        ADDKEY                          ! K10
1:      INVKEYSTEPR                     ! rounds 9-1: K_r+1 -> K_r
        sll     %o5, 7, %o2             ! rc = rc / {02}
        sra     %o2, 31, %o2
        and     %o2, %g7, %o2
        srl     %o5, 1, %o5
        xor     %o5, %o2, %o5
        cmp     %o5, %o7
        ISUBSHIFT 0, 0
        xor     %i0, %l4, %i0           ! AddRoundKey K_r
        xor     %i1, %l5, %i1
        xor     %i2, %l6, %i2
        xor     %i3, %l7, %i3
        IMCCOL  %i0, %l0
        IMCCOL  %i1, %l1
        IMCCOL  %i2, %l2
        and     %i3, %g4, %i5
        gf2mul  %i3, %g5, %g0
        gf2mac  %i5, %g6, %o1
        rd      %y, %o0
        xor     %o1, %o0, %o0
        and     %o0, %g1, %i5
        gf2mul  %o0, %g2, %g0
        gf2mac  %i5, %g3, %o1
        rd      %y, %o0
        bne     1b
        xor     %o1, %o0, %l3
        INVKEYSTEPR                     ! K1 -> K0
        LASTSUB_STORE_RET SBOX_INV

        BUFFERS
