! UMUL, SMUL, UDIV and SDIV fetched from an I-cache line still being
! filled. The multiplier and the divider advance only while the pipeline
! is not held (mul.vhd, div.vhd: holdn), and a multi-cycle instruction
! holds the fetch, so a word of the line arriving meanwhile underruns
! the I-cache (icache.vhd) and the pipeline waits for the fill's end.
! Eight cold lines run once, straight through, each with one operation
! at another word (1, 3, 5, 6). The control (--defsym CONTROL=1) has an
! ADD in place of each.
!
! %g1, %g2 operands, %g3 result.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .macro  op      insn, before, after
        .align  32
        .rept   \before
        nop
        .endr
        .ifdef  CONTROL
        add     %g1, %g2, %g3
        .else
        \insn   %g1, %g2, %g3
        .endif
        .rept   \after
        nop
        .endr
        .endm
        .align  32
body:   mov     1000, %g1
        mov     7, %g2
        wr      %g0, %y
        nop; nop; nop
        op      umul, 1, 6
        op      smul, 3, 4
        op      udiv, 5, 2
        op      sdiv, 6, 1
        op      udiv, 1, 6
        op      sdiv, 3, 4
        op      umul, 5, 2
        op      smul, 6, 1
        .align  32
        ba      _halt
        nop
