/*
 * cardlab card OS, AVR: the I/O line (ISO 7816-3 T=0 characters) as the
 * ATmega32 USART's register subset (README.md): the card polls UCSRA.RXC
 * and reads UDR, which takes the character and clears RXC; it sends by
 * writing UDR once UCSRA.UDRE is set (the line takes a character at once,
 * so UDRE always is). No baud rate, frame or interrupt is set up: the
 * simulator models the line, not the UART's clock.
 */
#include "cardos.h"

void io_init(void)
{
}

uint8_t io_getc(void)
{
    while (!(IO_UCSRA & (1 << RXC)))
        ;
    return IO_UDR;
}

void io_putc(uint8_t c)
{
    while (!(IO_UCSRA & (1 << UDRE)))
        ;
    IO_UDR = c;
}

void io_send(const uint8_t *p, uint8_t n)
{
    while (n--)
        io_putc(*p++);
}

void io_recv(uint8_t *p, uint8_t n)
{
    while (n--)
        *p++ = io_getc();
}

void io_sw(uint8_t sw1, uint8_t sw2)
{
    io_putc(sw1);
    io_putc(sw2);
}
