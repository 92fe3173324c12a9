/* A table-driven routine whose stores go into fresh D-cache lines: a
 * histogram and a running-sum table over 6 KB (more than the 4 KiB
 * D-cache), each word stored before it is ever read, then read back in
 * a data-dependent order. */
#include "rt.h"

u32 result;
static u32 hist[256];
static u32 sums[1536];

int main(void)
{
    u32 x = 0x2545F491, s = 0;
    for (u32 i = 0; i < 1536; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        s += x & 0xFFFF;
        sums[i] = s;
        hist[x >> 24]++;
    }
    u32 h = 0;
    for (u32 i = 0; i < 400; i++) {
        u32 k = (h ^ sums[(h * 7 + i) % 1536]) & 0xFF;
        h = h * 33 + hist[k] + sums[k * 6];
    }
    result = h;
    return 0;
}
