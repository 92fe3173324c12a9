! Runs seed 003 routines from firmware/leon2/aes on the FIPS-197
! Appendix B key and block, the way the LEON2 RTL reference runs a
! program: from _start to _halt, cold, then again warm. OP1 to OP3 are
! the routines (gcc -DOP1=aes_key_setup ...); the block is copied in again
! before each of OP2 and OP3, so every run, and the warm rerun, computes on
! the same inputs and touches the same table entries.
!
! Register map: %o0 source, %o1 destination, %o2 byte offset, %o3 word,
! %g1 copy_key's return address.
        .text
        .global _start
_start: set     0x400ffe00, %sp
        call    copy_key
        nop
        call    OP1
        nop
#ifdef OP2
        call    copy_block
        nop
        call    OP2
        nop
#endif
#ifdef OP3
        call    copy_block
        nop
        call    OP3
        nop
#endif
        ba      _halt
        nop
        .align  32              ! _halt's line is cached before the last run ends
_halt:  ba      _halt
        nop

! the AES-128 key, then falls into copy_block for the block
copy_key:
        mov     %o7, %g1
        set     key, %o0
        set     aes_key, %o1
        call    copy16
        nop
        mov     %g1, %o7
copy_block:
        set     block, %o0
        set     aes_block, %o1
! 16 bytes from %o0 to %o1
copy16: mov     16, %o2
1:      subcc   %o2, 4, %o2
        ld      [%o0 + %o2], %o3
        bne     1b
        st      %o3, [%o1 + %o2]
        retl
        nop

        .align  8
key:    .word   0x2b7e1516, 0x28aed2a6, 0xabf71588, 0x09cf4f3c
block:  .word   0x3243f6a8, 0x885a308d, 0x313198a2, 0xe0370734
