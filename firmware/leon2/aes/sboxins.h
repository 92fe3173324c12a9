/* sboxins.h: SubBytes, InvSubBytes and SubWord(RotWord) by the sbox
 * instruction (leon2ext.h), shared by the sbox and sboxgf variants. Each
 * sbox replaces one byte of its destination, so four of them build a word
 * whatever it held: no table, no secret-dependent address.
 * Byte numbers are the instruction's: byte 3 = row 0 (bits 31:24). */
#ifndef SBOXINS_H
#define SBOXINS_H
#include "leon2ext.h"

/* (S(row0 a), S(row1 b), S(row2 c), S(row3 d)); DIR forward or inverse. */
#define SUB4(dir, a, b, c, d)                                                  \
    ({                                                                         \
        uint32_t r_ = (a);                                                     \
        l2_sbox(r_, (a), SBOX_IMM(dir, 3, 3));                                 \
        l2_sbox(r_, (b), SBOX_IMM(dir, 2, 2));                                 \
        l2_sbox(r_, (c), SBOX_IMM(dir, 1, 1));                                 \
        l2_sbox(r_, (d), SBOX_IMM(dir, 0, 0));                                 \
        r_;                                                                    \
    })
#define sub4(a, b, c, d) SUB4(SBOX_FWD, a, b, c, d)
#define isub4(a, b, c, d) SUB4(SBOX_INV, a, b, c, d)

/* SubWord(RotWord(w)) = (S(row1), S(row2), S(row3), S(row0)). */
static inline __attribute__((always_inline)) uint32_t subrot(uint32_t w)
{
    uint32_t r = w;
    l2_sbox(r, w, SBOX_IMM(SBOX_FWD, 2, 3));
    l2_sbox(r, w, SBOX_IMM(SBOX_FWD, 1, 2));
    l2_sbox(r, w, SBOX_IMM(SBOX_FWD, 0, 1));
    l2_sbox(r, w, SBOX_IMM(SBOX_FWD, 3, 0));
    return r;
}
#endif
