/* Test applet (test-simavr.py): each 16-byte block of the input enciphered
 * with the card's key file by helper 5, the card OS's native AES. */
#include "../../../applets/cardlab_applet.h"

uint32_t keyenc(uint32_t p1)
{
    uint8_t b[16];

    (void)p1;
    while (cardlab_read(b, 16) == 16) {
        cardlab_key_encipher(b);
        cardlab_write(b, 16);
    }
    return 0;
}
