! gfotf.s: AES-128 encryption and decryption (from K10) with the key
! schedule on the fly, seed 003's sbox instruction and gf2mul/gf2mac;
! state and key in registers: 4 LDD, 2 STD (8 loads, 4 stores). Register
! map and the shared steps in otfregs.inc.
!
! MixColumns (5.1.3) of a column a as a polynomial in X = x^8, byte L
! (bits 8L+7:8L) the coefficient of X^L: out = 2a_L ^ 3a_L-1 ^ a_L-2 ^
! a_L-3 in byte L, that is a times (2 + 3X + X^2 + X^3) modulo X^4 + 1.
! gf2mul gives the 64-bit carry-less product; modulo X^4 + 1 is the low
! word XOR the high word (%y). Taking the input rotated right one byte
! (j = -1, which SubBytes+ShiftRows writes for free) and the constant
! times X, the output comes back unrotated:
!   a (x) 0x01030201                       (1 + 2X + 3X^2 + X^3)
! Byte times 2 or 3 spills its bit 7 into bit 0 two and three bytes up;
! m = a & 0x80808080 times 0x00023436 = 0x11b x (X + X^2) / x^7 removes
! each spilled bit and adds 0x1b in its place (xtime):
!   out = fold(a (x) 0x01030201 ^ m (x) 0x00023436)
! 6 cycles a column with AddRoundKey.
!
! InvMixColumns (5.3.3) = MixColumns after p = a ^ 4 (a ^ a rotated two
! rows), p as fold(a (x) 0x05000400 ^ h (x) 0x046c046c), h = a &
! 0xc0c0c0c0 (the two bits a byte spills under {04}; (5 + 4X^2) X^3: the
! spilled bits leave bit 8 of bytes L+3 and L+1 and come back as {1b}
! there); that gives p rotated right one byte, and MixColumns as above
! brings it back: the state between decryption rounds is unrotated. 10
! cycles a column.
!
! Cycles, encryption: save 1, loads 10, constants 6, K0 4, rounds 1-9
! 9 x 50 (key step 10, SubBytes+ShiftRows 16, MixColumns+AddRoundKey
! 4 x 6), round 10: key step 10, then 16 sbox and 4 XOR with the first
! STD between the halves, STD, RET + RESTORE.
! Decryption: loads, constants 12, K10 4, rounds 9-1 9 x 70 (key step
! 10, InvSubBytes+InvShiftRows 16, AddRoundKey 4, InvMixColumns 4 x 10),
! round 0 as round 10.

        .include "otfregs.inc"

! Constants: %g1 = 0x80808080, %g2 = 0x01030201, %g3 = 0x00023436.
        .macro  MCCONST
        sethi   %hi(0x80808080), %g1
        or      %g1, %lo(0x80808080), %g1
        sethi   %hi(0x01030201), %g2
        or      %g2, %lo(0x01030201), %g2
        sethi   %hi(0x00023436), %g3
        or      %g3, %lo(0x00023436), %g3
        .endm

! MixColumns of a column A (rotated right one byte), then ^ K into S.
        .macro  MCCOL a, k, s
        and     \a, %g1, %i5            ! m: bit 7 of each byte
        gf2mul  \a, %g2, %g0            ! a (x) 0x01030201
        gf2mac  %i5, %g3, %o1           ! ^ m (x) 0x23436: low word
        rd      %y, %o0                 ! high word
        xor     %o1, %o0, %o0           ! fold: MixColumns
        xor     %o0, \k, \s             ! AddRoundKey
        .endm

! Encryption round 1-9 with Rcon RC: the key step, then the round.
! 50 cycles.
        .macro  ENCROUND rc
        KEYSTEP \rc
        SUBSHIFT 0, 3                   ! a0-a3 rotated right one byte
        MCCOL   %i0, %l4, %l0
        MCCOL   %i1, %l5, %l1
        MCCOL   %i2, %l6, %l2
        MCCOL   %i3, %l7, %l3
        .endm

        .text
        .align  4
        .global aes_encrypt_gf
aes_encrypt_gf:
        save    %sp, -96, %sp
        LOADALL
        MCCONST
        ADDKEY                          ! round 0: K0
        ENCROUND 0x01
        ENCROUND 0x02
        ENCROUND 0x04
        ENCROUND 0x08
        ENCROUND 0x10
        ENCROUND 0x20
        ENCROUND 0x40
        ENCROUND 0x80
        ENCROUND 0x1b
        KEYSTEP 0x36                    ! round 10: no MixColumns
        LASTSUB_STORE_RET SBOX_FWD

! Decryption constants besides MCCONST's: %g4 = 0xc0c0c0c0,
! %g5 = 0x05000400, %g6 = 0x046c046c.
        .macro  IMCCONST
        sethi   %hi(0xc0c0c0c0), %g4
        or      %g4, %lo(0xc0c0c0c0), %g4
        sethi   %hi(0x05000400), %g5
        or      %g5, %lo(0x05000400), %g5
        sethi   %hi(0x046c046c), %g6
        or      %g6, %lo(0x046c046c), %g6
        .endm

! InvMixColumns of A (unrotated) into S (unrotated).
        .macro  IMCCOL a, s
        and     \a, %g4, %i5            ! h: bits 7:6 of each byte
        gf2mul  \a, %g5, %g0            ! a (x) (5 + 4X^2) X^3
        gf2mac  %i5, %g6, %o1           ! ^ h (x) 0x046c046c
        rd      %y, %o0
        xor     %o1, %o0, %o0           ! p = a ^ 4 (a ^ rot2 a), rotated right 1
        and     %o0, %g1, %i5           ! MixColumns of p as MCCOL
        gf2mul  %o0, %g2, %g0
        gf2mac  %i5, %g3, %o1
        rd      %y, %o0
        xor     %o1, %o0, \s
        .endm

! Decryption round r (9..1): K_r+1 -> K_r with RC = Rcon[r+1]. 70 cycles.
        .macro  DECROUND rc
        INVKEYSTEP \rc
        ISUBSHIFT 0, 0
        xor     %i0, %l4, %i0           ! AddRoundKey K_r
        xor     %i1, %l5, %i1
        xor     %i2, %l6, %i2
        xor     %i3, %l7, %i3
        IMCCOL  %i0, %l0
        IMCCOL  %i1, %l1
        IMCCOL  %i2, %l2
        IMCCOL  %i3, %l3
        .endm

        .global aes_decrypt_gf
aes_decrypt_gf:
        save    %sp, -96, %sp
        LOADALL                         ! the key buffer holds K10
        MCCONST
        IMCCONST
        ADDKEY                          ! K10
        DECROUND 0x36
        DECROUND 0x1b
        DECROUND 0x80
        DECROUND 0x40
        DECROUND 0x20
        DECROUND 0x10
        DECROUND 0x08
        DECROUND 0x04
        DECROUND 0x02
        INVKEYSTEP 0x01                 ! K1 -> K0
        LASTSUB_STORE_RET SBOX_INV

        BUFFERS
