//! Seed 001 Table 4: the Twofish hardware flow end to end (Icarus Verilog
//! on every 128-bit known answer and random keys, yosys + abc synthesis),
//! into a temporary folder; every design point must pass every vector,
//! and its clocks per block and startup clocks, counted by the testbench,
//! are pinned. A missing tool fails with the package to install.

use cardlab_lab::hardware::{self, Design};
use cardlab_lab::repo_root;
use cardlab_lab::seeds::{self, Verdict};
use std::process::Command;

fn flow() -> Vec<Design> {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(repo_root().join("hardware/twofish/flow.sh"))
        .env("TF_BUILD", dir.path().join("build"))
        .env("TF_RESULTS", dir.path().join("results"))
        .output()
        .expect("bash runs flow.sh");
    assert!(
        out.status.success(),
        "flow.sh failed (scripts/install installs iverilog and yosys):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    hardware::load(&dir.path().join("results/results.csv")).unwrap()
}

#[test]
fn every_design_point_passes_and_takes_its_clocks() {
    let designs = flow();
    let got: Vec<(&str, bool, f64, f64)> = designs
        .iter()
        .map(|d| {
            (
                d.design.as_str(),
                d.verified(),
                d.clocks_per_block,
                d.startup_clocks,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("serial", true, 288.0, 8.0),
            ("h1_otf", true, 72.0, 4.0),
            ("h1_pre", true, 32.0, 41.0),
            ("h2", true, 16.0, 20.0),
            ("h2_il2", true, 32.0, 21.0),
            ("h2_il3", true, 48.0, 22.0),
            ("h2_il4", true, 64.0, 23.0),
            ("sbox_ram", true, 16.0, 296.0),
        ]
    );
    for d in &designs {
        assert_eq!(
            d.kat_vectors_total, 305,
            "{}: every 128-bit known answer",
            d.design
        );
        assert!(
            d.total_ge > 0.0 && d.logic_depth > 0.0,
            "{}: synthesised",
            d.design
        );
    }
    // Every published figure of Table 4 meets a design point of ours.
    let figures = seeds::load(&repo_root().join("seeds/figures.csv")).unwrap();
    let table = hardware::table4(&figures, &designs).unwrap();
    assert_eq!(table.lines.len(), 32);
    assert!(
        table
            .lines
            .iter()
            .all(|l| !matches!(l.verdict, Verdict::Missing | Verdict::Failed)),
        "{:#?}",
        table.lines
    );
}

/// The flow's design list carries the paper's row for each design point
/// (for throughput at the paper's clock): it must say what seeds/figures.csv
/// says.
#[test]
fn the_flows_design_list_agrees_with_the_seed_figures() {
    let figures = seeds::load(&repo_root().join("seeds/figures.csv")).unwrap();
    let designs =
        std::fs::read_to_string(repo_root().join("hardware/twofish/syn/designs.txt")).unwrap();
    let mut rows = 0;
    for line in designs
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let number = |i: usize| f[i].parse::<f64>().unwrap();
        let (gates, cpb, mhz, mbit, startup) =
            (number(7), number(9), number(11), number(12), number(13));
        let variant = &figures
            .iter()
            .find(|x| hardware::covers(x) && x.metric == "gate_count" && x.value == gates)
            .unwrap_or_else(|| panic!("{}: no Table 4 row of {gates} gates", f[0]))
            .variant;
        let published = |metric: &str| {
            figures
                .iter()
                .find(|x| hardware::covers(x) && &x.variant == variant && x.metric == metric)
                .map(|x| (x.value, x.clock_mhz))
        };
        assert_eq!(
            published("clocks_per_block"),
            Some((cpb, Some(mhz))),
            "{}",
            f[0]
        );
        assert_eq!(
            published("startup_clocks"),
            Some((startup, Some(mhz))),
            "{}",
            f[0]
        );
        assert_eq!(
            published("throughput_mbit_per_s"),
            Some((mbit, Some(mhz))),
            "{}",
            f[0]
        );
        rows += 1;
    }
    assert_eq!(rows, 8);
}
