//! Decoding: every 16-bit opcode word to one [`Insn`], by the bit patterns
//! of the AVR Instruction Set Manual (DS40002198, "Instruction Set
//! Summary" and each instruction's "16-bit Opcode" box). The simulator
//! decodes each flash word once, when it is loaded.

use super::timing;

/// An operation of the AVRe+ core with a 16-bit PC (ATmega class). The
/// assembler's aliases (LSL, ROL, TST, CLR, SER, SBR, CBR, BREQ..., SEC...,
/// LD Y/Z) are forms of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    Illegal,
    Nop,
    Movw,
    Muls,
    Mulsu,
    Fmul,
    Fmuls,
    Fmulsu,
    Cpc,
    Sbc,
    Add,
    Cpse,
    Cp,
    Sub,
    Adc,
    And,
    Eor,
    Or,
    Mov,
    Cpi,
    Sbci,
    Subi,
    Ori,
    Andi,
    /// LDD Rd, Y+q / Z+q (LD Rd, Y/Z when q = 0): `r` = 28 (Y) or 30 (Z).
    Ldd,
    Std,
    Lds,
    Sts,
    /// LD Rd, X / X+ / -X, LD Rd, Y+ / -Y / Z+ / -Z: `r` = the pointer's
    /// low register, `k` = the [`Mode`].
    Ld,
    St,
    LpmR0,
    Lpm,
    LpmInc,
    Pop,
    Push,
    Com,
    Neg,
    Swap,
    Inc,
    Asr,
    Lsr,
    Ror,
    Dec,
    Bset,
    Bclr,
    Ret,
    Reti,
    Sleep,
    Break,
    Wdr,
    Spm,
    Ijmp,
    Icall,
    Jmp,
    Call,
    Adiw,
    Sbiw,
    Cbi,
    Sbic,
    Sbi,
    Sbis,
    Mul,
    In,
    Out,
    Rjmp,
    Rcall,
    Ldi,
    Brbs,
    Brbc,
    Bld,
    Bst,
    Sbrc,
    Sbrs,
}

/// How LD and ST use their pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Mode {
    Plain,
    PostInc,
    PreDec,
}

/// A decoded opcode word: the operation and its operand fields (register
/// numbers, a bit number, an I/O address, a constant or a signed word
/// offset, as the operation uses them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Insn {
    pub op: Op,
    /// Destination register (Rd), or the register a store or PUSH reads.
    pub d: u8,
    /// Source register (Rr), the pointer's low register, or a bit number.
    pub r: u8,
    /// Immediate, I/O address, displacement, [`Mode`], or a word offset
    /// as i16.
    pub k: u16,
    /// The clocks without a branch or skip ([`timing::base`]).
    pub clocks: u8,
}

impl Insn {
    const fn new(op: Op, d: u8, r: u8, k: u16) -> Insn {
        Insn {
            op,
            d,
            r,
            k,
            clocks: timing::base(op) as u8,
        }
    }
}

/// Whether the word is the first of a two-word instruction (LDS, STS,
/// JMP, CALL): a skip passes over both words.
pub fn two_words(w: u16) -> bool {
    (w & 0xFC0F) == 0x9000 || (w & 0xFE0C) == 0x940C
}

/// Rd in bits 8-4, Rr in bits 9 and 3-0.
fn d5(w: u16) -> u8 {
    ((w >> 4) & 0x1F) as u8
}
fn r5(w: u16) -> u8 {
    (((w >> 5) & 0x10) | (w & 0x0F)) as u8
}
/// The 8-bit constant of the register-immediate forms: bits 11-8 and 3-0.
fn k8(w: u16) -> u16 {
    ((w >> 4) & 0xF0) | (w & 0x0F)
}
/// A signed offset of `bits` bits at bit `shift`, as i16 in a u16.
fn offset(w: u16, shift: u32, bits: u32) -> u16 {
    let v = ((w >> shift) & ((1 << bits) - 1)) as i16;
    ((v << (16 - bits)) >> (16 - bits)) as u16
}

/// One opcode word.
pub fn decode(w: u16) -> Insn {
    use Op::*;
    let (d, r) = (d5(w), r5(w));
    let illegal = Insn::new(Illegal, 0, 0, 0);
    match w >> 12 {
        0x0 => match (w >> 8) & 0xF {
            0x0 if w == 0 => Insn::new(Nop, 0, 0, 0),
            0x0 => illegal,
            0x1 => Insn::new(Movw, ((w >> 4) & 0xF) as u8 * 2, (w & 0xF) as u8 * 2, 0),
            0x2 => Insn::new(Muls, 16 + ((w >> 4) & 0xF) as u8, 16 + (w & 0xF) as u8, 0),
            0x3 => {
                let (d, r) = (16 + ((w >> 4) & 7) as u8, 16 + (w & 7) as u8);
                let op = match (w >> 7 & 1, w >> 3 & 1) {
                    (0, 0) => Mulsu,
                    (0, _) => Fmul,
                    (_, 0) => Fmuls,
                    _ => Fmulsu,
                };
                Insn::new(op, d, r, 0)
            }
            0x4..=0x7 => Insn::new(Cpc, d, r, 0),
            0x8..=0xB => Insn::new(Sbc, d, r, 0),
            _ => Insn::new(Add, d, r, 0),
        },
        0x1 => {
            let op = [Cpse, Cp, Sub, Adc][(w >> 10 & 3) as usize];
            Insn::new(op, d, r, 0)
        }
        0x2 => {
            let op = [And, Eor, Or, Mov][(w >> 10 & 3) as usize];
            Insn::new(op, d, r, 0)
        }
        0x3..=0x7 | 0xE => {
            let op = match w >> 12 {
                0x3 => Cpi,
                0x4 => Sbci,
                0x5 => Subi,
                0x6 => Ori,
                0x7 => Andi,
                _ => Ldi,
            };
            Insn::new(op, 16 + ((w >> 4) & 0xF) as u8, 0, k8(w))
        }
        0x8 | 0xA => {
            // 10q0 qqsd dddd yqqq
            let q = ((w >> 8) & 0x20) | ((w >> 7) & 0x18) | (w & 7);
            let pointer = if w & 8 != 0 { 28 } else { 30 };
            let op = if w & 0x200 != 0 { Std } else { Ldd };
            Insn::new(op, d, pointer, q)
        }
        0x9 => decode_9(w, d, r),
        0xB => {
            let a = ((w >> 5) & 0x30) | (w & 0xF);
            let op = if w & 0x800 != 0 { Out } else { In };
            Insn::new(op, d, 0, a)
        }
        0xC => Insn::new(Rjmp, 0, 0, offset(w, 0, 12)),
        0xD => Insn::new(Rcall, 0, 0, offset(w, 0, 12)),
        _ => {
            // 0xF: branches and register-bit instructions
            let bit = (w & 7) as u8;
            match (w >> 9) & 7 {
                0 | 1 => Insn::new(Brbs, 0, bit, offset(w, 3, 7)),
                2 | 3 => Insn::new(Brbc, 0, bit, offset(w, 3, 7)),
                _ if w & 8 != 0 => illegal,
                4 => Insn::new(Bld, d, bit, 0),
                5 => Insn::new(Bst, d, bit, 0),
                6 => Insn::new(Sbrc, d, bit, 0),
                _ => Insn::new(Sbrs, d, bit, 0),
            }
        }
    }
}

/// The 1001 group: loads and stores, one-operand instructions, jumps and
/// calls, ADIW/SBIW, I/O bit instructions and MUL.
fn decode_9(w: u16, d: u8, r: u8) -> Insn {
    use Op::*;
    let illegal = Insn::new(Illegal, 0, 0, 0);
    let ld = |pointer: u8, mode: Mode| Insn::new(Ld, d, pointer, mode as u16);
    let st = |pointer: u8, mode: Mode| Insn::new(St, d, pointer, mode as u16);
    match (w >> 9) & 7 {
        0 => match w & 0xF {
            0x0 => Insn::new(Lds, d, 0, 0),
            0x1 => ld(30, Mode::PostInc),
            0x2 => ld(30, Mode::PreDec),
            0x4 => Insn::new(Lpm, d, 0, 0),
            0x5 => Insn::new(LpmInc, d, 0, 0),
            0x9 => ld(28, Mode::PostInc),
            0xA => ld(28, Mode::PreDec),
            0xC => ld(26, Mode::Plain),
            0xD => ld(26, Mode::PostInc),
            0xE => ld(26, Mode::PreDec),
            0xF => Insn::new(Pop, d, 0, 0),
            _ => illegal, // ELPM (no RAMPZ on these parts), reserved
        },
        1 => match w & 0xF {
            0x0 => Insn::new(Sts, d, 0, 0),
            0x1 => st(30, Mode::PostInc),
            0x2 => st(30, Mode::PreDec),
            0x9 => st(28, Mode::PostInc),
            0xA => st(28, Mode::PreDec),
            0xC => st(26, Mode::Plain),
            0xD => st(26, Mode::PostInc),
            0xE => st(26, Mode::PreDec),
            0xF => Insn::new(Push, d, 0, 0),
            _ => illegal, // XCH, LAS, LAC, LAT (XMEGA), reserved
        },
        2 => {
            if w & 0xC == 0xC {
                // JMP/CALL: the high bits of the 22-bit address must be
                // zero on a 16-bit PC.
                let op = if w & 2 != 0 { Call } else { Jmp };
                return if w & 0x1F1 == 0 {
                    Insn::new(op, 0, 0, 0)
                } else {
                    illegal
                };
            }
            match w & 0xF {
                0x0 => Insn::new(Com, d, 0, 0),
                0x1 => Insn::new(Neg, d, 0, 0),
                0x2 => Insn::new(Swap, d, 0, 0),
                0x3 => Insn::new(Inc, d, 0, 0),
                0x5 => Insn::new(Asr, d, 0, 0),
                0x6 => Insn::new(Lsr, d, 0, 0),
                0x7 => Insn::new(Ror, d, 0, 0),
                0xA => Insn::new(Dec, d, 0, 0),
                0x8 => match w {
                    0x9408..=0x9478 if w & 0x8F == 0x08 => {
                        Insn::new(Bset, 0, ((w >> 4) & 7) as u8, 0)
                    }
                    0x9488..=0x94F8 if w & 0x8F == 0x88 => {
                        Insn::new(Bclr, 0, ((w >> 4) & 7) as u8, 0)
                    }
                    0x9508 => Insn::new(Ret, 0, 0, 0),
                    0x9518 => Insn::new(Reti, 0, 0, 0),
                    0x9588 => Insn::new(Sleep, 0, 0, 0),
                    0x9598 => Insn::new(Break, 0, 0, 0),
                    0x95A8 => Insn::new(Wdr, 0, 0, 0),
                    0x95C8 => Insn::new(LpmR0, 0, 0, 0),
                    0x95E8 => Insn::new(Spm, 0, 0, 0),
                    _ => illegal, // ELPM, SPM Z+, reserved
                },
                0x9 => match w {
                    0x9409 => Insn::new(Ijmp, 0, 0, 0),
                    0x9509 => Insn::new(Icall, 0, 0, 0),
                    _ => illegal, // EIJMP, EICALL (22-bit PC only)
                },
                _ => illegal, // DES (XMEGA), reserved
            }
        }
        3 => {
            let pair = 24 + ((w >> 3) & 6) as u8;
            let k = ((w >> 2) & 0x30) | (w & 0xF);
            let op = if w & 0x100 != 0 { Sbiw } else { Adiw };
            Insn::new(op, pair, 0, k)
        }
        4 | 5 => {
            let (a, bit) = ((w >> 3) & 0x1F, (w & 7) as u8);
            let op = [Cbi, Sbic, Sbi, Sbis][((w >> 8) & 3) as usize];
            Insn::new(op, 0, bit, a)
        }
        _ => Insn::new(Mul, d, r, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_come_from_their_bits() {
        // add r1, r31
        assert_eq!(decode(0x0E1F), Insn::new(Op::Add, 1, 31, 0));
        // ldi r16, 0xA5
        assert_eq!(decode(0xEA05), Insn::new(Op::Ldi, 16, 0, 0xA5));
        // ldd r5, Y+63 ; std Z+1, r17
        assert_eq!(decode(0xAC5F), Insn::new(Op::Ldd, 5, 28, 63));
        assert_eq!(decode(0x8311), Insn::new(Op::Std, 17, 30, 1));
        // rjmp .-2 ; brne .-2 (brbc 1)
        assert_eq!(decode(0xCFFF), Insn::new(Op::Rjmp, 0, 0, (-1i16) as u16));
        assert_eq!(decode(0xF7F9), Insn::new(Op::Brbc, 0, 1, (-1i16) as u16));
        // adiw r30, 63 ; sbi 0x1f, 7 ; in r0, 0x3f ; out 0x3e, r29
        assert_eq!(decode(0x96FF), Insn::new(Op::Adiw, 30, 0, 63));
        assert_eq!(decode(0x9AFF), Insn::new(Op::Sbi, 0, 7, 0x1F));
        assert_eq!(decode(0xB60F), Insn::new(Op::In, 0, 0, 0x3F));
        assert_eq!(decode(0xBFDE), Insn::new(Op::Out, 29, 0, 0x3E));
        // movw r30, r24 ; mulsu r23, r16 ; fmulsu r16, r23
        assert_eq!(decode(0x01FC), Insn::new(Op::Movw, 30, 24, 0));
        assert_eq!(decode(0x0370), Insn::new(Op::Mulsu, 23, 16, 0));
        assert_eq!(decode(0x038F), Insn::new(Op::Fmulsu, 16, 23, 0));
        // sec ; cli ; ld r0, -X ; pop r31 ; call
        assert_eq!(decode(0x9408), Insn::new(Op::Bset, 0, 0, 0));
        assert_eq!(decode(0x94F8), Insn::new(Op::Bclr, 0, 7, 0));
        assert_eq!(
            decode(0x900E),
            Insn::new(Op::Ld, 0, 26, Mode::PreDec as u16)
        );
        assert_eq!(decode(0x91FF), Insn::new(Op::Pop, 31, 0, 0));
        assert_eq!(decode(0x940E).op, Op::Call);
    }

    #[test]
    fn two_word_instructions_are_lds_sts_jmp_and_call() {
        let two: Vec<u16> = (0..=u16::MAX).filter(|&w| two_words(w)).collect();
        for &w in &two {
            assert!(
                matches!(
                    decode(w).op,
                    Op::Lds | Op::Sts | Op::Jmp | Op::Call | Op::Illegal
                ),
                "{w:#06x}"
            );
        }
        for w in 0..=u16::MAX {
            if matches!(decode(w).op, Op::Lds | Op::Sts | Op::Jmp | Op::Call) {
                assert!(two_words(w), "{w:#06x}");
            }
        }
    }
}
