/*
 * cardlab card OS: the chip's registers, the EEPROM layout and the
 * interfaces between the modules. docs/card.md describes the chip.
 */
#ifndef CARDOS_H
#define CARDOS_H

#include <stdint.h>

#if defined(KEYS_PRECOMPUTED) == defined(KEYS_ONTHEFLY)
#error "build with exactly one of -DKEYS_PRECOMPUTED, -DKEYS_ONTHEFLY"
#endif

/* ---- SFRs ------------------------------------------------------------ */
__sfr __at(0x98) SCON;          /* I/O line: RI bit 0, TI bit 1 */
__sbit __at(0x98) RI;
__sbit __at(0x99) TI;
__sfr __at(0x99) SBUF;
__sfr __at(0xD9) EECON;         /* 0x01 program the latched page, 0x02 clear the latch */
__sfr __at(0xDA) EESTAT;        /* BUSY, ERR, LATCHED */

#define EECON_PROGRAM   0x01
#define EECON_CLEAR     0x02
#define EESTAT_BUSY     0x01
#define EESTAT_ERR      0x02

/* ---- EEPROM layout (XDATA 0x8000-0xFFFF, 32-byte pages) ---------------
 * Every record that is written lies in a page of its own, so each write is
 * one page program and a torn write damages that record only. */
#define EE_PAGE         32
#define EE_CTR_A        0x8000  /* reset counter, slot A: ctr[4] (big-endian), ~ctr[4] */
#define EE_CTR_B        0x8020  /* reset counter, slot B (the two alternate) */
#define EE_RNG_KEY      0x8040  /* generator key, 16 bytes (personalisation; erased = FF..FF) */
#define EE_FLAG         0x8060  /* commit flag: A5 5A = a key update is committed, else none */
#define EE_BK_HDR       0x8080  /* backup: len, ~len */
#define EE_BK_KEY       0x80A0  /* backup: the new key, len bytes */
#define EE_KF_HDR       0x80C0  /* key file: len, ~len (anything else: no key) */
#define EE_KF_KEY       0x80E0  /* key file: the key, len bytes */
#define EE_RK           0x8200  /* round keys (KEYS_PRECOMPUTED): page r = w[4r .. 4r+Nk-1] */
                                /* (aes_ee.asm RK_BASE; 256-aligned, 15 pages up to 0x83DF) */
#define FLAG_SET0       0xA5
#define FLAG_SET1       0x5A

#define EE(a)           ((__xdata uint8_t *)(a))

/* ---- IRAM buffers of the cipher routines (aes51.inc: st 0x30, ky 0x40) --
 * The linker keeps C data above them (--data-loc 0x60). */
extern __data __at(0x30) uint8_t aes_state[16];
extern __data __at(0x40) uint8_t aes_key[32];

/* ---- cipher routines (assembly) ---------------------------------------- */
void aes_enc128(void);                  /* aes_fast128.asm */
#ifdef KEYS_ONTHEFLY
void aes_dec128(void);                  /* aes_otf.asm */
void aes_enc192(void);
void aes_dec192(void);
void aes_enc256(void);
void aes_dec256(void);
#else
void aes_ee_encrypt(uint8_t nr);        /* aes_ee.asm */
void aes_ee_decrypt(uint8_t nr);
uint8_t aes_expand4(uint8_t rcon);
uint8_t aes_expand6(uint8_t rcon);
uint8_t aes_expand8(uint8_t rcon);
#endif

/* ---- t0.c: the I/O line --------------------------------------------- */
void io_init(void);
uint8_t io_getc(void);
void io_putc(uint8_t c);
void io_send(const __xdata uint8_t *p, uint8_t n);
void io_recv(__xdata uint8_t *p, uint8_t n);
void io_sw(uint8_t sw1, uint8_t sw2);

/* ---- eeprom.c ---------------------------------------------------------- */
uint8_t ee_write(__xdata uint8_t *dst, const __xdata uint8_t *src, uint8_t n);

/* ---- keyfile.c --------------------------------------------------------- */
void key_boot(void);
uint8_t key_put(const __xdata uint8_t *key, uint8_t len);
uint8_t key_len(void);
void key_cipher(__xdata uint8_t *data, uint8_t blocks, uint8_t decrypt);

/* ---- rng.c --------------------------------------------------------------- */
void rng_boot(void);
uint8_t rng_fill(__xdata uint8_t *out, uint8_t n);

/* ---- cardos.c, for the applet store's port (store_port.c) -------------- */
extern __xdata uint8_t buf[256];
void receive_data(void);
void keep_response(uint8_t n);

/* a scratch page for EEPROM records (cardos.c) */
extern __xdata uint8_t scratch[EE_PAGE];

#endif
