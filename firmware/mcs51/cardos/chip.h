/*
 * cardlab card OS, the 8051 chip layer (SLE66CX322P-like, docs/card.md):
 * what ../../cardos/cardos.h asks of a chip, for sdcc. The SFRs of the I/O
 * line and the EEPROM, XDATA and code memory, the EEPROM read by MOVX at
 * XDATA 0x8000 + offset, and the assembly cipher routines with their IRAM
 * buffers.
 */
#ifndef CHIP_H
#define CHIP_H

#include <stdint.h>

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

/* ---- memories ------------------------------------------------------------ */
#define XDATA           __xdata         /* RAM buffers: the 5 KiB XDATA RAM */
#define CODE            __code          /* constant tables in code memory */
#define CODE_GET(t, i)  (t)[i]

/* The EEPROM is XDATA 0x8000-0xFFFF, read by MOVX like RAM; writes go
 * through the page latch (eeprom.c). */
#define EE_BASE         0x8000u
#define EE(a)           ((__xdata uint8_t *)(a))
#define EE_PTR          __xdata uint8_t *
#define EE_CPTR         const __xdata uint8_t *
#define EE_GET(h, i)    (h)[i]
/* EEPROM to EEPROM: the latch takes MOVX from anywhere in XDATA */
#define ee_copy(d, s, n) ee_write(d, s, n)

/* nothing to set up before io_init */
#define chip_boot()

/* ---- IRAM buffers of the cipher routines (aes51.inc: st 0x30, ky 0x40) --
 * Reserved by vectors.asm's absolute data area; defined in cardos.c. */
#define AES_STATE_AT    __data __at(0x30)
#define AES_KEY_AT      __data __at(0x40)
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

#endif
