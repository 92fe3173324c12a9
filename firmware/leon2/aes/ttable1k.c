/* ttable1k.c: AES-128 with one 1 KB T-table for encryption and one for
 * decryption, rotated into the other rows (3 instructions a rotation),
 * plus the inverse S-box: 2304 bytes of tables read at secret-dependent
 * addresses. */
#define AES_NEED_TE1
#define AES_NEED_TD1
#define AES_NEED_INV_SBOX
#include <stdint.h>
#include "tables.h"
#define ROTR(w, n) ((n) ? ((w) >> (n) | (w) << (32 - (n))) : (w))
#define TE(r, x) ROTR(aes_te[x], 8 * (r))
#define TD(r, x) ROTR(aes_td[x], 8 * (r))
#define ISB(x) ((uint32_t)aes_inv_sbox[x])
#include "ttab.h"
