#!/usr/bin/env python3
"""Align a program's timeline on the LEON2 VHDL with cardlab's, instruction
by instruction, and print where the running difference changes.

For every instruction executed (not annulled, not trapped) the RTL's
write-back cycle less (T_fetch(entry) + 3) is set against the cycle
cardlab's `--trace` says the instruction ends at; the difference between
the two is constant while the timelines agree. The two attribute a stall
to different instructions (the RTL's whole pipeline freezes, so a stall
shows at the write-back of whatever instruction is next to complete;
cardlab charges the instruction that caused it), so the difference is
printed only where both pipelines flow (the next FLOW instructions
complete a cycle apart in both): a change there that stays is a
divergence, and --list and --cycles show what happened before it.

usage: L2RTL=/path/to/leon2-rtl python3 align.py FILE.elf [--runs 2]
           [--ws N] [--noburst] [--build DIR --cache 64k] [--rows N] [--cardlab PATH] [--list A B] [--cycles A B]
  --runs 2     the warm run (run 2 of the RTL, `Leon2::restart` in cardlab)
  --rows N     print at most N changes (default 40)
  --list A B   every compared instruction, rows A to B
  --cycles A B the RTL's trace cycle by cycle (holds, fetch pc, write-back
               pc) over its cycles A to B (relative, as printed)
"""
import argparse, json, os, subprocess, sys

if "L2RTL" not in os.environ:
    sys.exit("align.py: set L2RTL to the LEON2 RTL reference kit (its scripts/leon2sim.py)")
sys.path.insert(0, os.path.join(os.environ["L2RTL"], "scripts"))
import leon2sim  # noqa: E402


# instructions after a compared one that must complete a cycle apart
FLOW = 3


def flows(rows):
    """Whether `rows` (FLOW + 1 compared instructions) complete a cycle
    apart in both timelines."""
    return len(rows) > FLOW and all(b[0] - a[0] == 1 and b[1] - a[1] == 1
                                    for a, b in zip(rows, rows[1:]))


def rtl_timeline(elf, runs, ws, burst, build):
    r = leon2sim.simulate(elf, build=build, runs=runs, rws=ws, wws=ws, burst=burst)
    t, run = r["_trace"], r["runs"][runs - 1]
    base = run["entry_fetch_cycle"] + 3
    rows = [(c - base, pc) for c, pc in
            leon2sim.retire_list(t, run["entry_retire_cycle"], run["last_retire_cycle"])]
    return rows, t, base, run["cycles"]


def cardlab_timeline(cardlab, elf, runs, ws, burst, cache):
    cmd = [cardlab, "run", "-t", "leon2", elf, "--icache", cache, "--dcache", cache,
           "--wait-states", str(ws), "--trace", "-q", "--format", "json",
           "--max-cycles", "50000000"]
    if not burst:
        cmd.append("--no-burst")
    if runs == 2:
        cmd.append("--warm")
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    rows, first = [], None
    for line in p.stderr.splitlines():
        f = line.split()
        if len(f) < 3 or not f[0].isdigit() or not f[-1].startswith("+"):
            continue
        start, pc, cost = int(f[0]), int(f[1].rstrip(":"), 16), int(f[-1][1:])
        first = start if first is None else first  # a warm run's trace starts after the first run
        start -= first
        rows.append((start + cost, pc, " ".join(f[6:-1])))
    return rows, json.loads(p.stdout)["cycles"]


def main():
    a = argparse.ArgumentParser()
    a.add_argument("elf")
    a.add_argument("--runs", type=int, default=1)
    a.add_argument("--ws", type=int, default=0)
    a.add_argument("--noburst", action="store_true")
    a.add_argument("--build", help="the RTL build (default: the kit's base, 4 KiB caches)")
    a.add_argument("--cache", default="4k", help="cardlab's caches, as the build's (default 4k)")
    a.add_argument("--rows", type=int, default=40)
    a.add_argument("--cardlab", default="target/release/cardlab")
    a.add_argument("--lines", action="store_true",
                   help="compare at the first instruction of every 32-byte line instead (cold code rarely flows)")
    a.add_argument("--list", type=int, nargs=2, metavar=("FROM", "TO"),
                   help="print every compared instruction FROM..TO (row numbers as printed)")
    a.add_argument("--cycles", type=int, nargs=2, metavar=("FROM", "TO"),
                   help="print the RTL's trace cycle by cycle over FROM..TO (relative, as printed)")
    o = a.parse_args()
    rtl, trace, base, rtl_total = rtl_timeline(o.elf, o.runs, o.ws, not o.noburst, o.build)
    ours, our_total = cardlab_timeline(o.cardlab, o.elf, o.runs, o.ws, not o.noburst, o.cache)
    print(f"total: RTL {rtl_total}, cardlab {our_total} ({our_total - rtl_total:+})")
    pairs, i, j = [], 0, 0
    while i < len(rtl) and j < len(ours):
        (c, pc), (e, opc, text) = rtl[i], ours[j]
        if pc != opc:  # trapped in cardlab's trace: the RTL lists the re-execution
            j += 1
            continue
        pairs.append((c, e, pc, text))
        i += 1
        j += 1
    diff, shown = 0, 0
    for k, (c, e, pc, text) in enumerate(pairs):
        # compared only where both pipelines flow (the next instructions
        # complete a cycle apart in both): a stall shows in the RTL's
        # write-back only once the frozen pipeline moves again
        if not (pc % 32 == 0 if o.lines else flows(pairs[k:k + FLOW + 1])):
            continue
        if e - c != diff:
            print(f"{k:7} {pc:08x} {text:32} RTL {c:7} ours {e:7}  diff {e - c:+4} ({e - c - diff:+})")
            diff = e - c
            shown += 1
            if shown >= o.rows:
                break
    if o.list:
        for k in range(o.list[0], min(o.list[1], len(pairs))):
            c, e, pc, text = pairs[k]
            dc = c - pairs[k - 1][0] if k else c
            de = e - pairs[k - 1][1] if k else e
            print(f"{k:7} {pc:08x} {text:32} RTL {c:7} (+{dc:<3}) ours {e:7} (+{de:<3}) diff {e - c:+}")
    if o.cycles:
        print("--- RTL: cycle, hold (8 holdn, 4 I-cache ready, 2 D-cache ready, 1 hold_pc), "
              "fetch pc, write-back pc and instruction, flags (4 valid, 2 annulled, 1 trapped)")
        for k, cyc in enumerate(trace["cyc"]):
            if o.cycles[0] <= cyc - base <= o.cycles[1]:
                h, fl = trace["hold"][k], trace["flags"][k]
                print(f"  {cyc - base:7} hold {h:x} fe {trace['fepc'][k] & 0xffffffff:08x} "
                      f"wr {trace['wrpc'][k] & 0xffffffff:08x} {trace['inst'][k]} fl {fl:x}")


if __name__ == "__main__":
    main()
