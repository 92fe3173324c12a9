#!/usr/bin/env python3
"""The LEON2 VHDL's caches and pipeline, cycle by cycle, for one program.

The RTL reference kit traces the integer unit's holds and its fetch and
write-back stages. To see why a stall happens, this builds a variant of a
kit configuration that also exports the pipeline's decode, execute and
memory stages, the I-cache's state machine (icache.vhd: state, overrun,
underrun, its bus request, each word's arrival, the bus grant) and the
D-cache's (dcache.vhd: state, request, store pending, data ready, grant),
and prints them beside the kit's trace for a range of cycles, numbered as
align.py numbers them (0 = the entry's fetch + 3).

The kit is copied to a temporary directory and patched there: its
testbench prints one more line a cycle, and the build script adds a few
concurrent assignments to the copies of iu.vhd, icache.vhd and dcache.vhd
it extracts (nothing of LEON2 is stored here or in the kit).

usage: L2RTL=/path/to/leon2-rtl L2_MIRROR=/path/to/LEON2.git \\
           python3 signals.py FILE.elf FROM TO [--runs 2] [--config ARGS]
           [--ws N] [--noburst]
  --config ARGS  the kit's build options for the configuration, e.g.
                 "isetsize=64 dsetsize=64" (default: its reference)
  --ws N         SRAM wait states (read and write)
  --noburst      instruction burst fetch off
The build (about a minute) is kept in $L2_WORK/signals/ and reused for
the same configuration.
"""
import argparse, hashlib, os, shutil, subprocess, sys

if "L2RTL" not in os.environ:
    sys.exit("signals.py: set L2RTL to the LEON2 RTL reference kit")
KIT = os.environ["L2RTL"]
WORK = os.path.join(os.environ.get("L2_WORK", "/tmp/leon2-rtl"), "signals")

SIGNALS = """  signal cx_istate : std_logic_vector(1 downto 0);
  signal cx_iover, cx_iunder, cx_ireq, cx_iready, cx_igrant : std_logic;
  signal cx_dstate : std_logic_vector(2 downto 0);
  signal cx_dreq, cx_stpend, cx_dready, cx_dgrant : std_logic;
  signal cx_expc, cx_mepc : std_logic_vector(31 downto 0);
"""

PRINT = """
          write(L, string'("X "));
          write(L, hx("00" & cx_istate)); write(L, string'(" "));
          write(L, hx(cx_iover & cx_iunder & cx_ireq & cx_iready)); write(L, string'(" "));
          write(L, hx('0' & cx_igrant & cx_dgrant & cx_dready)); write(L, string'(" "));
          write(L, hx('0' & cx_dstate)); write(L, string'(" "));
          write(L, hx("00" & cx_dreq & cx_stpend)); write(L, string'(" "));
          write(L, hx(ct_depc)); write(L, string'(" "));
          write(L, hx(cx_expc)); write(L, string'(" "));
          write(L, hx(cx_mepc));
          writeline(output, L);"""

IU = '  cx_expc <= ex.ctrl.pc(31 downto 2) & "00"; cx_mepc <= me.ctrl.pc(31 downto 2) & "00";\n'
CACHES = '''
python3 - "$BUILD/leon/icache.vhd" "$BUILD/leon/dcache.vhd" <<'PYEOF'
import sys
for p, ins in ((sys.argv[1], "  cx_istate <= r.istate; cx_iover <= r.overrun; cx_iunder <= r.underrun; cx_ireq <= r.req; cx_iready <= mcio.ready; cx_igrant <= mcio.grant;\\n"),
               (sys.argv[2], "  cx_dstate <= r.dstate; cx_dreq <= r.req; cx_stpend <= r.stpend; cx_dready <= mcdo.ready; cx_dgrant <= mcdo.grant;\\n")):
    s = open(p).read()
    s = s.replace("use work.amba.all;\\n", "use work.amba.all;\\nuse work.cyctrace.all;\\n", 1)
    i = s.rstrip().rfind("end")
    open(p, "w").write(s[:i] + ins + s[i:])
PYEOF
'''


def patch(path, old, new):
    text = open(path).read()
    if old not in text:
        sys.exit(f"signals.py: {path} is not the kit version this script knows ({old.strip()[:40]!r} missing)")
    open(path, "w").write(text.replace(old, new, 1))


def build(config):
    """The patched kit and its build for `config`: (kit copy, build dir)."""
    key = hashlib.sha256(config.encode()).hexdigest()[:12]
    kit = os.path.join(WORK, "kit")
    out = os.path.join(WORK, "build", key)
    if os.path.exists(os.path.join(out, "tb_cyc")):
        return kit, out
    shutil.rmtree(kit, ignore_errors=True)
    shutil.copytree(KIT, kit)
    patch(os.path.join(kit, "vhdl", "cyctrace.vhd"), "  function hx(v : std_logic_vector) return string;",
          SIGNALS + "  function hx(v : std_logic_vector) return string;")
    patch(os.path.join(kit, "vhdl", "tb_cyc.vhd"), "          write(L, hx(ct_wrinst));\n          writeline(output, L);",
          "          write(L, hx(ct_wrinst));\n          writeline(output, L);" + PRINT)
    script = os.path.join(kit, "scripts", "build.sh")
    patch(script, "  ct_trap <= wrin.trapping; ct_holdpc <= fecomb.hold_pc;\n",
          "  ct_trap <= wrin.trapping; ct_holdpc <= fecomb.hold_pc;\n" + IU)
    patch(script, 'open(p, "w").write(s)\nEOF\n', 'open(p, "w").write(s)\nEOF\n' + CACHES)
    env = dict(os.environ, L2_BUILD=os.path.dirname(out))
    print(f"building the traced RTL ({config or 'reference'}) ...", file=sys.stderr, flush=True)
    subprocess.run([script, key] + config.split(), check=True, env=env, stdout=subprocess.DEVNULL)
    return kit, out


def main():
    a = argparse.ArgumentParser()
    a.add_argument("elf")
    a.add_argument("first", type=int)
    a.add_argument("last", type=int)
    a.add_argument("--runs", type=int, default=1)
    a.add_argument("--config", default="")
    a.add_argument("--ws", type=int, default=0)
    a.add_argument("--noburst", action="store_true")
    o = a.parse_args()
    kit, out = build(o.config)
    sys.path.insert(0, os.path.join(kit, "scripts"))
    import leon2sim
    trace = os.path.join(WORK, "last.trace")
    r = leon2sim.simulate(o.elf, build=out, runs=o.runs, keep=trace, rws=o.ws, wws=o.ws,
                          burst=not o.noburst)
    run = r["runs"][o.runs - 1]
    base = run["entry_fetch_cycle"] + 3
    print(f"{os.path.basename(o.elf)}: {run['cycles']} cycles")
    print("cycle hold   fe     de     ex     me     wr     | I: state over under req ready grant "
          "| D: grant ready state req pending")
    print("      (H holdn 0, i I-cache holds, d D-cache holds, p hold_pc; wr: * done, a annulled)")
    cycle = None
    for line in open(trace):
        f = line.split()
        if f and f[0].isdigit() and len(f) == 6:
            cycle = f
        elif f and f[0] == "X" and cycle:
            c = int(cycle[0]) - base
            if not o.first <= c <= o.last:
                continue
            h, fl = int(cycle[1], 16), int(cycle[4], 16)
            hold = "".join(ch if not h & bit else "." for ch, bit in (("H", 8), ("i", 4), ("d", 2))) + \
                ("p" if h & 1 else ".")
            done = "*" if fl & 4 and not fl & 2 else ("a" if fl & 2 else " ")
            i, g, d = int(f[2], 16), int(f[3], 16), int(f[5], 16)
            pcs = " ".join(x[-5:] for x in (cycle[2], f[6], f[7], f[8], cycle[3]))
            print(f"{c:5} {hold}  {pcs}{done} |    {f[1][-1]}     {i >> 3 & 1}     {i >> 2 & 1}    "
                  f"{i >> 1 & 1}    {i & 1}     {g >> 2 & 1}    |    {g >> 1 & 1}     {g & 1}     "
                  f"{f[4][-1]}     {d >> 1 & 1}     {d & 1}")


if __name__ == "__main__":
    main()
