/*
 * cardlab card OS: EEPROM programming through the page latch
 * (docs/card.md): MOVX the bytes of one page, start with EECON = 0x01,
 * poll EESTAT.BUSY until it clears, then check ERR. The bytes are read
 * back as well: a write counts as done only when the EEPROM holds them.
 */
#include "cardos.h"

/*
 * Program n bytes (1..32) from src to dst; dst .. dst+n-1 must lie in one
 * 32-byte page. src may be RAM or EEPROM (another page). Returns 1 when
 * the page holds the new bytes, 0 on a refused latch or start (ERR) or a
 * read-back mismatch.
 */
uint8_t ee_write(__xdata uint8_t *dst, const __xdata uint8_t *src, uint8_t n)
{
    __xdata uint8_t *d = dst;
    const __xdata uint8_t *s = src;
    uint8_t i;

    EECON = EECON_CLEAR;        /* nothing stale in the latch; ERR cleared */
    for (i = n; i; i--)
        *d++ = *s++;            /* latched, not yet written */
    EECON = EECON_PROGRAM;
    while (EESTAT & EESTAT_BUSY)
        ;
    if (EESTAT & EESTAT_ERR)
        return 0;
    for (i = 0; i < n; i++)
        if (dst[i] != src[i])
            return 0;
    return 1;
}
