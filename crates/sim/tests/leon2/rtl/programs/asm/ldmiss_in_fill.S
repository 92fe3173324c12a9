! Loads that miss the D-cache, fetched from an I-cache line still being
! filled, with no transfer behind them (that case is ld_in_fill.S). The
! read waits for the bus until the burst's last word (acache.vhd gives
! the D-cache the bus there) while the line's remaining words arrive.
! Cold lines run once, straight through: LD at word 2, LDUB at word 4,
! LDD at word 1, LD at word 7 (the line's last), LDSH at word 5; each
! reads a D-line not read before. The control (--defsym CONTROL=1) has
! a NOP in place of each load.
!
! %o0 buffer (a D-line a load), %g1, %g2-%g3 loaded.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .macro  load    insn, reg, before, after
        .rept   \before
        nop
        .endr
        .ifdef  CONTROL
        nop
        .else
        \insn   [%o0], \reg
        .endif
        add     %o0, 32, %o0
        .rept   \after
        nop
        .endr
        .endm
        .align  32
body:   set     buf, %o0
        .rept   2
        .align  32
        load    ld, %g1, 2, 4
        .align  32
        load    ldub, %g1, 4, 2
        .align  32
        load    ldd, %g2, 1, 5
        .align  32
        load    ld, %g1, 7, 0
        load    ldsh, %g1, 4, 2
        .endr
        .align  32
        ba      _halt
        nop
        .align  32
buf:    .skip   384
