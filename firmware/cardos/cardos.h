/*
 * cardlab card OS: the EEPROM layout and the interfaces between the
 * modules, for every chip. What differs from chip to chip comes from the
 * chip folder's chip.h (found through -I):
 *
 *   XDATA, CODE         the qualifiers of RAM buffers and of constant
 *                       tables (sdcc: __xdata, __code; avr-gcc: none,
 *                       PROGMEM); CODE_GET(t, i) reads t[i] of a CODE table
 *   AES_STATE_AT,       the qualifiers of the cipher buffers' definitions
 *   AES_KEY_AT          (sdcc: __data __at(0x30), __data __at(0x40))
 *   EE_BASE             the EEPROM's first byte as an EE() address
 *   EE(a), EE_PTR,      an EEPROM address as the chip reaches it, and its
 *   EE_CPTR             types (sdcc: an __xdata pointer; AVR: a uint16_t)
 *   EE_GET(h, i)        the byte at h + i (sdcc: the MOVX read h[i]; AVR:
 *                       ee_read through EECR)
 *   ee_copy(d, s, n)    program n bytes of EEPROM at s to d (one page)
 *   chip_boot()         what the chip sets up first thing at reset
 *   aes_state, aes_key  the cipher buffers, and the cipher routines
 *   aes_enc128() ...    aes_enc128, aes_dec128, aes_enc192, aes_dec192,
 *                       aes_enc256, aes_dec256 (KEYS_ONTHEFLY): the block
 *                       in aes_state, enciphered or deciphered in place,
 *                       with the key in aes_key (which they may consume)
 *
 * The chip layer also provides t0.c (the I/O line) and eeprom.c
 * (ee_write), declared below.
 */
#ifndef CARDOS_H
#define CARDOS_H

#include <stdint.h>
#include "chip.h"

#if defined(KEYS_PRECOMPUTED) == defined(KEYS_ONTHEFLY)
#error "build with exactly one of -DKEYS_PRECOMPUTED, -DKEYS_ONTHEFLY"
#endif

/* ---- EEPROM layout (offsets from EE_BASE, 32-byte pages) ----------------
 * Every record that is written lies in a page of its own, so on a chip
 * that programs a page at a time each write is one page program and a
 * torn write damages that record only. */
#define EE_PAGE         32
#define EE_CTR_A        (EE_BASE + 0x0000u) /* reset counter, slot A: ctr[4] (big-endian), ~ctr[4] */
#define EE_CTR_B        (EE_BASE + 0x0020u) /* reset counter, slot B (the two alternate) */
#define EE_RNG_KEY      (EE_BASE + 0x0040u) /* generator key, 16 bytes (personalisation; erased = FF..FF) */
#define EE_FLAG         (EE_BASE + 0x0060u) /* commit flag: A5 5A = a key update is committed, else none */
#define EE_BK_HDR       (EE_BASE + 0x0080u) /* backup: len, ~len */
#define EE_BK_KEY       (EE_BASE + 0x00A0u) /* backup: the new key, len bytes */
#define EE_KF_HDR       (EE_BASE + 0x00C0u) /* key file: len, ~len (anything else: no key) */
#define EE_KF_KEY       (EE_BASE + 0x00E0u) /* key file: the key, len bytes */
#define EE_RK           (EE_BASE + 0x0200u) /* round keys (KEYS_PRECOMPUTED): page r = w[4r .. 4r+Nk-1] */
                                /* (the 8051's aes_ee.asm RK_BASE; 256-aligned, 15 pages up to +0x3DF) */
#define FLAG_SET0       0xA5
#define FLAG_SET1       0x5A

/* ---- t0.c: the I/O line --------------------------------------------- */
void io_init(void);
uint8_t io_getc(void);
void io_putc(uint8_t c);
void io_send(const XDATA uint8_t *p, uint8_t n);
void io_recv(XDATA uint8_t *p, uint8_t n);
void io_sw(uint8_t sw1, uint8_t sw2);

/* ---- eeprom.c ---------------------------------------------------------- */
/* Program n bytes (1..32, inside one 32-byte page) from RAM at src to dst;
 * 1 when the EEPROM reads them back. */
uint8_t ee_write(EE_PTR dst, const XDATA uint8_t *src, uint8_t n);

/* ---- keyfile.c --------------------------------------------------------- */
void key_boot(void);
uint8_t key_put(const XDATA uint8_t *key, uint8_t len);
uint8_t key_len(void);
void key_cipher(XDATA uint8_t *data, uint8_t blocks, uint8_t decrypt);

/* ---- rng.c --------------------------------------------------------------- */
void rng_boot(void);
uint8_t rng_fill(XDATA uint8_t *out, uint8_t n);

/* ---- cardos.c, for the applet store's port (store_port.c) -------------- */
extern XDATA uint8_t buf[256];
void receive_data(void);
void keep_response(uint8_t n);

/* a scratch page for EEPROM records (cardos.c) */
extern XDATA uint8_t scratch[EE_PAGE];

#endif
