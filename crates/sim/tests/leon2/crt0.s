! Start-up of the LEON2 C tests: %sp below the top of SRAM, a register
! window trap table (overflow and underflow handlers that spill and fill
! one window through the stack's save areas), traps enabled, call main,
! then stop at _halt (`ba .`, the simulator's halt and the RTL's count end).
! Entered as the RTL's boot leaves a program: S=1, ET=0, CWP=0, WIM=0.

	.section .text.start, "ax"
	.global	_start
_start:
	set	_trap_table, %g1
	wr	%g1, %tbr
	wr	%g0, 2, %wim		! window 1 invalid: CWP 0 may save 6 deep
	set	0x40100000 - 96, %sp
	mov	%g0, %fp
	wr	%g0, 0xe0, %psr		! S, PS, ET, CWP 0
	nop
	nop
	nop
	call	main
	 nop
	.global	_halt
_halt:	ba	_halt
	 nop

! window_overflow (tt 5): the window after CWP is invalid. Move WIM one
! to the right, spill the window it now leaves valid into its save area,
! and retry the SAVE.
window_overflow:
	mov	%wim, %l3
	mov	%g1, %l7
	srl	%l3, 1, %g1
	sll	%l3, NWINDOWS - 1, %l4
	or	%l4, %g1, %g1
	save
	wr	%g1, %wim
	nop
	nop
	nop
	std	%l0, [%sp + 0]
	std	%l2, [%sp + 8]
	std	%l4, [%sp + 16]
	std	%l6, [%sp + 24]
	std	%i0, [%sp + 32]
	std	%i2, [%sp + 40]
	std	%i4, [%sp + 48]
	std	%i6, [%sp + 56]
	restore
	mov	%l7, %g1
	jmp	%l1
	 rett	%l2

! window_underflow (tt 6): the window to restore into is invalid. Move WIM
! one to the left, fill that window from its save area, retry the RESTORE.
window_underflow:
	mov	%wim, %l3
	sll	%l3, 1, %l4
	srl	%l3, NWINDOWS - 1, %l5
	or	%l5, %l4, %l5
	wr	%l5, %wim
	nop
	nop
	nop
	restore
	restore
	ldd	[%sp + 0], %l0
	ldd	[%sp + 8], %l2
	ldd	[%sp + 16], %l4
	ldd	[%sp + 24], %l6
	ldd	[%sp + 32], %i0
	ldd	[%sp + 40], %i2
	ldd	[%sp + 48], %i4
	ldd	[%sp + 56], %i6
	save
	save
	jmp	%l1
	 rett	%l2

bad_trap:
	ba	bad_trap
	 nop

	.set	NWINDOWS, 8

! 256 entries of 16 bytes, aligned to 4 KiB.
	.section .text.traps, "ax"
	.align	4096
_trap_table:
	.rept	5
	ba	bad_trap
	 nop
	nop
	nop
	.endr
	ba	window_overflow		! tt 5
	 nop
	nop
	nop
	ba	window_underflow	! tt 6
	 nop
	nop
	nop
	.rept	249
	ba	bad_trap
	 nop
	nop
	nop
	.endr
