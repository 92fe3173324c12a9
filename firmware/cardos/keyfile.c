/*
 * cardlab card OS: the AES key file and its tear-proof update.
 *
 * Records (cardos.h): key file header (len, ~len) and key; backup header
 * and key; commit flag (A5 5A). A key update (key_put):
 *   1. backup key, then backup header (each read back)
 *   2. commit flag set                      <- the commit point
 *   3. key file (and, KEYS_PRECOMPUTED, the round keys) from the backup
 *   4. commit flag cleared
 * At boot (key_boot) a set flag means step 3 may be incomplete: it is
 * redone from the backup, which was complete before the flag was set, and
 * the flag cleared. A clear flag means the key file was never touched by
 * an unfinished update. So a power cut at any point leaves the old key
 * (cut before the flag is fully set) or the new one (cut after), never a
 * mix; redoing step 3 is harmless however often it is cut. While the flag
 * is set the key file counts as absent (key_len).
 */
#include "cardos.h"

/* a header record (len, ~len) holding a valid AES key length, else 0 */
static uint8_t hdr_len(EE_CPTR h)
{
    uint8_t len = EE_GET(h, 0);
    if ((uint8_t)~len != EE_GET(h, 1))
        return 0;
    if (len != 16 && len != 24 && len != 32)
        return 0;
    return len;
}

static uint8_t flag_set(void)
{
    return EE_GET(EE(EE_FLAG), 0) == FLAG_SET0 && EE_GET(EE(EE_FLAG), 1) == FLAG_SET1;
}

static uint8_t write_hdr(uint16_t addr, uint8_t len)
{
    scratch[0] = len;
    scratch[1] = ~len;
    return ee_write(EE(addr), scratch, 2);
}

#ifdef KEYS_PRECOMPUTED
/*
 * (The 8051 only: its aes_ee.asm reads round keys from EEPROM.)
 * The round keys of the key at EE_BK_KEY into EEPROM: the key expansion
 * is computed a window of Nk words at a time in aes_key (aes_expandN) into
 * xk, then page r gets words 4r .. 4r+Nk-1: Nr + 1 programs of Nk x 4
 * bytes (seed 004 §2-2: 11 x 16, 13 x 24, 15 x 32 bytes). The words past
 * w[4 Nr + 3] that the last pages hold continue the expansion.
 */
static XDATA uint8_t xk[256];

static uint8_t write_round_keys(uint8_t len)
{
    uint8_t nr = len / 4 + 6;
    uint8_t windows = len == 16 ? 11 : len == 24 ? 9 : 8;   /* (4 Nr + Nk) / Nk */
    uint8_t rcon = 1;
    XDATA uint8_t *p = xk;
    EE_PTR page = EE(EE_RK);
    uint8_t i;

    for (i = 0; i < len; i++)
        aes_key[i] = EE_GET(EE(EE_BK_KEY), i);
    for (;;) {
        for (i = 0; i < len; i++)
            *p++ = aes_key[i];
        if (--windows == 0)
            break;
        if (len == 16)
            rcon = aes_expand4(rcon);
        else if (len == 24)
            rcon = aes_expand6(rcon);
        else
            rcon = aes_expand8(rcon);
    }
    p = xk;
    for (i = 0; i <= nr; i++) {
        if (!ee_write(page, p, len))
            return 0;
        page += EE_PAGE;
        p += 16;
    }
    return 1;
}
#endif

/* step 3 and 4: the key file from the backup, then the flag cleared */
static uint8_t install(void)
{
    uint8_t len = hdr_len(EE(EE_BK_HDR));

    if (len) {
#ifdef KEYS_PRECOMPUTED
        if (!write_round_keys(len))
            return 0;
#endif
        if (!ee_copy(EE(EE_KF_KEY), EE(EE_BK_KEY), len))
            return 0;
        if (!write_hdr(EE_KF_HDR, len))
            return 0;
    }
    /* (no valid backup under a set flag cannot come from key_put; the
     * flag is cleared all the same, leaving the key file as it is) */
    scratch[0] = 0;
    scratch[1] = 0;
    return ee_write(EE(EE_FLAG), scratch, 2);
}

void key_boot(void)
{
    if (flag_set())
        install();
}

uint8_t key_put(const XDATA uint8_t *key, uint8_t len)
{
    if (!ee_write(EE(EE_BK_KEY), key, len))
        return 0;
    if (!write_hdr(EE_BK_HDR, len))
        return 0;
    scratch[0] = FLAG_SET0;
    scratch[1] = FLAG_SET1;
    if (!ee_write(EE(EE_FLAG), scratch, 2))
        return 0;
    return install();
}

/* the loaded key's length (16, 24, 32), 0 when there is none */
uint8_t key_len(void)
{
    if (flag_set())
        return 0;               /* an update not yet installed: wait for the reset */
    return hdr_len(EE(EE_KF_HDR));
}

/*
 * ECB over blocks x 16 bytes of data, in place, with the loaded key
 * (key_len() must be non-zero).
 */
void key_cipher(XDATA uint8_t *data, uint8_t blocks, uint8_t decrypt)
{
    uint8_t len = key_len();
    uint8_t i;

    while (blocks--) {
        for (i = 0; i < 16; i++)
            aes_state[i] = data[i];
#ifdef KEYS_ONTHEFLY
        for (i = 0; i < len; i++)           /* the routines consume the key */
            aes_key[i] = EE_GET(EE(EE_KF_KEY), i);
        if (len == 16) {
            if (decrypt) aes_dec128(); else aes_enc128();
        } else if (len == 24) {
            if (decrypt) aes_dec192(); else aes_enc192();
        } else {
            if (decrypt) aes_dec256(); else aes_enc256();
        }
#else
        if (decrypt)
            aes_ee_decrypt(len / 4 + 6);
        else
            aes_ee_encrypt(len / 4 + 6);
#endif
        for (i = 0; i < 16; i++)
            data[i] = aes_state[i];
        data += 16;
    }
}
