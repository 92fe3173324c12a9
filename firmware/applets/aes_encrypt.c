/*
 * AES-128 encryption (FIPS-197 5.1, Cipher()), ECB, the card's applet.
 *
 * Reads:   1 to 15 plaintext blocks (16 to 240 bytes, a multiple of 16;
 *          cardlab_read), then the round keys from the applet data file as
 *          aes_expand.c leaves them: round key r is the 16 bytes at offset
 *          16 r, read (cardlab_file_read) as each round needs it, so only
 *          one round key is in the applet's memory at a time.
 * Writes:  each block's 16-byte ciphertext (cardlab_write), in order.
 * Returns: 0; 1 if the data was empty, longer than 240 bytes or not a
 *          multiple of 16 (then nothing is written).
 *
 * The whole input is read before anything is written (a length that is
 * not a multiple of 16 shows only at its end) and each block is encrypted
 * in place. The state is four uint32_t columns, row 0 in the low byte: the
 * byte order of the block in memory, the VM being little-endian.
 *
 * Stack: the 240-byte input and one 16-byte round key, 256 bytes, all the
 * card lends: the rounds are written so that clang needs no spill slot
 * (check the frame with llvm-objdump -d after any change).
 * Tables: the card's S-box (CARDLAB_SBOX).
 */
#include "aes_columns.h"

/* SubBytes and ShiftRows (FIPS-197 5.1.1, 5.1.2) in place on the 16 bytes
 * of the state: row r (bytes b[r], b[4 + r], b[8 + r], b[12 + r]) turns
 * left by r columns while each byte goes through the S-box. */
INLINE void sub_shift(uint8_t *b)
{
    const uint8_t *sbox = CARDLAB_SBOX;
    uint8_t t;

    b[0] = sbox[b[0]]; b[4] = sbox[b[4]];       /* row 0 */
    b[8] = sbox[b[8]]; b[12] = sbox[b[12]];
    t = b[1];                                   /* row 1: left by 1 */
    b[1] = sbox[b[5]]; b[5] = sbox[b[9]]; b[9] = sbox[b[13]]; b[13] = sbox[t];
    t = b[2];                                   /* row 2: left by 2 */
    b[2] = sbox[b[10]]; b[10] = sbox[t];
    t = b[6];
    b[6] = sbox[b[14]]; b[14] = sbox[t];
    t = b[15];                                  /* row 3: left by 3 */
    b[15] = sbox[b[11]]; b[11] = sbox[b[7]]; b[7] = sbox[b[3]]; b[3] = sbox[t];
}

uint32_t aes_encrypt(void)
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
        /* AddRoundKey (FIPS-197 5.1.4) with round key 0 */
        cardlab_file_read(0, rk, 16);
        for (c = 0; c < 4; c++)
            s[c] ^= rk[c];

        for (round = 1; round <= 10; round++) {
            cardlab_file_read(16 * round, rk, 16);
            /* SubBytes, ShiftRows */
            sub_shift((uint8_t *)s);
            /* MixColumns (all rounds but the last), AddRoundKey; one column
             * at a time (not unrolled: clang would interleave the columns
             * and run out of registers, and there is no stack to spill to) */
#pragma clang loop unroll(disable)
            for (c = 0; c < 4; c++) {
                uint32_t x = s[c];
                if (round != 10)
                    x = mix_column(x);
                s[c] = x ^ rk[c];
            }
        }
        cardlab_write(s, 16);
        s += 4;
    } while (s != end);
    return 0;
}
