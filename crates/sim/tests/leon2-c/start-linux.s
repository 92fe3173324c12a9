! Start-up for qemu-sparc (Linux user mode): call main, write the 32-bit
! `result` as eight hex digits and a newline, exit 0.
	.section .text.start, "ax"
	.global	_start
_start:
	call	main
	 nop
	set	result, %o1
	ld	[%o1], %o2
	set	buf + 8, %o3
	mov	10, %o4
	stb	%o4, [%o3]
1:	and	%o2, 15, %o4
	cmp	%o4, 10
	bl	2f
	 add	%o4, '0', %o4
	add	%o4, 'a' - '0' - 10, %o4
2:	sub	%o3, 1, %o3
	stb	%o4, [%o3]
	set	buf, %o5
	cmp	%o3, %o5
	bne	1b
	 srl	%o2, 4, %o2
	mov	1, %o0			! stdout
	set	buf, %o1
	mov	9, %o2
	mov	4, %g1			! write
	ta	0x10
	mov	0, %o0
	mov	1, %g1			! exit
	ta	0x10
	.section .bss
buf:	.skip	12
