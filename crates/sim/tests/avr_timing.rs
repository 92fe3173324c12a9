//! Every AVR opcode word against the AVR Instruction Set Manual's clock
//! table, kept as data in `avr/clocks.tsv` (its header cites the manual):
//! the words the simulator accepts are exactly the table's patterns, and
//! each one, executed, takes the table's clocks in every outcome it has
//! (branch not taken / taken; no skip / skip of a one-word / of a two-word
//! instruction).

use cardlab_sim::avr::{Avr, Config, Op, decode, two_words};
use cardlab_sim::{Cpu, Space};

/// One row: the opcode pattern and its clocks by outcome.
struct Row {
    mnemonic: String,
    fixed_mask: u16,
    fixed_bits: u16,
    /// Clocks by outcome: [plain], [not taken, taken] or [no skip, skip 1,
    /// skip 2]; empty when the table gives none (SPM).
    clocks: Vec<u32>,
}

fn rows() -> Vec<Row> {
    let text = include_str!("avr/clocks.tsv");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (mn, pat, clk) = (col("mnemonic"), col("opcode_pattern"), col("clocks"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let pattern = f[pat];
            assert_eq!(pattern.len(), 16, "{l}");
            let (mut mask, mut bits) = (0u16, 0u16);
            for (i, c) in pattern.chars().enumerate() {
                let bit = 1 << (15 - i);
                match c {
                    '0' => mask |= bit,
                    '1' => {
                        mask |= bit;
                        bits |= bit
                    }
                    _ => {}
                }
            }
            Row {
                mnemonic: f[mn].to_string(),
                fixed_mask: mask,
                fixed_bits: bits,
                clocks: f[clk].split('/').filter_map(|c| c.parse().ok()).collect(),
            }
        })
        .collect()
}

/// JMP and CALL carry a 22-bit address; with a 16-bit PC its upper six
/// bits (in the first word) must be zero, and the simulator refuses the
/// others.
fn long_address_bits(w: u16) -> bool {
    (w & 0xFE0C) == 0x940C && (w & 0x01F1) != 0
}

/// A CPU whose flash is all NOPs.
fn nops() -> Avr {
    let mut cpu = Avr::new(Config::default());
    cpu.load_flash(0, &vec![0u8; 32 * 1024]).unwrap();
    cpu
}

/// `cpu` with `w` (and `second`) at word 0x100, register n and I/O
/// register n holding `fill(n)`, the pointers and SP in mid-SRAM, SREG
/// `sreg`, the PC at `w`.
fn prepare(cpu: &mut Avr, w: u16, second: u16, fill: fn(u8) -> u8, sreg: u8) {
    for (i, b) in w
        .to_le_bytes()
        .into_iter()
        .chain(second.to_le_bytes())
        .enumerate()
    {
        cpu.write(Space::Code, 0x200 + i as u32, b);
    }
    for n in 0..0x5D {
        cpu.write(Space::Memory, n, fill(n as u8));
    }
    for pointer in [26, 28, 30] {
        cpu.set_reg(pointer + 1, 0x04);
    }
    cpu.set_sp(0x0700);
    cpu.set_sreg(sreg);
    cpu.set_pc(0x200);
}

/// Whether `w` writes EECR (I/O 0x1C), whose EERE and EEWE hold the CPU
/// after the instruction (the EEPROM's time, tested in the simulator's
/// unit tests, not the instruction's).
fn writes_eecr(w: u16) -> bool {
    let insn = decode(w);
    matches!(insn.op, Op::Sbi | Op::Cbi | Op::Out) && insn.k == 0x1C
}

/// Which outcome of a branch or skip `w` took, from where the PC went:
/// 0 no branch or skip, then taken or skipped one word, two words.
fn outcome(w: u16, clocks: usize, sreg: u8, moved: i64) -> usize {
    match clocks {
        1 => 0,
        // BRBS (bit 10 clear) / BRBC on SREG bit s; a branch to the next
        // word is still taken, so decide by the flag, not by the PC.
        2 => usize::from(((sreg >> (w & 7)) & 1 == 1) == (w & 0x400 == 0)),
        _ => (moved as usize / 2) - 1,
    }
}

#[test]
fn every_opcode_takes_the_manuals_clocks() {
    let rows = rows();
    let mut seen: Vec<Vec<bool>> = rows.iter().map(|r| vec![false; r.clocks.len()]).collect();
    let fills: [fn(u8) -> u8; 3] = [|_| 0x00, |_| 0xFF, |n| n];
    let mut checked = 0;
    let mut cpu = nops();
    for w in 0..=u16::MAX {
        let matching: Vec<usize> = (0..rows.len())
            .filter(|&i| w & rows[i].fixed_mask == rows[i].fixed_bits)
            .collect();
        let op = decode(w).op;
        if matching.is_empty() || long_address_bits(w) {
            assert_eq!(
                op,
                Op::Illegal,
                "{w:#06x} is in no row of the table but decodes"
            );
            continue;
        }
        let row = &rows[matching[0]];
        assert_ne!(op, Op::Illegal, "{w:#06x} ({}) is refused", row.mnemonic);
        // Overlapping rows (LD Y/Z and LDD with q = 0) must agree.
        for &i in &matching {
            assert_eq!(
                rows[i].clocks, row.clocks,
                "{w:#06x}: {} and {}",
                rows[i].mnemonic, row.mnemonic
            );
        }
        if row.clocks.is_empty() || writes_eecr(w) {
            continue; // SPM: refused, its time is the flash operation's
        }
        for fill in fills {
            for sreg in [0x00, 0xFF] {
                // The next word: for LDS, STS, JMP and CALL their address
                // (mid-SRAM, mid-flash), else the next instruction, one
                // word (NOP) or two (LDS).
                let seconds: &[u16] = if two_words(w) {
                    &[0x0400]
                } else {
                    &[0x0000, 0x9000]
                };
                for &second in seconds {
                    prepare(&mut cpu, w, second, fill, sreg);
                    let took = cpu
                        .step()
                        .unwrap_or_else(|e| panic!("{w:#06x} ({}): {e}", row.mnemonic));
                    let moved = cpu.pc() as i64 - 0x200;
                    let o = outcome(w, row.clocks.len(), sreg, moved);
                    assert_eq!(
                        took, row.clocks[o],
                        "{w:#06x} ({}), outcome {o}",
                        row.mnemonic
                    );
                    seen[matching[0]][o] = true;
                }
            }
        }
        checked += 1;
    }
    for (row, seen) in rows.iter().zip(&seen) {
        assert!(
            seen.iter().all(|&s| s),
            "{}: outcomes reached {seen:?}",
            row.mnemonic
        );
    }
    assert!(checked > 60_000, "only {checked} opcode words checked");
}
