/*
 * AES (FIPS-197) in C for the classic AVR core: encryption and decryption
 * with 128-, 192- and 256-bit keys, the key schedule on the fly in the key
 * buffer itself, the S-box and inverse S-box in flash (pgm_read_byte, a
 * plain LPM). Portable C99: on a host the tables are ordinary arrays
 * (aes_test.c).
 */
#ifndef AES_H
#define AES_H

#include <stdint.h>

/*
 * The 16-byte block at state, enciphered (decrypt = 0) or deciphered in
 * place with the key at key, keylen 16, 24 or 32 bytes. The key buffer is
 * the key schedule's work area: after an encryption it holds the last Nk
 * words of the expansion, after a decryption the key again.
 */
void aes_crypt(uint8_t *state, uint8_t *key, uint8_t keylen, uint8_t decrypt);

/* FIPS-197 Figure 7 and Figure 14, in flash on the AVR */
extern const uint8_t aes_sbox[256];
extern const uint8_t aes_inv_sbox[256];

#endif
