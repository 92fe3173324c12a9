/*
 * AES-128 key expansion (FIPS-197 5.2), the card's applet.
 *
 * Reads:   the 16-byte cipher key (cardlab_read); the command data must be
 *          exactly 16 bytes.
 * Writes:  the 176 bytes of round keys w[0..43], in FIPS-197 byte order
 *          (round key r at offset 16 r), into the applet data file at
 *          offset 0, in one cardlab_file_write (aes_encrypt.c and
 *          aes_decrypt.c read them from there). Nothing to the response.
 * Returns: 0; 1 if the data was not 16 bytes (the file is then untouched).
 *
 * Stack: the 176-byte schedule. Tables: the card's S-box (CARDLAB_SBOX).
 */
#include "cardlab_applet.h"

INLINE uint8_t xtime(uint8_t x)                 /* x * {02} in GF(2^8) */
{
    return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0));
}

uint32_t aes_expand(void)
{
    uint8_t w[176];                             /* w[i] is bytes 4i .. 4i+3 */
    const uint8_t *sbox = CARDLAB_SBOX;
    uint8_t rcon = 0x01;                        /* Rcon[i/Nk], first byte */
    uint32_t i;

    /* the key is w[0..3]; asking for 17 bytes tells a longer input apart */
    if (cardlab_read(w, 17) != 16)
        return 1;

    for (i = 16; i < 176; i += 4) {             /* w[4] .. w[43] */
        uint8_t t0 = w[i - 4], t1 = w[i - 3], t2 = w[i - 2], t3 = w[i - 1];

        if ((i & 15) == 0) {                    /* i mod Nk = 0 */
            uint8_t u = t0;                     /* RotWord, SubWord, ^ Rcon */
            t0 = sbox[t1] ^ rcon;
            t1 = sbox[t2];
            t2 = sbox[t3];
            t3 = sbox[u];
            rcon = xtime(rcon);
        }
        w[i] = w[i - 16] ^ t0;                  /* w[i] = w[i-Nk] ^ temp */
        w[i + 1] = w[i - 15] ^ t1;
        w[i + 2] = w[i - 14] ^ t2;
        w[i + 3] = w[i - 13] ^ t3;
    }
    cardlab_file_write(0, w, 176);
    return 0;
}
