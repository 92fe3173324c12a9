; RC6-32/20/16 for the MCS-51 with precomputed round keys in the least
; RAM: key setup, then encryption. Seed 000's 8051 RC6 ("precomputed
; key") in its 205 bytes.
; cardlab firmware: firmware/mcs51/rc6/rc6ram.asm (manifest rc6ram.toml)
;
; Written from the RC6 specification, §2.3-2.4; rc6.inc gives the word
; steps (RL1, RR1, ROT8, ROT16, NIB4), the word addition (WORDOP), the
; whitening (WHITEN_IN, WHITEN_OUT) and f's value (FVALUE). What takes RAM
; in rc6 is gone:
; - S (176 bytes) runs from the key buffer up to 0xFF. The key setup first
;   copies the key into the block buffer, where L lives while S is mixed;
;   the key is destroyed, as in rc6 and in the seed.
; - The key setup keeps no A or B: A is the S word written last and B the
;   L word written last, so each step adds the word before the one it
;   rewrites, and V (R4-R7) carries the other value from step to step.
; - The rounds keep no t or u: f XORs its value straight into A (or C) and
;   hands back its low byte, the only part the other word's rotation
;   needs; the words' roles follow from the round-key pointer.
; - No call nests (rotl has the nibble rotation inline and no recursion):
;   the stack is the return address and one call.
;
; Interface (cardlab mcs51 ABI): the key in rc6_key, LCALL rc6_key_setup
; (S to rc6_s, over the key); then, any number of times, the plaintext in
; rc6_block and LCALL rc6_encrypt; the ciphertext is in rc6_block.
;
; RAM map (internal RAM; S runs past 0x7F, so it is reached only through
; R0/R1)
;   0x00-0x07  R0-R7, bank 0. V = R4-R7, the word being worked on (XCHD
;              reaches it as addresses 4-7); R0 the nibble rotation's and
;              f's pointer, R1 the word pointer. Key setup: R2 the address
;              of A (the S word written last), R3 of B (the L word). f: R2,
;              R3 cross terms
;   0x08-0x09  the caller's return address
;   0x0A-0x0B  one call
;   0x0C       tlo    t's low byte across f(D) (encryption)
;   0x40-0x4F  rc6_block  A, B, C, D; L during the key setup
;   0x50-0xFF  rc6_s      S[0..43]; S[0..3] over rc6_key
;   SFRs: B the rotation amount; DPL the step count (key setup), the next
;   round key's address (encryption); DPH f's third cross-term byte (c2)
; In all: S 176 + block 16 + R0-R7 8 + stack 4 = 204 bytes during the key
; setup, the block and key buffers + 13 = 45 during an encryption, 205
; for both.
;
; Cycles (measured on the simulator's trace; crates/lab/tests/pipeline.rs
; pins the ranges: rotl takes 18 to 78 by its amount, so they depend on
; the key and the data):
;   key setup: copy 99, fill 6 + 43 x 22, S[0] 12, set-up 8 = 1071; the
;   first L step 34 + rotl; then 131 x (S step 76 + L step 55 + rotl),
;   the S step 1 more where S[43] wraps to S[0] (twice): 18268 + 132 rotl.
;   encryption: whitening 73; a round: B's address 5, 2 x (ACALL 2 + f
;   154), t's byte kept 2, D's address 4, A's 3, C's 3, t's byte back 2,
;   2 x (ACALL 2 + load 11 + rotl + ACALL 2 + adds 25), loop 3 = 414 + two
;   rotl; 20 rounds; whitening 72 and RET 2: 8427 + 40 rotl.

        .include "rc6.inc"

tlo     = 0x0C
blk     = 0x40
key     = 0x50
sbase   = 0x50
c2      = dph                   ; FVALUE's third cross-term byte
rc6_block == blk
rc6_key   == key
rc6_s     == sbase

; V += the word at @R1, R1 advanced to its top byte (last = 0) or past it
; (last = 1): 15 or 16 cycles, and the instruction byte0 (if any) after
; byte 0's sum.
        .macro  VADD    last,byte0
        mov     a,r4
        add     a,@r1
        mov     r4,a
        byte0
        .irp    r,r5,r6,r7
        inc     r1
        mov     a,r
        addc    a,@r1
        mov     r,a
        .endm
        .if     last
        inc     r1
        .endif
        .endm

        .org    0x0000

; ---- the key setup (§2.3) ----------------------------------------------------
; S[0] = P32, S[i] = S[i-1] + Q32; then 3 x 44 steps A = S[i] = (S[i] + A
; + B) <<< 3, B = L[j] = (L[j] + A + B) <<< (A + B). The first step is
; folded in: A = P32 <<< 3 is S[0] at once, and L[0] + A is rotated by A.
rc6_key_setup::
        mov     r0,#key         ; L = the key, into the block buffer
        mov     r1,#blk
        mov     r2,#16
ks_copy:
        mov     a,@r0
        mov     @r1,a
        inc     r0
        inc     r1
        djnz    r2,ks_copy
        mov     r4,#0x63        ; V = P32 = 0xB7E15163
        mov     r5,#0x51
        mov     r6,#0xe1
        mov     r7,#0xb7
        mov     r0,#sbase+4
        mov     r2,#43
ks_fill:
        mov     a,r4            ; S[i] = V += Q32 (0x9E3779B9)
        add     a,#0xb9
        mov     r4,a
        mov     @r0,a
        inc     r0
        mov     a,r5
        addc    a,#0x79
        mov     r5,a
        mov     @r0,a
        inc     r0
        mov     a,r6
        addc    a,#0x37
        mov     r6,a
        mov     @r0,a
        inc     r0
        mov     a,r7
        addc    a,#0x9e
        mov     r7,a
        mov     @r0,a
        inc     r0
        djnz    r2,ks_fill
        mov     r4,#0x1d        ; A = S[0] = (P32 + 0 + 0) <<< 3 = 0xBF0A8B1D
        mov     r5,#0x8b
        mov     r6,#0x0a
        mov     r7,#0xbf
        mov     sbase+0,r4
        mov     sbase+1,r5
        mov     sbase+2,r6
        mov     sbase+3,r7
        mov     r1,#blk         ; B = L[0] = (L[0] + A + 0) <<< A
        mov     b,r4
        mov     r2,#sbase       ; A at S[0]
        mov     dpl,#132        ; L steps
        sjmp    ks_l0

; S step: V holds B. A = S[i] = (V + A + S[i]) <<< 3, A being S[i-1].
; 77 cycles.
ks_s:   mov     a,r2
        mov     r1,a
        VADD    1               ; + A
        cjne    r1,#0,ks_s1     ; S[43] + 4 wraps to 0: S[0]
        mov     r1,#sbase
ks_s1:  VADD    0               ; + S[i]
        NIB4    r0,4,r4,r5,r6,r7 ; <<< 3 = <<< 4, then >>> 1 written top
        mov     a,r4            ; byte first: C = bit 0
        rrc     a
        .irp    r,r7,r6,r5
        mov     a,r
        rrc     a
        mov     r,a
        mov     @r1,a
        dec     r1
        .endm
        mov     a,r4
        rrc     a
        mov     r4,a
        mov     @r1,a
        mov     a,r1            ; A now at S[i]
        mov     r2,a

; L step: V holds A. B = L[j] = (V + B + L[j]) <<< (A + B), B being
; L[j-1]. 56 cycles + rotl.
        mov     a,r3
        mov     r1,a
        VADD    1,^/mov b,a/    ; + B; byte 0's sum A + B mod 256 is the amount
        anl     0x01,#0x4f      ; R1 (bank 0): L[3] + 4 = 0x50 -> L[0] = 0x40
ks_l0:  VADD    0               ; + L[j]
        acall   rotl
        .irp    r,r7,r6,r5      ; L[j] = V, top byte first
        mov     a,r
        mov     @r1,a
        dec     r1
        .endm
        mov     a,r4
        mov     @r1,a
        mov     a,r1            ; B now at L[j]
        mov     r3,a
        djnz    dpl,ks_more
        ret
ks_more:
        ajmp    ks_s            ; (the loop is too long for DJNZ's reach)

; ---- encryption (§2.4) -------------------------------------------------------
; Round i (1-20) reads S[2i] and S[2i + 1] at DPL = sbase + 8i. Its words'
; roles rotate one word a round: D lies at blk + ((DPL >> 1) & 0x0C), B
; eight bytes further round the block; f leaves R1 at the top byte of the
; word it XORs into (A, C), from which the next address follows.
rc6_encrypt::
        WHITEN_IN dpl
enc_round:
        mov     a,dpl           ; A ^= t = f(B); t's low byte comes back in B
        rr      a
        anl     a,#0x0c
        xrl     a,#blk+8        ; B: D + 8 mod 16, in the block
        mov     r0,a
        acall   f
        mov     tlo,b
        mov     a,r1            ; C ^= u = f(D); u's low byte in B. f left
        add     a,#9            ; R1 at A's top byte: D = A + 12 mod 16
        anl     a,#0x4f
        mov     r0,a
        acall   f
        mov     a,r1            ; A = (A <<< u) + S[2i]; f left R1 at C's
        xrl     a,#8            ; top byte
        mov     r1,a
        acall   ldrot
        acall   adds
        mov     a,r1            ; C = (C <<< t) + S[2i + 1]
        xrl     a,#8
        mov     r1,a
        mov     b,tlo
        acall   ldrot
        acall   adds
        mov     a,dpl
        cjne    a,#sbase+4*42,enc_round
        WHITEN_OUT dpl
        ret

; The word four bytes before x round the block (A for B, C for D) ^= f(x)
; for x at @R0 (§2.4: t = (B (2B + 1)) <<< 5); B = f(x)'s low byte, R1 at
; the word's top byte. FVALUE (rc6.inc) leaves R1 at x3 and V =
; x (2x + 1) <<< 4; the <<< 1 goes into the XOR. FVALUE 126, the word's
; address 4, the XOR 22, RET 2 = 154 cycles.
f:
        FVALUE
        mov     a,r1            ; x3 + 9 = x - 4 mod 16 in the block
        add     a,#9
        anl     a,#0x4f
        mov     r1,a
        mov     a,r7            ; C = bit 31
        rlc     a
        mov     a,r4
        rlc     a
        mov     b,a
        xrl     a,@r1
        mov     @r1,a
        .irp    r,r5,r6,r7
        inc     r1
        mov     a,r
        rlc     a
        xrl     a,@r1
        mov     @r1,a
        .endm
        ret

; V = the word whose top byte is at @R1, R1 left at its byte 0, then rotl:
; 11 cycles + rotl.
ldrot:  .irp    r,r7,r6,r5
        mov     a,@r1
        mov     r,a
        dec     r1
        .endm
        mov     a,@r1
        mov     r4,a

; V <<<= (B mod 32); A, B and R0 used, R1 kept. Bit 4 swaps the halves
; (6 cycles), bit 3 moves the bytes by one (5), bit 2 is the nibble
; rotation (18), then one RL1 (14 + DJNZ 2) per remaining bit; an amount
; whose low two bits are both set rotates one further and comes back by
; one RR1 (14), CJNE's borrow marking it. 18 to 78 cycles with RET.
rotl:   mov     a,b
        anl     a,#3
        cjne    a,#3,rotl_16    ; C = 0 only for n = 3 mod 4
        inc     b
rotl_16:
        jnb     b.4,rotl_8
        ROT16
rotl_8: jnb     b.3,rotl_4
        ROT8
rotl_4: jnb     b.2,rotl_1
        NIB4    r0,4,r4,r5,r6,r7
rotl_1: mov     a,b
        anl     a,#3
        jz      rotl_rr
        mov     b,a
rotl_bit:
        RL1
        djnz    b,rotl_bit
        ret
rotl_rr:
        jc      rotl_end        ; n = 0 mod 4: done
        RR1
rotl_end:
        ret

; The word at @R1 = V + the round key at DPL, DPL advanced; R1 left at the
; word's top byte. 25 cycles with RET.
adds:   mov     r0,dpl
        mov     a,r4
        add     a,@r0
        mov     @r1,a
        .irp    r,r5,r6,r7
        inc     r0
        inc     r1
        mov     a,r
        addc    a,@r0
        mov     @r1,a
        .endm
        inc     r0
        mov     dpl,r0
        ret

        WORDOP  wadd,addc
