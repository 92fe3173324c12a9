; RC6-32/20/16 for the MCS-51 with precomputed round keys: key setup, then
; decryption (rc6.asm's encryption undone).
; cardlab firmware: firmware/mcs51/rc6/rc6dec.asm (manifest rc6dec.toml)
;
; Written from the RC6 specification, §2.3 and §2.5. rc6.inc holds the RAM
; map, the key setup and the subroutines f and rotl. A round (§2.5):
; (A, B, C, D) = (D, A, B, C) by the pointers pa-pd; u = f(D), t = f(B);
; C = ((C - S[2i + 1]) >>> t) ^ u and A = ((A - S[2i]) >>> u) ^ t by the
; subroutine unmix, the round keys read downwards; a right rotation by n
; is rotl by 32 - n.
;
; Interface (cardlab mcs51 ABI): the key in rc6_key, LCALL rc6_key_setup;
; then, any number of times, the ciphertext in rc6_block and LCALL
; rc6_decrypt; the plaintext is in rc6_block.
;
; Cycles: the rotations take 19-75 cycles each (rotl), so the cycles
; depend on the data and the key; crates/lab/tests/pipeline.rs pins the
; range. A round: roles 5, 2 x (set-up 4 + ACALL 2 + f 147) + 2 x
; (set-up 5 + ACALL 2 + unmix 56 + rotl), DJNZ 2.

        .include "rc6.inc"
        RC6MAP

        .org    0x0000
        KEYSETUP

rc6_decrypt::
        mov     r1,#sbase+168
        mov     r0,#blk         ; A -= S[42]
        acall   wsub
        mov     r0,#blk+8       ; C -= S[43]
        acall   wsub
        mov     sptr,#sbase+164 ; S[41], round 20's first key
        ROLES
dec_round:
        mov     a,pa            ; (A, B, C, D) = (D, A, B, C)
        xch     a,pb
        xch     a,pc_
        xch     a,pd
        mov     pa,a
        mov     r0,pd           ; u = f(D)
        mov     dpl,#uu
        acall   f
        mov     r0,pb           ; t = f(B)
        mov     dpl,#tt
        acall   f
        mov     r0,pc_          ; C = ((C - S[2i + 1]) >>> t) ^ u
        mov     r1,#uu
        mov     b,tt
        acall   unmix
        mov     r0,pa           ; A = ((A - S[2i]) >>> u) ^ t
        mov     r1,#tt
        mov     b,uu
        acall   unmix
        djnz    cnt,dec_round
        mov     r0,#blk+4       ; B -= S[0]
        mov     r1,#sbase
        acall   wsub
        mov     r0,#blk+12      ; D -= S[1]
        acall   wsub
        ret

; The word x at @R0 = ((x - the round key at sptr) >>> B) ^ the word at
; @R1, sptr moved down a word. R1 kept 2, subtraction 21, sptr 4, -B 4,
; rotl call 2 + rotl, XOR pointer 3, XOR 18, RET 2 = 56 + rotl.
unmix:  mov     a,r1
        mov     r2,a
        mov     r1,sptr
        mov     a,@r0
        clr     c
        subb    a,@r1
        mov     r4,a
        inc     r0
        inc     r1
        mov     a,@r0
        subb    a,@r1
        mov     r5,a
        inc     r0
        inc     r1
        mov     a,@r0
        subb    a,@r1
        mov     r6,a
        inc     r0
        inc     r1
        mov     a,@r0
        subb    a,@r1
        mov     r7,a
        mov     a,sptr          ; the next round key down
        add     a,#-4
        mov     sptr,a
        clr     a               ; >>> B = <<< -B
        clr     c
        subb    a,b
        mov     b,a
        acall   rotl
        mov     a,r2            ; ^ the top byte first, R0 at x3
        add     a,#3
        mov     r1,a
        mov     a,r7
        xrl     a,@r1
        mov     @r0,a
        dec     r0
        dec     r1
        mov     a,r6
        xrl     a,@r1
        mov     @r0,a
        dec     r0
        dec     r1
        mov     a,r5
        xrl     a,@r1
        mov     @r0,a
        dec     r0
        dec     r1
        mov     a,r4
        xrl     a,@r1
        mov     @r0,a
        ret

        NIBSUB
        ROTL
        WORDOP  wsub,subb
        FSUB
