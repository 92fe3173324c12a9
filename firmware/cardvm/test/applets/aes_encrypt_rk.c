/*
 * AES-128 encryption applet, the first draft: reads all 176 bytes of round
 * keys onto the stack (helper 1), then the 16-byte plaintext (helper 1),
 * writes the ciphertext (helper 2). Returns 0, or 1 if the input was short.
 * Kept as a test because under register pressure clang spills 64-bit
 * registers (pointers) with STXDW/LDXDW to r10-based slots, and because its
 * frame (~270 bytes) does not fit a 256-byte VM stack: with 256 the run ends
 * with CVM_OOB_STORE, with 512 it encrypts.
 */
#include "cvm_applet.h"

INLINE uint32_t xtime4(uint32_t x)          /* xtime on the four bytes of x */
{
    uint32_t hi = x & 0x80808080u;
    return ((x & 0x7f7f7f7fu) << 1) ^ ((hi >> 7) * 0x1bu);
}

INLINE uint32_t load32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

uint32_t aes_encrypt_rk(void)
{
    uint8_t rk[176];
    uint32_t s[4], t[4];
    uint8_t *b = (uint8_t *)s;
    const uint8_t *sbox = CVM_SBOX;
    uint32_t round, c;

    if (cvm_read(rk, 176) != 176)
        return 1;
    if (cvm_read(s, 16) != 16)
        return 1;
    for (c = 0; c < 4; c++)
        s[c] ^= load32(rk + 4 * c);
    for (round = 1; round <= 10; round++) {
        /* SubBytes and ShiftRows: row r of column c comes from column c + r */
        for (c = 0; c < 4; c++)
            t[c] = sbox[b[4 * c]]
                 | (uint32_t)sbox[b[4 * ((c + 1) & 3) + 1]] << 8
                 | (uint32_t)sbox[b[4 * ((c + 2) & 3) + 2]] << 16
                 | (uint32_t)sbox[b[4 * ((c + 3) & 3) + 3]] << 24;
        for (c = 0; c < 4; c++) {
            uint32_t x = t[c];
            if (round != 10) {          /* MixColumns */
                uint32_t r1 = x >> 8 | x << 24;
                uint32_t r2 = x >> 16 | x << 16;
                uint32_t r3 = x >> 24 | x << 8;
                x = xtime4(x ^ r1) ^ r1 ^ r2 ^ r3;
            }
            s[c] = x ^ load32(rk + 16 * round + 4 * c);
        }
    }
    cvm_write(s, 16);
    return 0;
}
