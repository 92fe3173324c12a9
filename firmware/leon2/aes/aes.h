/* aes.h: the AES-128 cipher (FIPS-197) for the LEON2 C variants, written
 * once; each variant's .c defines its steps and then includes this file.
 *
 * State map: the block is four column words s0..s3, loaded big-endian as
 * `ld` gives them, so row r of a column is bits 31-8r..24-8r (row 0 in
 * bits 31:24; the sbox instruction calls that byte 3). The round keys
 * are words of the same form (FIPS-197 w[i]).
 *
 * A variant defines, before including this file:
 *   subrot(w)           SubWord(RotWord(w))                  (5.2)
 *   ENC_ROUND(s, k)     s = MixColumns(ShiftRows(SubBytes(s))) ^ k
 *   ENC_LAST(s, k)      s = ShiftRows(SubBytes(s)) ^ k
 *   DEC_ROUND(s, k)     one round of the inverse cipher after K10 was
 *                       added; k as DEC_KEY gives it
 *   DEC_LAST(s, k)      s = InvSubBytes(InvShiftRows(s)) ^ K0
 *   DEC_KEY(k)          the round key as DEC_ROUND takes it (identity, or
 *                       InvMixColumns for the equivalent inverse cipher)
 *   AES_DK              (optional) key setup stores DEC_KEY(K1..K9) too
 * and the build defines AES_OTF for the on-the-fly operations
 * (aes_encrypt_otf, aes_decrypt_otf from K10), none for the precomputed
 * ones (aes_key_setup, aes_encrypt, aes_decrypt).
 *
 * No branch or loop count depends on the key or the block.
 */
#ifndef AES_H
#define AES_H

#include <stdint.h>

#define INLINE static inline __attribute__((always_inline))

/* Buffers, in .bss. Precomputed: the caller writes K0 into the first 16
 * bytes of aes_key and key setup appends K1..K10. */
#ifdef AES_OTF
uint32_t aes_key[4] __attribute__((aligned(8)));
#else
uint32_t aes_key[44] __attribute__((aligned(8)));
#ifdef AES_DK
uint32_t aes_dk[36] __attribute__((aligned(8)));  /* DEC_KEY(K1..K9) */
#endif
#endif
uint32_t aes_block[4] __attribute__((aligned(8)));

/* Row r of column word w (row 0 = bits 31:24). */
#define ROW0(w) ((w) >> 24)
#define ROW1(w) (((w) >> 16) & 0xff)
#define ROW2(w) (((w) >> 8) & 0xff)
#define ROW3(w) ((w) & 0xff)

/* Rotations that move row r+n into row r. */
#define ROTL(w, n) (((w) << (n)) | ((w) >> (32 - (n))))

/* xtime of four bytes at once (FIPS-197 4.2.1): a byte 0x80 in m becomes
 * 0x7f by m - (m >> 7), masked to 0x1b. */
INLINE uint32_t xtime4(uint32_t a)
{
    uint32_t m = a & 0x80808080u;
    return ((a ^ m) << 1) ^ ((m - (m >> 7)) & 0x1b1b1b1bu);
}

/* MixColumns of one column (5.1.3): out_r = 2a_r ^ 3a_r+1 ^ a_r+2 ^ a_r+3
 * = xtime(t) ^ r1 ^ rotl16(t), with r1 = a rotated one row, t = a ^ r1. */
INLINE uint32_t mix_column_sw(uint32_t a)
{
    uint32_t r1 = ROTL(a, 8), t = a ^ r1;
    return xtime4(t) ^ r1 ^ ROTL(t, 16);
}

/* Four bytes times {04} at once: bits 7 and 6 of each byte leave it and
 * come back as {1b}{02} and {1b}: with h = those bits moved to bits 1:0
 * (they stay in their byte), h (x) {1b} = g ^ g << 3, g = h ^ h << 1. */
INLINE uint32_t x4times(uint32_t a)
{
    uint32_t m = a & 0xc0c0c0c0u, h = m >> 6, g = h ^ (h << 1);
    return ((a ^ m) << 2) ^ g ^ (g << 3);
}

/* InvMixColumns (5.3.3) = MixColumns after a_r ^= 4 (a_r ^ a_r+2):
 * (14 11 13 9) = (2 3 1 1)(5 0 4 0). */
INLINE uint32_t inv_mix_column_sw(uint32_t a)
{
    a ^= x4times(a ^ ROTL(a, 16));
    return mix_column_sw(a);
}

/* One step of the key expansion (5.2), K_i -> K_i+1 in place. */
#define KEY_STEP(k, rc)                                                        \
    do {                                                                       \
        k[0] ^= subrot(k[3]) ^ ((uint32_t)(rc) << 24);                         \
        k[1] ^= k[0];                                                          \
        k[2] ^= k[1];                                                          \
        k[3] ^= k[2];                                                          \
    } while (0)

/* Its inverse, K_i+1 -> K_i (rc is Rcon of the step undone). */
#define INV_KEY_STEP(k, rc)                                                    \
    do {                                                                       \
        k[3] ^= k[2];                                                          \
        k[2] ^= k[1];                                                          \
        k[1] ^= k[0];                                                          \
        k[0] ^= subrot(k[3]) ^ ((uint32_t)(rc) << 24);                         \
    } while (0)

/* Rcon forward ({02} times) and backward ({02}^-1 times: 0x8d = x^-1). */
#define RC_NEXT(rc) (((rc) << 1) ^ (-((rc) >> 7) & 0x11b))
#define RC_PREV(rc) (((rc) >> 1) ^ (-((rc) & 1) & 0x8d))

#define LOAD_STATE(s)                                                          \
    uint32_t s[4] = { aes_block[0], aes_block[1], aes_block[2], aes_block[3] }
#define STORE_STATE(s)                                                         \
    do {                                                                       \
        aes_block[0] = s[0]; aes_block[1] = s[1];                              \
        aes_block[2] = s[2]; aes_block[3] = s[3];                              \
    } while (0)
#define ADD_KEY(s, k)                                                          \
    do {                                                                       \
        s[0] ^= (k)[0]; s[1] ^= (k)[1]; s[2] ^= (k)[2]; s[3] ^= (k)[3];        \
    } while (0)

#ifndef AES_OTF

/* Key setup: K1..K10 after K0 in aes_key (and DEC_KEY(K1..K9) in aes_dk). */
void aes_key_setup(void)
{
    uint32_t k[4] = { aes_key[0], aes_key[1], aes_key[2], aes_key[3] };
    uint32_t rc = 1;
    uint32_t *p = aes_key + 4;
    for (int r = 1; r <= 10; r++, p += 4) {
        KEY_STEP(k, rc);
        rc = RC_NEXT(rc);
        p[0] = k[0]; p[1] = k[1]; p[2] = k[2]; p[3] = k[3];
#ifdef AES_DK
        if (r < 10) {
            uint32_t *d = aes_dk + 4 * (r - 1);
            d[0] = DEC_KEY(k[0]); d[1] = DEC_KEY(k[1]);
            d[2] = DEC_KEY(k[2]); d[3] = DEC_KEY(k[3]);
        }
#endif
    }
}

void aes_encrypt(void)
{
    LOAD_STATE(s);
    const uint32_t *k = aes_key;
    ADD_KEY(s, k);                                  /* round 0 */
    for (int r = 1; r < 10; r++) {                  /* rounds 1-9 */
        k += 4;
        ENC_ROUND(s, k);
    }
    ENC_LAST(s, aes_key + 40);                      /* round 10 */
    STORE_STATE(s);
}

void aes_decrypt(void)
{
    LOAD_STATE(s);
    ADD_KEY(s, aes_key + 40);                       /* K10 */
#ifdef AES_DK
    const uint32_t *k = aes_dk + 36;
#else
    const uint32_t *k = aes_key + 40;
#endif
    for (int r = 9; r >= 1; r--) {                  /* K9 .. K1 */
        k -= 4;
        DEC_ROUND(s, k);
    }
    DEC_LAST(s, aes_key);                           /* K0 */
    STORE_STATE(s);
}

#else /* AES_OTF */

/* Encryption with the key expanded as the rounds go, in registers. */
void aes_encrypt_otf(void)
{
    LOAD_STATE(s);
    uint32_t k[4] = { aes_key[0], aes_key[1], aes_key[2], aes_key[3] };
    uint32_t rc = 1;
    ADD_KEY(s, k);
    for (int r = 1; r < 10; r++) {
        KEY_STEP(k, rc);
        rc = RC_NEXT(rc);
        ENC_ROUND(s, k);
    }
    KEY_STEP(k, rc);
    ENC_LAST(s, k);
    STORE_STATE(s);
}

/* Decryption from K10 (the key buffer holds the last round key), the key
 * schedule run backwards. */
void aes_decrypt_otf(void)
{
    LOAD_STATE(s);
    uint32_t k[4] = { aes_key[0], aes_key[1], aes_key[2], aes_key[3] };
    uint32_t rc = 0x36;
    ADD_KEY(s, k);
    for (int r = 9; r >= 1; r--) {
        INV_KEY_STEP(k, rc);
        rc = RC_PREV(rc);
        uint32_t d[4] = { DEC_KEY(k[0]), DEC_KEY(k[1]), DEC_KEY(k[2]),
                          DEC_KEY(k[3]) };
        DEC_ROUND(s, d);
    }
    INV_KEY_STEP(k, rc);
    DEC_LAST(s, k);
    STORE_STATE(s);
}

#endif /* AES_OTF */
#endif /* AES_H */
