//! The barrel shifter and the adder, shared by ARM and Thumb state
//! (ARM Architecture Reference Manual, ARMv4T: A5.1 "Addressing mode 1",
//! the shifter operands and their carry-out, and A4 for ADD/SUB flags).

/// The shift types, as encoded in bits 6-5 of an ARM data-processing
/// instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    Lsl,
    Lsr,
    Asr,
    Ror,
}

impl Shift {
    pub fn from_bits(bits: u32) -> Shift {
        match bits & 3 {
            0 => Shift::Lsl,
            1 => Shift::Lsr,
            2 => Shift::Asr,
            _ => Shift::Ror,
        }
    }
}

/// A shift by an immediate amount (0-31) from the instruction, with its
/// carry-out: LSR #0 and ASR #0 encode a shift by 32, ROR #0 encodes RRX.
pub fn shift_imm(kind: Shift, v: u32, amount: u32, carry: bool) -> (u32, bool) {
    match (kind, amount) {
        (Shift::Lsl, 0) => (v, carry),
        (Shift::Lsl, n) => (v << n, v >> (32 - n) & 1 != 0),
        (Shift::Lsr, 0) => (0, v >> 31 != 0),
        (Shift::Lsr, n) => (v >> n, v >> (n - 1) & 1 != 0),
        (Shift::Asr, 0) => (((v as i32) >> 31) as u32, v >> 31 != 0),
        (Shift::Asr, n) => (((v as i32) >> n) as u32, v >> (n - 1) & 1 != 0),
        (Shift::Ror, 0) => ((carry as u32) << 31 | v >> 1, v & 1 != 0),
        (Shift::Ror, n) => (v.rotate_right(n), v >> (n - 1) & 1 != 0),
    }
}

/// A shift by the bottom byte of a register: 0 leaves value and carry; 32
/// and more shift everything out (ROR by a multiple of 32 keeps the value
/// and takes bit 31 as carry).
pub fn shift_reg(kind: Shift, v: u32, amount: u32, carry: bool) -> (u32, bool) {
    let amount = amount & 0xFF;
    if amount == 0 {
        return (v, carry);
    }
    match kind {
        Shift::Lsl if amount < 32 => shift_imm(kind, v, amount, carry),
        Shift::Lsl if amount == 32 => (0, v & 1 != 0),
        Shift::Lsl => (0, false),
        Shift::Lsr if amount < 32 => shift_imm(kind, v, amount, carry),
        Shift::Lsr if amount == 32 => (0, v >> 31 != 0),
        Shift::Lsr => (0, false),
        Shift::Asr if amount < 32 => shift_imm(kind, v, amount, carry),
        Shift::Asr => (((v as i32) >> 31) as u32, v >> 31 != 0),
        Shift::Ror if amount & 31 == 0 => (v, v >> 31 != 0),
        Shift::Ror => shift_imm(kind, v, amount & 31, carry),
    }
}

/// a + b + carry with the carry-out and signed overflow.
pub fn add(a: u32, b: u32, carry: bool) -> (u32, bool, bool) {
    let wide = a as u64 + b as u64 + carry as u64;
    let r = wide as u32;
    (r, wide >> 32 != 0, ((a ^ r) & (b ^ r)) >> 31 != 0)
}

/// a - b - !carry, as the ARM computes it: a + !b + carry, so C is NOT
/// borrow.
pub fn sub(a: u32, b: u32, carry: bool) -> (u32, bool, bool) {
    add(a, !b, carry)
}

/// The I cycles of a multiply by `rs` (TRM 6.x "Multiply and multiply
/// accumulate", the Booth multiplier's early termination, 8 bits a cycle):
/// 1 if bits 31-8 are all zero (or, when `signed`, all one), 2 for bits
/// 31-16, 3 for bits 31-24, else 4. MUL, MLA, SMULL and SMLAL are signed
/// here; UMULL and UMLAL count only zeros.
pub fn multiply_cycles(rs: u32, signed: bool) -> u32 {
    for (m, mask) in [(1, 0xFFFF_FF00u32), (2, 0xFFFF_0000), (3, 0xFF00_0000)] {
        let top = rs & mask;
        if top == 0 || (signed && top == mask) {
            return m;
        }
    }
    4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediate_shifts_by_zero_encode_32_and_rrx() {
        assert_eq!(shift_imm(Shift::Lsr, 0x8000_0000, 0, false), (0, true));
        assert_eq!(shift_imm(Shift::Asr, 0x8000_0000, 0, false), (!0, true));
        assert_eq!(shift_imm(Shift::Ror, 3, 0, true), (0x8000_0001, true));
        assert_eq!(shift_imm(Shift::Lsl, 5, 0, true), (5, true));
    }

    #[test]
    fn register_shifts_past_31() {
        assert_eq!(shift_reg(Shift::Lsl, 1, 32, false), (0, true));
        assert_eq!(shift_reg(Shift::Lsl, 1, 33, true), (0, false));
        assert_eq!(shift_reg(Shift::Lsr, 0x8000_0000, 32, false), (0, true));
        assert_eq!(
            shift_reg(Shift::Ror, 0x8000_0001, 64, false),
            (0x8000_0001, true)
        );
        assert_eq!(
            shift_reg(Shift::Ror, 0x8000_0001, 0x100, false),
            (0x8000_0001, false)
        );
    }

    #[test]
    fn multiply_terminates_early_by_the_multiplier() {
        assert_eq!(multiply_cycles(0xFF, true), 1);
        assert_eq!(multiply_cycles(0xFFFF_FF80, true), 1);
        assert_eq!(multiply_cycles(0xFFFF_FF80, false), 4);
        assert_eq!(multiply_cycles(0x1234, false), 2);
        assert_eq!(multiply_cycles(0x12_3456, true), 3);
        assert_eq!(multiply_cycles(0x1234_5678, true), 4);
    }
}
