@ E2-128 with a precomputed key schedule for the ARM7TDMI (ARM state):
@ seed 000's "precomputed key" implementation.
@ cardlab firmware: firmware/arm7tdmi/e2/e2.s (manifest e2.toml)
@
@ Written from "Specification of E2 - a 128-bit Block Cipher" (NTT, 1998).
@ The specification's words are big-endian: the block is byte-swapped on the
@ way in and out and the round keys are stored as big-endian words, so every
@ register holds a specification word. A 64-bit half is two registers, its
@ byte z0 in bits 31-24 of the first.
@
@   F(X, K) = BRL(S(P(S(X ^ K1)) ^ K2)): S byte by byte (LDRB); P, the
@     8 x 8 byte matrix of §2.7, on whole words: with u = the XOR of the four
@     bytes of U broadcast to all four (and v of V),
@       P(U, V) = (U ^ u ^ v ^ (V ror 8), u ^ (U ror 16) ^ V ^ (V ror 24));
@     BRL, the 8-bit left rotation of the 64-bit half, rides on the XOR into
@     the other half.
@   IT(X) = BP((X ^ k13) . (k14 | 1)), FT(Y) = (BP^-1(Y) . (k15 | 1)^-1)
@     ^ k16: the inverses mod 2^32 are made by the key setup, by Newton's
@     iteration x <- x (2 - a x) from x = a (a a = 1 mod 8 for odd a; each
@     step doubles the correct low bits: 3, 6, 12, 24, 48): four steps of two
@     MULs, where the paper used a binary gcd.
@   Key setup (§2.8): nine runs of G over the 256-bit intermediate key, each
@     eight f = P o S; every output u_m (m = 0..31) of the last eight is
@     scattered at once into the round keys (byte p of u_m is byte m / 2 of
@     key 2p + m mod 2), so no 256-byte L array is kept.
@
@ Interface (cardlab arm7tdmi ABI): the key in e2_key, BL e2_key_setup;
@ then, any number of times, the plaintext in e2_block and BL e2_encrypt;
@ the ciphertext is in e2_block. The key buffer is left as it was. RAM:
@ round keys k1..k16 (256 bytes), the two inverses' four words (16), the
@ intermediate key of G (32), the return address on the stack.
@
@ Code size: F's two halves, BP and the byte swap are leaf subroutines
@ (LR stays the return address), one round a loop pass: 1000 bytes.
@
@ Cycles (ARM7TDMI TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   a round: ROUND 110 (two subroutine calls 12 of it) + L <-> R 6 +
@   SUBS 1 + BNE 3 = 120, 12 of them; IT and FT about 100 each. A round of
@   the key setup's G: two f calls (52 each) + 10; nine runs of G, 36 steps.
@   The MULs of IT, FT and the inversion multiply by key words, and MUL
@   ends early by its multiplier (TRM 6.6), so the timing depends on the
@   key (not on the block): the report says "timing depends on data".

        .syntax unified
        .arm

        .bss
        .align  2
        .global e2_block, e2_key, e2_k, e2_inv, e2_y
e2_block:   .space  16
e2_key:     .space  16                  @ right after the block
e2_k:       .space  256                 @ k1..k16, big-endian words
e2_inv:     .space  16                  @ (k15 | 1)^-1 mod 2^32, word by word
e2_y:       .space  32                  @ G's intermediate key

        .text
        .align  2

@ x = the big-endian value of the word as loaded (and back), for ARMv4
@ which has no REV: 4 cycles.
        .macro  BSWAP x, t
        eor     \t, \x, \x, ror #16
        bic     \t, \t, #0x00FF0000
        mov     \x, \x, ror #8
        eor     \x, \x, \t, lsr #8
        .endm

@ y = S applied to each byte of x (y, x and the temporary t distinct),
@ S-box at ip: 18 cycles.
        .macro  SUBW y, x, t
        and     \t, \x, #0xFF
        ldrb    \y, [ip, \t]
        and     \t, \x, #0xFF00
        ldrb    \t, [ip, \t, lsr #8]
        orr     \y, \y, \t, lsl #8
        and     \t, \x, #0xFF0000
        ldrb    \t, [ip, \t, lsr #16]
        orr     \y, \y, \t, lsl #16
        ldrb    \t, [ip, \x, lsr #24]
        orr     \y, \y, \t, lsl #24
        .endm

@ One round: (lu, lv) ^= F((ru, rv), the next round key at r11); r4-r9
@ temporaries. LDM 4,
@ EOR 2, BL sp_sub 3 + 46 + 3, LDM 4, EOR 2, BL s_sub 3 + 36 + 3, BRL
@ into l 4 = 110 cycles.
        .macro  ROUND lu, lv, ru, rv
        ldmia   r11!, {r8, r9}          @ K1
        eor     r4, \ru, r8
        eor     r5, \rv, r9
        bl      sp_sub
        ldmia   r11!, {r8, r9}          @ K2
        eor     r4, r4, r8
        eor     r5, r5, r9
        bl      s_sub
        eor     \lu, \lu, r6, lsl #8    @ BRL: (r6 r7) <<< 8
        eor     \lu, \lu, r7, lsr #24
        eor     \lv, \lv, r7, lsl #8
        eor     \lv, \lv, r6, lsr #24
        .endm

@ BP (§2.4): byte j of word i from word i + j (j = 0 the high byte), from
@ w0-w3 into o: 7 cycles, t a temporary.
        .macro  BPWORD o, w0, w1, w2, w3, t
        and     \o, \w0, #0xFF000000
        and     \t, \w1, #0x00FF0000
        orr     \o, \o, \t
        and     \t, \w2, #0x0000FF00
        orr     \o, \o, \t
        and     \t, \w3, #0x000000FF
        orr     \o, \o, \t
        .endm

        .global e2_encrypt
        .type   e2_encrypt, %function
e2_encrypt:
        push    {lr}
        ldr     ip, =e2_sbox
        ldr     r10, =e2_block
        ldmia   r10, {r0-r3}
        bl      bswap4
        add     r11, r10, #32 + 16 * 12 @ k13
        ldmia   r11!, {r4-r7}           @ IT: ^ k13
        eor     r0, r0, r4
        eor     r1, r1, r5
        eor     r2, r2, r6
        eor     r3, r3, r7
        ldmia   r11, {r4-r7}            @ . (k14 | 1)
        orr     r4, r4, #1
        orr     r5, r5, #1
        orr     r6, r6, #1
        orr     r7, r7, #1
        mul     r4, r0, r4
        mul     r5, r1, r5
        mul     r6, r2, r6
        mul     r7, r3, r7
        bl      bp_sub                  @ BP
        add     r11, r10, #32           @ k1
        mov     r10, #12
rounds: ROUND   r0, r1, r2, r3          @ L ^= F(R, k), then L <-> R
        mov     r8, r0
        mov     r0, r2
        mov     r2, r8
        mov     r8, r1
        mov     r1, r3
        mov     r3, r8
        subs    r10, r10, #1
        bne     rounds
        @ FT: Y = R || L = (r2, r3, r0, r1); BP^-1(Y) is BP of Y's words
        @ in reverse order (y0, y3, y2, y1), its output reversed the same way
        mov     r4, r2
        mov     r5, r1
        mov     r6, r0
        mov     r7, r3
        bl      bp_sub                  @ BP^-1(Y) = (r0, r3, r2, r1)
        add     r11, r11, #64           @ from k13 to the inverses
        ldmia   r11, {r4-r7}            @ . (k15 | 1)^-1
        mul     r4, r0, r4
        mul     r5, r3, r5
        mul     r6, r2, r6
        mul     r7, r1, r7
        ldmdb   r11, {r0-r3}            @ ^ k16
        eor     r0, r0, r4
        eor     r1, r1, r5
        eor     r2, r2, r6
        eor     r3, r3, r7
        bl      bswap4
        ldr     r10, =e2_block
        stmia   r10, {r0-r3}
        pop     {pc}
        .ltorg

@ ---- subroutines (leaf: LR stays the return address) --------------------

@ (r6, r7) = S(r4, r5), r8 temporary: 36 + BX 3.
s_sub:  SUBW    r6, r4, r8
        SUBW    r7, r5, r8
        bx      lr

@ (r4, r5) = P(S(r4, r5)), the f of the key schedule and the first half of
@ F: S into r6, r7, then P with r8, r9 as u and v. 46 + BX 3.
sp_sub: SUBW    r6, r4, r8
        SUBW    r7, r5, r8
        eor     r8, r6, r6, ror #16
        eor     r8, r8, r8, ror #8      @ u
        eor     r9, r7, r7, ror #16
        eor     r9, r9, r9, ror #8      @ v
        eor     r4, r6, r8
        eor     r4, r4, r9
        eor     r4, r4, r7, ror #8
        eor     r5, r8, r6, ror #16
        eor     r5, r5, r7
        eor     r5, r5, r7, ror #24
        bx      lr

@ (r0-r3) = BP(r4-r7), r8 temporary: 28 + BX 3.
bp_sub: BPWORD  r0, r4, r5, r6, r7, r8
        BPWORD  r1, r5, r6, r7, r4, r8
        BPWORD  r2, r6, r7, r4, r5, r8
        BPWORD  r3, r7, r4, r5, r6, r8
        bx      lr

@ r0-r3 byte-swapped (specification words <-> memory), r8 temporary: 16
@ + BX 3.
bswap4: BSWAP   r0, r8
        BSWAP   r1, r8
        BSWAP   r2, r8
        BSWAP   r3, r8
        bx      lr

@ ---- key setup (§2.8) ----------------------------------------------------
@ Registers: r0, r1 the chain value (v, then u_i); r2, r3 x_i, then y_i;
@ r4-r9 f's temporaries; r10 m, the index of the next u (from -4: the first
@ run of G only makes v); r11 the intermediate key pointer; ip the S-box.

@ Byte p of u_m = (r0, r1) to byte m / 2 of round key 2p + m mod 2, each
@ word's bytes stored in reverse so the rounds load big-endian words.
@ 8 + 8 x 2 + 6 x 1 + LDR 3 = 33 cycles.
        .macro  SCATTER
        ldr     r4, =e2_k
        and     r5, r10, #1
        add     r4, r4, r5, lsl #4      @ + 16 (m mod 2): the odd keys
        mov     r5, r10, lsr #1         @ n = m / 2
        and     r6, r5, #3
        rsb     r6, r6, #3              @ byte 3 - n mod 4 of word n / 4
        bic     r5, r5, #3
        add     r4, r4, r5
        add     r4, r4, r6
        mov     r5, r0, lsr #24
        strb    r5, [r4]                @ p = 0: key m mod 2
        mov     r5, r0, lsr #16
        strb    r5, [r4, #32]           @ p = 1: key 2 + m mod 2
        mov     r5, r0, lsr #8
        strb    r5, [r4, #64]
        strb    r0, [r4, #96]
        mov     r5, r1, lsr #24
        strb    r5, [r4, #128]
        mov     r5, r1, lsr #16
        strb    r5, [r4, #160]
        mov     r5, r1, lsr #8
        strb    r5, [r4, #192]
        strb    r1, [r4, #224]
        .endm

@ a^-1 mod 2^32 into x for odd a: x = a, then x <- x (2 - a x) four
@ times. r8 temporary. 1 + 4 x (MUL + RSB + MUL).
        .macro  INVERSE x, a
        mov     \x, \a
        .rept   4
        mul     r8, \a, \x
        rsb     r8, r8, #2
        mul     \x, r8, \x
        .endr
        .endm

        .global e2_key_setup
        .type   e2_key_setup, %function
e2_key_setup:
        push    {lr}
        ldr     ip, =e2_sbox
        ldr     lr, =e2_key
        ldmia   lr, {r0-r3}
        bl      bswap4
        ldr     r4, =0x582ED330         @ S^3(v), S^4(v): the padding of a
        ldr     r5, =0x84499EB8         @ 128-bit key (§2.8)
        ldr     r6, =0xECCF5709
        ldr     r7, =0x2E5000D8
        ldr     r11, =e2_y
        stmia   r11, {r0-r7}
        ldr     r0, =0x01234567         @ v = 0123456789ABCDEF
        ldr     r1, =0x89ABCDEF
        mvn     r10, #3                 @ m = -4
g:      ldmia   r11, {r4, r5}           @ x_i
        bl      sp_sub                  @ y_i = f(x_i)
        stmia   r11!, {r4, r5}
        mov     r2, r4
        mov     r3, r5
        mov     r4, r0
        mov     r5, r1
        bl      sp_sub                  @ f(u_(i-1))
        eor     r0, r4, r2              @ u_i = f(u_(i-1)) ^ y_i
        eor     r1, r5, r3
        cmp     r10, #0
        blt     first                   @ the first run of G keeps only v
        SCATTER
first:  add     r10, r10, #1
        tst     r10, #3
        bne     g
        sub     r11, r11, #32           @ the next run of G
        cmp     r10, #32
        bne     g
        ldr     r11, =e2_k + 16 * 14    @ k15
        mov     r10, #4
inv:    ldr     r0, [r11], #4
        orr     r0, r0, #1
        INVERSE r4, r0
        str     r4, [r11, #28]          @ to e2_inv, after k16
        subs    r10, r10, #1
        bne     inv
        pop     {pc}
        .ltorg

        .global e2_sbox, e2_sbox_end
e2_sbox:
        .include "sbox.inc"
e2_sbox_end:
