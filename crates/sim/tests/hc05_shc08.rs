//! Differential test against ucsim's `shc08 -t HC08` (Debian
//! `sdcc-ucsim`): every CPU05 opcode in every addressing mode, from random
//! machine states, on both simulators; all of RAM1 and RAM2, A, X, SP,
//! HINZC and the PC must agree afterwards.
//!
//! shc08 models the HC08, whose instruction set contains the HC05's with
//! the same encodings and results; it counts HC08 cycles, so cycles are
//! not compared here (tests/hc05_timing.rs checks them). What the HC08
//! has that the HC05 lacks is kept out of the comparison, not papered
//! over: its V flag (CCR bit 7, which the HC05 reads as 1 — every case
//! starts with V = 1, so an SWI stacks the same CCR byte on both), its H
//! index register (always 0 here, so H:X = X), and its 16-bit SP (cases
//! keep pushes and pulls inside 0x00C0-0x00FF, where the HC05's 6-bit SP
//! does not wrap; the wrap is tested in the unit tests). STOP and WAIT
//! halt, which shc08 does not; they are tested in the unit tests too.
//!
//! The cases of one batch share one image: each has its own 256-byte slot
//! of EPROM with the instruction at slot+0x80 and `BRA *` wherever it can
//! go next; shc08 runs the whole batch in one process. The generator is
//! seeded, so a failing case reproduces. Without shc08 the test prints why
//! and passes (scripts/install installs it, so CI runs it).

mod common;
mod hc05_tools;

use cardlab_sim::hc05::{self, Config, Hc05, Regs, timing};
use cardlab_sim::{Cpu, Space};
use common::Rng;
use hc05_tools::{Shc08Case, run_shc08, shc08_missing};

const CASES_PER_OPCODE: usize = 6;
const SLOT: u16 = 0x100;
const FIRST_SLOT: u16 = 0x0400;
const LAST_SLOT: u16 = 0x3D00;
/// The SWI handler (and reset target) every batch shares.
const HANDLER: u16 = 0x0300;
const RAM: [(u16, usize); 2] = [(0x0050, 176), (0x0250, 176)];
const HALT: [u8; 2] = [0x20, 0xFE];
/// The CCR's interrupt mask.
const I: u8 = 0x08;

/// One generated case.
struct Case {
    op: u8,
    insn: Vec<u8>,
    at: u16,
    /// ROM bytes besides the instruction: halt pads.
    pads: Vec<u16>,
    /// RAM content (RAM1 then RAM2).
    ram: [Vec<u8>; 2],
    regs: Regs,
}

impl Case {
    fn ram_write(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i as u16;
            let (k, off) = if a < 0x100 {
                (0, a - 0x50)
            } else {
                (1, a - 0x250)
            };
            self.ram[k][off as usize] = b;
        }
    }
}

fn rel_target(rng: &mut Rng, next: u16, at: u16) -> (u8, u16) {
    loop {
        let off = rng.below(0xE0) as i16 - 0x70;
        let target = next.wrapping_add(off as u16);
        // The pad must not touch the instruction or its fall-through pad.
        if target + 1 < at || target > next + 1 {
            return (off as u8, target);
        }
    }
}

/// A data address in RAM1, or in RAM1 or RAM2 when 16 bits reach it.
fn data_address(rng: &mut Rng, wide: bool) -> u16 {
    if wide && rng.below(2) == 0 {
        rng.range(0x250, 0x2FF)
    } else {
        rng.range(0x50, 0xFF)
    }
}

/// A state and operands for `op` at `at`, or `None` to draw again.
fn build_case(op: u8, at: u16, rng: &mut Rng) -> Option<Case> {
    let mut case = Case {
        op,
        insn: vec![op],
        at,
        pads: vec![],
        ram: [
            (0..176).map(|_| rng.byte()).collect(),
            (0..176).map(|_| rng.byte()).collect(),
        ],
        regs: Regs {
            a: rng.byte(),
            x: rng.byte(),
            sp: rng.range(0xC5, 0xFF),
            pc: at,
            ccr: 0xE0 | (rng.byte() & 0x1F),
        },
    };
    let len = timing::length(op) as u16;
    let next = at + len;
    let slot_target = |rng: &mut Rng| rng.range(at - 0x70, at - 0x10);
    let mut ram_pad = None;
    match op >> 4 {
        0x0 => {
            let dd = rng.range(0x50, 0xFF) as u8;
            let (rr, t) = rel_target(rng, next, at);
            case.insn.extend([dd, rr]);
            case.pads.push(t);
        }
        0x1 | 0x3 => case.insn.push(rng.range(0x50, 0xFF) as u8),
        0x2 => {
            let (rr, t) = rel_target(rng, next, at);
            case.insn.push(rr);
            case.pads.push(t);
        }
        0x6 => {
            let ea = rng.range(0x50, 0xFF);
            let ff = rng.below(ea as u64 + 1) as u16;
            case.regs.x = (ea - ff) as u8;
            case.insn.push(ff as u8);
        }
        0x7 => case.regs.x = rng.range(0x50, 0xFF) as u8,
        0x8 => match op {
            0x80 | 0x81 => {
                // RTI pulls 5 bytes, RTS 2: a return address into the slot.
                let n = if op == 0x80 { 5 } else { 2 };
                case.regs.sp = rng.range(0xC0, 0xFF - n);
                let t = slot_target(rng);
                let sp = case.regs.sp;
                case.ram_write(sp + n - 1, &t.to_be_bytes());
                case.pads.push(t);
            }
            _ => {} // SWI: handler pad shared by the batch
        },
        0xA if op == 0xAD => {
            let (rr, t) = rel_target(rng, next, at);
            case.insn.push(rr);
            case.pads.push(t);
        }
        0xA => case.insn.push(rng.byte()),
        0xB..=0xF => {
            let row = op & 0x0F;
            let jump = row == 0xC || row == 0xD;
            let col = op >> 4;
            // Jumps through 8-bit modes land in RAM1; 16-bit ones in the slot.
            let ea = match (jump, col) {
                (true, 0xC | 0xD) => slot_target(rng),
                (true, _) => rng.range(0x50, 0xFE),
                (false, _) => data_address(rng, matches!(col, 0xC | 0xD)),
            };
            match col {
                0xB => case.insn.push(ea as u8),
                0xC => case.insn.extend(ea.to_be_bytes()),
                0xD => {
                    // shc08 does not wrap X + offset past 0xFFFF (the chip
                    // does; docs/hc05.md): keep the sum below it.
                    case.regs.x = case.regs.x.min(ea.min(0xFF) as u8);
                    let word = ea - case.regs.x as u16;
                    case.insn.extend(word.to_be_bytes());
                }
                0xE => {
                    let ff = rng.below(ea as u64 + 1).min(0xFF) as u16;
                    case.regs.x = (ea - ff) as u8;
                    case.insn.push(ff as u8);
                }
                _ => case.regs.x = ea as u8,
            }
            if jump {
                if ea < 0x100 {
                    ram_pad = Some(ea);
                } else {
                    case.pads.push(ea);
                }
            }
        }
        _ => {} // inherent
    }
    if let Some(pad) = ram_pad {
        // JSR's pushes must not land on the pad.
        let sp = case.regs.sp;
        if op & 0x0F == 0xD && (pad == sp - 1 || pad == sp || pad + 1 == sp - 1) {
            return None;
        }
        case.ram_write(pad, &HALT);
    }
    Some(case)
}

/// What both simulators are compared on.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    ram: Vec<Vec<u8>>,
    a: u8,
    x: u8,
    sp: u16,
    /// HINZC.
    hinzc: u8,
    pc: u16,
}

fn image(cases: &[Case]) -> Vec<(u16, Vec<u8>)> {
    let mut segments = vec![
        (HANDLER, HALT.to_vec()),
        (
            0xFFFC,
            [HANDLER.to_be_bytes(), HANDLER.to_be_bytes()].concat(),
        ),
    ];
    for c in cases {
        segments.push((c.at, [c.insn.clone(), HALT.to_vec()].concat()));
        for &p in &c.pads {
            segments.push((p, HALT.to_vec()));
        }
    }
    segments
}

fn run_ours(segments: &[(u16, Vec<u8>)], case: &Case) -> Outcome {
    let mut cpu = Hc05::new(Config::default());
    for (addr, bytes) in segments {
        cpu.load(*addr as u32, bytes).expect("inside the B16 map");
    }
    for (k, &(start, _)) in RAM.iter().enumerate() {
        for (i, &b) in case.ram[k].iter().enumerate() {
            assert!(cpu.write(Space::Memory, start as u32 + i as u32, b));
        }
    }
    cpu.set_regs(case.regs);
    cpu.run(1000, None)
        .unwrap_or_else(|e| panic!("opcode {:#04x} {:02x?}: {e}", case.op, case.insn));
    let r = cpu.regs();
    Outcome {
        ram: RAM
            .iter()
            .map(|&(s, n)| {
                (0..n)
                    .map(|i| cpu.read(Space::Memory, (s as usize + i) as u32).unwrap())
                    .collect()
            })
            .collect(),
        a: r.a,
        x: r.x,
        sp: r.sp,
        hinzc: r.ccr & 0x1F,
        pc: r.pc,
    }
}

fn run_batch(cases: &[Case], dir: &std::path::Path, batch: usize) -> usize {
    let segments = image(cases);
    let path = dir.join(format!("batch{batch}.ihx"));
    std::fs::write(&path, common::ihx_text(&segments)).unwrap();
    let mut breaks: Vec<u16> = vec![HANDLER];
    for c in cases {
        breaks.push(c.at + c.insn.len() as u16);
        breaks.extend(&c.pads);
        if matches!(c.op >> 4, 0xB | 0xE | 0xF) && matches!(c.op & 0x0F, 0xC | 0xD) {
            let pad = match c.op >> 4 {
                0xB => c.insn[1] as u16,
                0xE => c.regs.x as u16 + c.insn[1] as u16,
                _ => c.regs.x as u16,
            };
            breaks.push(pad);
        }
    }
    breaks.sort_unstable();
    breaks.dedup();
    let shc08_cases: Vec<Shc08Case> = cases
        .iter()
        .map(|c| Shc08Case {
            writes: RAM
                .iter()
                .zip(&c.ram)
                .map(|(&(s, _), bytes)| (s, bytes.clone()))
                .collect(),
            a: c.regs.a,
            x: c.regs.x,
            sp: c.regs.sp,
            ccr: c.regs.ccr, // V (bit 7) = 1, see the module comment
            pc: c.at,
        })
        .collect();
    let theirs = run_shc08(&path, &breaks, &shc08_cases, &RAM);
    for (c, t) in cases.iter().zip(theirs) {
        let mut ours = run_ours(&segments, c);
        let mut theirs = Outcome {
            ram: t.memory,
            a: t.a,
            x: t.x,
            sp: t.sp,
            hinzc: t.ccr & 0x1F,
            pc: t.pc,
        };
        if c.op == 0x83 {
            // shc08's SWI leaves I as it was; the manual sets it ("I ← 1",
            // docs/hc05.md), which we do: checked here, then left out.
            assert_eq!(ours.hinzc & I, I, "SWI sets I");
            ours.hinzc &= !I;
            theirs.hinzc &= !I;
        }
        if ours != theirs {
            let diffs: Vec<String> = RAM
                .iter()
                .enumerate()
                .flat_map(|(k, &(s, n))| {
                    let (o, t) = (&ours.ram[k], &theirs.ram[k]);
                    (0..n).filter(move |&i| o[i] != t[i]).map(move |i| {
                        format!(
                            "[{:#06x}] ours {:#04x} shc08 {:#04x}",
                            s as usize + i,
                            o[i],
                            t[i]
                        )
                    })
                })
                .collect();
            panic!(
                "opcode {:#04x} ({}) from {:x?} differs:\n a/x/sp/hinzc/pc ours  {:02x} {:02x} {:04x} {:05b} {:04x}\n a/x/sp/hinzc/pc shc08 {:02x} {:02x} {:04x} {:05b} {:04x}\n {}",
                c.op,
                hc05::disassemble(c.at as u32, &c.insn),
                c.regs,
                ours.a,
                ours.x,
                ours.sp,
                ours.hinzc,
                ours.pc,
                theirs.a,
                theirs.x,
                theirs.sp,
                theirs.hinzc,
                theirs.pc,
                diffs.join("\n ")
            );
        }
    }
    cases.len()
}

#[test]
fn every_opcode_in_every_mode_matches_shc08_from_random_states() {
    if let Some(why) = shc08_missing() {
        println!("skipped: {why}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x6805_6805_0123_4567);
    let ops: Vec<u8> = (0..=255u8)
        .filter(|&op| timing::legal(op) && op != 0x8E && op != 0x8F)
        .collect();
    let mut todo: Vec<u8> = ops
        .iter()
        .flat_map(|&op| std::iter::repeat_n(op, CASES_PER_OPCODE))
        .collect();
    let per_batch = ((LAST_SLOT - FIRST_SLOT) / SLOT + 1) as usize;
    let mut compared = 0;
    let mut batch = 0;
    while !todo.is_empty() {
        let take = todo.len().min(per_batch);
        let mut cases = vec![];
        for (k, &op) in todo[..take].iter().enumerate() {
            let at = FIRST_SLOT + k as u16 * SLOT + 0x80;
            let case = loop {
                if let Some(c) = build_case(op, at, &mut rng) {
                    break c;
                }
            };
            cases.push(case);
        }
        todo.drain(..take);
        compared += run_batch(&cases, dir.path(), batch);
        batch += 1;
    }
    assert_eq!(compared, ops.len() * CASES_PER_OPCODE);
    assert_eq!(ops.len(), 208);
}
