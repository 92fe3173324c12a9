/* A table-driven CRC-32 over 4 KB of xorshift bytes, PASSES times (the
 * speed benchmark beside qemu-sparc; PASSES = 0 is the empty program). */
#include "rt.h"

#ifndef PASSES
#define PASSES 20
#endif

u32 result;
static u32 table[256];
static unsigned char data[4096];

int main(void)
{
    u32 x = 0x1EA02, crc = 0xFFFFFFFF;
    for (u32 i = 0; i < 4096; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        data[i] = (unsigned char)(x >> 24);
    }
    for (u32 i = 0; i < 256; i++) {
        u32 c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320 ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    for (u32 pass = 0; pass < PASSES; pass++)
        for (u32 i = 0; i < 4096; i++)
            crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    result = ~crc;
    return 0;
}
