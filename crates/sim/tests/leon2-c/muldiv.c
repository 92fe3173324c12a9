/* 32-bit multiply and divide as the V8 instructions (UMUL, SMUL, UDIV,
 * SDIV: gcc -mcpu=v8 emits them inline) mixed with 64-bit arithmetic
 * through rt.c's helpers. */
#include "rt.h"

u32 result;

__attribute__((noipa)) static u32 mix32(u32 a, u32 b)
{
    int sa = (int)a, sb = (int)(b | 1);
    return a * b + a / (b | 1) + (u32)(sa / sb) + (u32)(sa % sb) + a % (b | 3);
}

int main(void)
{
    u32 a = 0x9E3779B9, b = 12345, acc = 0;
    u64 wide = 1;
    for (u32 i = 0; i < 60; i++) {
        a = a * 1664525 + 1013904223;
        b = (b >> 3) ^ a;
        acc += mix32(a, b >> (i % 29));
        wide = wide * (a | 1) + (u64)b * acc;
        if (i % 8 == 0)
            acc ^= (u32)(wide / (u64)(b | 1));
    }
    result = acc ^ (u32)wide ^ (u32)(wide >> 32);
    return 0;
}
