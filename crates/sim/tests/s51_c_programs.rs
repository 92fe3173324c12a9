//! C programs compiled by `sdcc -mmcs51` (sdcc's start-up code, its 16- and
//! 32-bit library routines) run on our simulator and on s51: internal RAM,
//! the registers, every XRAM byte the program wrote, the cycle count and
//! the instruction count must agree, and the results must be the ones Rust
//! computes for the same C.

mod common;
use cardlab_sim::observe::{Accesses, downcast};
use cardlab_sim::target::Program;
use cardlab_sim::{Cpu, Space};
use common::{compile_c, ranges, run_s51};
use std::collections::BTreeMap;
use std::path::Path;

const SFRS: [u8; 7] = [0xE0, 0xF0, 0xD0, 0x81, 0x82, 0x83, 0xA0];

/// What a run left behind, read back through `xram` for the checks.
struct Finished {
    cpu: Box<dyn Cpu>,
    symbols: BTreeMap<String, u32>,
}

impl Finished {
    fn xram(&self, symbol: &str, len: usize) -> Vec<u8> {
        let at = self.symbols[symbol];
        (at..at + len as u32)
            .map(|a| self.cpu.read(Space::Xram, a).unwrap())
            .collect()
    }
    fn u16s(&self, symbol: &str, n: usize) -> Vec<u16> {
        self.xram(symbol, 2 * n)
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect()
    }
    fn u32(&self, symbol: &str) -> u32 {
        u32::from_le_bytes(self.xram(symbol, 4).try_into().unwrap())
    }
}

/// Compile `name.c`, run it on both simulators, compare everything.
fn run_both(name: &str) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/mcs51-c/{name}.c")),
    )
    .unwrap();
    let ihx_path = compile_c(dir.path(), name, &source);
    let Program {
        mut cpu, symbols, ..
    } = cardlab_sim::mcs51::TARGET.load(&ihx_path).unwrap();
    cpu.set_observer(Some(Box::new(Accesses::default())));
    cpu.run(50_000_000, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let accesses = downcast::<Accesses>(cpu.take_observer().unwrap()).unwrap();
    let xram_written = accesses.written().remove(&Space::Xram).unwrap_or_default();
    assert!(!xram_written.is_empty(), "{name} wrote no XRAM");

    let xram_ranges = ranges(xram_written);
    let mut dumps = vec![(Space::Iram, 0, 256)];
    dumps.extend(SFRS.iter().map(|&s| (Space::Sfr, s as u32, 1)));
    dumps.extend(
        xram_ranges
            .iter()
            .map(|&(start, len)| (Space::Xram, start, len)),
    );
    let run = run_s51(&ihx_path, &[cpu.pc() as u16], &dumps);

    let iram: Vec<u8> = (0..256)
        .map(|a| cpu.read(Space::Iram, a).unwrap())
        .collect();
    assert_eq!(iram, run.dumps[0], "{name}: internal RAM");
    for (i, &s) in SFRS.iter().enumerate() {
        assert_eq!(
            cpu.read(Space::Sfr, s as u32).unwrap(),
            run.dumps[1 + i][0],
            "{name}: SFR {s:#04x}"
        );
    }
    for (k, &(start, len)) in xram_ranges.iter().enumerate() {
        let ours: Vec<u8> = (start..start + len as u32)
            .map(|a| cpu.read(Space::Xram, a).unwrap())
            .collect();
        assert_eq!(
            ours,
            run.dumps[1 + SFRS.len() + k],
            "{name}: XRAM from {start:#06x}"
        );
    }
    assert_eq!(cpu.cycles(), run.cycles, "{name}: machine cycles");
    assert_eq!(
        cpu.instructions(),
        run.instructions - 1,
        "{name}: instructions (s51 counts the one it stops at)"
    );
    eprintln!(
        "{name}: {} instructions, {} machine cycles agree",
        cpu.instructions(),
        cpu.cycles()
    );
    Finished { cpu, symbols }
}

#[test]
fn crc16_matches_s51_and_rust() {
    let done = run_both("crc16");
    let buffer: Vec<u8> = (0..96u32).map(|i| (i * 37 + 11) as u8).collect();
    assert_eq!(done.xram("_buffer", 96), buffer);
    let mut crc: u16 = 0xFFFF;
    for &b in &buffer {
        crc ^= (b as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    assert_eq!(done.u16s("_crc_out", 1), [crc]);
}

#[test]
fn sort_matches_s51_and_rust() {
    let done = run_both("sort");
    let mut x: u16 = 12345;
    let mut values: Vec<i16> = (0..48)
        .map(|_| {
            x = x.wrapping_mul(25173).wrapping_add(13849);
            x as i16
        })
        .collect();
    values.sort();
    let got: Vec<i16> = done
        .u16s("_values", 48)
        .into_iter()
        .map(|v| v as i16)
        .collect();
    assert_eq!(got, values);
}

#[test]
fn arith32_matches_s51_and_rust() {
    let done = run_both("arith32");
    let (mut x, mut q, mut r, mut s) = (1u32, 0u32, 0u32, 0i32);
    for i in 0..24u32 {
        x = x.wrapping_mul(1103515245).wrapping_add(12345);
        q ^= x / (i * 7 + 3);
        r = r.wrapping_add(x % 1000);
        s = s
            .wrapping_add((x as i32) / -((i + 5) as i32))
            .wrapping_add((x as i32) >> 9);
    }
    assert_eq!(done.u32("_product"), x);
    assert_eq!(done.u32("_quotients"), q);
    assert_eq!(done.u32("_remainders"), r);
    assert_eq!(done.u32("_signed_sum") as i32, s);
}
