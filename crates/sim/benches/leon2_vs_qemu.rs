//! Speed of the LEON2 simulator beside qemu-sparc (-cpu LEON2, Linux user
//! mode, QEMU's JIT) on one C program built by sparc64-linux-gnu-gcc -O2:
//! a table-driven CRC-32 over 4 KB, 20 passes (tests/leon2-c/crc.c). Ours
//! runs with the reference caches and with ideal ones, observers off and
//! with the full instruction trace (disassembled, formatted, written to a
//! sink).
//!
//! qemu is a process and much faster: it runs the program with 2,000
//! passes and the empty one (PASSES = 0: start, load, the set-up, exit);
//! its rate is the instructions of 2,000 passes (ours counts those of 20
//! and of 0) over the difference in time, best of five each. Ours is timed
//! around `run` (best of five).
//!
//! `cargo bench -p cardlab-sim --bench leon2_vs_qemu`. Both must print the
//! same CRC, or nothing is printed.

#[path = "../tests/common/leon2_c.rs"]
mod leon2_c;

use cardlab_sim::leon2::{Config, Leon2, MemoryConfig};
use cardlab_sim::observe::Trace;
use cardlab_sim::{Cpu, Observer, Space};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const QEMU_PASSES: u32 = 2000;

fn gcc(out: &Path, passes: u32, linux: bool) {
    leon2_c::gcc(
        out,
        &leon2_c::Build {
            program: "crc",
            bare: !linux,
            flat: false,
            options: &[format!("-DPASSES={passes}")],
            more: &[],
        },
    );
}

fn best(runs: u32, mut f: impl FnMut() -> Duration) -> Duration {
    (0..runs).map(|_| f()).min().unwrap()
}

/// (CRC, instructions, time) of our run.
fn ours(elf: &Path, memory: MemoryConfig, trace: bool) -> (u32, u64, Duration) {
    let image = cardlab_sim::leon2::TARGET.read(elf).unwrap();
    let (mut crc, mut instructions) = (0, 0);
    let time = best(5, || {
        let mut cpu = Leon2::new(Config {
            memory,
            ..Config::default()
        });
        for (addr, bytes) in &image.segments {
            cpu.load(*addr, bytes).unwrap();
        }
        cpu.boot(image.entry);
        if trace {
            let t: Box<dyn Observer> =
                Box::new(Trace::new(Box::new(std::io::sink()), cpu.disassembler(), 0));
            cpu.set_observer(Some(t));
        }
        let start = Instant::now();
        cpu.run(u64::MAX, None).unwrap();
        let time = start.elapsed();
        let at = image.symbols["result"];
        let b: Vec<u8> = (at..at + 4)
            .map(|a| cpu.read(Space::Memory, a).unwrap())
            .collect();
        crc = u32::from_be_bytes(b.try_into().unwrap());
        instructions = cpu.instructions();
        time
    });
    (crc, instructions, time)
}

fn qemu(elf: &Path) -> (u32, Duration) {
    let mut crc = 0;
    let time = best(5, || {
        let start = Instant::now();
        let out = Command::new("qemu-sparc")
            .args(["-cpu", "LEON2"])
            .arg(elf)
            .output()
            .expect("qemu-sparc is not installed (Debian qemu-user)");
        let time = start.elapsed();
        crc = u32::from_str_radix(String::from_utf8_lossy(&out.stdout).trim(), 16).unwrap();
        time
    });
    (crc, time)
}

fn main() {
    let tmp = tempfile::tempdir().unwrap();
    let path = |name: &str| tmp.path().join(name);
    gcc(&path("bare.elf"), 20, false);
    gcc(&path("empty.elf"), 0, false);
    gcc(&path("linux.elf"), QEMU_PASSES, true);
    gcc(&path("linux20.elf"), 20, true);
    gcc(&path("linux0.elf"), 0, true);
    let (crc, n, reference) = ours(&path("bare.elf"), MemoryConfig::default(), false);
    let (_, n0, _) = ours(&path("empty.elf"), MemoryConfig::default(), false);
    let (crc_ideal, _, ideal) = ours(&path("bare.elf"), MemoryConfig::IDEAL, false);
    let (_, _, traced) = ours(&path("bare.elf"), MemoryConfig::default(), true);
    let (qcrc, _) = qemu(&path("linux20.elf"));
    let (_, q) = qemu(&path("linux.elf"));
    let (_, q0) = qemu(&path("linux0.elf"));
    assert!(
        crc == qcrc && crc == crc_ideal,
        "CRCs differ: ours {crc:#x}, qemu {qcrc:#x}"
    );
    let rate = |n: u64, t: Duration| n as f64 / t.as_secs_f64() / 1e6;
    let qrate = rate((n - n0) * (QEMU_PASSES as u64 / 20), q.saturating_sub(q0));
    println!("CRC-32 of 4 KB x 20: {crc:08x}, {n} instructions");
    for (what, t) in [
        ("ours, 4 KiB caches", reference),
        ("ours, ideal caches", ideal),
        ("ours, 4 KiB caches, traced", traced),
    ] {
        println!(
            "{what:28} {:8.1} M instructions/s ({:.2}x qemu)",
            rate(n, t),
            rate(n, t) / qrate
        );
    }
    println!(
        "{:28} {qrate:8.1} M instructions/s",
        "qemu-sparc -cpu LEON2"
    );
}
