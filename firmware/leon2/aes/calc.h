/* calc.h: the rounds of the calculated variants (sboxtab, sbox, sboxgf):
 * SubBytes with ShiftRows folded in, MixColumns on whole column words.
 * The variant defines first:
 *   sub4(a, b, c, d)    the word (S(row0 a), S(row1 b), S(row2 c), S(row3 d))
 *   isub4(a, b, c, d)   the same through the inverse S-box
 *   subrot(w)           SubWord(RotWord(w))
 *   MIX(a), INVMIX(a)   MixColumns, InvMixColumns of one column
 * ShiftRows (5.1.2) moves row r of column c+r to column c, so new column c
 * takes row r from old column c+r; InvShiftRows from column c-r. */
#ifndef CALC_H
#define CALC_H

#define SUBSHIFT(t, s)                                                         \
    uint32_t t[4] = { sub4(s[0], s[1], s[2], s[3]), sub4(s[1], s[2], s[3], s[0]), \
                      sub4(s[2], s[3], s[0], s[1]), sub4(s[3], s[0], s[1], s[2]) }
#define ISUBSHIFT(t, s)                                                        \
    uint32_t t[4] = { isub4(s[0], s[3], s[2], s[1]), isub4(s[1], s[0], s[3], s[2]), \
                      isub4(s[2], s[1], s[0], s[3]), isub4(s[3], s[2], s[1], s[0]) }

/* Round 1-9: SubBytes+ShiftRows, MixColumns, AddRoundKey. */
#define ENC_ROUND(s, k)                                                        \
    do {                                                                       \
        SUBSHIFT(t_, s);                                                       \
        s[0] = MIX(t_[0]) ^ (k)[0]; s[1] = MIX(t_[1]) ^ (k)[1];                \
        s[2] = MIX(t_[2]) ^ (k)[2]; s[3] = MIX(t_[3]) ^ (k)[3];                \
    } while (0)
/* Round 10: no MixColumns. */
#define ENC_LAST(s, k)                                                         \
    do {                                                                       \
        SUBSHIFT(t_, s);                                                       \
        s[0] = t_[0] ^ (k)[0]; s[1] = t_[1] ^ (k)[1];                          \
        s[2] = t_[2] ^ (k)[2]; s[3] = t_[3] ^ (k)[3];                          \
    } while (0)
/* Inverse cipher (5.3), after K10 was added: InvShiftRows+InvSubBytes,
 * AddRoundKey(K_r), InvMixColumns. */
#define DEC_ROUND(s, k)                                                        \
    do {                                                                       \
        ISUBSHIFT(t_, s);                                                      \
        s[0] = INVMIX(t_[0] ^ (k)[0]); s[1] = INVMIX(t_[1] ^ (k)[1]);          \
        s[2] = INVMIX(t_[2] ^ (k)[2]); s[3] = INVMIX(t_[3] ^ (k)[3]);          \
    } while (0)
#define DEC_LAST(s, k)                                                         \
    do {                                                                       \
        ISUBSHIFT(t_, s);                                                      \
        s[0] = t_[0] ^ (k)[0]; s[1] = t_[1] ^ (k)[1];                          \
        s[2] = t_[2] ^ (k)[2]; s[3] = t_[3] ^ (k)[3];                          \
    } while (0)
#define DEC_KEY(w) (w)

#include "aes.h"

#endif
