/* The libgcc helpers the C tests need, written out: Debian ships no
 * 32-bit SPARC libgcc. Shift-and-subtract division, one bit at a time. */
typedef unsigned long long u64;

static u64 udivmod(u64 n, u64 d, u64 *rem)
{
    u64 q = 0, r = 0;
    for (int i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= 1ull << i;
        }
    }
    *rem = r;
    return q;
}

u64 __udivdi3(u64 n, u64 d)
{
    u64 r;
    return udivmod(n, d, &r);
}

u64 __umoddi3(u64 n, u64 d)
{
    u64 r;
    udivmod(n, d, &r);
    return r;
}

u64 __muldi3(u64 a, u64 b)
{
    unsigned alo = (unsigned)a, blo = (unsigned)b;
    u64 lo = (u64)alo * blo;
    return lo + ((u64)(alo * (unsigned)(b >> 32) + (unsigned)(a >> 32) * blo) << 32);
}
