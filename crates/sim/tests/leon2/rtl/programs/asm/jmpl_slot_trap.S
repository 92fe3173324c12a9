! A trap taken by the instruction in a JMPL's delay slot. The JMPL's
! target is computed in its execute stage, so the fetch unit has already
! fetched the word after the delay slot (the wrong-path slot); when the
! delay slot traps, the write stage's annul (iu.vhd, annul_all) discards
! that word together with the trap's pipeline flush. Two returns, 12
! calls each: `retl` with `ta 5` in its slot, and a `jmp` through a
! register with `ta 6` in its slot. Each handler returns past the
! trapping instruction (jmp %l2; rett %l2 + 4). The control
! (--defsym CONTROL=1) traps one instruction before the JMPL, whose slot
! is then a nop.
!
! %g7 pass count, %g5 the jump's target; trap table at ttab (%tbr).
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .align  32
body:   set     ttab, %g1
        wr      %g1, %tbr
        wr      %g0, 0xe0, %psr ! S = 1, PS = 1, ET = 1
        nop; nop; nop
        mov     12, %g7
1:      call    ret_trap
        nop
        set     2f, %g5
        b       jmp_trap
        nop
2:      subcc   %g7, 1, %g7
        bne     1b
        nop
        ba      _halt
        nop
        .align  32
ret_trap:
        .ifdef  CONTROL
        ta      5
        retl
        nop
        .else
        retl
        ta      5
        .endif
        .align  32
jmp_trap:
        .ifdef  CONTROL
        ta      6
        jmp     %g5
        nop
        .else
        jmp     %g5
        ta      6
        .endif
        .align  4096
ttab:   .skip   0x850
        jmp     %l2             ! ta 5: tt 0x85
        rett    %l2 + 4
        .skip   8
        jmp     %l2             ! ta 6: tt 0x86
        rett    %l2 + 4
