@ Start-up for qemu-arm (Linux user mode, EABI syscalls): call main, write
@ its 32-bit result to stdout as 4 little-endian bytes, exit 0.
        .text
        .arm
        .global _start
_start: ldr     r1, =main
        mov     lr, pc
        bx      r1
        sub     sp, sp, #4
        str     r0, [sp]
        mov     r0, #1          @ fd
        mov     r1, sp
        mov     r2, #4
        mov     r7, #4          @ write
        svc     0
        mov     r0, #0
        mov     r7, #1          @ exit
        svc     0
