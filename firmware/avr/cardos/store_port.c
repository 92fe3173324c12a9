/*
 * cardlab card OS, AVR: the applet store's port (the functions
 * ../../cardvm/store.h asks of a chip). EEPROM offsets are EEPROM
 * addresses (EE_BASE 0). The EEPROM is not in the data space, so the VM
 * gets a program as its EEPROM offset in a pointer's clothing
 * (card_ee_prog) and fetches it through cvm_prog_read (built with
 * -DCVM_PROG_CALLBACK); and the S-box tables it lends applets are read
 * with plain pointers, so they are copied from flash to RAM at boot.
 */
#include "cardos.h"
#include "store.h"
#include "cvm.h"

static uint8_t sbox_ram[256];
static uint8_t inv_sbox_ram[256];
const uint8_t *const card_sbox = sbox_ram;
const uint8_t *const card_inv_sbox = inv_sbox_ram;

void chip_boot(void)
{
    memcpy_P(sbox_ram, aes_sbox, 256);
    memcpy_P(inv_sbox_ram, aes_inv_sbox, 256);
}

void card_ee_read(uint8_t *dst, uint16_t ee, uint8_t n)
{
    while (n--)
        *dst++ = ee_read(EE_BASE + ee++);
}

uint8_t card_ee_write(uint16_t ee, const uint8_t *src, uint8_t n)
{
    return ee_write(EE_BASE + ee, src, n);
}

const uint8_t *card_ee_prog(uint16_t ee)
{
    return (const uint8_t *)(uintptr_t)(EE_BASE + ee);
}

uint8_t card_key_encipher(uint8_t *block)
{
    if (!key_len())
        return 0;
    key_cipher(block, 1, 0);
    return 1;
}

/* The VM's program fetch: slot `index` of the program at EEPROM offset
 * prog, eight EERE reads. */
void cvm_prog_read(const uint8_t *prog, uint16_t index, uint8_t *slot)
{
    uint16_t a = (uint16_t)(uintptr_t)prog + index * 8u;
    uint8_t i;

    for (i = 0; i < 8; i++)
        slot[i] = ee_read(a + i);
}

/* Every 1024 VM instructions (CVM_TICK): a NULL procedure byte, so that
 * the reader keeps waiting through a long run (ISO/IEC 7816-3 10.3.3). */
void cvm_tick(void)
{
    io_putc(0x60);
}
