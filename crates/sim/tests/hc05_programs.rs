//! Differential test against ucsim's `shc08 -t HC08` on random whole
//! programs assembled by sdas6808 (`.hc05`) and linked by sdld6808:
//! straight-line code from every non-branching CPU05 opcode in every mode
//! (bit set/clear, read-modify-write, MUL, register, IMM, DIR, EXT, IX2,
//! IX1, IX loads, stores and ALU), forward branches of every condition and
//! BRSET/BRCLR, counted loops, and BSR/JSR calls of subroutines. Each
//! program starts from a random state (RAM1, RAM2, A, X, CCR); both
//! simulators must end with the same RAM, A, X, SP, HINZC and PC, and our
//! cycle count must equal the listing's cycles summed over the
//! instructions we executed. See tests/hc05_shc08.rs for what of the HC08
//! is left out of the comparison.

mod common;
mod hc05_tools;

use cardlab_sim::Cpu;
use cardlab_sim::hc05::{self, Regs, timing};
use cardlab_sim::observe::{Coverage, downcast};
use common::Rng;
use hc05_tools::{
    Shc08Case, assemble, listed_cycles, listing, memory, run_shc08, shc08_missing, start_ours,
};
use std::fmt::Write as _;

const BATCHES: usize = 14;
const PER_BATCH: usize = 19;
const FIRST: u16 = 0x0400;
/// Bytes each program (with its subroutines) may take.
const SPAN: u16 = 0x300;
const RAM: [(u16, usize); 2] = [(0x0050, 176), (0x0250, 176)];
/// Loop counters live here; random writes stay below, and above them
/// (0xC0-0xFF) only calls write the stack.
const COUNTERS: u16 = 0xB0;

/// Opcodes emitted as they come: no branch, jump, stack or halt.
fn straight(op: u8) -> bool {
    timing::legal(op)
        && !matches!(op >> 4, 0x0 | 0x2 | 0x8)
        && !matches!(op, 0x9C | 0xAD)
        && (op < 0xB0 || !matches!(op & 0x0F, 0xC | 0xD))
}

struct Gen {
    rng: Rng,
    /// Makes the labels of one program unique in its batch.
    prefix: String,
    labels: usize,
    counters: u16,
    ops: Vec<u8>,
    text: String,
    size: usize,
}

impl Gen {
    fn line(&mut self, size: usize, text: &str) {
        self.size += size;
        let _ = writeln!(self.text, "        {text}");
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("{}{}", self.prefix, self.labels)
    }

    /// A data address for a write or read: RAM1 below the counters, or RAM2.
    fn data(&mut self, wide: bool) -> u16 {
        if wide && self.rng.below(2) == 0 {
            self.rng.range(0x250, 0x2FF)
        } else {
            self.rng.range(0x50, COUNTERS - 1)
        }
    }

    /// One straight-line instruction; indexed modes get an `ldx` first
    /// that points them into RAM.
    fn straight_insn(&mut self) {
        let op = self.ops[self.rng.below(self.ops.len() as u64) as usize];
        let mut bytes = vec![op];
        match op >> 4 {
            0x1 | 0x3 | 0xB => bytes.push(self.data(false) as u8),
            0x6 | 0xE => {
                let ea = self.data(false);
                let ff = self.rng.below(ea as u64 - 0x4F) as u16;
                self.line(2, &format!("ldx #0x{:02x}", ea - ff));
                bytes.push(ff as u8);
            }
            0x7 | 0xF => {
                let ea = self.data(false);
                self.line(2, &format!("ldx #0x{ea:02x}"));
            }
            0xA => bytes.push(self.rng.byte()),
            0xC => bytes.extend(self.data(true).to_be_bytes()),
            0xD => {
                // sdas6808 picks IX1 for offsets below 0x100: use RAM2.
                let ea = self.rng.range(0x250, 0x2FF);
                let x = self.rng.below(0x50) as u16;
                self.line(2, &format!("ldx #0x{x:02x}"));
                bytes.extend((ea - x).to_be_bytes());
            }
            _ => {}
        }
        let text = hc05::disassemble(0, &bytes);
        self.line(bytes.len(), &text);
    }

    /// A conditional branch (or BRSET/BRCLR) forward over a nested block.
    fn branch(&mut self, depth: u32, subs: &[String]) {
        let skip = self.label();
        if self.rng.below(3) == 0 {
            let name = if self.rng.below(2) == 0 {
                "brset"
            } else {
                "brclr"
            };
            let bit = self.rng.below(8);
            let dd = self.data(false);
            self.line(3, &format!("{name} #{bit},*0x{dd:02x},{skip}"));
        } else {
            const CONDS: [&str; 14] = [
                "bhi", "bls", "bcc", "bcs", "bne", "beq", "bhcc", "bhcs", "bpl", "bmi", "bmc",
                "bms", "bih", "bil",
            ];
            let cond = CONDS[self.rng.below(CONDS.len() as u64) as usize];
            self.line(2, &format!("{cond} {skip}"));
        }
        self.block(depth + 1, subs);
        let _ = writeln!(self.text, "{skip}:");
    }

    /// `lda #n; sta ctr; top: body; dec ctr; bne top`.
    fn counted_loop(&mut self, depth: u32, subs: &[String]) {
        let ctr = COUNTERS + self.counters;
        self.counters += 1;
        let n = 1 + self.rng.below(6);
        let top = self.label();
        self.line(2, &format!("lda #{n}"));
        self.line(2, &format!("sta *0x{ctr:02x}"));
        let _ = writeln!(self.text, "{top}:");
        self.block(depth + 1, subs);
        self.line(2, &format!("dec *0x{ctr:02x}"));
        self.line(2, &format!("bne {top}"));
    }

    /// A block of items; nested blocks stay small enough for an 8-bit
    /// branch over them or back to a loop's top.
    fn block(&mut self, depth: u32, subs: &[String]) {
        let items = 2 + self.rng.below(if depth == 0 { 12 } else { 5 });
        let (start, limit) = (self.size, if depth == 0 { 340 } else { 70 >> depth });
        for _ in 0..items {
            match self.rng.below(100) {
                _ if self.size - start > limit => break,
                0..=69 => self.straight_insn(),
                70..=81 if depth < 3 => self.branch(depth, subs),
                82..=89 if depth < 2 && self.counters < 16 => self.counted_loop(depth, subs),
                90..=99 if !subs.is_empty() => {
                    // JSR (EXT): a BSR might not reach; BSR is in the opcode test.
                    let s = &subs[self.rng.below(subs.len() as u64) as usize];
                    self.line(3, &format!("jsr {s}"));
                }
                _ => self.straight_insn(),
            }
        }
    }
}

/// One program at `org` ending at `E{k}`, with two subroutines after it.
fn program(rng: &mut Rng, k: usize, org: u16, ops: &[u8]) -> String {
    let mut g = Gen {
        rng: Rng(rng.next()),
        prefix: format!("L{k}_"),
        labels: 0,
        counters: 0,
        ops: ops.to_vec(),
        text: format!("        .org 0x{org:04x}\nP{k}::\n"),
        size: 0,
    };
    let subs: Vec<String> = (0..2).map(|i| format!("P{k}S{i}")).collect();
    g.block(0, &subs);
    let _ = writeln!(g.text, "E{k}::  bra E{k}");
    g.size += 2;
    for s in &subs {
        let _ = writeln!(g.text, "{s}:");
        g.block(1, &[]);
        g.line(1, "rts");
    }
    assert!(
        g.size <= SPAN as usize,
        "program {k} takes {} bytes",
        g.size
    );
    g.text
}

fn random_state(rng: &mut Rng) -> ([Vec<u8>; 2], Regs) {
    let ram = [
        (0..176).map(|_| rng.byte()).collect(),
        (0..176).map(|_| rng.byte()).collect(),
    ];
    let regs = Regs {
        a: rng.byte(),
        x: rng.byte(),
        sp: 0xFF,
        pc: 0,
        ccr: 0xE0 | (rng.byte() & 0x17), // I clear or set at random below
    };
    (ram, regs)
}

#[test]
fn random_programs_match_shc08_and_the_listing_cycles() {
    if let Some(why) = shc08_missing() {
        println!("skipped: {why}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x6805_0000_2001_0002);
    let ops: Vec<u8> = (0..=255u8).filter(|&op| straight(op)).collect();
    let (mut compared, mut executed) = (0, 0u64);
    for batch in 0..BATCHES {
        let mut source = String::from("        .hc05\n        .area CODE (ABS)\n");
        for k in 0..PER_BATCH {
            source += &program(&mut rng, k, FIRST + k as u16 * SPAN, &ops);
        }
        source += "        .org 0xfffe\n        .dw  P0\n";
        let name = format!("prog{batch}");
        let built = assemble(dir.path(), &name, &source);
        let listed = listing(&built.listing);
        let image = cardlab_sim::hc05::TARGET.read(&built.ihx).unwrap();
        let sym = |s: String| image.symbols[&s] as u16;
        let states: Vec<_> = (0..PER_BATCH)
            .map(|k| {
                let (ram, mut regs) = random_state(&mut rng);
                regs.pc = sym(format!("P{k}"));
                if rng.below(2) == 0 {
                    regs.ccr |= 0x08;
                }
                (ram, regs)
            })
            .collect();
        let breaks: Vec<u16> = (0..PER_BATCH).map(|k| sym(format!("E{k}"))).collect();
        let cases: Vec<Shc08Case> = states
            .iter()
            .map(|(ram, r)| Shc08Case {
                writes: RAM
                    .iter()
                    .zip(ram)
                    .map(|(&(s, _), b)| (s, b.clone()))
                    .collect(),
                a: r.a,
                x: r.x,
                sp: r.sp,
                ccr: r.ccr,
                pc: r.pc,
            })
            .collect();
        let theirs = run_shc08(&built.ihx, &breaks, &cases, &RAM);
        for (k, (case, t)) in cases.iter().zip(theirs).enumerate() {
            let mut cpu = start_ours(&image.segments, case);
            cpu.set_observer(Some(Box::new(Coverage::default())));
            cpu.run(1_000_000, None)
                .unwrap_or_else(|e| panic!("batch {batch} program {k}: {e}"));
            let r = cpu.regs();
            let what = format!("batch {batch} program P{k}");
            assert_eq!(memory(&cpu, &RAM), t.memory, "{what}: RAM");
            assert_eq!(
                (r.a, r.x, r.sp, r.ccr & 0x1F, r.pc),
                (t.a, t.x, t.sp, t.ccr & 0x1F, t.pc),
                "{what}: a x sp hinzc pc"
            );
            let coverage = downcast::<Coverage>(cpu.take_observer().unwrap()).unwrap();
            assert_eq!(
                cpu.cycles(),
                listed_cycles(&listed, &coverage, &what),
                "{what}: cycles"
            );
            executed += cpu.instructions();
            compared += 1;
        }
    }
    assert_eq!(compared, BATCHES * PER_BATCH);
    assert!(executed > 20_000, "{executed} instructions");
    println!("{compared} programs, {executed} instructions");
}
