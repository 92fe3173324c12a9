/* Recursion far deeper than the eight register windows: every call past
 * the sixth spills a window, every return fills one. */
#include "rt.h"

#ifndef FIB
#define FIB 20
#endif

u32 result;

__attribute__((noipa)) static u32 fib(u32 n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noipa)) static u32 depth(u32 n, u32 a, u32 b, u32 c)
{
    return n == 0 ? a ^ b ^ c : depth(n - 1, b + n, c ^ a, a - n) + 1;
}

int main(void)
{
    result = fib(FIB) * 1000 + depth(40, 1, 2, 3);
    return (int)result;
}
