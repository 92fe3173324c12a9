/* C programs for the ARM7TDMI differential test: built by arm-none-eabi-gcc
 * -mcpu=arm7tdmi (ARM and Thumb), run on cardlab's simulator and on
 * qemu-arm; main's result must agree. Together they exercise loops, calls,
 * the stack, byte/halfword/word memory, 32- and 64-bit arithmetic and
 * libgcc's division routines. */
#include <stdint.h>

static uint32_t state = 2463534242u;

static uint32_t xorshift32(void) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

static uint8_t buffer[512];
static uint16_t halves[64];
static int32_t numbers[48];

static uint32_t crc32(const uint8_t *p, int n) {
    uint32_t crc = 0xFFFFFFFFu;
    for (int i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
    }
    return ~crc;
}

static void sort(int32_t *a, int n) {
    for (int i = 1; i < n; i++) {
        int32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static uint32_t arithmetic(void) {
    uint32_t acc = 0;
    for (int i = 1; i < 40; i++) {
        uint32_t a = xorshift32(), b = xorshift32() | 1;
        int32_t s = (int32_t)a >> (i & 31);
        uint64_t wide = (uint64_t)a * b + (uint64_t)acc;
        int64_t swide = (int64_t)(int32_t)a * (int32_t)b;
        acc += a / b + a % (b >> 7 | 1) + (uint32_t)(wide >> 29) + (uint32_t)(swide >> 33);
        acc ^= (uint32_t)s / (uint32_t)i + (uint32_t)((int32_t)a / (-i));
        acc = (acc << 7) | (acc >> 25);
    }
    return acc;
}

static uint32_t fib(uint32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void) {
    for (int i = 0; i < 512; i++) buffer[i] = (uint8_t)xorshift32();
    for (int i = 0; i < 64; i++) halves[i] = (uint16_t)(xorshift32() >> 7);
    for (int i = 0; i < 48; i++) numbers[i] = (int32_t)xorshift32();
    sort(numbers, 48);
    uint32_t h = 0;
    for (int i = 0; i < 64; i++) h = h * 31 + halves[i] + (int16_t)halves[i ^ 5];
    uint32_t sorted = 1;
    for (int i = 1; i < 48; i++) sorted &= numbers[i - 1] <= numbers[i];
    return (int)(crc32(buffer, 512) ^ arithmetic() ^ h ^ fib(15) ^ sorted
                 ^ (uint32_t)numbers[17]);
}
