/*
 * cardlab card OS, AVR: the EEPROM, a byte at a time through EEAR, EEDR
 * and EECR as the ATmega32 data sheet's "EEPROM Read/Write Access" gives
 * it. Write: wait until EEWE is clear, EEAR and EEDR, set EEMWE, then EEWE
 * within four clocks (two SBIs, one clock apart; interrupts are never
 * enabled on the card, so nothing can come between them); EEWE stays set
 * for the byte's write time (4 ms on the AT90SC3232C as modelled). Read:
 * wait until EEWE is clear, EEAR, set EERE, EEDR. A write counts as done
 * only when every byte reads back as written.
 */
#include "cardos.h"

static void ee_wait(void)
{
    while (IO_EECR & (1 << EEWE))
        ;
}

static void ee_addr(uint16_t a)
{
    IO_EEARH = (uint8_t)(a >> 8);
    IO_EEARL = (uint8_t)a;
}

uint8_t ee_read(uint16_t a)
{
    ee_wait();
    ee_addr(a);
    IO_EECR |= 1 << EERE;
    return IO_EEDR;
}

/*
 * Program n bytes (1..32) from RAM at src to EEPROM at dst. The card OS
 * keeps each record within one 32-byte page, as on the chips that program
 * a page at a time; here each byte is its own write, so a cut tears one
 * byte (left old, new or erased) and the commit protocols hold as they do
 * for a page. Returns 1 when the EEPROM holds the bytes.
 */
uint8_t ee_write(uint16_t dst, const uint8_t *src, uint8_t n)
{
    uint8_t i;

    for (i = 0; i < n; i++) {
        ee_wait();
        ee_addr(dst + i);
        IO_EEDR = src[i];
        /* EEMWE, then EEWE on the next clock */
        __asm__ __volatile__ ("sbi %0, %1" "\n\t" "sbi %0, %2"
                              : : "I" (EECR_IO), "I" (EEMWE), "I" (EEWE) : "memory");
    }
    for (i = 0; i < n; i++)
        if (ee_read(dst + i) != src[i])
            return 0;
    return 1;
}

/* n bytes (up to a page) of EEPROM at src programmed to dst, through RAM */
uint8_t ee_copy(uint16_t dst, uint16_t src, uint8_t n)
{
    uint8_t b[EE_PAGE], i;

    for (i = 0; i < n; i++)
        b[i] = ee_read(src + i);
    return ee_write(dst, b, n);
}
