/*
 * What an applet sees of the cardlab card (docs/card.md, "Applets").
 *
 * Applets are C compiled by `clang -O2 -target bpf -mcpu=v3 -ffreestanding
 * -c`; the card keeps the object's .text and interprets it (firmware/cardvm:
 * a 32-bit subset of eBPF). No global data (the card applies no
 * relocations): tables live on the stack or in a region the card lends.
 * Every function but the entry point is inlined (no BPF-to-BPF calls).
 *
 * The applet's entry point gets r1 = P1 of the RUN command; its return value
 * (r0) is not sent: the output is what it hands to cardlab_write.
 *
 * A helper handed memory outside the applet's stack or a lent region ("bad
 * buf": 16 when the helper reads it, 17 when it writes it, as the VM's own
 * loads and stores), or a length past what it serves, ends the run with the
 * status its comment gives (status word 64 xx, xx the status). A length of
 * 0 moves nothing and checks no buffer.
 *
 * The card lends 256 bytes of stack (r10 points just past it) and runs at
 * most 50,000 instructions per RUN; each EEPROM page cardlab_file_write
 * programs is charged as 100 of them.
 */
#ifndef CARDLAB_APPLET_H
#define CARDLAB_APPLET_H
#include <stdint.h>

/* helper 1: copy up to len bytes of the command data not yet read into buf;
 * returns how many were copied (0 at the end of the data). Bad buf: 17. */
static uint32_t (*const cardlab_read)(void *buf, uint32_t len) = (void *)1;

/* helper 2: append len bytes at buf to the response (at most 256 bytes in
 * all, returned by GET RESPONSE); returns len. Bad buf: 16; past 256: 32. */
static uint32_t (*const cardlab_write)(const void *buf, uint32_t len) = (void *)2;

/* helper 3: copy len bytes of the applet data file (256 bytes of EEPROM,
 * shared by all applets, kept across runs and resets; erased = FF) from
 * offset off into buf; returns len. Past the file: 33. Bad buf: 17. */
static uint32_t (*const cardlab_file_read)(uint32_t off, void *buf, uint32_t len) = (void *)3;

/* helper 4: program len bytes at buf into the data file at offset off, page
 * by page (each EEPROM page programmed once per call); returns len. Past
 * the file: 33. Bad buf: 16. EEPROM failure: 34. */
static uint32_t (*const cardlab_file_write)(uint32_t off, const void *buf, uint32_t len) = (void *)4;

/* helper 5: encipher the 16 bytes at buf in place with the card's own key
 * (the key file of PUT DATA, any length), by the card OS's native AES; the
 * key never enters applet memory. Returns 16. No key: 35. Bad buf: 17. */
static uint32_t (*const cardlab_key_encipher)(void *buf) = (void *)5;

/* The AES S-box and inverse S-box, lent read-only by the card. */
#define CARDLAB_SBOX     ((const uint8_t *)0x00010000u)
#define CARDLAB_INV_SBOX ((const uint8_t *)0x00010100u)

#define INLINE static inline __attribute__((always_inline))
#endif
