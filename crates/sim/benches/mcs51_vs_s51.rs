//! Speed of the MCS-51 simulator against ucsim's s51 on one long program
//! (a few million instructions of loads, ALU work, stores and loops),
//! with observers off, with the coverage observer, and with the full
//! instruction trace (disassembled and formatted, written to a sink).
//!
//! `cargo bench -p cardlab-sim --bench mcs51_vs_s51`. Both simulators must
//! end in the same state with the same cycle count, or the figures are not
//! printed.

#[path = "../tests/common/mod.rs"]
mod common;

use cardlab_sim::mcs51::{self, ihx};
use cardlab_sim::observe::{Coverage, Trace};
use cardlab_sim::{Observer, Space};
use std::time::{Duration, Instant};

/// 100 × 250 × 16 inner iterations of 11 instructions, plus loop overhead:
/// about 4.4 million instructions.
const PROGRAM: &str = "
        .area CSEG (ABS,CODE)
        .org 0x0000
        mov  sp,#0xc0
        mov  r5,#100
outer:  mov  r6,#250
middle: mov  r0,#0x40
        mov  r7,#16
        mov  dptr,#table
inner:  mov  a,@r0          ; load
        add  a,r6
        movc a,@a+dptr      ; table lookup
        xrl  a,r5
        rl   a
        mov  @r0,a          ; store
        mov  b,#3
        mul  ab
        addc a,b
        inc  r0
        djnz r7,inner
        djnz r6,middle
        djnz r5,outer
        mov  r0,#0x40
        clr  a
sum:    xrl  a,@r0
        inc  r0
        cjne r0,#0x50,sum
halt::  sjmp halt
table:  .db  0x63,0x7c,0x77,0x7b,0xf2,0x6b,0x6f,0xc5,0x30,0x01,0x67,0x2b,0xfe,0xd7,0xab,0x76
";

/// Best of three runs: (instructions, cycles, time, IRAM 0x40-0x4F).
fn ours(
    path: &std::path::Path,
    observer: impl Fn() -> Option<Box<dyn Observer>>,
) -> (u64, u64, Duration, Vec<u8>) {
    let mut best = None::<(u64, u64, Duration, Vec<u8>)>;
    for _ in 0..3 {
        let mut cpu = cardlab_sim::mcs51::TARGET.load(path).unwrap().cpu;
        cpu.set_observer(observer());
        let start = Instant::now();
        cpu.run(u64::MAX, None).expect("runs to halt");
        let time = start.elapsed();
        let iram = (0x40..0x50)
            .map(|a| cpu.read(Space::Iram, a).unwrap())
            .collect();
        if best.as_ref().is_none_or(|b| time < b.2) {
            best = Some((cpu.instructions(), cpu.cycles(), time, iram));
        }
    }
    best.unwrap()
}

fn rate(instructions: u64, time: Duration) -> f64 {
    instructions as f64 / time.as_secs_f64()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let path = common::assemble(dir.path(), "speed", PROGRAM);
    let halt = ihx::parse_noi(&std::fs::read_to_string(dir.path().join("speed.noi")).unwrap())["halt"]
        as u16;

    let (n, cycles, plain, iram) = ours(&path, || None);
    let (_, _, covered, _) = ours(&path, || Some(Box::new(Coverage::default())));
    let (_, _, traced, _) = ours(&path, || {
        Some(Box::new(Trace::new(
            Box::new(std::io::sink()),
            mcs51::disassemble,
            0,
        )))
    });

    let start = Instant::now();
    // s51 starts its RAM random: compare the bytes the program writes.
    let run = common::run_s51(
        &path,
        &[halt],
        &[(Space::Iram, 0x40, 16), (Space::Sfr, 0xE0, 1)],
    );
    let s51_time = start.elapsed();
    assert_eq!(run.cycles, cycles, "s51 and cardlab disagree on cycles");
    assert_eq!(
        run.instructions - 1,
        n,
        "s51 and cardlab disagree on instructions"
    );
    assert_eq!(
        run.dumps[0], iram,
        "s51 and cardlab disagree on internal RAM"
    );
    assert_eq!(
        run.dumps[1][0],
        iram.iter().fold(0, |a, b| a ^ b),
        "s51 and cardlab disagree on A"
    );

    let s51 = rate(n, s51_time);
    println!(
        "mcs51 speed: {n} instructions, {cycles} machine cycles, same state on both simulators"
    );
    println!(
        "  {:<34} {:>8.1} M instructions/s  {:>7.3} s",
        "s51 (ucsim, one batch process)",
        s51 / 1e6,
        s51_time.as_secs_f64()
    );
    for (name, time) in [
        ("cardlab, observers off", plain),
        ("cardlab, coverage observer", covered),
        ("cardlab, trace observer (to a sink)", traced),
    ] {
        let r = rate(n, time);
        println!(
            "  {name:<34} {:>8.1} M instructions/s  {:>7.3} s  {:>6.1}× s51",
            r / 1e6,
            time.as_secs_f64(),
            r / s51
        );
    }
}
