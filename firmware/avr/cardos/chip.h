/*
 * cardlab card OS, the AVR chip layer (AT90SC3232C as cardlab models it,
 * crates/sim/src/avr/part.rs; classic core): what ../../cardos/cardos.h
 * asks of a chip, for avr-gcc. RAM is the one data space; constant tables
 * in flash (PROGMEM, read by LPM); the EEPROM a separate space behind
 * EECR/EEDR/EEAR; the I/O line the ATmega32 USART's UDR and UCSRA; the
 * cipher routines one C AES (aes.c) on RAM buffers.
 */
#ifndef CHIP_H
#define CHIP_H

#include <stdint.h>
#include <avr/pgmspace.h>
#include "aes.h"

#ifdef KEYS_PRECOMPUTED
#error "the AVR card OS keeps the key (-DKEYS_ONTHEFLY); no precomputed round keys"
#endif

/* ---- I/O registers (data-space addresses, the ATmega32's) ------------- */
#define IO8(a)          (*(volatile uint8_t *)(a))
#define IO_UCSRA        IO8(0x2B)       /* I/O 0x0B: RXC bit 7, UDRE bit 5 */
#define IO_UDR          IO8(0x2C)       /* I/O 0x0C: received / sent character */
#define IO_EECR         IO8(0x3C)       /* I/O 0x1C: EEMWE bit 2, EEWE bit 1, EERE bit 0 */
#define IO_EEDR         IO8(0x3D)       /* I/O 0x1D */
#define IO_EEARL        IO8(0x3E)       /* I/O 0x1E */
#define IO_EEARH        IO8(0x3F)       /* I/O 0x1F */
#define EECR_IO         0x1C            /* for SBI/SBIC */
#define UCSRA_IO        0x0B
#define RXC             7
#define UDRE            5
#define EEMWE           2
#define EEWE            1
#define EERE            0

/* ---- memories ------------------------------------------------------------ */
#define XDATA                           /* RAM: the one data space */
#define CODE            PROGMEM         /* constant tables stay in flash */
#define CODE_GET(t, i)  pgm_read_byte(&(t)[i])

/* The EEPROM: 32 KiB from address 0, read a byte at a time (eeprom.c). */
#define EE_BASE         0x0000u
#define EE(a)           ((uint16_t)(a))
#define EE_PTR          uint16_t
#define EE_CPTR         uint16_t
#define EE_GET(h, i)    ee_read((uint16_t)((h) + (i)))
uint8_t ee_read(uint16_t a);
uint8_t ee_copy(uint16_t dst, uint16_t src, uint8_t n);

#ifdef APPLETS
void chip_boot(void);                   /* store_port.c: the S-boxes the store lends, into RAM */
#else
#define chip_boot()
#endif

/* ---- the cipher routines: aes.c on RAM buffers (defined in cardos.c) ---- */
#define AES_STATE_AT
#define AES_KEY_AT
extern uint8_t aes_state[16];
extern uint8_t aes_key[32];
#define aes_enc128()    aes_crypt(aes_state, aes_key, 16, 0)
#define aes_dec128()    aes_crypt(aes_state, aes_key, 16, 1)
#define aes_enc192()    aes_crypt(aes_state, aes_key, 24, 0)
#define aes_dec192()    aes_crypt(aes_state, aes_key, 24, 1)
#define aes_enc256()    aes_crypt(aes_state, aes_key, 32, 0)
#define aes_dec256()    aes_crypt(aes_state, aes_key, 32, 1)

#endif
