#!/usr/bin/env python3
"""Collect the simulation and synthesis logs of flow.sh into results.csv.

Usage: report.py BUILD_DIR RESULTS_DIR

Reads BUILD_DIR/<design>.sim (the testbench's RESULT lines),
BUILD_DIR/<design>.stat (yosys 'stat -liberty') and BUILD_DIR/<design>.ltp
(yosys 'ltp'), and the design list designs.txt beside this script.  Writes
RESULTS_DIR/results.csv (one row per design point) and
RESULTS_DIR/sensitivity.csv (total GE with the library's ratios perturbed,
from the nominal mapping's cell counts).  Standard library only.
"""
import csv
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Nominal cell areas in GE: must match hardware/lib/ge.lib.
NOMINAL = {"INV": 0.667, "BUF": 1.0, "NAND2": 1.0, "NOR2": 1.0, "AND2": 1.333,
           "OR2": 1.333, "AOI21": 1.333, "OAI21": 1.333, "XOR2": 2.0,
           "XNOR2": 2.0, "MUX2": 2.333, "DFF": 5.667}

# Clock assumption (see README): a late-1990s 0.25 um process with a fanout-
# of-four inverter delay FO4_PS, each mapped cell on the longest path taken as
# LEVEL_FO4 FO4 delays, plus REG_FO4 FO4 for the flip-flop (clock-to-Q and
# setup) and clock skew.
FO4_PS = 90.0
LEVEL_FO4 = 1.5
REG_FO4 = 4.0

# Perturbations of the library's ratios for the sensitivity columns.
PERTURB = [
    ("dff4.5", {"DFF": 4.5}),
    ("dff7", {"DFF": 7.0}),
    ("xor1.5", {"XOR2": 1.5, "XNOR2": 1.5}),
    ("xor2.5", {"XOR2": 2.5, "XNOR2": 2.5}),
    ("mux2", {"MUX2": 2.0}),
    ("mux2.67", {"MUX2": 2.667}),
    ("low", {"DFF": 4.5, "XOR2": 1.5, "XNOR2": 1.5, "MUX2": 2.0}),
    ("high", {"DFF": 7.0, "XOR2": 2.5, "XNOR2": 2.5, "MUX2": 2.667}),
]


def read_designs():
    rows = []
    with open(os.path.join(HERE, "designs.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            rows.append(line.split("|"))
    return rows


def parse_sim(path):
    vals = {}
    if not os.path.exists(path):
        return vals
    with open(path) as f:
        for line in f:
            if line.startswith("RESULT "):
                for kv in line.split()[1:]:
                    k, v = kv.split("=")
                    vals[k] = int(v)
    return vals


def parse_stat(path):
    """Cell counts per module and the areas yosys printed."""
    mods = {}
    cur = None
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*=== (.+) ===", line)
            if m:
                cur = m.group(1).strip()
                mods[cur] = {"cells": {}, "area": None}
                continue
            if cur is None:
                continue
            m = re.match(r"\s+([A-Z][A-Z0-9]*)\s+(\d+)\s*$", line)
            if m and m.group(1) in NOMINAL:
                mods[cur]["cells"][m.group(1)] = int(m.group(2))
            m = re.search(r"Chip area for (?:top )?module .*: ([\d.]+)", line)
            if m:
                mods[cur]["area"] = float(m.group(1))
    return mods


def area(cells, lib):
    return sum(n * lib[c] for c, n in cells.items())


def parse_ltp(path):
    depth = 0
    with open(path) as f:
        for line in f:
            m = re.search(r"Longest topological path in .* \(length=(\d+)\)", line)
            if m:
                depth = max(depth, int(m.group(1)))
    return depth


def main(build, results):
    out_rows = []
    sens_rows = []
    for name, core, params, mem_mod, h_blocks, il, paper_row, p_gates, p_h, p_cpb, p_il, p_mhz, p_tp, p_su in read_designs():
        if not os.path.exists(os.path.join(build, name + ".stat")):
            print(f"{name}: not run")
            continue
        sim = parse_sim(os.path.join(build, name + ".sim"))
        mods = parse_stat(os.path.join(build, name + ".stat"))
        top = mods.get("design hierarchy") or mods.get("dut_top")
        cells = top["cells"]
        total = area(cells, NOMINAL)
        ff_count = cells.get("DFF", 0)
        ff_ge = ff_count * NOMINAL["DFF"]
        comb_ge = total - ff_ge
        mem_bits = 0
        mem_ge = 0.0
        if mem_mod != "-":
            mem = mods[mem_mod]["cells"]
            mem_ge = area(mem, NOMINAL)
            mem_bits = mem.get("DFF", 0)
        depth = parse_ltp(os.path.join(build, name + ".ltp"))
        clock_ns = FO4_PS * (LEVEL_FO4 * depth + REG_FO4) / 1000.0
        mhz = 1000.0 / clock_ns
        cpb = sim.get("latency_max", 0)
        il_i = int(il)
        tp_paper = 128.0 * float(p_mhz) * il_i / cpb if cpb else 0.0
        tp_ours = 128.0 * mhz * il_i / cpb if cpb else 0.0
        row = {
            "design": name,
            "core": core,
            "parameters": params,
            "paper_row": paper_row,
            "h_blocks": h_blocks,
            "interleave": il,
            "clocks_per_block": cpb,
            "clocks_per_block_min": sim.get("latency_min", 0),
            "startup_clocks": sim.get("startup_max", 0),
            "startup_clocks_min": sim.get("startup_min", 0),
            "clocks_for_4_blocks": sim.get("stream4_max", 0),
            "kat_vectors_passed": sim.get("kat_passed", 0),
            "kat_vectors_total": sim.get("kat_lines", 0),
            "random_vectors_passed": sim.get("rnd_passed", 0),
            "random_vectors_total": sim.get("rnd_lines", 0),
            "comb_ge": round(comb_ge, 1),
            "ff_count": ff_count,
            "ff_ge": round(ff_ge, 1),
            "memory_bits": mem_bits,
            "memory_ge": round(mem_ge, 1),
            "logic_ge": round(total - mem_ge, 1),
            "total_ge": round(total, 1),
            "total_ge_low": None,
            "total_ge_high": None,
            "logic_depth": depth,
            "clock_mhz_assumed": round(mhz, 1),
            "throughput_mbit_s_at_paper_clock": round(tp_paper, 1),
            "throughput_mbit_s_at_our_clock": round(tp_ours, 1),
            "paper_gates": p_gates,
            "paper_h_blocks": p_h,
            "paper_clocks_per_block": p_cpb,
            "paper_interleave": p_il,
            "paper_clock_mhz": p_mhz,
            "paper_throughput_mbit_s": p_tp,
            "paper_startup_clocks": p_su,
            "total_ge_over_paper_gates": round(total / float(p_gates), 3),
            "logic_ge_over_paper_gates": round((total - mem_ge) / float(p_gates), 3),
        }
        sens = {"design": name, "nominal": round(total, 1)}
        for label, change in PERTURB:
            lib = dict(NOMINAL)
            lib.update(change)
            sens[label] = round(area(cells, lib), 1)
        row["total_ge_low"] = sens["low"]
        row["total_ge_high"] = sens["high"]
        out_rows.append(row)
        sens_rows.append(sens)

    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out_rows[0].keys()))
        w.writeheader()
        w.writerows(out_rows)
    with open(os.path.join(results, "sensitivity.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(sens_rows[0].keys()))
        w.writeheader()
        w.writerows(sens_rows)

    # a readable table on stdout
    print(f"{'design':9} {'paper gates':>11} {'our GE':>9} {'logic GE':>9} {'mem bits':>8} "
          f"{'cpb p/o':>9} {'startup p/o':>11} {'depth':>5} {'MHz':>6} {'Mbit/s p/o(paper clk)/o(our clk)':>34} {'KAT':>7} {'rnd':>5}")
    for r in out_rows:
        print(f"{r['design']:9} {r['paper_gates']:>11} {r['total_ge']:>9.0f} {r['logic_ge']:>9.0f} {r['memory_bits']:>8} "
              f"{r['paper_clocks_per_block']:>4}/{r['clocks_per_block']:<4} {r['paper_startup_clocks']:>5}/{r['startup_clocks']:<5} "
              f"{r['logic_depth']:>5} {r['clock_mhz_assumed']:>6.1f} "
              f"{r['paper_throughput_mbit_s']:>10}/{r['throughput_mbit_s_at_paper_clock']:<8.1f}/{r['throughput_mbit_s_at_our_clock']:<8.1f}"
              f"      {r['kat_vectors_passed']:>3}/{r['kat_vectors_total']:<3} {r['random_vectors_passed']:>2}/{r['random_vectors_total']:<2}")
    bad = [r["design"] for r in out_rows
           if r["kat_vectors_passed"] != r["kat_vectors_total"] or r["kat_vectors_total"] == 0
           or r["random_vectors_passed"] != r["random_vectors_total"]]
    if bad:
        print("FAILED simulation: " + ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
