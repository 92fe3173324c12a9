@ Start-up for cardlab's simulator: call main (ARM or Thumb) with the SP
@ the loader set, then halt with main's result in r0 (`b .`).
        .text
        .arm
        .global _start
_start: ldr     r1, =main
        mov     lr, pc
        bx      r1
done:   b       done
