/* A switch over eleven dense cases, which gcc compiles to a jump table
   (a table of code addresses in .rodata, `jmp @rN`), driving a small
   16-bit machine; each step's value is kept in RAM. Multiply and divide of
   16-bit ints go through libgcc too (__mulhi3, __udivhi3, __umodhi3). */
unsigned int trace[128];

static unsigned int step(unsigned char op, unsigned int x, unsigned int y)
{
    switch (op) {
    case 0: return x + y;
    case 1: return x - y;
    case 2: return x * y;
    case 3: return x / (y | 1);
    case 4: return x % (y | 1);
    case 5: return x ^ y;
    case 6: return (x & y) | 0x0101;
    case 7: return x << (y & 15);
    case 8: return x >> (y & 15);
    case 9: return (x << 3) | (x >> 13);
    default: return ~x;
    }
}

int main(void)
{
    unsigned int x = 0x1234, y = 0xBEEF;
    int i;

    for (i = 0; i < 128; i++) {
        unsigned char op = (unsigned char)(((x ^ (x >> 8)) + i) % 11u);
        unsigned int t = step(op, x, y);
        y = x;
        x = t;
        trace[i] = x;
    }
    return x ^ y;
}
