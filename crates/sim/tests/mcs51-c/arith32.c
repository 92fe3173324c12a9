/* 32-bit arithmetic through sdcc's library: multiply, unsigned and signed
 * division and remainder, shifts. */
#include <stdint.h>

__xdata uint32_t product, quotients, remainders;
__xdata int32_t signed_sum;

void main(void)
{
    uint32_t x = 1;
    uint32_t q = 0, r = 0;
    int32_t s = 0;
    for (uint8_t i = 0; i < 24; i++) {
        x = x * 1103515245UL + 12345UL;
        q ^= x / (uint32_t)(i * 7 + 3);
        r += x % 1000UL;
        s += (int32_t)x / -(int32_t)(i + 5) + ((int32_t)x >> 9);
    }
    product = x;
    quotients = q;
    remainders = r;
    signed_sum = s;
    for (;;)
        ;
}
