/*
 * AES-128 decryption (FIPS-197 5.3, InvCipher()), ECB, the card's applet.
 *
 * Reads:   1 to 15 ciphertext blocks (16 to 240 bytes, a multiple of 16;
 *          cardlab_read), then the round keys from the applet data file as
 *          aes_expand.c leaves them (round key r: 16 bytes at offset 16 r),
 *          in reverse order, round key 10 first, each read
 *          (cardlab_file_read) as its round needs it, so only one round key
 *          is in the applet's memory at a time.
 * Writes:  each block's 16-byte plaintext (cardlab_write), in order.
 * Returns: 0; 1 if the data was empty, longer than 240 bytes or not a
 *          multiple of 16 (then nothing is written).
 *
 * The straightforward inverse cipher: InvShiftRows, InvSubBytes,
 * AddRoundKey, InvMixColumns (not the equivalent inverse cipher of 5.3.5,
 * which would want its own key schedule). Everything else as in
 * aes_encrypt.c: the whole input is read before anything is written, each
 * block is decrypted in place, the state is four uint32_t columns with row
 * 0 in the low byte.
 *
 * Stack: the 240-byte input and one 16-byte round key, 256 bytes, all the
 * card lends: the rounds are written so that clang needs no spill slot
 * (check the frame with llvm-objdump -d after any change).
 * Tables: the card's inverse S-box (CARDLAB_INV_SBOX).
 */
#include "aes_columns.h"

/* InvMixColumns on one column (FIPS-197 5.3.3). The inverse matrix
 * (0e 0b 0d 09) is the MixColumns matrix (02 03 01 01) times (05 00 04 00)
 * ("The Design of Rijndael", 4.1.3): first
 *   u = xtime(xtime(a0 ^ a2)), v = xtime(xtime(a1 ^ a3)),
 *   a0 ^= u, a1 ^= v, a2 ^= u, a3 ^= v,
 * then MixColumns. On the packed column, x ^ ror16(x) holds
 * (a0 ^ a2, a1 ^ a3, a2 ^ a0, a3 ^ a1): all four steps at once. */
INLINE uint32_t inv_mix_column(uint32_t x)
{
    x ^= xtime4(xtime4(x ^ ror16(x)));
    return mix_column(x);
}

/* InvShiftRows and InvSubBytes (FIPS-197 5.3.1, 5.3.2) in place on the 16
 * bytes of the state: row r (bytes b[r], b[4 + r], b[8 + r], b[12 + r])
 * turns right by r columns while each byte goes through the inverse S-box. */
INLINE void inv_shift_sub(uint8_t *b)
{
    const uint8_t *isbox = CARDLAB_INV_SBOX;
    uint8_t t;

    b[0] = isbox[b[0]]; b[4] = isbox[b[4]];     /* row 0 */
    b[8] = isbox[b[8]]; b[12] = isbox[b[12]];
    t = b[13];                                  /* row 1: right by 1 */
    b[13] = isbox[b[9]]; b[9] = isbox[b[5]]; b[5] = isbox[b[1]]; b[1] = isbox[t];
    t = b[2];                                   /* row 2: right by 2 */
    b[2] = isbox[b[10]]; b[10] = isbox[t];
    t = b[6];
    b[6] = isbox[b[14]]; b[14] = isbox[t];
    t = b[3];                                   /* row 3: right by 3 */
    b[3] = isbox[b[7]]; b[7] = isbox[b[11]]; b[11] = isbox[b[15]]; b[15] = isbox[t];
}

uint32_t aes_decrypt(void)
{
    /* mem[0 .. n/4): the blocks; mem[60..63]: the round key. One array,
     * so that reading one byte past the 240 stays inside it. */
    uint32_t mem[4 * MAX_BLOCKS + 4];
    uint32_t *rk = mem + 4 * MAX_BLOCKS;
    uint32_t *s, *end;                          /* s[0..3]: the state's columns */
    uint32_t n, round, c;

    n = cardlab_read(mem, 16 * MAX_BLOCKS + 1);
    if (n == 0 || n > 16 * MAX_BLOCKS || (n & 15) != 0)
        return 1;

    s = mem;
    end = mem + n / 4;
    do {
        /* AddRoundKey (FIPS-197 5.3.4: its own inverse) with round key 10 */
        cardlab_file_read(16 * 10, rk, 16);
        for (c = 0; c < 4; c++)
            s[c] ^= rk[c];

        round = 10;
        do {                                    /* round keys 9 .. 0 */
            round--;
            cardlab_file_read(16 * round, rk, 16);
            /* InvShiftRows, InvSubBytes */
            inv_shift_sub((uint8_t *)s);
            /* AddRoundKey, InvMixColumns (all rounds but the last); one
             * column at a time (not unrolled: clang would interleave the
             * columns and run out of registers, and there is no stack to
             * spill to) */
#pragma clang loop unroll(disable)
            for (c = 0; c < 4; c++) {
                uint32_t x = s[c] ^ rk[c];
                if (round != 0)
                    x = inv_mix_column(x);
                s[c] = x;
            }
        } while (round != 0);
        cardlab_write(s, 16);
        s += 4;
    } while (s != end);
    return 0;
}
