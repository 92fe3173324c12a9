//! C programs (tests/h8300-c/*.c) compiled by h8300-hms-gcc 3.4.6 for the
//! plain H8/300 (-O2, 16-bit int) with the lab's start-up (crt0.s: SP at
//! H'FF80, .data copied, .bss cleared) and libgcc, linked with code and
//! read-only data in ROM from H'0100 and data in RAM from H'F580
//! (h8300.ld). Each runs on our simulator, stopped at crt0's `_stop`, and
//! on GDB's H8/300 simulator, which goes on to write RAM to stdout and
//! exit: all of RAM (H'F580-H'FF7F: main's result, the program's arrays
//! and the stack) must agree, GDB's instruction count must be ours plus
//! the seven instructions from `_stop` up to its exiting SLEEP, and the results must
//! be the ones Rust computes for the same C. Cycles are not compared:
//! GDB's are approximate (docs/h8300.md).
//!
//! Debian's libgcc for h8300-hms cannot be linked as it is (docs/h8300.md,
//! "How it is proved"); the test links a copy with the broken relocations
//! mended (`common/h8300.rs`, `mend_member`).
//!
//! Of GDB's simulator's known bugs, only @aa:8 addressing could reach
//! compiled code; the test checks gcc's output has no @aa:8 operand.

#[path = "common/h8300.rs"]
mod h8300_common;

use cardlab_sim::Space;
use cardlab_sim::target::Program;
use h8300_common::{RAM, RAM_LEN, build_c, c_dir, mended_libgcc, reference_and_gcc, run_gdb};
use std::collections::BTreeMap;

/// Instructions GDB's simulator counts after `_stop`: three MOV.W, the
/// write call and three MOV.W. The exiting SLEEP is not counted: it leaves
/// the simulator's loop (sim_engine_halt) before the count is added.
const AFTER_STOP: u64 = 7;

/// RAM after a run (the same on both simulators) and the symbols.
struct Done {
    ram: Vec<u8>,
    symbols: BTreeMap<String, u32>,
}

impl Done {
    fn bytes(&self, symbol: &str, len: usize) -> &[u8] {
        let at = (self.symbols[symbol] - RAM as u32) as usize;
        &self.ram[at..at + len]
    }
    fn u16s(&self, symbol: &str, n: usize) -> Vec<u16> {
        self.bytes(symbol, 2 * n)
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect()
    }
    fn u32s(&self, symbol: &str, n: usize) -> Vec<u32> {
        self.bytes(symbol, 4 * n)
            .chunks(4)
            .map(|c| u32::from_be_bytes(c.try_into().unwrap()))
            .collect()
    }
    /// main's result, as crt0.s stored it.
    fn result(&self) -> u16 {
        self.u16s("_result", 1)[0]
    }
}

/// Build `name.c`, check its code has each of `needs` (libgcc routines,
/// a jump table's `jmp @rN`), run it on both simulators and compare them;
/// None when the test is skipped.
fn run_both(name: &str, needs: &[&str]) -> Option<Done> {
    let sim = reference_and_gcc()?;
    let dir = tempfile::tempdir().unwrap();
    let (libgcc, mended) = mended_libgcc(dir.path());
    assert!(
        mended.iter().any(|m| m == "_mulsi3.o"),
        "libgcc's __mulsi3 no longer needs mending ({mended:?}): see docs/h8300.md"
    );
    let source = std::fs::read_to_string(c_dir().join(format!("{name}.c"))).unwrap();
    let built = build_c(dir.path(), name, &source, &libgcc);

    for need in needs {
        assert!(
            built.disassembly.contains(need),
            "{name}: gcc's code has no {need}"
        );
    }
    // GDB's simulator takes @aa:8 as H'00aa: no such operand may appear.
    let aa8: Vec<&str> = built
        .disassembly
        .lines()
        .filter(|l| l.contains(":8") && l.contains("@0x"))
        .collect();
    assert!(
        aa8.is_empty(),
        "{name}: @aa:8 operands:\n{}",
        aa8.join("\n")
    );

    let Program {
        mut cpu, symbols, ..
    } = cardlab_sim::h8300::TARGET.load(&built.coff).unwrap();
    let stop = symbols["_stop"];
    cpu.run(100_000_000, Some(stop))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(cpu.pc(), stop, "{name}: stopped before _stop");
    let ours: Vec<u8> = (0..RAM_LEN as u32)
        .map(|i| cpu.read(Space::Memory, RAM as u32 + i).unwrap())
        .collect();

    let gdb = run_gdb(&sim, &built.srec);
    if gdb.ram != ours {
        let diff: Vec<String> = gdb
            .ram
            .iter()
            .zip(&ours)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .take(8)
            .map(|(i, (a, b))| format!("{:#06x}: gdb {a:02x} ours {b:02x}", RAM as usize + i))
            .collect();
        panic!("{name}: RAM differs:\n{}", diff.join("\n"));
    }
    assert_eq!(
        gdb.instructions,
        cpu.instructions() + AFTER_STOP,
        "{name}: GDB's instruction count is not ours + {AFTER_STOP}"
    );
    eprintln!(
        "{name}: RAM ({RAM_LEN} bytes) agrees; {} instructions on both, \
         {} states here ({} approximate cycles in GDB's simulator)",
        cpu.instructions(),
        cpu.cycles(),
        gdb.cycles
    );
    Some(Done { ram: ours, symbols })
}

#[test]
fn arith32_matches_gdbs_simulator_and_rust() {
    let Some(done) = run_both(
        "arith32",
        &[
            "<___mulsi3>:",
            "<___udivsi3>:",
            "<___umodsi3>:",
            "<___divsi3>:",
            "<___modsi3>:",
        ],
    ) else {
        return;
    };
    let mut x: u32 = 0x2545_F491;
    let mut check: u16 = 0;
    let mut want: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for i in 0..16 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let d = (x >> 20) + 3;
        let sd = if i & 1 == 1 { -(d as i32) } else { d as i32 };
        let (s, n) = (x as i32, x >> 27);
        let row = [
            ("_prod", x.wrapping_mul(d)),
            ("_quot", x / d),
            ("_rem", x % d),
            ("_sdiv", (s / sd) as u32),
            ("_smod", (s % sd) as u32),
            ("_shl", x << n),
            ("_shr", x >> n),
            ("_sar", (s >> n) as u32),
        ];
        check ^= row.iter().fold(0, |a, (_, v)| a ^ v) as u16;
        for (name, v) in row {
            want.entry(name).or_default().push(v);
        }
    }
    for (name, values) in want {
        assert_eq!(done.u32s(name, 16), values, "{name}");
    }
    assert_eq!(done.result(), check);
}

#[test]
fn switch_jump_table_matches_gdbs_simulator_and_rust() {
    let Some(done) = run_both(
        "switch",
        &["jmp\t@r", "<___mulhi3>:", "<___udivhi3>:", "<___umodhi3>:"],
    ) else {
        return;
    };
    fn step(op: u16, x: u16, y: u16) -> u16 {
        match op {
            0 => x.wrapping_add(y),
            1 => x.wrapping_sub(y),
            2 => x.wrapping_mul(y),
            3 => x / (y | 1),
            4 => x % (y | 1),
            5 => x ^ y,
            6 => (x & y) | 0x0101,
            7 => x << (y & 15),
            8 => x >> (y & 15),
            9 => x.rotate_left(3),
            _ => !x,
        }
    }
    let (mut x, mut y) = (0x1234u16, 0xBEEFu16);
    let mut trace = vec![];
    let mut taken = [false; 11];
    for i in 0..128u16 {
        let op = ((x ^ (x >> 8)).wrapping_add(i)) % 11;
        taken[op as usize] = true;
        (x, y) = (step(op, x, y), x);
        trace.push(x);
    }
    assert!(taken.iter().all(|&t| t), "every case is taken: {taken:?}");
    assert_eq!(done.u16s("_trace", 128), trace);
    assert_eq!(done.result(), x ^ y);
}

#[test]
fn recursion_matches_gdbs_simulator_and_rust() {
    let Some(done) = run_both("recursion", &["<___mulsi3>:"]) else {
        return;
    };
    fn fib(n: u16) -> u16 {
        if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
    }
    fn ack(m: u16, n: u16) -> u16 {
        match (m, n) {
            (0, n) => n + 1,
            (m, 0) => ack(m - 1, 1),
            (m, n) => ack(m - 1, ack(m, n - 1)),
        }
    }
    fn hanoi(n: u8, from: u8, to: u8, via: u8, moves: &mut Vec<u8>) {
        if n > 0 {
            hanoi(n - 1, from, via, to, moves);
            moves.push(from << 4 | to);
            hanoi(n - 1, via, to, from, moves);
        }
    }
    let mut moves = vec![];
    hanoi(6, 1, 3, 2, &mut moves);
    assert_eq!(done.u16s("_fibs", 20), (0..20).map(fib).collect::<Vec<_>>());
    assert_eq!(
        done.u16s("_acks", 4),
        [ack(1, 5), ack(2, 3), ack(2, 9), ack(3, 3)]
    );
    assert_eq!(done.bytes("_moves", 64)[..63], moves[..]);
    assert_eq!(
        done.u32s("_facts", 13),
        (0..13u32)
            .map(|n| (1..=n).product::<u32>())
            .collect::<Vec<_>>()
    );
    assert_eq!(done.result(), 63);
}

#[test]
fn crc32_and_sort_match_gdbs_simulator_and_rust() {
    let Some(done) = run_both("crc_sort", &["<___mulhi3>:"]) else {
        return;
    };
    let mut x: u16 = 12345;
    let mut next = || {
        x = x.wrapping_mul(25173).wrapping_add(13849);
        x
    };
    let buf: Vec<u8> = (0..512).map(|_| (next() >> 8) as u8).collect();
    let mut crc = !0u32;
    for &b in &buf {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    crc = !crc;
    let mut values: Vec<i16> = (0..64).map(|_| next() as i16).collect();
    values.sort();
    assert_eq!(done.bytes("_buf", 512), buf);
    assert_eq!(done.u32s("_crc_out", 1), [crc]);
    assert_eq!(
        done.u16s("_values", 64),
        values.iter().map(|&v| v as u16).collect::<Vec<_>>()
    );
    assert_eq!(done.result(), crc as u16);
}
