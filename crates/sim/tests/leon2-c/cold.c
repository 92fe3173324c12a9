/* Code larger than the 4 KiB I-cache run straight through, twice: every
 * line is filled from the SRAM (about 180 lines), with loads and stores
 * between the fills. */
#include "rt.h"

u32 result;
static u32 state[16];

#define STEP(i)                                                          \
    a = (a << 5 | a >> 27) ^ (b + (i) * 0x9E3779B9u);                  \
    b += a ^ state[(i) & 15];                                          \
    state[((i) + 3) & 15] = b;
#define STEP8(i) STEP(i) STEP(i + 1) STEP(i + 2) STEP(i + 3) STEP(i + 4) STEP(i + 5) STEP(i + 6) STEP(i + 7)
#define STEP64(i) STEP8(i) STEP8(i + 8) STEP8(i + 16) STEP8(i + 24) STEP8(i + 32) STEP8(i + 40) STEP8(i + 48) STEP8(i + 56)

__attribute__((noipa)) static u32 straight(u32 a, u32 b)
{
    STEP64(0) STEP64(64) STEP64(128) STEP64(192)
    return a ^ b;
}

int main(void)
{
    u32 r = 1;
    for (u32 pass = 0; pass < 2; pass++)
        r = straight(r, pass + 7);
    result = r;
    return 0;
}
