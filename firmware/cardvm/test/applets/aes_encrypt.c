/*
 * AES-128 encryption applet (FIPS-197 5.1). Input through helper 1: the
 * 16-byte plaintext, then the 176 bytes of round keys as aes_expand.c
 * writes them, read 16 bytes a round as the rounds need them (on the card
 * they stay in EEPROM; only one round key is in the VM's stack at a time).
 * Output through helper 2: the 16-byte ciphertext. Returns 0, or 1 if the
 * input was short. The state is four uint32_t columns, row 0 in the low
 * byte (the byte order of the block in memory, the VM being little-endian).
 */
#include "cvm_applet.h"

INLINE uint32_t xtime4(uint32_t x)          /* xtime on the four bytes of x */
{
    uint32_t hi = x & 0x80808080u;
    return ((x & 0x7f7f7f7fu) << 1) ^ ((hi >> 7) * 0x1bu);
}

INLINE uint32_t sub(const uint8_t *sbox, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return sbox[a & 0xff] | (uint32_t)sbox[(b >> 8) & 0xff] << 8
         | (uint32_t)sbox[(c >> 16) & 0xff] << 16 | (uint32_t)sbox[d >> 24] << 24;
}

INLINE uint32_t mix(uint32_t x)                 /* MixColumns on one column */
{
    uint32_t r1 = x >> 8 | x << 24;
    uint32_t r2 = x >> 16 | x << 16;
    uint32_t r3 = x >> 24 | x << 8;
    return xtime4(x ^ r1) ^ r1 ^ r2 ^ r3;
}

uint32_t aes_encrypt(void)
{
    uint32_t s[4], rk[4];
    const uint8_t *sbox = CVM_SBOX;
    uint32_t round, t0, t1, t2, t3;

    if (cvm_read(s, 16) != 16 || cvm_read(rk, 16) != 16)
        return 1;
    s[0] ^= rk[0]; s[1] ^= rk[1]; s[2] ^= rk[2]; s[3] ^= rk[3];
    for (round = 1; round <= 10; round++) {
        if (cvm_read(rk, 16) != 16)
            return 1;
        /* SubBytes and ShiftRows: row r of column c comes from column c + r */
        t0 = sub(sbox, s[0], s[1], s[2], s[3]);
        t1 = sub(sbox, s[1], s[2], s[3], s[0]);
        t2 = sub(sbox, s[2], s[3], s[0], s[1]);
        t3 = sub(sbox, s[3], s[0], s[1], s[2]);
        if (round != 10) {
            t0 = mix(t0); t1 = mix(t1); t2 = mix(t2); t3 = mix(t3);
        }
        s[0] = t0 ^ rk[0]; s[1] = t1 ^ rk[1]; s[2] = t2 ^ rk[2]; s[3] = t3 ^ rk[3];
    }
    cvm_write(s, 16);
    return 0;
}
