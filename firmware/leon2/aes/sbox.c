/* sbox.c: AES-128 with seed 003's sbox instruction for every byte
 * substitution (sboxins.h); MixColumns and InvMixColumns computed on
 * column words (aes.h). No table: constant address trace. */
#include <stdint.h>
#include "sboxins.h"
#define MIX(a) mix_column_sw(a)
#define INVMIX(a) inv_mix_column_sw(a)
#include "calc.h"
