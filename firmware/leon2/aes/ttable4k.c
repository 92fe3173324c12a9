/* ttable4k.c: AES-128 with four 1 KB T-tables for encryption (their
 * bytes give the S-box too) and four for decryption, plus the inverse
 * S-box: 8448 bytes of tables read at secret-dependent addresses. */
#define AES_NEED_TE4
#define AES_NEED_TD4
#define AES_NEED_INV_SBOX
#include <stdint.h>
#include "tables.h"
#define TE(r, x) aes_te[r][x]
#define TD(r, x) aes_td[r][x]
#define ISB(x) ((uint32_t)aes_inv_sbox[x])
#include "ttab.h"
