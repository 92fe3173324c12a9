//! Instruction timing of the CPU05 core (68HC05 family), as data: one
//! entry per opcode, in internal bus cycles. A core with another table
//! (the HMOS 6805, whose counts differ) is a new constant, not new code.
//!
//! Source, per group: Motorola, *MC68HC05RC16 General Release
//! Specification* Rev. 3.0, Table 10-6 "Instruction Set Summary", Cycles
//! column (page 99 read directly: JSR 5/6/7/6/5, LDA/LDX/ORA 2/3/4/5/4/3,
//! every read-modify-write row 5/3/3/6/5, MUL 11, NOP 2) and the same
//! table in the *MC68HC05C9A General Release Specification* Rev. 4.0
//! (page 113: BIT 2/3/4/5/4/3, every branch 3, BRSET/BRCLR 5, BSET/BCLR
//! 5). The rows not on those two pages follow the same CPU05 table as
//! transcribed in `sacerdot/matita` `HC05_table.ma` and MAME's
//! `s_hc_cycles`, and every entry is checked in `tests/hc05_timing.rs`
//! against the `[n]` column of sdas6808's listing (`.hc05`).
//!
//! Where the sources disagree:
//! - ADC ,X (0xF9): matita lists 4 cycles, every other source 3 — MAME's
//!   HC05 table, the sdas6808 listing, and the vendor pattern that every
//!   ,X read of the ALU group (LDA, LDX, ORA on RC16 p. 99; BIT on C9A
//!   p. 113) takes 3. The vendor page carrying ADC itself could not be
//!   read. We take 3: a 4 would be the only ,X ALU read taking a cycle
//!   more, with nothing in the bus sequence to spend it on.
//! - MUL (0x42): sdas6808 lists no cycle count; the vendor table gives 11.

/// Cycles per opcode and oscillator periods per cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub name: &'static str,
    /// Internal bus cycles per opcode; 0 marks an opcode the CPU05 does
    /// not have (an illegal-opcode error).
    pub cycles: [u8; 256],
    /// Oscillator periods per bus cycle: the HC05 divides its oscillator
    /// by 2 to make the internal processor clock (f_OP = f_OSC / 2).
    pub clocks_per_cycle: u32,
}

/// The CPU05 core of the MC68HC05/MC68HC705 parts.
pub const HC05: Timing = Timing {
    name: "cpu05",
    cycles: CYCLES,
    clocks_per_cycle: 2,
};

#[rustfmt::skip]
const CYCLES: [u8; 256] = [
    // 0x: BRSET/BRCLR n,dd,rr (DIR + REL): 5
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    // 1x: BSET/BCLR n,dd: 5
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    // 2x: Bcc rel, taken or not: 3
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    // 3x: read-modify-write DIR: 5, TST 4
    5, 0, 0, 5, 5, 0, 5, 5, 5, 5, 5, 0, 5, 4, 0, 5,
    // 4x: read-modify-write A: 3; MUL 11
    3, 0, 11, 3, 3, 0, 3, 3, 3, 3, 3, 0, 3, 3, 0, 3,
    // 5x: read-modify-write X: 3
    3, 0, 0, 3, 3, 0, 3, 3, 3, 3, 3, 0, 3, 3, 0, 3,
    // 6x: read-modify-write IX1: 6, TST 5
    6, 0, 0, 6, 6, 0, 6, 6, 6, 6, 6, 0, 6, 5, 0, 6,
    // 7x: read-modify-write IX: 5, TST 4
    5, 0, 0, 5, 5, 0, 5, 5, 5, 5, 5, 0, 5, 4, 0, 5,
    // 8x: RTI 9, RTS 6, SWI 10, STOP 2, WAIT 2
    9, 6, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2,
    // 9x: TAX, CLC, SEC, CLI, SEI, RSP, NOP, TXA: 2
    0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 0, 2,
    // Ax: IMM: 2; BSR 6
    2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0, 6, 2, 0,
    // Bx: DIR: reads 3, STA/STX 4, JMP 2, JSR 5
    3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 2, 5, 3, 4,
    // Cx: EXT: reads 4, STA/STX 5, JMP 3, JSR 6
    4, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 3, 6, 4, 5,
    // Dx: IX2: reads 5, STA/STX 6, JMP 4, JSR 7
    5, 5, 5, 5, 5, 5, 5, 6, 5, 5, 5, 5, 4, 7, 5, 6,
    // Ex: IX1: reads 4, STA/STX 5, JMP 3, JSR 6
    4, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 3, 6, 4, 5,
    // Fx: IX: reads 3 (ADC ,X included, see above), STA/STX 4, JMP 2, JSR 5
    3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 2, 5, 3, 4,
];

/// Instruction length in bytes, by the opcode map's column (the high
/// nibble selects the addressing mode).
pub const fn length(op: u8) -> u8 {
    match op >> 4 {
        0x0 | 0xC | 0xD => 3,
        0x4 | 0x5 | 0x7 | 0x8 | 0x9 | 0xF => 1,
        _ => 2,
    }
}

/// Whether the CPU05 has opcode `op`.
/// Whether the instruction may set the PC other than to the next
/// instruction: BRSET/BRCLR, the branches, RTI, RTS, SWI (and STOP, WAIT
/// in the same column), BSR, JMP and JSR.
pub const fn jumps(op: u8) -> bool {
    matches!(op >> 4, 0x0 | 0x2 | 0x8)
        || op == 0xAD
        || (op >= 0xB0 && matches!(op & 0x0F, 0xC | 0xD))
}

pub fn legal(op: u8) -> bool {
    HC05.cycles[op as usize] != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opcode_map_has_the_cpu05_count() {
        // 48 bit/branch + 55 RMW + MUL + 5 control + 8 register + 13 IMM + 80 memory.
        assert_eq!((0..=255).filter(|&op| legal(op)).count(), 210);
    }

    #[test]
    fn hc08_only_opcodes_are_illegal() {
        // PSHA, PULA, AIS, AIX, MOV dd,dd, CBEQA, DAA, TAP, TPA, LDHX, DBNZA.
        for op in [
            0x87, 0x86, 0xA7, 0xAF, 0x4E, 0x41, 0x72, 0x84, 0x85, 0x45, 0x4B,
        ] {
            assert!(!legal(op), "{op:#04x}");
        }
    }
}
