#!/usr/bin/env python3
"""Runs LEON2 test cases on unicorn (QEMU's SPARC32 CPU, model LEON2) for
cardlab's differential tests.

Reads one JSON object a line from stdin:
  {"regs": [g0..g7, o0..o7, l0..l7, i0..i7], "icc": psr icc bits,
   "code": hex, "at": address, "count": instructions, "seed": fill seed}
and writes one a line:
  {"regs": [...32], "psr": int, "pc": int, "writes": [[addr, byte]..],
   "error": str|null}
Memory: 1 MiB from 0x40000000, as the simulator's SRAM, and its 512 KiB
PROM from 0, read-only; the data window
DATA..DATA+SIZE is filled with fill(addr, seed) before each case. unicorn
runs SPARC in user mode and has no %y register to read or write: the
cases move %y through %g7 with `wr` and `rd` instructions themselves.
"""
import json
import sys

from unicorn import (Uc, UcError, UC_ARCH_SPARC, UC_MODE_SPARC32, UC_MODE_BIG_ENDIAN, UC_HOOK_MEM_WRITE,
                     UC_PROT_READ, UC_PROT_EXEC)
from unicorn.sparc_const import (UC_SPARC_REG_G0, UC_SPARC_REG_O0, UC_SPARC_REG_L0,
                                 UC_SPARC_REG_I0, UC_SPARC_REG_PSR, UC_SPARC_REG_PC,
                                 UC_CPU_SPARC32_LEON2)

RAM, RAM_SIZE = 0x40000000, 1 << 20
DATA, SIZE = 0x40010000, 0x10000
REGS = ([UC_SPARC_REG_G0 + i for i in range(8)] + [UC_SPARC_REG_O0 + i for i in range(8)]
        + [UC_SPARC_REG_L0 + i for i in range(8)] + [UC_SPARC_REG_I0 + i for i in range(8)])

writes = {}


def fill(seed):
    return bytes(((((a * 0x9E3779B1) + seed) & 0xFFFFFFFF) >> 16) & 0xFF
                 for a in range(DATA, DATA + SIZE))


def on_write(uc, access, addr, size, value, user):
    for i in range(size):
        writes[addr + i] = (value >> (8 * (size - 1 - i))) & 0xFF


def machine():
    uc = Uc(UC_ARCH_SPARC, UC_MODE_SPARC32 | UC_MODE_BIG_ENDIAN)
    uc.ctl_set_cpu_model(UC_CPU_SPARC32_LEON2)
    uc.mem_map(RAM, RAM_SIZE)
    # PROM, read-only to the program, as the simulator's map has it
    uc.mem_map(0, 512 << 10, UC_PROT_READ | UC_PROT_EXEC)
    uc.hook_add(UC_HOOK_MEM_WRITE, on_write)
    return uc


def main():
    fills = {}
    for line in sys.stdin:
        case = json.loads(line)
        uc = machine()
        seed = case["seed"]
        if seed not in fills:
            fills[seed] = fill(seed)
        uc.mem_write(DATA, fills[seed])
        uc.mem_write(case["at"], bytes.fromhex(case["code"]))
        writes.clear()
        uc.reg_write(UC_SPARC_REG_PSR, case["icc"])
        for reg, value in zip(REGS[1:], case["regs"][1:]):
            uc.reg_write(reg, value)
        error = None
        try:
            uc.emu_start(case["at"], 0xFFFFFFFF, count=case["count"])
        except UcError as e:
            error = str(e)
        print(json.dumps({
            "regs": [uc.reg_read(r) for r in REGS],
            "psr": uc.reg_read(UC_SPARC_REG_PSR),
            "pc": uc.reg_read(UC_SPARC_REG_PC),
            "writes": sorted(writes.items()),
            "error": error,
        }))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
