#!/usr/bin/env python3
"""Measure the LEON2 whole-program test set on the LEON2 VHDL (GHDL) and
write the counts to programs.json beside this script.

The RTL is far too slow for CI; this is run by hand after a change to a
program or to the set, and its output is committed as test data. CI runs
the simulator side (tests/leon2_rtl_programs.rs), which builds the same
programs with the same compiler options, checks that each ELF is the one
measured here (its SHA-256) and requires the same cycle counts.

usage: L2RTL=/path/to/leon2-rtl python3 measure.py [NAME ...]
  L2RTL   the LEON2 RTL reference kit (its scripts/leon2sim.py and a built
          `base` configuration, scripts/build.sh base)
  NAME    only these programs (default: all); others keep their counts
"""
import hashlib, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
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


def main():
    only = set(sys.argv[1:])
    path = os.path.join(HERE, "programs.json")
    data = json.load(open(path)) if os.path.exists(path) else {}
    with tempfile.TemporaryDirectory() as out:
        for name, sources, flags, configs in PROGRAMS:
            if only and name not in only:
                continue
            elf = build(out, name, sources, flags)
            runs = []
            for ws, burst in configs:
                cold = leon2sim.simulate(elf, runs=1, rws=ws, wws=ws, burst=burst)["runs"][0]
                warm = leon2sim.simulate(elf, runs=2, rws=ws, wws=ws, burst=burst)["runs"][1]
                runs.append({"wait_states": ws, "burst": burst,
                             "cold": cold["cycles"], "warm": warm["cycles"],
                             "instructions": cold["instructions"], "traps": cold["traps"]})
                print(f"{name:16} ws {ws} burst {int(burst)}: cold {cold['cycles']:7} "
                      f"warm {warm['cycles']:7} instructions {cold['instructions']}", flush=True)
            data[name] = {"sources": sources, "flags": flags,
                          "sha256": hashlib.sha256(open(elf, "rb").read()).hexdigest(),
                          "runs": runs}
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
