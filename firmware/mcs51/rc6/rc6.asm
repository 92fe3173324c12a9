; RC6-32/20/16 for the MCS-51 with precomputed round keys: key setup, then
; encryption. Seed 000's 8051 RC6 ("precomputed key").
; cardlab firmware: firmware/mcs51/rc6/rc6.asm (manifest rc6.toml)
;
; Written from the RC6 specification, §2.3-2.4. rc6.inc holds the RAM map,
; the key setup and the subroutines f and rotl. A round (§2.4):
; t = f(B), u = f(D) (f writes them straight into tt and uu), then
; A = ((A ^ t) <<< u) + S[2i] and C = ((C ^ u) <<< t) + S[2i + 1] by the
; subroutine mix. One round a loop pass; the words' roles are held in the
; pointers pa-pd, so (A, B, C, D) = (B, C, D, A) is four XCH of pointers.
;
; Interface (cardlab mcs51 ABI): the key in rc6_key, LCALL rc6_key_setup
; (S to rc6_s; the key buffer ends up holding L); then, any number of
; times, the plaintext in rc6_block and LCALL rc6_encrypt; the ciphertext
; is in rc6_block.
;
; Cycles: the rotations by t and u take 19-75 cycles each (rotl), so the
; cycles depend on the data and the key; crates/lab/tests/pipeline.rs pins
; the range over the vectors. A round: 2 x (set-up 4 + ACALL 2 + f 147) +
; 2 x (set-up 5 + ACALL 2 + mix 49 + rotl) + roles 5 + DJNZ 2 = 427 + two
; rotl; the round count 20.

        .include "rc6.inc"
        RC6MAP

        .org    0x0000
        KEYSETUP

rc6_encrypt::
        WHITEN_IN sptr
        ROLES
enc_round:
        mov     r0,pb           ; t = f(B)
        mov     dpl,#tt
        acall   f
        mov     r0,pd           ; u = f(D)
        mov     dpl,#uu
        acall   f
        mov     r0,pa           ; A = ((A ^ t) <<< u) + S[2i]
        mov     r1,#tt
        mov     b,uu
        acall   mix
        mov     r0,pc_          ; C = ((C ^ u) <<< t) + S[2i + 1]
        mov     r1,#uu
        mov     b,tt
        acall   mix
        mov     a,pa            ; (A, B, C, D) = (B, C, D, A)
        xch     a,pd
        xch     a,pc_
        xch     a,pb
        mov     pa,a
        djnz    cnt,enc_round
        WHITEN_OUT sptr
        ret

; The word x at @R0 = ((x ^ the word at @R1) <<< B) + the round key at
; sptr, sptr advanced. XOR 18, rotl call 2 + rotl, R0 back 3, sptr 2,
; addition 20, sptr back 2, RET 2 = 49 + rotl.
mix:    mov     a,@r0
        xrl     a,@r1
        mov     r4,a
        inc     r0
        inc     r1
        mov     a,@r0
        xrl     a,@r1
        mov     r5,a
        inc     r0
        inc     r1
        mov     a,@r0
        xrl     a,@r1
        mov     r6,a
        inc     r0
        inc     r1
        mov     a,@r0
        xrl     a,@r1
        mov     r7,a
        acall   rotl
        dec     r0
        dec     r0
        dec     r0
        mov     r1,sptr
        mov     a,r4
        add     a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        mov     a,r5
        addc    a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        mov     a,r6
        addc    a,@r1
        mov     @r0,a
        inc     r0
        inc     r1
        mov     a,r7
        addc    a,@r1
        mov     @r0,a
        inc     r1
        mov     sptr,r1
        ret

        NIBSUB
        ROTL
        WORDOP  wadd,addc
        FSUB
