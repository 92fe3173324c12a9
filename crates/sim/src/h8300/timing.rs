//! Instruction timing of the H8/300 in states, as data: the hardware
//! manuals' Appendix A model. Each instruction form makes I instruction
//! fetches, J branch-address (vector) reads, K stack accesses, L byte data
//! accesses and M word data accesses, and spends N internal states; each
//! access costs the states of the memory it goes to (on-chip ROM and RAM:
//! 2, whether byte or word), each internal state 1:
//!
//! states = I·S_I + J·S_J + K·S_K + L·S_L + M·S_M + N
//!
//! Sources of the totals with everything on chip (docs/h8300.md lists
//! each): Renesas REJ09B0042 (H8/38024 group, H8/300L core, the same
//! instruction set and timing), Appendix A.1 instruction list pp. 537 and
//! 541 (arithmetic and logic 2, every Bcc 4 taken or not, JMP @Rn / @aa:16
//! / @@aa:8 4 / 6 / 8, BSR 6, BIOR/BXOR/BIXOR 2 / 6); the H8/3937 manual
//! and the H8/300 programming manual (MULXU, DIVXU 14); vendor totals for
//! push/pop and the auto-increment/decrement forms (6), JSR @Rn 6, JSR
//! @aa:16 8, RTS 8, RTE 10. The split of each total into I..N follows the
//! model (branches fetch twice: the next word and the target); where no
//! vendor total was found (bit read-modify-write on memory 8, EEPMOV
//! 4n + 9) the split is the model's and Bound-T's, and docs/h8300.md says
//! so.

/// Accesses and internal states of one instruction form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Instruction fetches (words).
    pub i: u8,
    /// Branch-address reads (the @@aa:8 vector word).
    pub j: u8,
    /// Stack accesses (words).
    pub k: u8,
    /// Byte data accesses.
    pub l: u8,
    /// Word data accesses.
    pub m: u8,
    /// Internal states.
    pub n: u8,
}

const fn c(i: u8, j: u8, k: u8, l: u8, m: u8, n: u8) -> Counts {
    Counts { i, j, k, l, m, n }
}

/// Every instruction form whose timing differs, named as the manual's
/// instruction list groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// One-word register or immediate operation: MOV.B #xx/Rs, ADD, ADDX,
    /// ADDS, INC, DAA, SUB, SUBX, SUBS, DEC, DAS, NEG, CMP, AND, OR, XOR,
    /// NOT, shifts and rotates, bit operations on a register, LDC, STC,
    /// ANDC, ORC, XORC, NOP, SLEEP, MOV.W Rs,Rd.
    Register,
    /// MOV.W #xx:16,Rd: two fetches.
    WordImmediate,
    /// MOV.B @Rs, @aa:8 (either direction): one byte access.
    ByteIndirect,
    /// MOV.W @Rs (either direction): one word access.
    WordIndirect,
    /// MOV.B @(d:16,Rs) or @aa:16 (either direction), MOVFPE, MOVTPE.
    ByteAbsolute,
    /// MOV.W @(d:16,Rs) or @aa:16 (either direction).
    WordAbsolute,
    /// MOV.B @Rs+ / @-Rd: one byte access and two internal states.
    BytePostIncrement,
    /// MOV.W @Rs+ / @-Rd, push and pop.
    WordPostIncrement,
    /// MULXU, DIVXU: 14 states.
    MultiplyDivide,
    /// BTST, BLD, BILD, BAND, BIAND, BOR, BIOR, BXOR, BIXOR on @Rd or
    /// @aa:8: read the byte.
    BitTestMemory,
    /// BSET, BCLR, BNOT, BST, BIST on @Rd or @aa:8: read, then write back.
    BitChangeMemory,
    /// Bcc d:8, taken or not; JMP @Rn.
    Branch,
    /// JMP @aa:16.
    JumpAbsolute,
    /// JMP @@aa:8: reads the target from the vector word.
    JumpIndirect,
    /// BSR d:8, JSR @Rn: push the return address.
    CallShort,
    /// JSR @aa:16.
    CallAbsolute,
    /// JSR @@aa:8.
    CallIndirect,
    /// RTS.
    Return,
    /// RTE: pops CCR and PC.
    ReturnFromException,
    /// EEPMOV: the fixed part; each byte moved adds one read and one write
    /// (see [`EEPMOV_PER_BYTE`]).
    BlockMove,
}

impl Form {
    /// The form's accesses and internal states (module documentation).
    pub const fn counts(self) -> Counts {
        match self {
            Form::Register => c(1, 0, 0, 0, 0, 0),
            Form::WordImmediate => c(2, 0, 0, 0, 0, 0),
            Form::ByteIndirect => c(1, 0, 0, 1, 0, 0),
            Form::WordIndirect => c(1, 0, 0, 0, 1, 0),
            Form::ByteAbsolute => c(2, 0, 0, 1, 0, 0),
            Form::WordAbsolute => c(2, 0, 0, 0, 1, 0),
            Form::BytePostIncrement => c(1, 0, 0, 1, 0, 2),
            Form::WordPostIncrement => c(1, 0, 0, 0, 1, 2),
            Form::MultiplyDivide => c(1, 0, 0, 0, 0, 12),
            Form::BitTestMemory => c(2, 0, 0, 1, 0, 0),
            Form::BitChangeMemory => c(2, 0, 0, 2, 0, 0),
            Form::Branch => c(2, 0, 0, 0, 0, 0),
            Form::JumpAbsolute => c(2, 0, 0, 0, 0, 2),
            Form::JumpIndirect => c(2, 1, 0, 0, 0, 2),
            Form::CallShort => c(2, 0, 1, 0, 0, 0),
            Form::CallAbsolute => c(2, 0, 1, 0, 0, 2),
            Form::CallIndirect => c(2, 1, 1, 0, 0, 0),
            Form::Return => c(2, 0, 1, 0, 0, 2),
            Form::ReturnFromException => c(2, 0, 2, 0, 0, 2),
            // Bound-T's model: 4n + 9 with n = R4L, of which the fixed part
            // is two fetches, two byte accesses and one internal state.
            Form::BlockMove => c(2, 0, 0, 2, 0, 1),
        }
    }

    /// States with every access on chip (2 states each).
    pub const fn on_chip_states(self) -> u32 {
        let k = self.counts();
        2 * (k.i as u32 + k.j as u32 + k.k as u32 + k.l as u32 + k.m as u32) + k.n as u32
    }
}

/// What EEPMOV adds for each byte it moves: one byte read and one byte write.
pub const EEPMOV_PER_BYTE: Counts = c(0, 0, 0, 2, 0, 0);

/// States one access takes in a kind of memory (hardware manuals, "number
/// of states per access"; Bound-T's transcription of the H8/3297 manual;
/// the H8/330 manual's Table 4-4 agrees: a word 2 states on chip, 6
/// outside).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessStates {
    pub byte: u8,
    pub word: u8,
}

/// On-chip ROM, RAM (and, by our choice, EEPROM reads): 2 states for any access.
pub const ON_CHIP: AccessStates = AccessStates { byte: 2, word: 2 };
/// The on-chip register field (supporting modules): byte 3, word 6.
pub const REGISTER_FIELD: AccessStates = AccessStates { byte: 3, word: 6 };

#[cfg(test)]
mod tests {
    use super::*;

    /// The vendor totals with everything on chip (module documentation).
    #[test]
    fn on_chip_totals_are_the_manuals() {
        for (form, states) in [
            (Form::Register, 2),
            (Form::WordImmediate, 4),
            (Form::ByteIndirect, 4),
            (Form::WordIndirect, 4),
            (Form::ByteAbsolute, 6),
            (Form::WordAbsolute, 6),
            (Form::BytePostIncrement, 6),
            (Form::WordPostIncrement, 6),
            (Form::MultiplyDivide, 14),
            (Form::BitTestMemory, 6),
            (Form::BitChangeMemory, 8),
            (Form::Branch, 4),
            (Form::JumpAbsolute, 6),
            (Form::JumpIndirect, 8),
            (Form::CallShort, 6),
            (Form::CallAbsolute, 8),
            (Form::CallIndirect, 8),
            (Form::Return, 8),
            (Form::ReturnFromException, 10),
            (Form::BlockMove, 9),
        ] {
            assert_eq!(form.on_chip_states(), states, "{form:?}");
        }
    }
}
