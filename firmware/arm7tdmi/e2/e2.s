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


        .include "e2.inc"

        .global e2_encrypt
        .type   e2_encrypt, %function
e2_encrypt:
        LOADBLOCK
        add     r11, r10, #32 + 16 * 12 @ k13
        ldmia   r11!, {r4-r7}           @ IT: ^ k13
        XOR4
        ldmia   r11, {r4-r7}            @ . (k14 | 1)
        ODDMUL                          @ and BP
        add     r11, r10, #32           @ k1
        mov     r10, #12
rounds: ROUND   r0, r1, r2, r3          @ L ^= F(R, k), then L <-> R
        SWAPHALVES
        subs    r10, r10, #1
        bne     rounds
        BPINV                           @ FT: BP^-1(Y), Y = R || L
        add     r11, r11, #64           @ from k13 to the inverses
        ldmia   r11, {r4-r7}            @ . (k15 | 1)^-1
        INVMUL
        ldmdb   r11, {r0-r3}            @ ^ k16
        XOR4
        STOREBLOCK
        .ltorg

        SUBROUTINES
        KEYSETUP 14
        .ltorg

        .global e2_sbox, e2_sbox_end
e2_sbox:
        .include "sbox.inc"
e2_sbox_end:
