/* 64-bit arithmetic: add, subtract, multiply, shifts, compares and
 * division through the helpers in rt.c (there is no 32-bit libgcc). */
#include "rt.h"

u32 result;

int main(void)
{
    u64 x = 0x0123456789ABCDEFull, acc = 0;
    for (u32 i = 0; i < 40; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        u64 y = (x >> (i % 61)) ^ (x << (i % 7));
        acc += y / ((x >> 40) | 1);
        acc ^= y % 1000003;
        if ((s64)y < 0)
            acc -= y >> 3;
    }
    result = (u32)acc ^ (u32)(acc >> 32);
    return (int)result;
}
