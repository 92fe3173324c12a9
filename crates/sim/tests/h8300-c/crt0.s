; Start-up for C programs on the H8/3113 map (tests/h8300_c_programs.rs,
; benches/h8300_vs_gdb.rs): SP at the top of RAM, .data copied from its
; load address in ROM, .bss cleared, main called, its result stored in
; _result. Then _stop, where our simulator is stopped; GDB's simulator goes
; on to write RAM (H'F580-H'FF7F, _result and the stack included) to
; stdout through its `jsr @@0xc7` write call and exits (SLEEP with
; R1 = H'DEAD, R2 = H'BEEF, status R0H = 0).
	.section .text
	.global	_start
_start:
	mov.w	#0xff80,r7
	mov.w	#__data_load,r0
	mov.w	#__data_start,r1
	mov.w	#__data_end,r2
copy:	cmp.w	r2,r1
	beq	clear
	mov.b	@r0+,r3l
	mov.b	r3l,@r1
	adds	#1,r1
	bra	copy
clear:	mov.w	#__bss_end,r2
	sub.b	r3l,r3l
zero:	cmp.w	r2,r1
	beq	call
	mov.b	r3l,@r1
	adds	#1,r1
	bra	zero
call:	jsr	@_main
	mov.w	r0,@_result
	.global	_stop
_stop:
	mov.w	#1,r0
	mov.w	#0xf580,r1
	mov.w	#0x0a00,r2
	jsr	@@0xc7
	mov.w	#0,r0
	mov.w	#0xdead,r1
	mov.w	#0xbeef,r2
	sleep

	.section .bss
	.global	_result
	.align	1
_result:
	.space	2
