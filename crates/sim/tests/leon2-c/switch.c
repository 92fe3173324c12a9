/* A dense switch (a jump table through JMPL) and a sparse one. */
#include "rt.h"

u32 result;

static u32 dense(u32 k, u32 v)
{
    switch (k) {
    case 0: return v + 1;
    case 1: return v * 3;
    case 2: return v ^ 0x5A5A;
    case 3: return v << 2;
    case 4: return v >> 1;
    case 5: return ~v;
    case 6: return v - 7;
    case 7: return v * v;
    case 8: return v | 0x100;
    default: return v & 0xFFF;
    }
}

static u32 sparse(u32 k)
{
    switch (k) {
    case 3: return 11;
    case 100: return 22;
    case 1000: return 33;
    case 65537: return 44;
    default: return k & 7;
    }
}

int main(void)
{
    u32 v = 12345;
    for (u32 i = 0; i < 300; i++)
        v = dense((v ^ i) % 11, v) + sparse(v % 70000);
    result = v;
    return (int)result;
}
