//! Decode and execute one H8/300 instruction (H8/300 Series Programming
//! Manual, ADE-602-025, §2 "Instruction descriptions": operation and
//! condition codes per instruction; the opcode map of its §1).
//!
//! The first byte selects the operation; most second bytes hold two 4-bit
//! register fields (8-bit registers 0-7 = RnH, 8-15 = RnL; 16-bit
//! registers 0-7, bit 3 clear). A field the plain H8/300 does not define
//! (an /300H extension: a 32-bit register, a 24-bit address, a prefix) is
//! an illegal instruction, never a guess.

use super::timing::{Counts, EEPMOV_PER_BYTE, Form};
use super::{C, Fault, H, H8300, N, V, Z};

const NONE: Counts = Counts {
    i: 0,
    j: 0,
    k: 0,
    l: 0,
    m: 0,
    n: 0,
};

/// The result of an instruction: its form's counts and what it added
/// beyond them (EEPMOV's bytes).
type Done = Result<(Counts, Counts), Fault>;

fn done(form: Form) -> Done {
    Ok((form.counts(), NONE))
}

/// The high and low nibbles of a byte.
fn nibbles(b: u8) -> (u8, u8) {
    (b >> 4, b & 15)
}

/// A 16-bit register field: bit 3 set names an /300H ERn.
fn r16(f: u8) -> Result<usize, Fault> {
    match f & 8 {
        0 => Ok(f as usize),
        _ => Err(Fault::Illegal),
    }
}

impl H8300 {
    /// Execute the instruction at PC (already checked fetchable).
    pub(super) fn execute(&mut self) -> Done {
        let w = self.fetch();
        let [op, b] = w.to_be_bytes();
        let (hi, lo) = nibbles(b);
        match op {
            0x00 if b == 0 => done(Form::Register), // NOP
            0x01 if b == 0x80 => {
                // SLEEP: waits for an interrupt; none is modelled.
                self.sleeping = true;
                done(Form::Register)
            }
            0x02 if hi == 0 => {
                self.set_r8(lo, self.ccr); // STC CCR,Rd
                done(Form::Register)
            }
            0x03 if hi == 0 => {
                self.ccr = self.r8(lo); // LDC Rs,CCR
                done(Form::Register)
            }
            0x04 => self.ccr_op(|c| c | b),          // ORC
            0x05 => self.ccr_op(|c| c ^ b),          // XORC
            0x06 => self.ccr_op(|c| c & b),          // ANDC
            0x07 => self.ccr_op(|_| b),              // LDC #xx
            0x08 => self.alu8(b, add8),              // ADD.B Rs,Rd
            0x09 => self.alu16(b, add16),            // ADD.W
            0x0A if hi == 0 => self.unary(lo, inc8), // INC.B
            0x0B if hi == 0 || hi == 8 => {
                // ADDS #1/#2,Rd: no flags.
                let d = r16(lo)?;
                let wb = self.r[d].wrapping_add(if hi == 0 { 1 } else { 2 });
                self.set_r16(d, wb);
                done(Form::Register)
            }
            0x0C => {
                let v = self.r8(hi); // MOV.B Rs,Rd
                self.set_r8(lo, v);
                self.mov_flags8(v);
                done(Form::Register)
            }
            0x0D => {
                let (s, d) = (r16(hi)?, r16(lo)?); // MOV.W Rs,Rd
                let wb = self.r[s];
                self.set_r16(d, wb);
                self.mov_flags16(self.r[d]);
                done(Form::Register)
            }
            0x0E => self.alu8(b, add8_with_carry), // ADDX Rs,Rd
            0x0F if hi == 0 => self.unary(lo, daa),
            0x10..=0x13 if hi == 0 || hi == 8 => self.unary(lo, shift(op, hi == 8)),
            0x14 => self.alu8(b, |s, d, c| logic(s | d, c)), // OR.B
            0x15 => self.alu8(b, |s, d, c| logic(s ^ d, c)), // XOR.B
            0x16 => self.alu8(b, |s, d, c| logic(s & d, c)), // AND.B
            0x17 if hi == 0 => self.unary(lo, |v, c| logic(!v, c)), // NOT
            0x17 if hi == 8 => self.unary(lo, |v, c| sub8(v, 0, c)), // NEG
            0x18 => self.alu8(b, sub8),                      // SUB.B
            0x19 => self.alu16(b, |s, d| sub16(d, s)),       // SUB.W
            0x1A if hi == 0 => self.unary(lo, dec8),         // DEC.B
            0x1B if hi == 0 || hi == 8 => {
                // SUBS #1/#2,Rd: no flags.
                let d = r16(lo)?;
                let wb = self.r[d].wrapping_sub(if hi == 0 { 1 } else { 2 });
                self.set_r16(d, wb);
                done(Form::Register)
            }
            0x1C => self.compare8(self.r8(hi), lo), // CMP.B Rs,Rd
            0x1D => {
                let (s, d) = (r16(hi)?, r16(lo)?); // CMP.W
                let (_, bits) = sub16(self.r[d], self.r[s]);
                self.set_flags(bits, ARITH);
                done(Form::Register)
            }
            0x1E => self.alu8(b, sub8_with_borrow), // SUBX Rs,Rd
            0x1F if hi == 0 => self.unary(lo, das),
            0x20..=0x2F => {
                let v = self.read8(0xFF00 | b as u16)?; // MOV.B @aa:8,Rd
                self.set_r8(op & 15, v);
                self.mov_flags8(v);
                done(Form::ByteIndirect)
            }
            0x30..=0x3F => {
                let v = self.r8(op & 15); // MOV.B Rs,@aa:8
                self.write8(0xFF00 | b as u16, v)?;
                self.mov_flags8(v);
                done(Form::ByteIndirect)
            }
            0x40..=0x4F => {
                if self.condition(op & 15) {
                    self.pc = self.pc.wrapping_add(b as i8 as u16);
                }
                done(Form::Branch)
            }
            0x50 => {
                // MULXU Rs,Rd: Rd = RdL × Rs (8-bit); no flags.
                let d = r16(lo)?;
                let wb = (self.r[d] & 0xFF) * self.r8(hi) as u16;
                self.set_r16(d, wb);
                done(Form::MultiplyDivide)
            }
            0x51 => self.divxu(hi, r16(lo)?),
            0x54 if b == 0x70 => {
                self.pc = self.pop()?; // RTS
                done(Form::Return)
            }
            0x55 => {
                let target = self.pc.wrapping_add(b as i8 as u16); // BSR
                self.push(self.pc)?;
                self.pc = target;
                done(Form::CallShort)
            }
            0x56 if b == 0x70 => {
                // RTE: CCR from the upper byte of the first word, then PC.
                self.ccr = (self.pop()? >> 8) as u8;
                self.pc = self.pop()?;
                done(Form::ReturnFromException)
            }
            0x59 if lo == 0 => {
                self.pc = self.r[r16(hi)?]; // JMP @Rn
                done(Form::Branch)
            }
            0x5A if b == 0 => {
                self.pc = self.fetch(); // JMP @aa:16
                done(Form::JumpAbsolute)
            }
            0x5B => {
                self.pc = self.vector(b)?; // JMP @@aa:8
                done(Form::JumpIndirect)
            }
            0x5D if lo == 0 => {
                let target = self.r[r16(hi)?]; // JSR @Rn
                self.push(self.pc)?;
                self.pc = target;
                done(Form::CallShort)
            }
            0x5E if b == 0 => {
                let target = self.fetch(); // JSR @aa:16
                self.push(self.pc)?;
                self.pc = target;
                done(Form::CallAbsolute)
            }
            0x5F => {
                let target = self.vector(b)?; // JSR @@aa:8
                self.push(self.pc)?;
                self.pc = target;
                done(Form::CallIndirect)
            }
            0x60..=0x63 => {
                // BSET/BNOT/BCLR/BTST Rn,Rd: bit number from Rn's low 3 bits.
                let bit = self.r8(hi) & 7;
                let v = self.r8(lo);
                if let Some(v) = self.bit_change(op, bit, v) {
                    self.set_r8(lo, v);
                }
                done(Form::Register)
            }
            0x67 | 0x70..=0x77 => {
                // Bit operations with an immediate bit number on a register.
                let v = self.r8(lo);
                if let Some(v) = self.bit_imm(op, hi, v)? {
                    self.set_r8(lo, v);
                }
                done(Form::Register)
            }
            0x68 => self.mov_indirect8(hi, lo),
            0x69 => self.mov_indirect16(hi, lo),
            0x6A => self.mov_absolute8(hi, lo),
            0x6B => self.mov_absolute16(hi, lo),
            0x6C => self.mov_increment8(hi, lo),
            0x6D => self.mov_increment16(hi, lo),
            0x6E => self.mov_displacement8(hi, lo),
            0x6F => self.mov_displacement16(hi, lo),
            0x79 if hi == 0 => {
                let d = r16(lo)?; // MOV.W #xx:16,Rd
                let wb = self.fetch();
                self.set_r16(d, wb);
                self.mov_flags16(self.r[d]);
                done(Form::WordImmediate)
            }
            0x7B if b == 0x5C => self.eepmov(),
            0x7C..=0x7F => self.bit_memory(op, b),
            0x80..=0x8F => self.alu8_imm(op, b, add8), // ADD.B #xx
            0x90..=0x9F => self.alu8_imm(op, b, add8_with_carry), // ADDX #xx
            0xA0..=0xAF => self.compare8(b, op & 15),  // CMP.B #xx
            0xB0..=0xBF => self.alu8_imm(op, b, sub8_with_borrow), // SUBX #xx
            0xC0..=0xCF => self.alu8_imm(op, b, |s, d, c| logic(s | d, c)), // OR #xx
            0xD0..=0xDF => self.alu8_imm(op, b, |s, d, c| logic(s ^ d, c)), // XOR #xx
            0xE0..=0xEF => self.alu8_imm(op, b, |s, d, c| logic(s & d, c)), // AND #xx
            0xF0..=0xFF => {
                self.set_r8(op & 15, b); // MOV.B #xx,Rd
                self.mov_flags8(b);
                done(Form::Register)
            }
            _ => Err(Fault::Illegal),
        }
    }

    // ---- condition codes --------------------------------------------------

    /// Set the bits of `mask` in CCR to those of `value`.
    fn set_flags(&mut self, value: u8, mask: u8) {
        self.ccr = (self.ccr & !mask) | (value & mask);
    }

    fn mov_flags8(&mut self, v: u8) {
        self.set_flags(nz8(v), N | Z | V);
    }

    fn mov_flags16(&mut self, v: u16) {
        self.set_flags(nz16(v), N | Z | V);
    }

    fn ccr_op(&mut self, f: impl FnOnce(u8) -> u8) -> Done {
        self.ccr = f(self.ccr);
        done(Form::Register)
    }

    /// The Bcc condition `cc` (the manual's table of branch conditions).
    fn condition(&self, cc: u8) -> bool {
        let f = |bit| self.ccr & bit != 0;
        let (c, v, z, n) = (f(C), f(V), f(Z), f(N));
        let result = match cc >> 1 {
            0 => true,         // BRA / BRN
            1 => !(c || z),    // BHI / BLS
            2 => !c,           // BCC / BCS
            3 => !z,           // BNE / BEQ
            4 => !v,           // BVC / BVS
            5 => !n,           // BPL / BMI
            6 => n == v,       // BGE / BLT
            _ => !z && n == v, // BGT / BLE
        };
        result ^ (cc & 1 != 0)
    }

    // ---- arithmetic and logic ---------------------------------------------

    /// Rd ← f(Rs, Rd, CCR) on 8-bit registers; f returns the result and
    /// the new CCR.
    fn alu8(&mut self, b: u8, f: impl FnOnce(u8, u8, u8) -> (u8, u8)) -> Done {
        let (hi, lo) = nibbles(b);
        let (v, ccr) = f(self.r8(hi), self.r8(lo), self.ccr);
        self.set_r8(lo, v);
        self.ccr = ccr;
        done(Form::Register)
    }

    fn alu8_imm(&mut self, op: u8, imm: u8, f: impl FnOnce(u8, u8, u8) -> (u8, u8)) -> Done {
        let d = op & 15;
        let (v, ccr) = f(imm, self.r8(d), self.ccr);
        self.set_r8(d, v);
        self.ccr = ccr;
        done(Form::Register)
    }

    fn alu16(&mut self, b: u8, f: impl FnOnce(u16, u16) -> (u16, u8)) -> Done {
        let (hi, lo) = nibbles(b);
        let (s, d) = (r16(hi)?, r16(lo)?);
        let (v, flags) = f(self.r[s], self.r[d]);
        self.set_r16(d, v);
        self.set_flags(flags, ARITH);
        done(Form::Register)
    }

    fn unary(&mut self, d: u8, f: impl FnOnce(u8, u8) -> (u8, u8)) -> Done {
        let (v, ccr) = f(self.r8(d), self.ccr);
        self.set_r8(d, v);
        self.ccr = ccr;
        done(Form::Register)
    }

    fn compare8(&mut self, s: u8, d: u8) -> Done {
        let (_, bits) = sub8_bits(self.r8(d), s, false);
        self.set_flags(bits, ARITH);
        done(Form::Register)
    }

    /// DIVXU Rs,Rd: RdL ← Rd ÷ Rs (quotient), RdH ← remainder; N from the
    /// divisor's sign bit, Z set for a zero divisor (programming manual,
    /// DIVXU). A zero divisor or a quotient above 255 leaves the result
    /// undefined on the chip; here Rd is left as it was.
    fn divxu(&mut self, s: u8, d: usize) -> Done {
        let divisor = self.r8(s);
        let dividend = self.r[d];
        self.set_flags(
            if divisor & 0x80 != 0 { N } else { 0 } | if divisor == 0 { Z } else { 0 },
            N | Z,
        );
        if divisor != 0 {
            let (q, r) = (dividend / divisor as u16, dividend % divisor as u16);
            if q <= 0xFF {
                let wb = (r << 8) | q;
                self.set_r16(d, wb);
            }
        }
        done(Form::MultiplyDivide)
    }

    // ---- bit manipulation ---------------------------------------------------

    /// BSET/BNOT/BCLR/BTST (opcode low two bits 0-3, as 0x60-0x63 and
    /// 0x70-0x73 order them) on `v`: the new byte for the first three,
    /// `None` for BTST (which sets Z from the bit's complement).
    fn bit_change(&mut self, op: u8, bit: u8, v: u8) -> Option<u8> {
        let mask = 1 << bit;
        match op & 3 {
            0 => Some(v | mask),
            1 => Some(v ^ mask),
            2 => Some(v & !mask),
            _ => {
                self.set_flags(if v & mask == 0 { Z } else { 0 }, Z);
                None
            }
        }
    }

    /// The bit operations with an immediate bit number (0x67, 0x70-0x77;
    /// `sel` is the second byte's high nibble: bit 7 inverts, bits 0-2 the
    /// bit number) on `v`; returns the new byte for those that write it.
    fn bit_imm(&mut self, op: u8, sel: u8, v: u8) -> Result<Option<u8>, Fault> {
        let bit = sel & 7;
        let invert = sel & 8 != 0;
        let mask = 1 << bit;
        let set = v & mask != 0;
        let carry = self.ccr & C != 0;
        let c_to = |b: bool| if b { C } else { 0 };
        Ok(match op {
            0x70..=0x73 if !invert => self.bit_change(op, bit, v),
            0x67 => {
                // BST / BIST: the bit ← C (or ¬C).
                let b = carry ^ invert;
                Some(if b { v | mask } else { v & !mask })
            }
            0x74 => {
                self.set_flags(c_to(carry | (set ^ invert)), C); // BOR / BIOR
                None
            }
            0x75 => {
                self.set_flags(c_to(carry ^ (set ^ invert)), C); // BXOR / BIXOR
                None
            }
            0x76 => {
                self.set_flags(c_to(carry & (set ^ invert)), C); // BAND / BIAND
                None
            }
            0x77 => {
                self.set_flags(c_to(set ^ invert), C); // BLD / BILD
                None
            }
            _ => return Err(Fault::Illegal),
        })
    }

    /// Bit operations on memory: 7C/7D rd0 (@Rd), 7E/7F aa (@aa:8), then a
    /// second word naming the operation as its register form would. 7C and
    /// 7E only read the byte (BTST, BOR, ..., BLD); 7D and 7F write it back
    /// (BSET, BNOT, BCLR, BST).
    fn bit_memory(&mut self, op: u8, b: u8) -> Done {
        let addr = match op {
            0x7C | 0x7D => {
                let (hi, lo) = nibbles(b);
                if lo != 0 {
                    return Err(Fault::Illegal);
                }
                self.r[r16(hi)?]
            }
            _ => 0xFF00 | b as u16,
        };
        let [op2, b2] = self.fetch().to_be_bytes();
        let (hi2, lo2) = nibbles(b2);
        if lo2 != 0 {
            return Err(Fault::Illegal);
        }
        let writes = op & 1 == 1;
        let valid = match (writes, op2) {
            (false, 0x63 | 0x73..=0x77) => op2 != 0x73 || hi2 & 8 == 0,
            (true, 0x60..=0x62 | 0x67) => true,
            (true, 0x70..=0x72) => hi2 & 8 == 0,
            _ => false,
        };
        if !valid {
            return Err(Fault::Illegal);
        }
        let v = self.read8(addr)?;
        let new = match op2 {
            0x60..=0x63 => {
                let bit = self.r8(hi2) & 7;
                self.bit_change(op2, bit, v)
            }
            _ => self.bit_imm(op2, hi2, v)?,
        };
        match (writes, new) {
            (true, Some(new)) => {
                self.write8(addr, new)?;
                done(Form::BitChangeMemory)
            }
            _ => done(Form::BitTestMemory),
        }
    }

    // ---- data transfer ------------------------------------------------------

    /// MOV.B @Rs,Rd (68 sd) and MOV.B Rs,@Rd (68 1ddd ssss).
    fn mov_indirect8(&mut self, hi: u8, lo: u8) -> Done {
        let ptr = self.r[r16(hi & 7)?];
        if hi & 8 == 0 {
            let v = self.read8(ptr)?;
            self.set_r8(lo, v);
            self.mov_flags8(v);
        } else {
            let v = self.r8(lo);
            self.write8(ptr, v)?;
            self.mov_flags8(v);
        }
        done(Form::ByteIndirect)
    }

    fn mov_indirect16(&mut self, hi: u8, lo: u8) -> Done {
        let ptr = self.r[r16(hi & 7)?];
        let reg = r16(lo)?;
        if hi & 8 == 0 {
            let wb = self.read16(ptr)?;
            self.set_r16(reg, wb);
        } else {
            self.write16(ptr, self.r[reg])?;
        }
        self.mov_flags16(self.r[reg]);
        done(Form::WordIndirect)
    }

    /// MOV.B @aa:16 (6A 0r), Rs,@aa:16 (6A 8r), MOVFPE (6A 4r), MOVTPE
    /// (6A Cr). MOVFPE/MOVTPE synchronise with the E clock of a 6800-type
    /// peripheral; no such peripheral is modelled, so they move a byte with
    /// MOV's timing (docs/h8300.md).
    fn mov_absolute8(&mut self, hi: u8, lo: u8) -> Done {
        let addr = self.fetch();
        match hi {
            0x0 | 0x4 => {
                let v = self.read8(addr)?;
                self.set_r8(lo, v);
                self.mov_flags8(v);
            }
            0x8 | 0xC => {
                let v = self.r8(lo);
                self.write8(addr, v)?;
                self.mov_flags8(v);
            }
            _ => return Err(Fault::Illegal),
        }
        done(Form::ByteAbsolute)
    }

    fn mov_absolute16(&mut self, hi: u8, lo: u8) -> Done {
        let reg = r16(lo)?;
        let store = match hi {
            0 => false,
            8 => true,
            _ => return Err(Fault::Illegal),
        };
        let addr = self.fetch();
        if store {
            self.write16(addr, self.r[reg])?;
        } else {
            let wb = self.read16(addr)?;
            self.set_r16(reg, wb);
        }
        self.mov_flags16(self.r[reg]);
        done(Form::WordAbsolute)
    }

    /// MOV.B @Rs+,Rd (6C sd) and MOV.B Rs,@-Rd (6C 1ddd ssss).
    fn mov_increment8(&mut self, hi: u8, lo: u8) -> Done {
        let p = r16(hi & 7)?;
        if hi & 8 == 0 {
            let v = self.read8(self.r[p])?;
            let wb = self.r[p].wrapping_add(1);
            self.set_r16(p, wb);
            self.set_r8(lo, v);
            self.mov_flags8(v);
        } else {
            // The register is decremented before the source is read, so
            // MOV.B R1L,@-R1 stores the decremented R1's low byte (as GDB's
            // simulator does; the manual does not say, docs/h8300.md).
            let (old, a) = (self.r[p], self.r[p].wrapping_sub(1));
            self.set_r16(p, a);
            let v = self.r8(lo);
            if let Err(f) = self.write8(a, v) {
                self.set_r16(p, old);
                return Err(f);
            }
            self.mov_flags8(v);
        }
        done(Form::BytePostIncrement)
    }

    /// MOV.W @Rs+,Rd and MOV.W Rs,@-Rd (POP and PUSH when the pointer is R7).
    fn mov_increment16(&mut self, hi: u8, lo: u8) -> Done {
        let p = r16(hi & 7)?;
        let reg = r16(lo)?;
        if hi & 8 == 0 {
            let v = self.read16(self.r[p])?;
            let wb = self.r[p].wrapping_add(2);
            self.set_r16(p, wb);
            self.set_r16(reg, v);
            self.mov_flags16(v);
        } else {
            // Decremented first, as for MOV.B: PUSH R7 stores the new SP.
            let (old, a) = (self.r[p], self.r[p].wrapping_sub(2));
            self.set_r16(p, a);
            let v = self.r[reg];
            if let Err(f) = self.write16(a, v) {
                self.set_r16(p, old);
                return Err(f);
            }
            self.mov_flags16(v);
        }
        done(Form::WordPostIncrement)
    }

    fn mov_displacement8(&mut self, hi: u8, lo: u8) -> Done {
        let base = self.r[r16(hi & 7)?];
        let addr = base.wrapping_add(self.fetch());
        if hi & 8 == 0 {
            let v = self.read8(addr)?;
            self.set_r8(lo, v);
            self.mov_flags8(v);
        } else {
            let v = self.r8(lo);
            self.write8(addr, v)?;
            self.mov_flags8(v);
        }
        done(Form::ByteAbsolute)
    }

    fn mov_displacement16(&mut self, hi: u8, lo: u8) -> Done {
        let base = self.r[r16(hi & 7)?];
        let reg = r16(lo)?;
        let addr = base.wrapping_add(self.fetch());
        if hi & 8 == 0 {
            let wb = self.read16(addr)?;
            self.set_r16(reg, wb);
        } else {
            self.write16(addr, self.r[reg])?;
        }
        self.mov_flags16(self.r[reg]);
        done(Form::WordAbsolute)
    }

    /// EEPMOV (7B 5C 59 8F): while R4L ≠ 0, @R5+ → @R6+ and R4L - 1.
    fn eepmov(&mut self) -> Done {
        if self.fetch() != 0x598F {
            return Err(Fault::Illegal);
        }
        let n = self.r8(12);
        for _ in 0..n {
            let v = self.read8(self.r[5])?;
            self.write8(self.r[6], v)?;
            let wb = self.r[5].wrapping_add(1);
            self.set_r16(5, wb);
            let wb = self.r[6].wrapping_add(1);
            self.set_r16(6, wb);
            self.set_r8(12, self.r8(12).wrapping_sub(1));
        }
        let per = EEPMOV_PER_BYTE;
        let extra = Counts {
            l: per.l * n,
            ..NONE
        };
        Ok((Form::BlockMove.counts(), extra))
    }
}

// ---- flag arithmetic, as the programming manual defines each --------------

fn nz8(v: u8) -> u8 {
    (if v & 0x80 != 0 { N } else { 0 }) | if v == 0 { Z } else { 0 }
}

fn nz16(v: u16) -> u8 {
    (if v & 0x8000 != 0 { N } else { 0 }) | if v == 0 { Z } else { 0 }
}

/// d + s (+ carry): the result and the H, N, Z, V, C bits.
fn add8_bits(s: u8, d: u8, carry: bool) -> (u8, u8) {
    let c = carry as u16;
    let sum = d as u16 + s as u16 + c;
    let r = sum as u8;
    let half = (d & 0xF) + (s & 0xF) + c as u8 > 0xF;
    let overflow = (!(d ^ s) & (d ^ r)) & 0x80 != 0;
    let bits = (if half { H } else { 0 })
        | (if overflow { V } else { 0 })
        | (if sum > 0xFF { C } else { 0 })
        | nz8(r);
    (r, bits)
}

/// d - s (- borrow): the result and the H, N, Z, V, C bits.
fn sub8_bits(d: u8, s: u8, borrow: bool) -> (u8, u8) {
    let b = borrow as i16;
    let diff = d as i16 - s as i16 - b;
    let r = diff as u8;
    let half = ((d & 0xF) as i16 - (s & 0xF) as i16 - b) < 0;
    let overflow = ((d ^ s) & (d ^ r)) & 0x80 != 0;
    let bits = (if half { H } else { 0 })
        | (if overflow { V } else { 0 })
        | (if diff < 0 { C } else { 0 })
        | nz8(r);
    (r, bits)
}

const ARITH: u8 = H | N | Z | V | C;

/// CCR with every arithmetic flag replaced by `bits`.
fn with(ccr: u8, bits: u8) -> u8 {
    (ccr & !ARITH) | bits
}

/// ADD.B: d + s.
fn add8(s: u8, d: u8, ccr: u8) -> (u8, u8) {
    let (r, bits) = add8_bits(s, d, false);
    (r, with(ccr, bits))
}

/// SUB.B: d - s (NEG is 0 - d).
fn sub8(s: u8, d: u8, ccr: u8) -> (u8, u8) {
    let (r, bits) = sub8_bits(d, s, false);
    (r, with(ccr, bits))
}

/// ADDX: d + s + C; Z is cleared by a non-zero result and otherwise left
/// as it was, so a chain of ADDX tests a multi-byte zero.
fn add8_with_carry(s: u8, d: u8, ccr: u8) -> (u8, u8) {
    let (r, bits) = add8_bits(s, d, ccr & C != 0);
    let z = if r == 0 { ccr & Z } else { 0 };
    (r, with(ccr, (bits & !Z) | z))
}

/// SUBX: d - s - C, Z as for ADDX.
fn sub8_with_borrow(s: u8, d: u8, ccr: u8) -> (u8, u8) {
    let (r, bits) = sub8_bits(d, s, ccr & C != 0);
    let z = if r == 0 { ccr & Z } else { 0 };
    (r, with(ccr, (bits & !Z) | z))
}

/// d + s on 16 bits; H is the carry out of bit 11.
fn add16(s: u16, d: u16) -> (u16, u8) {
    let sum = d as u32 + s as u32;
    let r = sum as u16;
    let half = (d & 0xFFF) + (s & 0xFFF) > 0xFFF;
    let overflow = (!(d ^ s) & (d ^ r)) & 0x8000 != 0;
    let bits = (if half { H } else { 0 })
        | (if overflow { V } else { 0 })
        | (if sum > 0xFFFF { C } else { 0 })
        | nz16(r);
    (r, bits)
}

/// d - s on 16 bits; H is the borrow into bit 11.
fn sub16(d: u16, s: u16) -> (u16, u8) {
    let r = d.wrapping_sub(s);
    let half = (d & 0xFFF) < (s & 0xFFF);
    let overflow = ((d ^ s) & (d ^ r)) & 0x8000 != 0;
    let bits = (if half { H } else { 0 })
        | (if overflow { V } else { 0 })
        | (if d < s { C } else { 0 })
        | nz16(r);
    (r, bits)
}

/// AND, OR, XOR, NOT: N and Z from the result, V cleared, H and C kept.
fn logic(r: u8, ccr: u8) -> (u8, u8) {
    (r, (ccr & !(N | Z | V)) | nz8(r))
}

/// INC.B: N, Z, V (set going from H'7F to H'80); H and C kept.
fn inc8(v: u8, ccr: u8) -> (u8, u8) {
    let r = v.wrapping_add(1);
    let over = if r == 0x80 { V } else { 0 };
    (r, (ccr & !(N | Z | V)) | nz8(r) | over)
}

/// DEC.B: N, Z, V (set going from H'80 to H'7F); H and C kept.
fn dec8(v: u8, ccr: u8) -> (u8, u8) {
    let r = v.wrapping_sub(1);
    let over = if r == 0x7F { V } else { 0 };
    (r, (ccr & !(N | Z | V)) | nz8(r) | over)
}

/// The shifts and rotates (10-13, second nibble 0 or 8).
fn shift(op: u8, arithmetic_or_plain: bool) -> impl FnOnce(u8, u8) -> (u8, u8) {
    move |v: u8, ccr: u8| {
        let carry_in = ccr & C != 0;
        let (r, carry, overflow) = match (op, arithmetic_or_plain) {
            (0x10, false) => (v << 1, v & 0x80 != 0, false), // SHLL
            (0x10, true) => (v << 1, v & 0x80 != 0, (v ^ (v << 1)) & 0x80 != 0), // SHAL
            (0x11, false) => (v >> 1, v & 1 != 0, false),    // SHLR
            (0x11, true) => ((v >> 1) | (v & 0x80), v & 1 != 0, false), // SHAR
            (0x12, false) => ((v << 1) | carry_in as u8, v & 0x80 != 0, false), // ROTXL
            (0x12, true) => (v.rotate_left(1), v & 0x80 != 0, false), // ROTL
            (0x13, false) => ((v >> 1) | (carry_in as u8) << 7, v & 1 != 0, false), // ROTXR
            _ => (v.rotate_right(1), v & 1 != 0, false),     // ROTR
        };
        let bits = nz8(r) | if carry { C } else { 0 } | if overflow { V } else { 0 };
        (r, (ccr & !(N | Z | V | C)) | bits)
    }
}

/// DAA after an addition: the programming manual's table of C, H and the
/// two nibbles; N and Z from the result; V is undefined there and left
/// as it was here.
fn daa(v: u8, ccr: u8) -> (u8, u8) {
    let (c, h) = (ccr & C != 0, ccr & H != 0);
    let (upper, lower) = (v >> 4, v & 15);
    let low_adjust = h || lower > 9;
    let high_adjust = c || upper > 9 || (upper == 9 && lower > 9 && !h);
    let add = (if low_adjust { 0x06 } else { 0 }) | if high_adjust { 0x60 } else { 0 };
    let r = v.wrapping_add(add);
    let carry = if high_adjust { C } else { 0 };
    (r, (ccr & !(N | Z | C)) | nz8(r) | carry)
}

/// DAS after a subtraction: subtract 6 from a nibble that borrowed.
fn das(v: u8, ccr: u8) -> (u8, u8) {
    let (c, h) = (ccr & C != 0, ccr & H != 0);
    let sub = (if h { 0x06 } else { 0 }) | if c { 0x60 } else { 0 };
    let r = v.wrapping_sub(sub);
    (r, (ccr & !(N | Z | C)) | nz8(r) | if c { C } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_and_sub_flags_follow_the_manual() {
        assert_eq!(add8_bits(0x01, 0x7F, false), (0x80, H | N | V));
        assert_eq!(add8_bits(0x01, 0xFF, false), (0x00, H | Z | C));
        assert_eq!(sub8_bits(0x00, 0x01, false), (0xFF, H | N | C));
        assert_eq!(sub8_bits(0x80, 0x01, false), (0x7F, H | V));
        assert_eq!(add16(0x0001, 0x0FFF), (0x1000, H));
        assert_eq!(sub16(0x1000, 0x0001), (0x0FFF, H));
    }

    #[test]
    fn addx_keeps_z_through_a_zero_result() {
        let (_, ccr) = add8_with_carry(0, 0, Z);
        assert_eq!(ccr & Z, Z);
        let (_, ccr) = add8_with_carry(0, 0, 0);
        assert_eq!(ccr & Z, 0);
    }

    #[test]
    fn daa_corrects_a_bcd_sum() {
        // 0x38 + 0x45 = 0x7D → 0x83
        assert_eq!(daa(0x7D, 0).0, 0x83);
        // 0x99 + 0x01 = 0x9A → 0x00 with C
        let (r, ccr) = daa(0x9A, 0);
        assert_eq!((r, ccr & C), (0x00, C));
    }
}
