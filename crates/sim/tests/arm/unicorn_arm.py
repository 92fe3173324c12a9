#!/usr/bin/env python3
"""Runs ARM7TDMI test cases on unicorn (QEMU's ARMv4T CPU model TI925T) for
cardlab's differential tests.

Reads one JSON object a line from stdin:
  {"thumb": bool, "regs": [r0..r15], "cpsr": int, "spsr": int (optional),
   "code": [[addr, hex]..], "count": instructions to run, "seed": data fill seed}
and writes one a line:
  {"regs": [...], "cpsr": int, "spsr": int, "writes": [[addr, byte]..],
   "error": str|null}
where pc in "regs" is where execution stopped (a branch out of memory is
not an error: the fault belongs to the next fetch). Memory: 4 MiB from 0, as the
simulator's default map; the data window DATA..DATA+SIZE is filled with
fill(addr, seed) before each case (the Rust side computes the same bytes).
"""
import json
import sys

from unicorn import (Uc, UcError, UC_ARCH_ARM, UC_MODE_ARM, UC_HOOK_MEM_WRITE,
                     UC_ERR_FETCH_UNMAPPED)
from unicorn.arm_const import (UC_ARM_REG_R0, UC_ARM_REG_CPSR, UC_ARM_REG_PC,
                               UC_ARM_REG_SPSR, UC_CPU_ARM_TI925T)

MEM = 4 << 20
DATA, SIZE = 0x10000, 0x10000
REGS = [UC_ARM_REG_R0 + i for i in range(13)]
from unicorn.arm_const import UC_ARM_REG_SP, UC_ARM_REG_LR
REGS += [UC_ARM_REG_SP, UC_ARM_REG_LR, UC_ARM_REG_PC]


def fill(seed):
    return bytes(((((a * 0x9E3779B1) + seed) & 0xFFFFFFFF) >> 16) & 0xFF
                 for a in range(DATA, DATA + SIZE))


writes = {}


def on_write(uc, access, addr, size, value, user):
    for i in range(size):
        writes[addr + i] = (value >> (8 * i)) & 0xFF


def machine():
    """A fresh unicorn: after an error it may refuse every later start."""
    uc = Uc(UC_ARCH_ARM, UC_MODE_ARM)
    uc.ctl_set_cpu_model(UC_CPU_ARM_TI925T)
    uc.mem_map(0, MEM)
    uc.hook_add(UC_HOOK_MEM_WRITE, on_write)
    return uc


def main():
    uc = machine()
    fills = {}
    for line in sys.stdin:
        case = json.loads(line)
        seed = case["seed"]
        if seed not in fills:
            fills[seed] = fill(seed)
        uc.mem_write(DATA, fills[seed])
        for addr, code in case["code"]:
            uc.mem_write(addr, bytes.fromhex(code))
        # unicorn keeps translated code across mem_write: drop it
        uc.ctl_flush_tb()
        writes.clear()
        uc.reg_write(UC_ARM_REG_CPSR, case["cpsr"])
        if "spsr" in case:
            uc.reg_write(UC_ARM_REG_SPSR, case["spsr"])
        for reg, value in zip(REGS, case["regs"]):
            uc.reg_write(reg, value)
        pc = case["regs"][15]
        error = None
        try:
            uc.emu_start(pc | (1 if case["thumb"] else 0), 0xFFFFFFFF,
                         count=case["count"])
        except UcError as e:
            # The fetch after the last instruction may fault (a branch out
            # of memory): the instructions asked for did run; pc is there.
            if e.errno != UC_ERR_FETCH_UNMAPPED:
                error = str(e)
        out = {
            "regs": [uc.reg_read(r) for r in REGS],
            "cpsr": uc.reg_read(UC_ARM_REG_CPSR),
            "spsr": uc.reg_read(UC_ARM_REG_SPSR),
            "writes": sorted(writes.items()),
            "error": error,
        }
        print(json.dumps(out), flush=False)
        if error:
            uc = machine()
        else:
            # Undo what the case wrote outside the refilled data window and
            # the code, so the next case starts from zeroed memory there.
            for addr in writes:
                if not DATA <= addr < DATA + SIZE:
                    uc.mem_write(addr, b"\0")
            for addr, code in case["code"]:
                uc.mem_write(addr, bytes(len(code) // 2))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
