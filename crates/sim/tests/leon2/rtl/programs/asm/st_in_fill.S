! Stores issued while an I-cache line streams in. A store waits only
! while the one before it is still in the write buffer (dcache.vhd), and
! its write takes the bus in a gap between fills (acache.vhd). Cold
! lines run once, straight through: ST at word 1, STB at word 3, STH at
! word 6, two STs (words 2 and 4), STD at word 5, twice over. The control
! (--defsym CONTROL=1) has a NOP in place of each store.
!
! %o0 buffer, %g2-%g3 stored words.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .macro  store   insn, reg, off, before, after
        .rept   \before
        nop
        .endr
        .ifdef  CONTROL
        nop
        .else
        \insn   \reg, [%o0 + \off]
        .endif
        .rept   \after
        nop
        .endr
        .endm
        .align  32
body:   set     buf, %o0
        mov     3, %g2
        mov     4, %g3
        .rept   2
        .align  32
        store   st, %g2, 0, 1, 6
        .align  32
        store   stb, %g2, 5, 3, 4
        .align  32
        store   sth, %g2, 10, 6, 1
        .align  32
        store   st, %g2, 12, 2, 1
        store   st, %g3, 16, 0, 3
        .align  32
        store   std, %g2, 24, 5, 2
        .endr
        .align  32
        ba      _halt
        nop
        .align  32
buf:    .skip   64
