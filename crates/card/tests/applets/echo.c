/* Test applet: hands its input back, each byte plus P1 (r1). */
#include "../../../../firmware/applets/cardlab_applet.h"

uint32_t echo(uint32_t p1)
{
    uint8_t b[64];
    uint32_t n = cardlab_read(b, sizeof b), i;

    for (i = 0; i < n; i++)
        b[i] += (uint8_t)p1;
    cardlab_write(b, n);
    return 0;
}
