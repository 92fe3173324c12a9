/* Recursion: Fibonacci numbers, Ackermann's function (A(3,3) nests about
   sixty calls deep), the towers of Hanoi recording each move in RAM, and
   factorials of longs (a recursive __mulsi3 chain). */
unsigned int fibs[20];
unsigned int acks[4];
unsigned char moves[64];
unsigned long facts[13];
int nmoves;

static unsigned int fib(unsigned int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned int ack(unsigned int m, unsigned int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves[nmoves++] = (unsigned char)(from << 4 | to);
    hanoi(n - 1, via, to, from);
}

static unsigned long fact(unsigned int n)
{
    return n ? n * fact(n - 1) : 1;
}

int main(void)
{
    int i;

    for (i = 0; i < 20; i++)
        fibs[i] = fib(i);
    acks[0] = ack(1, 5);
    acks[1] = ack(2, 3);
    acks[2] = ack(2, 9);
    acks[3] = ack(3, 3);
    hanoi(6, 1, 3, 2);
    for (i = 0; i <= 12; i++)
        facts[i] = fact(i);
    return nmoves;
}
