! A memory access right after a load that missed the D-cache: the
! D-cache passes through its state "011" before it takes the next access
! (dcache.vhd), one cycle more whatever that access is. Per iteration, 16
! iterations: a load miss (a fresh word each time) followed by a load
! hit, a store, an LDD hit and a byte load hit. The control
! (--defsym CONTROL=1) puts a NOP between each miss and its access.
!
! %o0 the missing words, %o1 a line that stays cached, %g7 pass count,
! %g1-%g5 loaded and stored words.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .macro  pair    access
        ld      [%o0], %g1
        add     %o0, 4, %o0
        .ifdef  CONTROL
        nop
        .endif
        \access
        nop; nop; nop
        .endm
        .align  32
body:   set     buf, %o0
        set     hot, %o1
        ldd     [%o1], %g4      ! the hot line's words 0-1 now cached
        ld      [%o1 + 8], %g0  ! and word 2
        mov     16, %g7
1:      pair    "ld [%o1], %g2"
        pair    "st %g2, [%o1 + 12]"
        pair    "ldd [%o1], %g4"
        pair    "ldub [%o1 + 9], %g3"
        subcc   %g7, 1, %g7
        bne     1b
        nop
        ba      _halt
        nop
        .align  32
hot:    .word   1, 2, 3, 4, 5, 6, 7, 8
        .align  32
buf:    .skip   256
