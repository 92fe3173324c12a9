/* sboxgf.c: AES-128 with the sbox instruction (sboxins.h) and gf2mul /
 * gf2mac for MixColumns: a column is a polynomial in X = x^8 and
 * MixColumns multiplies it by c(X) = 3X^3... in FIPS-197 4.3's order;
 * here, with row 0 in the top byte (lane 3) and lane L = bits 8L+7:8L,
 * out lane L = 2a_L ^ 3a_L-1 ^ a_L-2 ^ a_L-3, so
 *   out = fold(a (x) 0x01010302)     (x) = carry-less product,
 *   fold(P) = P_low ^ P_high         (mod X^4 + 1: the wrapped lanes).
 * A lane times 2 or 3 spills its bit 7 as bit 8 into the next lane; with
 * m = (a >> 7) & 0x01010101 the correction m (x) 0x11b per spilled lane,
 * at lanes 0 and 1 of the constant (the 2 and the 3), takes the bit back
 * out of the next lane and reduces it by 0x1b:
 *   out = fold(a (x) 0x01010302 ^ m (x) 0x00011a1b).
 * InvMixColumns = MixColumns after p = a ^ 4 (a ^ rotl16 a)
 * (aes.h), the {04} product as fold(a (x) 0x00040005 ^ h (x) 0x011b011b)
 * with h = (a >> 6) & 0x03030303, the two bits a lane spills. */
#include <stdint.h>
#include "sboxins.h"

static inline __attribute__((always_inline)) uint32_t mix_gf(uint32_t a)
{
    uint32_t m = (a >> 7) & 0x01010101u;
    l2_gf2mul(a, 0x01010302u);
    uint32_t lo = l2_gf2mac(m, 0x00011a1bu);
    return lo ^ l2_rdy();
}

static inline __attribute__((always_inline)) uint32_t inv_mix_gf(uint32_t a)
{
    uint32_t h = (a >> 6) & 0x03030303u;
    l2_gf2mul(a, 0x00040005u);
    uint32_t lo = l2_gf2mac(h, 0x011b011bu);
    return mix_gf(lo ^ l2_rdy());
}

#define MIX(a) mix_gf(a)
#define INVMIX(a) inv_mix_gf(a)
#include "calc.h"
