/* main for the bare-metal build: the program's own main (renamed
 * program_main by -Dmain=program_main), then `result` printed on the
 * LEON3 APBUART for qemu-system-sparc -M leon3_generic (leon3-uart.c). */
int program_main(void);
void print_result(void);

#undef main
int main(void)
{
    int r = program_main();
    print_result();
    return r;
}
