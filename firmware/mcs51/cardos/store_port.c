/*
 * cardlab card OS: the applet store's port to the SLE66CX322P (the
 * functions ../../cardvm/store.h asks of a chip). Built in the large model
 * with --stack-auto (cardos.toml, build `applets`): the pointers the store
 * hands over are generic and may point into the IRAM stack, so what the
 * card OS's XDATA routines need is copied to XDATA first.
 *
 * EEPROM offsets are from EE_BASE (chip.h), 0x8000, where the chip's
 * EEPROM sits in XDATA; the VM reads a program straight from there (MOVX,
 * at RAM speed).
 */
#include "cardos.h"
#include "store.h"

/* the AES tables at their fixed places in code memory (README.md) */
const uint8_t *const card_sbox = (__code const uint8_t *)0x1000;
const uint8_t *const card_inv_sbox = (__code const uint8_t *)0x1200;

void card_ee_read(uint8_t *dst, uint16_t ee, uint8_t n)
{
    const __xdata uint8_t *s = EE(EE_BASE + ee);

    while (n--)
        *dst++ = *s++;
}

static __xdata uint8_t bounce[EE_PAGE];

uint8_t card_ee_write(uint16_t ee, const uint8_t *src, uint8_t n)
{
    uint8_t i;

    for (i = 0; i < n; i++)
        bounce[i] = src[i];
    return ee_write(EE(EE_BASE + ee), bounce, n);
}

const uint8_t *card_ee_prog(uint16_t ee)
{
    return EE(EE_BASE + ee);
}

uint8_t card_key_encipher(uint8_t *block)
{
    uint8_t i;

    if (!key_len())
        return 0;
    for (i = 0; i < 16; i++)
        bounce[i] = block[i];
    key_cipher(bounce, 1, 0);
    for (i = 0; i < 16; i++)
        block[i] = bounce[i];
    return 1;
}

/* The VM's program fetch (built with CVM_PROG_CALLBACK): eight MOVX from
 * the EEPROM into the VM's slot buffer, which is static and so in XDATA in
 * the large model (cvm.c, CVM_STATIC), instead of sdcc's generic memcpy. */
void cvm_prog_read(const uint8_t *prog, uint16_t index, uint8_t *buf)
{
    const __xdata uint8_t *s = (const __xdata uint8_t *)prog + index * 8u;
    __xdata uint8_t *d = (__xdata uint8_t *)buf;
    uint8_t i;

    for (i = 8; i; i--)
        *d++ = *s++;
}

/* Every 1024 VM instructions (CVM_TICK): a NULL procedure byte, so that
 * the reader keeps waiting through a long run (ISO/IEC 7816-3 10.3.3). */
void cvm_tick(void)
{
    io_putc(0x60);
}
