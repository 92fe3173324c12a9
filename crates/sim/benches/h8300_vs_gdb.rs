//! Speed of the H8/300 simulator beside GDB's H8/300 simulator (gdb 13's
//! sim/h8300) on one C program built by h8300-hms-gcc -O2 with the lab's
//! start-up (tests/h8300-c): a table-driven CRC-32 over 4 KB of
//! pseudo-random bytes in ROM, the 1 KB table built in RAM first, repeated
//! PASSES times. Ours runs with observers off and with the full
//! instruction trace (disassembled and formatted, written to a sink).
//!
//! GDB's simulator is a process that loads S-records and then runs: it is
//! timed on the program and on an empty one (crt0.s calling a main that
//! returns: process start, loading, exit), and its rate is the difference
//! in instructions over the difference in time (best of three each). Ours
//! is timed around `run` alone (best of five).
//!
//! `cargo bench -p cardlab-sim --bench h8300_vs_gdb`. Both simulators must
//! end with the same RAM and instruction count, and the CRC must be Rust's,
//! or the figures are not printed.

#[path = "../tests/common/h8300.rs"]
mod h8300_common;

use cardlab_sim::Space;
use cardlab_sim::h8300;
use cardlab_sim::observe::Trace;
use cardlab_sim::{Cpu, Observer};
use h8300_common::{RAM, RAM_LEN, build_c, mended_libgcc, or_skip, run_gdb};
use std::path::Path;
use std::time::{Duration, Instant};

/// GDB's simulator runs about 0.2 M instructions/s: 10 passes (about a
/// million instructions) take it some 5 s.
const PASSES: u32 = 10;
const LEN: usize = 4096;

/// The 4 KB the CRC runs over (xorshift32 from a fixed seed).
fn data() -> Vec<u8> {
    let mut x: u32 = 0x3113_0002;
    (0..LEN)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect()
}

fn source(passes: u32) -> String {
    let bytes: Vec<String> = data().iter().map(|b| b.to_string()).collect();
    format!(
        "const unsigned char data[{LEN}] = {{{}}};
unsigned long table[256];
unsigned long crc_out;

int main(void)
{{
    unsigned int i, k, pass;
    unsigned long crc = 0xFFFFFFFFUL;

    for (i = 0; i < 256; i++) {{
        unsigned long c = i;
        for (k = 0; k < 8; k++)
            c = (c & 1) ? (c >> 1) ^ 0xEDB88320UL : c >> 1;
        table[i] = c;
    }}
    for (pass = 0; pass < {passes}u; pass++)
        for (i = 0; i < {LEN}u; i++)
            crc = table[(unsigned char)crc ^ data[i]] ^ (crc >> 8);
    crc_out = ~crc;
    return (unsigned int)crc_out;
}}
",
        bytes.join(",")
    )
}

/// The CRC-32 the program must leave in crc_out.
fn expected(passes: u32) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|i| {
            (0..8).fold(i, |c, _| {
                if c & 1 == 1 {
                    (c >> 1) ^ 0xEDB8_8320
                } else {
                    c >> 1
                }
            })
        })
        .collect();
    let mut crc = !0u32;
    for _ in 0..passes {
        for &b in &data() {
            crc = table[((crc as u8) ^ b) as usize] ^ (crc >> 8);
        }
    }
    !crc
}

/// Best of five on ours: (instructions, states, time, RAM).
fn ours(
    coff: &Path,
    observer: impl Fn() -> Option<Box<dyn Observer>>,
) -> (u64, u64, Duration, Vec<u8>) {
    let mut best = None::<(u64, u64, Duration, Vec<u8>)>;
    for _ in 0..5 {
        let program = cardlab_sim::h8300::TARGET.load(coff).unwrap();
        let stop = program.symbols["_stop"];
        let mut cpu: Box<dyn Cpu> = program.cpu;
        cpu.set_observer(observer());
        let start = Instant::now();
        cpu.run(u64::MAX, Some(stop)).expect("runs to _stop");
        let time = start.elapsed();
        assert_eq!(cpu.pc(), stop);
        let ram = (0..RAM_LEN as u32)
            .map(|i| cpu.read(Space::Memory, RAM as u32 + i).unwrap())
            .collect();
        if best.as_ref().is_none_or(|b| time < b.2) {
            best = Some((cpu.instructions(), cpu.cycles(), time, ram));
        }
    }
    best.unwrap()
}

/// Best of three on GDB's simulator: (instructions it counts, time, RAM).
fn theirs(sim: &Path, srec: &Path) -> (u64, Duration, Vec<u8>) {
    let mut best = None::<(u64, Duration, Vec<u8>)>;
    for _ in 0..3 {
        let start = Instant::now();
        let run = run_gdb(sim, srec);
        let time = start.elapsed();
        if best.as_ref().is_none_or(|b| time < b.1) {
            best = Some((run.instructions, time, run.ram));
        }
    }
    best.unwrap()
}

fn main() {
    let Some(sim) = or_skip(h8300_common::gdb_sim().and_then(|s| h8300_common::gcc().map(|_| s)))
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (libgcc, _) = mended_libgcc(dir.path());
    let full = build_c(dir.path(), "crc", &source(PASSES), &libgcc);
    let empty = build_c(
        dir.path(),
        "empty",
        "int main(void) { return 0; }\n",
        &libgcc,
    );

    let (n, states, plain, ram) = ours(&full.coff, || None);
    let (_, _, traced, _) = ours(&full.coff, || {
        Some(Box::new(Trace::new(
            Box::new(std::io::sink()),
            h8300::disassemble,
            0,
        )))
    });
    let (n0, _, _, _) = ours(&empty.coff, || None);

    let (gdb_n, gdb_time, gdb_ram) = theirs(&sim, &full.srec);
    let (gdb_n0, gdb_time0, _) = theirs(&sim, &empty.srec);
    assert_eq!(gdb_ram, ram, "GDB's simulator and cardlab disagree on RAM");
    // GDB's count has the seven instructions after _stop (not its SLEEP).
    assert_eq!(
        gdb_n,
        n + 7,
        "GDB's simulator and cardlab disagree on instructions"
    );
    assert_eq!(gdb_n0, n0 + 7);
    let program = cardlab_sim::h8300::TARGET.load(&full.coff).unwrap();
    let at = (program.symbols["_crc_out"] - RAM as u32) as usize;
    let crc = u32::from_be_bytes(ram[at..at + 4].try_into().unwrap());
    assert_eq!(crc, expected(PASSES), "the CRC is not Rust's");

    let gdb_rate = (gdb_n - gdb_n0) as f64 / (gdb_time - gdb_time0).as_secs_f64();
    println!(
        "h8300 speed: CRC-32 of 4 KB × {PASSES}, {n} instructions, {states} states, \
         the same RAM and count on both (CRC {crc:08x})"
    );
    println!(
        "  {:<36} {:>8.2} M instructions/s  {:>7.3} s (empty program {:.3} s subtracted)",
        "GDB's simulator (sim/h8300)",
        gdb_rate / 1e6,
        gdb_time.as_secs_f64(),
        gdb_time0.as_secs_f64()
    );
    for (name, time) in [
        ("cardlab, observers off", plain),
        ("cardlab, trace observer (to a sink)", traced),
    ] {
        let rate = n as f64 / time.as_secs_f64();
        println!(
            "  {name:<36} {:>8.1} M instructions/s  {:>7.3} s  {:>6.2}× GDB's",
            rate / 1e6,
            time.as_secs_f64(),
            rate / gdb_rate
        );
    }
}
