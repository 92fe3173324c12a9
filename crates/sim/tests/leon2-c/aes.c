/* AES-128 in portable C, byte-oriented (FIPS-197): the S-box built at run
 * time from its definition (inverse in GF(2^8) through logarithms, then
 * the affine map), key expansion, then two blocks, the second the first
 * one encrypted again. Stores into
 * fresh D-cache lines (the S-box, the round keys), table lookups that
 * depend on the data, and code a few I-cache lines long. */
#include "rt.h"

u32 result;
static unsigned char sbox[256];
static unsigned char rk[176];

static unsigned char xtime(unsigned char x)
{
    return (unsigned char)((x << 1) ^ ((x >> 7) * 0x1B));
}

static void build_sbox(void)
{
    /* powers of the generator 3 give the logarithms; the inverse of
     * 3^k is 3^(255-k) */
    unsigned char exp[256], log[256];
    unsigned char x = 1;
    for (u32 k = 0; k < 255; k++) {
        exp[k] = x;
        log[x] = (unsigned char)k;
        x ^= xtime(x);
    }
    for (u32 i = 0; i < 256; i++) {
        unsigned char inv = i ? exp[(255 - log[i]) % 255] : 0;
        unsigned char s = inv, r = inv;
        for (int k = 0; k < 4; k++) {
            r = (unsigned char)((r << 1) | (r >> 7));
            s ^= r;
        }
        sbox[i] = s ^ 0x63;
    }
}

static void expand(const unsigned char *key)
{
    unsigned char rcon = 1;
    for (u32 i = 0; i < 16; i++)
        rk[i] = key[i];
    for (u32 i = 16; i < 176; i += 4) {
        unsigned char t0 = rk[i - 4], t1 = rk[i - 3], t2 = rk[i - 2], t3 = rk[i - 1];
        if (i % 16 == 0) {
            unsigned char u = t0;
            t0 = sbox[t1] ^ rcon;
            t1 = sbox[t2];
            t2 = sbox[t3];
            t3 = sbox[u];
            rcon = xtime(rcon);
        }
        rk[i] = rk[i - 16] ^ t0;
        rk[i + 1] = rk[i - 15] ^ t1;
        rk[i + 2] = rk[i - 14] ^ t2;
        rk[i + 3] = rk[i - 13] ^ t3;
    }
}

static void encrypt(unsigned char *s)
{
    for (u32 i = 0; i < 16; i++)
        s[i] ^= rk[i];
    for (u32 r = 1; r <= 10; r++) {
        unsigned char t[16];
        for (u32 i = 0; i < 16; i++)   /* SubBytes and ShiftRows */
            t[i] = sbox[s[(i + 4 * (i % 4)) % 16]];
        for (u32 c = 0; c < 16; c += 4) {
            unsigned char a0 = t[c], a1 = t[c + 1], a2 = t[c + 2], a3 = t[c + 3];
            if (r < 10) {               /* MixColumns */
                unsigned char x = a0 ^ a1 ^ a2 ^ a3;
                t[c] ^= x ^ xtime(a0 ^ a1);
                t[c + 1] ^= x ^ xtime(a1 ^ a2);
                t[c + 2] ^= x ^ xtime(a2 ^ a3);
                t[c + 3] ^= x ^ xtime(a3 ^ a0);
            }
        }
        for (u32 i = 0; i < 16; i++)
            s[i] = t[i] ^ rk[16 * r + i];
    }
}

int main(void)
{
    /* FIPS-197 C.1: key 00..0f, plaintext 00112233..eeff */
    unsigned char key[16], block[16];
    for (u32 i = 0; i < 16; i++) {
        key[i] = (unsigned char)i;
        block[i] = (unsigned char)(0x11 * i);
    }
    build_sbox();
    expand(key);
    encrypt(block);
    u32 h = (u32)block[0] << 24 | (u32)block[1] << 16 | (u32)block[14] << 8 | block[15];
    for (u32 n = 0; n < 1; n++)
        encrypt(block);
    for (u32 i = 0; i < 16; i++)
        h = h * 31 + block[i];
    result = h;
    return 0;
}
