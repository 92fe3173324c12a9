/* Insertion sort of 48 signed 16-bit values from a linear congruential
 * generator: signed compares, indexed XRAM access, nested loops. */
#include <stdint.h>

__xdata int16_t values[48];

void main(void)
{
    uint16_t x = 12345;
    for (uint8_t i = 0; i < 48; i++) {
        x = x * 25173 + 13849;
        values[i] = (int16_t)x;
    }
    for (uint8_t i = 1; i < 48; i++) {
        int16_t v = values[i];
        uint8_t j = i;
        while (j > 0 && values[j - 1] > v) {
            values[j] = values[j - 1];
            j--;
        }
        values[j] = v;
    }
    for (;;)
        ;
}
