#!/usr/bin/env python3
"""Compare the LEON2 model with the VHDL cycle by cycle and print the
first cycles where they differ.

signals.py prints, for each cycle of a program on the RTL, the integer
unit's holds, its fetch and decode addresses and the state of both cache
controllers and their bus signals; `cardlab run` prints the same columns
for the model when CARDLAB_LEON2_TRACE=FROM,TO is set (pipeline.rs). This
runs both over a range and compares, cycle by cycle, the holds (holdn,
the I-cache's, the D-cache's), fetch, decode and every cache column. The
hold_pc flag is left out: while decode waits for a missing word the VHDL
decodes whatever its data bus holds, and the model nothing.

usage: L2RTL=/path/to/leon2-rtl L2_MIRROR=/path/to/LEON2.git \\
           python3 compare.py FILE.elf [FROM TO] [--cache 64k --config ARGS]
           [--ws N] [--noburst] [--runs 2] [--rows N] [--cardlab PATH]
  --cache 64k   the model's caches (default 4k, the reference's)
  --config ARGS the kit's build options for the same configuration
  --ws N        SRAM wait states; --noburst: instruction burst fetch off
  --runs 2      the warm run (cardlab run --warm)
  --rows N      how many differing cycles to print (default 3)
"""
import argparse, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(lines, last=False):
    """{cycle: (compared columns, line)} of a signals.py-format listing
    (with `last`, only the lines of the last run: the model prints a warm
    run's cycles after its cold run's, numbered from the start again)."""
    out = {}
    for line in lines:
        parts = line.split("|")
        if len(parts) < 3:
            continue
        f = parts[0].split()
        if not f or not f[0].lstrip("-").isdigit():
            continue
        hold, fe, de = f[1][:3], f[2], f[3]
        row = ((hold, fe, de, parts[1].split(), parts[2].split()), line)
        if last and out and int(f[0]) <= max(out):
            out = {}
        out.setdefault(int(f[0]), row)
    return out


def main():
    a = argparse.ArgumentParser()
    a.add_argument("elf")
    a.add_argument("first", type=int, nargs="?", default=0)
    a.add_argument("last", type=int, nargs="?", default=10_000_000)
    a.add_argument("--cache", default="4k")
    a.add_argument("--config", default="")
    a.add_argument("--ws", type=int, default=0)
    a.add_argument("--noburst", action="store_true")
    a.add_argument("--runs", type=int, default=1)
    a.add_argument("--rows", type=int, default=3)
    a.add_argument("--cardlab", default="cardlab")
    o = a.parse_args()
    cmd = [sys.executable, os.path.join(HERE, "signals.py"), o.elf, str(o.first), str(o.last),
           "--runs", str(o.runs), "--ws", str(o.ws)] + (["--noburst"] if o.noburst else [])
    if o.config:
        cmd += ["--config", o.config]
    rtl = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    env = dict(os.environ, CARDLAB_LEON2_TRACE=f"{o.first},{o.last}")
    run = [o.cardlab, "run", "-t", "leon2", o.elf, "--icache", o.cache, "--dcache", o.cache,
           "--wait-states", str(o.ws), "-q"] + (["--no-burst"] if o.noburst else [])
    if o.runs == 2:
        run.append("--warm")
    model = subprocess.run(run, capture_output=True, text=True, env=env).stderr.splitlines()
    r, m = rows(rtl), rows(model, last=o.runs == 2)
    shown = 0
    for c in sorted(set(r) & set(m)):
        if r[c][0] != m[c][0]:
            print("RTL  ", r[c][1])
            print("model", m[c][1])
            shown += 1
            if shown == o.rows:
                break
    if not shown:
        print(f"{os.path.basename(o.elf)}: the same in all {len(set(r) & set(m))} cycles compared")


if __name__ == "__main__":
    main()
