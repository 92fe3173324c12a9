/* 32-bit arithmetic through libgcc: multiply (__mulsi3), unsigned and
   signed divide and remainder (__udivsi3, __umodsi3, __divsi3,
   __modsi3), and shifts of longs by a count known only at run time. The
   seed is initialised data, copied to RAM by crt0.s. */
unsigned long seed = 0x2545F491UL;
unsigned long prod[16], quot[16], rem[16], shl[16], shr[16];
long sdiv[16], smod[16], sar[16];

int main(void)
{
    unsigned long x = seed;
    unsigned int check = 0;
    int i;

    for (i = 0; i < 16; i++) {
        unsigned long d;
        long s, sd;
        unsigned int n;

        x = x * 1103515245UL + 12345UL;
        d = (x >> 20) + 3;
        sd = (i & 1) ? -(long)d : (long)d;
        s = (long)x;
        n = (unsigned int)(x >> 27);
        prod[i] = x * d;
        quot[i] = x / d;
        rem[i] = x % d;
        sdiv[i] = s / sd;
        smod[i] = s % sd;
        shl[i] = x << n;
        shr[i] = x >> n;
        sar[i] = s >> n;
        check ^= (unsigned int)(prod[i] ^ quot[i] ^ rem[i] ^ sdiv[i]
                                ^ smod[i] ^ shl[i] ^ shr[i] ^ sar[i]);
    }
    return check;
}
