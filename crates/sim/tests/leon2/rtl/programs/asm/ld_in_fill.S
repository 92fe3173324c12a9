! A load that misses, fetched from an I-cache line still being filled,
! followed by a taken branch: the branch's decode freezes the pipeline
! until the fill is over (icache.vhd underrun) as the load reaches its
! memory stage, and the D-cache starts the read only once the I-cache no
! longer holds (dcache.vhd eholdn). Four times two loops, each loop in a
! line of its own, run cold: in each loop's first pass the load comes
! from the fill (word 2 of its line in the first loop, word 0 in the
! second), in the other passes from the cache. Every load reads a word
! not read before, so each misses in the D-cache.
! The control (assembled with --defsym CONTROL=1) puts a nop between
! each load and its branch, so the branch is decoded a word later, after
! the load's read has started.
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
        .ifdef  CONTROL
        nop
        .endif
        bne     1b
        add     %o0, 4, %o0
        add     %o3, %o2, %o3
        mov     4, %o1
        .align  32
2:      ld      [%o0], %o2
        .ifdef  CONTROL
        nop
        .endif
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
