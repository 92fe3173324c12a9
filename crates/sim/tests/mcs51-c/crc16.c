/* CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over 96 bytes of XRAM,
 * bit by bit: shifts, XOR and 16-bit compares. */
#include <stdint.h>

__xdata uint8_t buffer[96];
__xdata uint16_t crc_out;

void main(void)
{
    uint16_t crc = 0xFFFF;
    for (uint8_t i = 0; i < sizeof buffer; i++)
        buffer[i] = (uint8_t)(i * 37 + 11);
    for (uint8_t i = 0; i < sizeof buffer; i++) {
        crc ^= (uint16_t)buffer[i] << 8;
        for (uint8_t b = 0; b < 8; b++)
            crc = (crc & 0x8000) ? (uint16_t)(crc << 1) ^ 0x1021 : (uint16_t)(crc << 1);
    }
    crc_out = crc;
    for (;;) /* halt: sjmp $ */
        ;
}
