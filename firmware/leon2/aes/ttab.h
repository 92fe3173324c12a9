/* ttab.h: T-table rounds (FIPS-197 5.1, the equivalent inverse cipher
 * 5.3.5) for ttable4k and ttable1k. The variant defines first:
 *   TE(r, x)   MixColumns' column contribution of S(x) entering in row r:
 *              TE0[x] = (2S, S, S, 3S) rotated right 8r bits
 *   TD(r, x)   the same for InvS(x) and (14, 9, 13, 11)
 *   ISB(x)     the inverse S-box (the decryption's last round)
 * S(x) itself is row 2 of TE(0, x) (and row 3 of TE(1, x), ...). */
#ifndef TTAB_H
#define TTAB_H

/* The byte S(x) in row r of a word: TE(r+2) has S in rows r..r+1. */
#define SROW(r, x) (TE(((r) + 2) & 3, x) & (0xff000000u >> (8 * (r))))

#define subrot(w)                                                              \
    (SROW(0, ROW1(w)) | SROW(1, ROW2(w)) | SROW(2, ROW3(w)) | SROW(3, ROW0(w)))

/* Round 1-9: column c = sum over rows r of TE(r, row r of s_c+r) ^ k_c. */
#define TCOL(s, c, k)                                                          \
    (TE(0, ROW0(s[c])) ^ TE(1, ROW1(s[((c) + 1) & 3])) ^                       \
     TE(2, ROW2(s[((c) + 2) & 3])) ^ TE(3, ROW3(s[((c) + 3) & 3])) ^ (k)[c])
#define ENC_ROUND(s, k)                                                        \
    do {                                                                       \
        uint32_t t_[4] = { TCOL(s, 0, k), TCOL(s, 1, k), TCOL(s, 2, k),        \
                           TCOL(s, 3, k) };                                    \
        s[0] = t_[0]; s[1] = t_[1]; s[2] = t_[2]; s[3] = t_[3];                \
    } while (0)
#define LCOL(s, c, k)                                                          \
    (SROW(0, ROW0(s[c])) | SROW(1, ROW1(s[((c) + 1) & 3])) |                   \
     SROW(2, ROW2(s[((c) + 2) & 3])) | SROW(3, ROW3(s[((c) + 3) & 3]))) ^ (k)[c]
#define ENC_LAST(s, k)                                                         \
    do {                                                                       \
        uint32_t t_[4] = { LCOL(s, 0, k), LCOL(s, 1, k), LCOL(s, 2, k),        \
                           LCOL(s, 3, k) };                                    \
        s[0] = t_[0]; s[1] = t_[1]; s[2] = t_[2]; s[3] = t_[3];                \
    } while (0)

/* Equivalent inverse cipher: row r from column c-r, round key
 * InvMixColumns(K_r) (DEC_KEY). */
#define DCOL(s, c, k)                                                          \
    (TD(0, ROW0(s[c])) ^ TD(1, ROW1(s[((c) + 3) & 3])) ^                       \
     TD(2, ROW2(s[((c) + 2) & 3])) ^ TD(3, ROW3(s[((c) + 1) & 3])) ^ (k)[c])
#define DEC_ROUND(s, k)                                                        \
    do {                                                                       \
        uint32_t t_[4] = { DCOL(s, 0, k), DCOL(s, 1, k), DCOL(s, 2, k),        \
                           DCOL(s, 3, k) };                                    \
        s[0] = t_[0]; s[1] = t_[1]; s[2] = t_[2]; s[3] = t_[3];                \
    } while (0)
#define ICOL(s, c, k)                                                          \
    ((ISB(ROW0(s[c])) << 24 | ISB(ROW1(s[((c) + 3) & 3])) << 16 |              \
      ISB(ROW2(s[((c) + 2) & 3])) << 8 | ISB(ROW3(s[((c) + 1) & 3]))) ^ (k)[c])
#define DEC_LAST(s, k)                                                         \
    do {                                                                       \
        uint32_t t_[4] = { ICOL(s, 0, k), ICOL(s, 1, k), ICOL(s, 2, k),        \
                           ICOL(s, 3, k) };                                    \
        s[0] = t_[0]; s[1] = t_[1]; s[2] = t_[2]; s[3] = t_[3];                \
    } while (0)
#define DEC_KEY(w) inv_mix_column_sw(w)
#define AES_DK

#include "aes.h"
#endif
