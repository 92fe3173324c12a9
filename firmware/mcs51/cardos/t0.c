/*
 * cardlab card OS: the I/O line (ISO 7816-3 T=0 characters) on the serial
 * port, as docs/card.md gives it: the card polls RI, reads SBUF and clears
 * RI; it writes SBUF to send, TI being set again when the character is
 * gone (at once on the card; after the character time on a standard 8051).
 */
#include "cardos.h"

#ifdef UART_INIT
/* Only for a standard 8051 (ucsim s51 in test-s51.py): mode 1 with the
 * receiver on, timer 1 in auto-reload mode as the baud generator. The card
 * needs none of it. */
__sfr __at(0x89) TMOD;
__sfr __at(0x8D) TH1;
__sfr __at(0x8B) TL1;
__sbit __at(0x8E) TR1;
#endif

void io_init(void)
{
#ifdef UART_INIT
    TMOD = 0x20;
    TH1 = 0xFF;
    TL1 = 0xFF;
    TR1 = 1;
    SCON = 0x50;
#else
    SCON = 0;
#endif
    TI = 1;                     /* the transmitter is idle */
}

uint8_t io_getc(void)
{
    uint8_t c;
#ifdef UART_INIT
    /* s51 has no reader to wait for: once the input file is used up and the
     * line stays idle this long, stop the simulator (its simif interface
     * on xram[0xFFFF], test-s51.py) */
    static uint8_t idle_hi;
    uint16_t idle = 0;
    while (!RI) {
        if (++idle == 0)
            idle_hi++;
        if (idle_hi >= 16)      /* and at once on every later wait */
            *(__xdata volatile uint8_t *)0xFFFF = 's';
    }
    idle_hi = 0;
#else
    while (!RI)
        ;
#endif
    c = SBUF;
    RI = 0;
    return c;
}

void io_putc(uint8_t c)
{
    while (!TI)                 /* the last character gone */
        ;
    TI = 0;
    SBUF = c;
}

void io_send(const __xdata uint8_t *p, uint8_t n)
{
    while (n--)
        io_putc(*p++);
}

void io_recv(__xdata uint8_t *p, uint8_t n)
{
    while (n--)
        *p++ = io_getc();
}

void io_sw(uint8_t sw1, uint8_t sw2)
{
    io_putc(sw1);
    io_putc(sw2);
}
