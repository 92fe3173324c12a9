/* sboxtab.c: AES-128 with no extension: the 256-byte S-box and inverse
 * S-box tables, xtime computed on four bytes at once (aes.h). Both are
 * read at secret-dependent addresses. */
#define AES_NEED_SBOX
#define AES_NEED_INV_SBOX
#include <stdint.h>
#include "tables.h"

#define SB(x) ((uint32_t)aes_sbox[x])
#define ISB(x) ((uint32_t)aes_inv_sbox[x])

static inline __attribute__((always_inline))
uint32_t sub4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return SB(a >> 24) << 24 | SB((b >> 16) & 0xff) << 16 | SB((c >> 8) & 0xff) << 8 | SB(d & 0xff);
}

static inline __attribute__((always_inline))
uint32_t isub4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return ISB(a >> 24) << 24 | ISB((b >> 16) & 0xff) << 16 | ISB((c >> 8) & 0xff) << 8 | ISB(d & 0xff);
}

/* SubWord(RotWord(w)): (S(row1), S(row2), S(row3), S(row0)). */
static inline __attribute__((always_inline)) uint32_t subrot(uint32_t w)
{
    return sub4((w << 8), (w << 8), (w << 8), (w >> 24));
}

#define MIX(a) mix_column_sw(a)
#define INVMIX(a) inv_mix_column_sw(a)
#include "calc.h"
