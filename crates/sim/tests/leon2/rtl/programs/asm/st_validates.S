! Word stores into a D-cache line whose tag is present. The D-cache is
! write-through without allocation, but a word store (ST, STD) whose
! line's tag matches is a write hit even where the word was not valid,
! and the word becomes valid (dcache.vhd: write hit on tag and size,
! vmask); a byte store (STB) hits only a valid word. Per line, 8 lines:
! a load miss brings the tag (word 0), ST writes word 1, STB word 2 and
! STD words 4-5; the loads of those words afterwards hit (ST, STD) or
! miss (STB). The control (--defsym CONTROL=1) stores to a buffer the
! program never loads, whose tags never match.
!
! %o0 buffer (a line a pass), %o1 the control's store buffer, %g7 pass
! count, %g1 loaded, %g2-%g3 stored, %g4-%g5 loaded by LDD.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .align  32
body:   set     buf, %o0
        set     other, %o1
        mov     8, %g7
        mov     1, %g2
        mov     2, %g3
1:      ld      [%o0], %g1
        .ifdef  CONTROL
        st      %g2, [%o1 + 4]
        .else
        st      %g2, [%o0 + 4]
        .endif
        nop; nop; nop
        .ifdef  CONTROL
        stb     %g2, [%o1 + 8]
        .else
        stb     %g2, [%o0 + 8]
        .endif
        nop; nop; nop
        .ifdef  CONTROL
        std     %g2, [%o1 + 16]
        .else
        std     %g2, [%o0 + 16]
        .endif
        nop; nop; nop; nop
        ld      [%o0 + 4], %g1
        nop
        ldub    [%o0 + 8], %g1
        nop
        ldd     [%o0 + 16], %g4
        nop
        add     %o0, 32, %o0
        add     %o1, 32, %o1
        subcc   %g7, 1, %g7
        bne     1b
        nop
        ba      _halt
        nop
        .align  32
buf:    .skip   256
other:  .skip   256
