#!/usr/bin/env python3
"""Times one run of a raw ARM binary on unicorn (TI925T) for the
arm7tdmi_vs_unicorn benchmark: argv = binary, load address, halt address.
Prints r0 and the seconds emu_start took (best of three), no hooks."""
import sys
import time

from unicorn import Uc, UC_ARCH_ARM, UC_MODE_ARM
from unicorn.arm_const import UC_ARM_REG_R0, UC_ARM_REG_SP, UC_CPU_ARM_TI925T

code = open(sys.argv[1], "rb").read()
base, halt = int(sys.argv[2], 0), int(sys.argv[3], 0)
best = None
for _ in range(3):
    uc = Uc(UC_ARCH_ARM, UC_MODE_ARM)
    uc.ctl_set_cpu_model(UC_CPU_ARM_TI925T)
    uc.mem_map(0, 4 << 20)
    uc.mem_write(base, code)
    uc.reg_write(UC_ARM_REG_SP, (4 << 20) - 16)
    start = time.perf_counter()
    uc.emu_start(base, halt)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(uc.reg_read(UC_ARM_REG_R0), best)
