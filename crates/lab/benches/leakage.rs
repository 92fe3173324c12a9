//! Traces per second of a leakage campaign, per CPU: AES-128 encryption
//! (one variant per CPU) with the full power model, first- and
//! second-order moments accumulated, every output checked against the
//! oracle, on all cores. The campaign's own cost, as `cardlab leak` pays
//! it; the aim is 10^6 8051 traces in under two minutes on two
//! cores.
//!
//! `cargo bench -p cardlab-lab --bench leakage [-- TRACES]` (default 20,000
//! per variant).

use cardlab_lab::build::build;
use cardlab_lab::leakage::{Plan, campaign};
use cardlab_lab::manifest::Manifest;
use cardlab_lab::repo_root;
use std::time::Instant;

const VARIANTS: [&str; 6] = [
    "mcs51/aes/fast.toml",
    "hc05/aes/precomputed.toml",
    "h8300/aes/precomputed.toml",
    "arm7tdmi/aes/ttable.toml",
    "leon2/aes/ttable4k.toml",
    "avr/aes/fast.toml",
];

fn main() {
    let traces: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000);
    println!(
        "{:<28} {:>8} {:>10} {:>10} {:>12}",
        "variant", "cycles", "samples", "seconds", "traces/s"
    );
    for path in VARIANTS {
        let m = Manifest::load(&repo_root().join("firmware").join(path)).unwrap();
        let built = build(&m).unwrap();
        let mut plan = Plan::new(traces);
        plan.second_order = true;
        plan.checkpoints = vec![traces];
        let start = Instant::now();
        let v = campaign(&built, &m, &plan, &|_| {}).unwrap();
        let s = start.elapsed().as_secs_f64();
        println!(
            "{:<28} {:>8} {:>10} {:>10.2} {:>12.0}",
            path,
            v.cycles_per_trace,
            v.samples,
            s,
            traces as f64 / s
        );
    }
}
