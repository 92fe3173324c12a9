! A taken control transfer whose target is a later word of the line
! still being filled. The transfer's decode during the fill sets the
! I-cache's underrun (icache.vhd: branch), so the target is fetched only
! when the fill is over. Cold lines run once: a CALL to the word after
! its delay slot, a BA over two words, a BA,A (its slot annulled) and a
! taken BNE, each at another word of its line. The control
! (--defsym CONTROL=1) has a NOP in place of each transfer, and runs the
! same words straight through.
        .text
        .global _start
_start: b       body
        nop
_halt:  ba      _halt           ! cached from the start: the count ends cleanly
        nop
        .align  32
body:   mov     1, %g1
        .rept   2
        .align  32
        .ifdef  CONTROL
        nop
        .else
        call    1f              ! word 0, to word 2
        .endif
        nop
1:      nop; nop; nop; nop; nop; nop
        .align  32
        nop
        .ifdef  CONTROL
        nop
        .else
        ba      2f              ! word 1, to word 5
        .endif
        nop
        nop
        nop
2:      nop; nop; nop
        .align  32
        nop; nop
        .ifdef  CONTROL
        nop
        .else
        ba,a    3f              ! word 2, to word 4, the slot annulled
        .endif
        nop
3:      nop; nop; nop; nop
        .align  32
        nop; nop; nop
        tst     %g1             ! icc: not zero
        .ifdef  CONTROL
        nop
        .else
        bne     4f              ! word 4, to word 7
        .endif
        nop
        nop
4:      nop
        .endr
        .align  32
        ba      _halt
        nop
