; E2-128 for the MCS-51 with the round keys in external RAM: key setup, then
; encryption. Seed 000's 8051 E2 ("round keys in external RAM").
; cardlab firmware: firmware/mcs51/e2/e2.asm (manifest e2.toml)
;
; Written from the E2 specification. e2.inc holds the RAM map, the round,
; P, BP and the subroutines.
;
;   F(X, K) = BRL(S(P(S(X ^ K1)) ^ K2)) byte by byte: S by MOVC, the key
;     bytes by MOVX @R1; P from u = t0 ^ .. ^ t3 and v = t4 ^ .. ^ t7, each
;     output byte three or four XORs (PZ); BRL in the choice of the byte
;     each output is XORed into. Two rounds a loop pass, the halves' roles
;     exchanged in the operands.
;   IT(X) = BP((X ^ k13) . (k14 | 1)), FT(Y) = (BP^-1(Y) . (k15 | 1)^-1) ^
;     k16: the products mod 2^32 by ten MUL AB a word (mul32); BP moves
;     each byte column by XCH chains (COLROT). Y = R || L is the block's
;     halves exchanged, which FT's BP^-1 does on the way.
;   Key setup (§2.8): nine runs of G over the 256-bit intermediate key
;     (the key, then S^3(v), S^4(v) made by the S-box from v's bytes
;     01 23 .. EF), each four steps y_i = f(x_i), u_i = f(u_i-1) ^ y_i
;     with f = P o S; each u_m of the last eight runs is scattered at once
;     (byte p to byte m / 2 of round key 2p + m mod 2). Then k15 | 1 is
;     inverted word by word mod 2^32 by Newton's iteration x <- x (2 - a x)
;     from x = a (four steps: 3, 6, 12, 24, 48 correct bits), in place.
;
; Interface (cardlab mcs51 ABI): the key in e2_key, LCALL e2_key_setup
; (the round keys to external RAM 0x00-0xFF; the key is kept); then, any
; number of times, the plaintext in e2_block and LCALL e2_encrypt; the
; ciphertext is in e2_block.
;
; Cycles (crates/lab/tests/pipeline.rs pins the totals): a loop pass 2 x
; ROUND 142 + DJNZ 2 + AJMP 2 = 288, six of them; IT and FT each a key
; XOR 117, the word products 627 (mulodd, mul), BP 16.
;
; Constant time: no branch depends on the key or the data (the key
; setup's branches depend on the step number only), MUL AB takes four
; cycles whatever its operands and MOVC/MOVX two whatever the address.

        .include "e2.inc"

        .org    0x0000
        KEYSETUP 14

e2_encrypt::
        mov     p2,#0
        mov     dptr,#e2_sbox
        mov     r1,#K13         ; IT: ^ k13, . (k14 | 1), BP
        acall   keyxor
        acall   mulodd
        BP
        mov     r1,#0           ; k1
        mov     cnt,#6
enc_pass:
        ROUND   blk,blk+8       ; L ^= F(R, k)
        ROUND   blk+8,blk       ; R ^= F(L, k)
        djnz    cnt,enc_more
        BPINV                   ; FT: BP^-1 of Y = R || L
        mov     r1,#K13+32      ; . (k15 | 1)^-1, ^ k16
        acall   mul
        acall   keyxor
        ret
enc_more:
        ajmp    enc_pass        ; (the pass is too long for DJNZ's reach)

        MULSUB  mulodd,1
        MULSUB  mul,0
        MUL32SUB
        KXSUB
        FSUB
