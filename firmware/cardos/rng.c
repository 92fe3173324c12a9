/*
 * cardlab card OS: the random generator of GET CHALLENGE.
 *
 * Block i of a session is AES-128 under the generator key (EEPROM
 * EE_RNG_KEY) of ctr || i || 0: ctr is the reset counter, which rng_boot
 * bumps at every reset before anything is generated, i counts the blocks
 * of the session. Distinct inputs, so no block repeats across sessions or
 * within one; unpredictable to whoever does not hold the generator key.
 *
 * The counter has two slots in pages of their own, each ctr (big-endian)
 * and ~ctr. Boot takes the largest valid slot and writes it + 1 over the
 * other: the slot holding the largest value is never written, so a torn
 * write leaves that one, and the torn slot either fails its check or holds
 * a value no session has used (its session never started).
 */
#include "cardos.h"

static XDATA uint8_t ctr[4];
static XDATA uint8_t seq[4];
static uint8_t rng_ok;

/* the slot's counter into v; 1 if ctr and ~ctr agree */
static uint8_t slot_read(EE_CPTR s, uint32_t *v)
{
    uint8_t i;
    uint32_t x = 0;

    for (i = 0; i < 4; i++) {
        if ((uint8_t)~EE_GET(s, i) != EE_GET(s, i + 4))
            return 0;
        x = (x << 8) | EE_GET(s, i);
    }
    *v = x;
    return 1;
}

void rng_boot(void)
{
    uint32_t a = 0, b = 0, n;
    uint8_t va = slot_read(EE(EE_CTR_A), &a);
    uint8_t vb = slot_read(EE(EE_CTR_B), &b);
    uint16_t dst;
    uint8_t i;

    if (!va) a = 0;
    if (!vb) b = 0;
    if (va && (!vb || a >= b)) {
        n = a + 1;
        dst = EE_CTR_B;         /* B holds the smaller: overwrite it */
    } else {
        n = b + 1;
        dst = EE_CTR_A;
    }
    for (i = 4; i--; ) {
        ctr[i] = (uint8_t)n;
        scratch[i] = (uint8_t)n;
        scratch[i + 4] = ~(uint8_t)n;
        n >>= 8;
    }
    rng_ok = ee_write(EE(dst), scratch, 8);
    for (i = 0; i < 4; i++)
        seq[i] = 0;
}

/* n random bytes (n <= 16) to out; 0 if the counter could not be stored */
uint8_t rng_fill(XDATA uint8_t *out, uint8_t n)
{
    uint8_t i;

    if (!rng_ok)
        return 0;
    for (i = 0; i < 16; i++) {
        aes_key[i] = EE_GET(EE(EE_RNG_KEY), i);
        aes_state[i] = 0;
    }
    for (i = 0; i < 4; i++) {
        aes_state[i] = ctr[i];
        aes_state[i + 4] = seq[i];
    }
    for (i = 4; i-- && ++seq[i] == 0; )     /* next block number */
        ;
    aes_enc128();
    for (i = 0; i < n; i++)
        out[i] = aes_state[i];
    return 1;
}
