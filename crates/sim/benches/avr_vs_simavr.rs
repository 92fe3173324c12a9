//! Speed of the AVR simulator against simavr 1.6 (through the
//! single-stepping harness `tests/avr/simavr_step.c`, one instruction per
//! `avr_run`, as the differential tests use it) on one avr-gcc program: a
//! 32-bit linear congruential generator whose multiplies go through
//! libgcc's `__mulsi3`, folded into a checksum, LOOPS times: about 30
//! million instructions. Ours runs with observers off and with the full
//! instruction trace (disassembled and formatted, written to a sink).
//!
//! simavr's time is its run less an empty run of the same harness on a
//! program that halts at once (start-up and loading), the better of two
//! pairs; ours the best of five runs of each kind. Both must end in the
//! same state after the same cycles and instructions, or the figures are
//! not printed.
//!
//! `cargo bench -p cardlab-sim --bench avr_vs_simavr`.

#[path = "../tests/common/mod.rs"]
mod common;

use cardlab_sim::observe::Trace;
use cardlab_sim::{Observer, Stop};
use common::tool;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const LOOPS: u32 = 120_000;

const PROGRAM: &str = "
#include <stdint.h>
volatile uint32_t result;
int main(void)
{
    uint32_t x = 1, sum = 0;
    for (uint32_t i = 0; i < LOOPS; i++) {
        x = x * 1664525UL + 1013904223UL;
        sum += x >> 13;
    }
    result = sum;
    return 0;
}
";

const EMPTY: &str = "int main(void) { return 0; }";

fn build(dir: &Path, name: &str, source: &str) -> std::path::PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source.replace("LOOPS", &LOOPS.to_string())).unwrap();
    let elf = dir.join(format!("{name}.elf"));
    let (c, e) = (c.to_string_lossy(), elf.to_string_lossy());
    tool(
        "avr-gcc",
        "gcc-avr and avr-libc",
        &["-mmcu=atmega32", "-O2", "-o", &e, &c],
        dir,
    );
    elf
}

/// simavr's run: its output and the wall time.
fn simavr(harness: &Path, elf: &Path) -> (String, Duration) {
    let start = Instant::now();
    let out = Command::new(harness).arg("run").arg(elf).output().unwrap();
    let took = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("stop=self"), "{text}");
    (text, took)
}

/// Ours: (cycles, instructions, time), best of five.
fn ours(elf: &Path, observer: fn() -> Option<Box<dyn Observer>>) -> (u64, u64, Duration) {
    let image = cardlab_sim::avr::TARGET.read(elf).unwrap();
    let mut best = Duration::MAX;
    let mut counts = (0, 0);
    for _ in 0..5 {
        let mut cpu = image.boot();
        cpu.set_observer(observer());
        let start = Instant::now();
        assert_eq!(cpu.run(u64::MAX, None), Ok(Stop::Halted));
        best = best.min(start.elapsed());
        counts = (cpu.cycles(), cpu.instructions());
    }
    (counts.0, counts.1, best)
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let harness = dir.path().join("simavr-step");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/avr/simavr_step.c");
    tool(
        "cc",
        "simavr and libsimavr-dev",
        &[
            "-O2",
            "-o",
            &harness.to_string_lossy(),
            &source.to_string_lossy(),
            "-I/usr/include/simavr",
            "-lsimavr",
        ],
        dir.path(),
    );
    let (elf, empty) = (
        build(dir.path(), "lcg", PROGRAM),
        build(dir.path(), "empty", EMPTY),
    );

    let mut theirs = Duration::MAX;
    let mut text = String::new();
    for _ in 0..2 {
        let (t, full) = simavr(&harness, &elf);
        let (_, none) = simavr(&harness, &empty);
        theirs = theirs.min(full.saturating_sub(none));
        text = t;
    }
    let field = |name: &str| -> u64 {
        let f = text
            .split_whitespace()
            .find_map(|f| f.strip_prefix(&format!("{name}=")))
            .unwrap();
        f.parse().unwrap()
    };
    let (cycles, instructions, plain) = ours(&elf, || None);
    assert_eq!(
        (cycles, instructions),
        (field("cycles"), field("instructions")),
        "ours and simavr's counts differ"
    );
    let (_, _, traced) = ours(&elf, || {
        Some(Box::new(Trace::new(
            Box::new(std::io::sink()),
            cardlab_sim::avr::disassemble,
            0,
        )))
    });
    let rate = |d: Duration| instructions as f64 / d.as_secs_f64() / 1e6;
    println!("avr_vs_simavr: {instructions} instructions, {cycles} cycles (equal in both)");
    println!(
        "  simavr-step (libsimavr 1.6): {:8.1} M instructions/s",
        rate(theirs)
    );
    println!(
        "  cardlab, observers off:      {:8.1} M instructions/s  ({:.1}x simavr)",
        rate(plain),
        theirs.as_secs_f64() / plain.as_secs_f64()
    );
    println!(
        "  cardlab, full trace:         {:8.1} M instructions/s  ({:.1}x simavr)",
        rate(traced),
        theirs.as_secs_f64() / traced.as_secs_f64()
    );
}
