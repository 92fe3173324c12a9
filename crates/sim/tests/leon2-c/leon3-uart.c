/* Print `result` in hex on the LEON3 APBUART at 0x80000100, as qemu-system-sparc -M leon3_generic maps it; on our LEON2 the writes land in the on-chip register area and change nothing. */
extern unsigned result;
void print_result(void)
{
    volatile unsigned *uart = (volatile unsigned *)0x80000100;
    for (int i = 28; i >= 0; i -= 4) {
        unsigned d = (result >> i) & 15;
        *uart = d < 10 ? '0' + d : 'a' + d - 10;
    }
    *uart = '\n';
}
