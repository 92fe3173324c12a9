/*
 * Host test of aes.c: FIPS-197 Appendix C.1, C.2, C.3 (encrypt and
 * decrypt), and, given a file of "keyhex blockhex cipherhex" lines, each of
 * them both ways.
 *   cc -std=c99 -O2 -o aes_test aes_test.c aes.c && ./aes_test [vectors]
 */
#include <stdio.h>
#include <string.h>
#include "aes.h"

static int passed, failed;

static void hex(const char *s, uint8_t *out, int n)
{
    int i;
    unsigned v;

    for (i = 0; i < n; i++) {
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static void check(const char *what, const uint8_t *key, int keylen,
                  const uint8_t *pt, const uint8_t *ct)
{
    uint8_t k[32], b[16];

    memcpy(k, key, keylen);
    memcpy(b, pt, 16);
    aes_crypt(b, k, (uint8_t)keylen, 0);
    if (memcmp(b, ct, 16)) {
        printf("FAIL encrypt %s\n", what);
        failed++;
    } else
        passed++;
    memcpy(k, key, keylen);
    aes_crypt(b, k, (uint8_t)keylen, 1);
    if (memcmp(b, pt, 16) || memcmp(k, key, keylen)) {
        printf("FAIL decrypt %s\n", what);
        failed++;
    } else
        passed++;
}

int main(int argc, char **argv)
{
    static const char *fips[3][2] = {
        { "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a" },
        { "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191" },
        { "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089" },
    };
    uint8_t key[32], pt[16], ct[16];
    char k[80], p[40], c[40];
    int i;

    hex("00112233445566778899aabbccddeeff", pt, 16);
    for (i = 0; i < 3; i++) {
        int n = (int)strlen(fips[i][0]) / 2;
        hex(fips[i][0], key, n);
        hex(fips[i][1], ct, 16);
        check(i == 0 ? "FIPS-197 C.1" : i == 1 ? "FIPS-197 C.2" : "FIPS-197 C.3", key, n, pt, ct);
    }
    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        if (!f) {
            perror(argv[1]);
            return 1;
        }
        while (fscanf(f, "%79s %39s %39s", k, p, c) == 3) {
            int n = (int)strlen(k) / 2;
            hex(k, key, n);
            hex(p, pt, 16);
            hex(c, ct, 16);
            check(k, key, n, pt, ct);
        }
        fclose(f);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
