/*
 * Runs programs on the applet VM for the differential test against rbpf
 * (crates/card/tests/cardvm.rs). Reads records from stdin until EOF:
 *   u16 slots (little-endian), slots x 8 program bytes, MEM bytes of memory;
 * runs each with the memory lent writable at applet address BASE and
 * r1 = BASE, and prints one line per record:
 *   <status> <r0 in hex> <memory after the run in hex>
 * (load refusals print the status and the offending slot instead of r0).
 */
#include <stdio.h>
#include <string.h>
#include "cvm.h"

#define MEM 128
#define BASE 0x00020000ul
#define BUDGET 100000ul

static uint8_t prog[8 * CVM_MAX_INSNS];
static uint8_t mem[MEM];
static uint8_t stack[512];

int main(void)
{
    struct cvm vm;
    struct cvm_region region;
    uint8_t head[2];
    region.base = BASE;
    region.len = MEM;
    region.host = mem;
    region.writable = 1;
    cvm_init(&vm, NULL, 0, &region, 1, stack, sizeof stack);
    while (fread(head, 1, 2, stdin) == 2) {
        unsigned slots = head[0] | (unsigned)head[1] << 8, i;
        cvm_status s;
        if (slots > CVM_MAX_INSNS || fread(prog, 8, slots, stdin) != slots
            || fread(mem, 1, MEM, stdin) != MEM)
            return 2;
        s = cvm_load(&vm, prog, (uint16_t)slots);
        if (s == CVM_OK)
            s = cvm_run(&vm, BASE, BUDGET);
        printf("%u %08lx ", (unsigned)s,
               s == CVM_OK ? (unsigned long)vm.r[0] : (unsigned long)vm.pc);
        for (i = 0; i < MEM; i++)
            printf("%02x", mem[i]);
        putchar('\n');
    }
    return 0;
}
