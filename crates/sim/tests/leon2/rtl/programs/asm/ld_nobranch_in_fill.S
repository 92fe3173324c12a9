! Control for ld_branch_in_fill.S: the same loops with a nop between each
! load and its branch, so the branch is decoded a word later, after the
! load's read has started.
!
! %o0 source pointer (a word further each load), %o1 pass count,
! %o2 loaded word, %o3 sum.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .align  32
body:   set     src, %o0
        mov     0, %o3
        .rept   4
        .align  32
        mov     4, %o1
1:      subcc   %o1, 1, %o1
        ld      [%o0], %o2
        nop                     ! the control's extra word
        bne     1b
        add     %o0, 4, %o0
        add     %o3, %o2, %o3
        mov     4, %o1
        .align  32
2:      ld      [%o0], %o2
        nop                     ! the control's extra word
        ba      3f
        add     %o0, 4, %o0
3:      subcc   %o1, 1, %o1
        bne     2b
        add     %o3, %o2, %o3
        .endr
        ba      _halt
        nop
        .align  32
src:    .skip   512
