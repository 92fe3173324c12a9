/*
 * What the AES-128 encryption and decryption applets share: the block
 * limit of one RUN and MixColumns on one packed column (row 0 in the low
 * byte). Everything here is inlined into each applet (the VM has no calls
 * between functions).
 */
#ifndef AES_COLUMNS_H
#define AES_COLUMNS_H
#include "cardlab_applet.h"

#define MAX_BLOCKS 15

INLINE uint32_t xtime4(uint32_t x)          /* x * {02} on each byte of x */
{
    return ((x & 0x7f7f7f7fu) << 1) ^ (((x >> 7) & 0x01010101u) * 0x1bu);
}

INLINE uint32_t ror8(uint32_t x)            /* byte i of the result: byte i+1 */
{
    return x >> 8 | x << 24;
}

INLINE uint32_t ror16(uint32_t x)
{
    return x >> 16 | x << 16;
}

/* MixColumns on one column (FIPS-197 5.1.3): byte i becomes
 * {02}a[i] ^ {03}a[i+1] ^ a[i+2] ^ a[i+3]
 *   = {02}(a[i] ^ a[i+1]) ^ a[i+1] ^ (a[i+2] ^ a[i+3]), indices mod 4. */
INLINE uint32_t mix_column(uint32_t x)
{
    uint32_t y = x ^ ror8(x);               /* byte i: a[i] ^ a[i+1] */
    return xtime4(y) ^ ror8(x) ^ ror16(y);
}

#endif
