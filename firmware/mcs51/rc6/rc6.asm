; RC6-32/20/16 for the MCS-51 with precomputed round keys: key setup, then
; encryption. Seed 000's 8051 RC6 ("precomputed key").
; cardlab firmware: firmware/mcs51/rc6/rc6.asm (manifest rc6.toml)
;
; Written from the RC6 specification, §2.3-2.4. rc6.inc holds the RAM map,
; the key setup and the subroutines f and rotl. A round (§2.4):
; t = f(B), u = f(D) (f writes them straight into tt and uu), then
; A = ((A ^ t) <<< u) + S[2i] and C = ((C ^ u) <<< t) + S[2i + 1] by the
; subroutine mix. Four rounds a loop pass with the words' roles rotated
; in the operands, so (A, B, C, D) = (B, C, D, A) costs nothing.
;
; Interface (cardlab mcs51 ABI): the key in rc6_key, LCALL rc6_key_setup
; (S to rc6_s; the key buffer ends up holding L); then, any number of
; times, the plaintext in rc6_block and LCALL rc6_encrypt; the ciphertext
; is in rc6_block.
;
; Cycles: the rotations by t and u take 21-104 cycles each (rotl), so the
; cycles depend on the data and the key; crates/lab/tests/pipeline.rs pins
; the range over the vectors. Encryption: entry 37; a round 2 x (f 149 +
; set-up 2 + ACALL 2) + 2 x (set-up 3 + ACALL 2 + mix 68 + rotl), 4
; rounds and DJNZ 2 a pass, 5 passes; exit 35.

        .include "rc6.inc"

; word at direct address w += the word at @R1, R1 advanced: 16 cycles.
        .macro  WADD    w
        mov     a,w+0
        add     a,@r1
        mov     w+0,a
        inc     r1
        .irp    i,1,2,3
        mov     a,w+i
        addc    a,@r1
        mov     w+i,a
        inc     r1
        .endm
        .endm

; One round on the block words at direct addresses wa, wb, wc, wd.
        .macro  ROUND   wa,wb,wc,wd
        mov     r0,#wb          ; t = f(B)
        mov     r1,#tt
        acall   f
        mov     r0,#wd          ; u = f(D)
        mov     r1,#uu
        acall   f
        mov     r0,#wa          ; A = ((A ^ t) <<< u) + S[2i]
        mov     r1,#tt
        mov     a,uu
        acall   mix
        mov     r0,#wc          ; C = ((C ^ u) <<< t) + S[2i + 1]
        mov     r1,#uu
        mov     a,tt
        acall   mix
        .endm

        .org    0x0000
        KEYSETUP

rc6_encrypt::
        mov     r1,#sbase
        WADD    blk+4           ; B += S[0]
        WADD    blk+12          ; D += S[1]
        mov     sptr,r1
        mov     cnt,#5
enc_pass:
        ROUND   blk+0,blk+4,blk+8,blk+12
        ROUND   blk+4,blk+8,blk+12,blk+0
        ROUND   blk+8,blk+12,blk+0,blk+4
        ROUND   blk+12,blk+0,blk+4,blk+8
        djnz    cnt,enc_pass
        mov     r1,sptr
        WADD    blk+0           ; A += S[42]
        WADD    blk+8           ; C += S[43]
        ret

; The word x at @R0 = ((x ^ the word at @R1) <<< A) + the round key at
; sptr, sptr advanced. XOR 18, rotl call 5 + rotl, R0 back 3, sptr 2,
; addition 20, sptr back 2, RET 2 = 52 + rotl.
mix:    mov     r3,a
        mov     a,@r0
        xrl     a,@r1
        mov     vv+0,a
        .irp    i,1,2,3
        inc     r0
        inc     r1
        mov     a,@r0
        xrl     a,@r1
        mov     vv+i,a
        .endm
        mov     a,r3
        acall   rotl
        dec     r0
        dec     r0
        dec     r0
        mov     r1,sptr
        mov     a,vv+0
        add     a,@r1
        mov     @r0,a
        .irp    i,1,2,3
        inc     r0
        inc     r1
        mov     a,vv+i
        addc    a,@r1
        mov     @r0,a
        .endm
        inc     r1
        mov     sptr,r1
        ret

        ROTL
        FSUB
