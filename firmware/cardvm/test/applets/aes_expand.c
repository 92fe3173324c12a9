/*
 * AES-128 key expansion applet (FIPS-197 5.2): reads the 16-byte key
 * through helper 1, writes the 176 bytes of round keys w[0..43]
 * (byte order as in FIPS-197) through helper 2. Returns 0, or 1 if the
 * key was short.
 */
#include "cvm_applet.h"

INLINE uint8_t xtime(uint8_t x)
{
    return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0));
}

uint32_t aes_expand(void)
{
    uint8_t w[176];
    const uint8_t *sbox = CVM_SBOX;
    uint8_t rcon = 1;
    uint32_t i;

    if (cvm_read(w, 16) != 16)
        return 1;
    for (i = 16; i < 176; i += 4) {
        uint8_t t0 = w[i - 4], t1 = w[i - 3], t2 = w[i - 2], t3 = w[i - 1];
        if ((i & 15) == 0) {            /* RotWord, SubWord, Rcon */
            uint8_t u = t0;
            t0 = sbox[t1] ^ rcon;
            t1 = sbox[t2];
            t2 = sbox[t3];
            t3 = sbox[u];
            rcon = xtime(rcon);
        }
        w[i] = w[i - 16] ^ t0;
        w[i + 1] = w[i - 15] ^ t1;
        w[i + 2] = w[i - 14] ^ t2;
        w[i + 3] = w[i - 13] ^ t3;
    }
    cvm_write(w, 176);
    return 0;
}
