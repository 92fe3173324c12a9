/* Loops over arrays in RAM: a bitwise CRC-32 (IEEE, reflected) over 512
   pseudo-random bytes, shifting and masking a long per bit, and an
   insertion sort of 64 signed ints. */
unsigned char buf[512];
unsigned long crc_out;
int values[64];

static unsigned long crc32(const unsigned char *p, unsigned int n)
{
    unsigned long crc = 0xFFFFFFFFUL;
    while (n--) {
        int k;
        crc ^= *p++;
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320UL & -(crc & 1));
    }
    return ~crc;
}

static void sort(int *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int v = a[i];
        for (j = i; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

int main(void)
{
    unsigned int x = 12345;
    int i;

    for (i = 0; i < 512; i++) {
        x = x * 25173u + 13849u;
        buf[i] = (unsigned char)(x >> 8);
    }
    crc_out = crc32(buf, 512);
    for (i = 0; i < 64; i++) {
        x = x * 25173u + 13849u;
        values[i] = (int)x;
    }
    sort(values, 64);
    return (unsigned int)crc_out;
}
