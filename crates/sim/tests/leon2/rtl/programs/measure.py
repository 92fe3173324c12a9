#!/usr/bin/env python3
"""Measure the LEON2 whole-program test set on the LEON2 VHDL (GHDL) and
write the counts to programs.json beside this script.

The RTL is far too slow for CI; this is run by hand after a change to a
program or to the set, and its output is committed as test data. CI runs
the simulator side (tests/leon2_rtl_programs.rs), which builds the same
programs with the same compiler options, checks that each runs the
instructions measured here and requires the same cycle counts (each
ELF's SHA-256 is recorded beside its counts).

Three sets: C programs of our own (tests/leon2-c/) and assembly programs
that isolate one mechanism each (asm/ beside this script), on the
reference configuration's 4 KiB caches; and seed 003's AES routines
without the custom instructions (firmware/leon2/aes/, run by
tests/leon2/seed003/driver.S on the FIPS-197 key and block) in the
64 KiB caches the lab measures seed 003 in.

usage: L2RTL=/path/to/leon2-rtl python3 measure.py [NAME ...]
  L2RTL   the LEON2 RTL reference kit (its scripts/leon2sim.py and two
          built configurations: scripts/build.sh base, and
          scripts/build.sh cache64 isetsize=64 dsetsize=64)
  NAME    only these programs (default: all); others keep their counts
"""
import hashlib, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
if "L2RTL" not in os.environ:
    sys.exit("measure.py: set L2RTL to the LEON2 RTL reference kit (its scripts/leon2sim.py)")
sys.path.insert(0, os.path.join(os.environ["L2RTL"], "scripts"))
import leon2sim  # noqa: E402

# name, sources under tests/leon2-c/ (rt.c is always linked), extra gcc flags,
# and the memory configurations measured: (wait states, burst fetch)
PROGRAMS = [
    ("aes", ["aes.c"], [], [(0, True), (2, True), (0, False)]),
    ("muldiv", ["muldiv.c"], [], [(0, True), (2, True), (0, False)]),
    ("recursion", ["recursion.c"], ["-DFIB=10"], [(0, True)]),
    ("recursion-flat", ["recursion.c"], ["-DFIB=10", "-mflat"], [(0, True)]),
    ("tables", ["tables.c"], [], [(0, True)]),
    ("cold", ["cold.c"], [], [(0, True)]),
]

# seed 003 routines: name, sources under firmware/leon2/aes/, cflags, the
# routines the driver calls in turn; measured at 0 wait states, burst on,
# in the `cache64` build.
SEED003 = [
    ("seed003-ttable1k", ["ttable1k.c"], ["-O2"], ["aes_key_setup", "aes_encrypt", "aes_decrypt"]),
    ("seed003-ttable1k-otf", ["ttable1k.c"], ["-O2", "-DAES_OTF"], ["aes_encrypt_otf", "aes_decrypt_otf"]),
    ("seed003-ttable4k", ["ttable4k.c"], ["-O2"], ["aes_key_setup", "aes_encrypt", "aes_decrypt"]),
    ("seed003-sboxtab", ["sboxtab.c"], ["-O2"], ["aes_key_setup", "aes_encrypt", "aes_decrypt"]),
    ("seed003-ttotf", ["ttotf.s"], [], ["aes_encrypt_tt"]),
]
# assembly programs under asm/: name, source, the symbols defined for it
# (a control is its program with CONTROL defined); 0 wait states, burst on
ASM = [
    ("ld_branch_in_fill", "ld_in_fill.S", []),
    ("ld_nobranch_in_fill", "ld_in_fill.S", ["CONTROL=1"]),
]
# each of these with its control, named <name>_control
for _source in ["st_data", "jmpl_slot_trap", "muldiv_in_fill", "branch_in_fill", "st_in_fill",
                "ldmiss_in_fill", "st_validates", "ldmiss_then_access"]:
    ASM += [(_source, _source + ".S", []), (_source + "_control", _source + ".S", ["CONTROL=1"])]

FIRMWARE = os.path.normpath(os.path.join(TESTS, "..", "..", "..", "firmware", "leon2"))

# Kept in step with tests/common/leon2_c.rs (bare-metal build).
GCC = ["sparc64-linux-gnu-gcc", "-m32", "-mcpu=v8", "-O2", "-ffreestanding", "-fno-pic",
       "-fno-pie", "-static", "-nostdlib", "-Wl,-m,elf32_sparc", "-Wl,--no-warn-rwx-segments",
       "-Wl,-z,noexecstack", "-Wl,-N", "-Wl,-Ttext=0x40000000", "-Wl,--build-id=none"]


def build(out, name, sources, flags):
    elf = os.path.join(out, name + ".elf")
    c = os.path.join(TESTS, "leon2-c")
    cmd = GCC + flags + [os.path.join(TESTS, "leon2", "crt0.s")]
    cmd += [os.path.join(c, s) for s in sources] + [os.path.join(c, "rt.c"), "-o", elf]
    subprocess.run(cmd, check=True)
    return elf


def build_seed003(out, name, sources, cflags, ops):
    """The driver and the routines, compiled as the lab compiles them
    (crates/sim/src/leon2/target.rs) and linked from 0x40000000."""
    elf = os.path.join(out, name + ".elf")
    aes = os.path.join(FIRMWARE, "aes")
    cmd = GCC + cflags + ["-fno-stack-protector", "-fno-asynchronous-unwind-tables",
                          "-I", aes, "-I", FIRMWARE]
    cmd += [f"-DOP{i + 1}={op}" for i, op in enumerate(ops)]
    cmd += [os.path.join(TESTS, "leon2", "seed003", "driver.S")]
    cmd += [os.path.join(aes, s) for s in sources] + ["-o", elf]
    subprocess.run(cmd, check=True)
    return elf


def build_asm(out, name, source, defsyms):
    """as (with --defsym for each of `defsyms`) + ld from 0x40000000, entry _start."""
    obj, elf = os.path.join(out, name + ".o"), os.path.join(out, name + ".elf")
    subprocess.run(["sparc64-linux-gnu-as", "-32", "-Av8"]
                   + [f"--defsym={d}" for d in defsyms]
                   + ["-o", obj, os.path.join(HERE, "asm", source)], check=True)
    subprocess.run(["sparc64-linux-gnu-ld", "-m", "elf32_sparc", "-N", "--no-warn-rwx-segments",
                    "-e", "_start", "-Ttext=0x40000000", "-o", elf, obj], check=True)
    return elf


def measure(elf, configs, build=None):
    runs = []
    for ws, burst in configs:
        cold = leon2sim.simulate(elf, build=build, runs=1, rws=ws, wws=ws, burst=burst)["runs"][0]
        warm = leon2sim.simulate(elf, build=build, runs=2, rws=ws, wws=ws, burst=burst)["runs"][1]
        runs.append({"wait_states": ws, "burst": burst,
                     "cold": cold["cycles"], "warm": warm["cycles"],
                     "instructions": cold["instructions"], "traps": cold["traps"]})
        print(f"{os.path.basename(elf):24} ws {ws} burst {int(burst)}: cold {cold['cycles']:7} "
              f"warm {warm['cycles']:7} instructions {cold['instructions']}", flush=True)
    return runs


def sha256(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def main():
    only = set(sys.argv[1:])
    path = os.path.join(HERE, "programs.json")
    data = json.load(open(path)) if os.path.exists(path) else {}
    with tempfile.TemporaryDirectory() as out:
        for name, sources, flags, configs in PROGRAMS:
            if only and name not in only:
                continue
            elf = build(out, name, sources, flags)
            data[name] = {"sources": sources, "flags": flags, "sha256": sha256(elf),
                          "runs": measure(elf, configs)}
        for name, source, defsyms in ASM:
            if only and name not in only:
                continue
            elf = build_asm(out, name, source, defsyms)
            data[name] = {"asm": source, "defsym": defsyms, "sha256": sha256(elf),
                          "runs": measure(elf, [(0, True)])}
        cache64 = os.path.join(leon2sim.WORK, "build", "cache64")
        for name, sources, cflags, ops in SEED003:
            if only and name not in only:
                continue
            elf = build_seed003(out, name, sources, cflags, ops)
            data[name] = {"firmware": sources, "flags": cflags, "ops": ops, "cache_kib": 64,
                          "sha256": sha256(elf), "runs": measure(elf, [(0, True)], cache64)}
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
