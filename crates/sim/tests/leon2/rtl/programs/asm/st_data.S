! A store whose data register the instruction just before it loaded.
! With a load delay of one cycle (lddelay 1, the reference build) the
! integer unit has no interlock on a store's data (iu.vhd checks store
! data against a load in flight only when lddelay is 2): the store issues
! in the cycle after the load, as any independent instruction would.
! Three pairs an iteration, word, byte and halfword, 16 iterations; the
! loads hit after the first pass. The control (--defsym CONTROL=1)
! stores a register no load wrote.
!
! %o0 buffer, %g7 pass count, %g1-%g3 loaded words, %g4 a constant.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .align  32
body:   set     buf, %o0
        mov     16, %g7
        mov     5, %g4
1:      ld      [%o0], %g1
        .ifdef  CONTROL
        st      %g4, [%o0 + 4]
        .else
        st      %g1, [%o0 + 4]
        .endif
        nop; nop; nop
        ldub    [%o0 + 8], %g2
        .ifdef  CONTROL
        stb     %g4, [%o0 + 13]
        .else
        stb     %g2, [%o0 + 13]
        .endif
        nop; nop; nop
        lduh    [%o0 + 16], %g3
        .ifdef  CONTROL
        sth     %g4, [%o0 + 22]
        .else
        sth     %g3, [%o0 + 22]
        .endif
        nop; nop; nop
        subcc   %g7, 1, %g7
        bne     1b
        nop
        ba      _halt
        nop
        .align  32
buf:    .word   1, 2, 3, 4, 5, 6, 7, 8
