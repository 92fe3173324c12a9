/*
 * cardvm store: the card OS's applets (seed paper 004 section III). Loading
 * after GlobalPlatform's card-content management (CLA 80: INSTALL, LOAD,
 * DELETE, GET STATUS; no secure channel), an applet store in EEPROM that a
 * power cut leaves as before or as after, and RUN of the selected applet
 * on the VM of cvm.h with the card's helpers (../applets/cardlab_applet.h).
 * docs/card.md gives the commands and status words.
 *
 * Portable C99, shared by the card OSes of every chip. What a chip's card
 * OS provides is declared below under "the port".
 */
#ifndef CARDVM_STORE_H
#define CARDVM_STORE_H

#include <stdint.h>

/* ---- the EEPROM layout (offsets from the EEPROM's first byte) ---------
 * Each slot's header has a page of its own; the code of slot i fills
 * STORE_CODE + i * STORE_SLOT_BYTES onwards. */
#define STORE_SLOTS         4u
#define STORE_HDR           0x0400u     /* slot i's header page: + 32 i */
#define STORE_FILE          0x0500u     /* the applets' data file, 8 pages */
#define STORE_FILE_BYTES    256u
#define STORE_CODE          0x1000u
#define STORE_SLOT_BYTES    0x1000u     /* 512 eBPF slots */
#define STORE_PAGE          32u

/* Instructions an applet may execute in one RUN (cvm_run's budget): the
 * AES applets' 15 blocks of deciphering take 41,210. Helpers charge their
 * EEPROM pages against it (STORE_PAGE_CHARGE each), so that no applet
 * keeps the card programming EEPROM for long. */
#ifndef STORE_BUDGET
#define STORE_BUDGET        50000ul
#endif
#define STORE_PAGE_CHARGE   100u

/* ---- the port: what the card OS provides --------------------------------
 * card_buf, card_receive, card_sw and card_respond come from the shared
 * command loop (../cardos/cardos.c); the rest from each chip's port
 * (store_port.c). */

/* The command data buffer: filled by card_receive, and where a response
 * waits for GET RESPONSE. */
extern uint8_t *const card_buf;
/* Send the procedure byte and receive P3 bytes of data into card_buf. */
void card_receive(void);
void card_sw(uint8_t sw1, uint8_t sw2);
/* n bytes of card_buf wait for GET RESPONSE: answers 61 n. */
void card_respond(uint8_t n);
/* Copy n bytes of EEPROM at ee into dst. */
void card_ee_read(uint8_t *dst, uint16_t ee, uint8_t n);
/* Program n bytes (1..32, inside one page) from RAM at src to EEPROM at ee;
 * 1 when the page holds them. */
uint8_t card_ee_write(uint16_t ee, const uint8_t *src, uint8_t n);
/* The program handle cvm_load gets for the code at EEPROM offset ee. */
const uint8_t *card_ee_prog(uint16_t ee);
/* Encipher 16 bytes in place with the key file's key; 0 when there is none. */
uint8_t card_key_encipher(uint8_t *block);
/* The AES tables the card lends applets read-only (256 bytes each). */
extern const uint8_t *const card_sbox;
extern const uint8_t *const card_inv_sbox;

/* ---- the store's side ------------------------------------------------------ */

/* At boot: nothing selected, no load in progress. */
void store_boot(void);
/* A command with CLA 80 (hdr = CLA INS P1 P2 P3); answers it. */
void store_command(const uint8_t *hdr);
/* SELECT of an AID that is not the card OS's own: 1 (and answered 90 00)
 * when it names an installed applet, which becomes the selected one. */
uint8_t store_select(const uint8_t *aid, uint8_t len);
/* SELECT of the card OS's own AID: no applet selected. */
void store_deselect(void);

#endif
