//! Decode and execution of every CPU05 instruction, by the opcode map:
//! the high nibble selects the addressing mode (the map's column), the low
//! nibble the operation (its row). Semantics and flag rules follow the
//! instruction set summary (RC16 GRS Table 10-6, "Effect on CCR").
//! `self.pc` already points past the instruction.

use super::{C, Fault, H, Hc05, I, N, Z};

/// Sign-extend a relative offset from the next instruction.
fn rel(pc: u16, offset: u8) -> u16 {
    pc.wrapping_add(offset as i8 as u16)
}

/// Where the operand of a 0xA-0xF column instruction is.
#[derive(Clone, Copy)]
enum Operand {
    Immediate(u8),
    Memory(u16),
}

impl Hc05 {
    #[inline]
    fn set_flags(&mut self, mask: u8, value: u8) {
        self.ccr = (self.ccr & !mask) | (value & mask);
    }

    /// N and Z from a result.
    #[inline]
    fn set_nz(&mut self, r: u8) {
        // N is bit 7 of the result moved to bit 2.
        let f = ((r >> 5) & N) | if r == 0 { Z } else { 0 };
        self.set_flags(N | Z, f);
    }

    #[inline]
    fn flag(&self, f: u8) -> bool {
        self.ccr & f != 0
    }

    /// Execute opcode `op` with operand bytes `b1`, `b2`. Inlined into a
    /// copy per opcode (`Hc05::step_running`), where the column and row
    /// tests below are constants and fold away.
    #[inline(always)]
    pub(super) fn execute<const O: bool>(&mut self, op: u8, b1: u8, b2: u8) -> Result<(), Fault> {
        match op >> 4 {
            0x0 => self.branch_on_bit::<O>(op, b1, b2),
            0x1 => self.set_or_clear_bit::<O>(op, b1),
            0x2 => {
                if self.condition(op) {
                    self.pc = rel(self.pc, b1);
                }
                Ok(())
            }
            0x3 | 0x6 | 0x7 => {
                let ea = match op >> 4 {
                    0x3 => b1 as u16,                 // DIR
                    0x6 => self.x as u16 + b1 as u16, // IX1
                    _ => self.x as u16,               // IX
                };
                let v = self.read::<O>(ea)?;
                match self.modify(op, v) {
                    Some(r) => self.write::<O>(ea, r),
                    None => Ok(()),
                }
            }
            0x4 if op == 0x42 => {
                // MUL: X:A = X * A; H and C cleared.
                let [hi, lo] = (self.x as u16 * self.a as u16).to_be_bytes();
                self.set_x::<O>(hi);
                self.set_a::<O>(lo);
                self.set_flags(H | C, 0);
                Ok(())
            }
            0x4 => {
                if let Some(r) = self.modify(op, self.a) {
                    self.set_a::<O>(r);
                }
                Ok(())
            }
            0x5 => {
                if let Some(r) = self.modify(op, self.x) {
                    self.set_x::<O>(r);
                }
                Ok(())
            }
            0x8 | 0x9 => self.control::<O>(op),
            _ => self.register_memory::<O>(op, b1, b2),
        }
    }

    /// Branch conditions of the 0x2 column, in the map's order.
    #[inline(always)]
    fn condition(&self, op: u8) -> bool {
        match op & 0x0F {
            0x0 => true,                            // BRA
            0x1 => false,                           // BRN
            0x2 => !(self.flag(C) || self.flag(Z)), // BHI
            0x3 => self.flag(C) || self.flag(Z),    // BLS
            0x4 => !self.flag(C),                   // BCC
            0x5 => self.flag(C),                    // BCS
            0x6 => !self.flag(Z),                   // BNE
            0x7 => self.flag(Z),                    // BEQ
            0x8 => !self.flag(H),                   // BHCC
            0x9 => self.flag(H),                    // BHCS
            0xA => !self.flag(N),                   // BPL
            0xB => self.flag(N),                    // BMI
            0xC => !self.flag(I),                   // BMC
            0xD => self.flag(I),                    // BMS
            0xE => !self.irq_pin(),                 // BIL
            _ => self.irq_pin(),                    // BIH
        }
    }

    /// The IRQ pin: no interrupt source is modelled, so it rests high.
    #[inline(always)]
    fn irq_pin(&self) -> bool {
        true
    }

    /// BRSET n / BRCLR n: C = the bit; branch if it is set (even opcodes)
    /// or clear (odd).
    #[inline(always)]
    fn branch_on_bit<const O: bool>(&mut self, op: u8, dd: u8, rr: u8) -> Result<(), Fault> {
        let v = self.read::<O>(dd as u16)?;
        let set = v & (1 << ((op >> 1) & 7)) != 0;
        self.set_flags(C, if set { C } else { 0 });
        if set == (op & 1 == 0) {
            self.pc = rel(self.pc, rr);
        }
        Ok(())
    }

    /// BSET n (even opcodes) / BCLR n (odd): a read-modify-write of the byte.
    #[inline(always)]
    fn set_or_clear_bit<const O: bool>(&mut self, op: u8, dd: u8) -> Result<(), Fault> {
        let v = self.read::<O>(dd as u16)?;
        let mask = 1 << ((op >> 1) & 7);
        let r = if op & 1 == 0 { v | mask } else { v & !mask };
        self.write::<O>(dd as u16, r)
    }

    /// The read-modify-write rows (columns 0x3-0x7): the new value, or
    /// `None` for TST, which only sets flags.
    #[inline(always)]
    fn modify(&mut self, op: u8, v: u8) -> Option<u8> {
        let c_in = self.flag(C) as u8;
        let (r, carry) = match op & 0x0F {
            0x0 => (v.wrapping_neg(), Some(v != 0)), // NEG: C = result ≠ 0
            0x3 => (!v, Some(true)),                 // COM
            0x4 => (v >> 1, Some(v & 1 != 0)),       // LSR
            0x6 => ((c_in << 7) | (v >> 1), Some(v & 1 != 0)), // ROR
            0x7 => ((v & 0x80) | (v >> 1), Some(v & 1 != 0)), // ASR
            0x8 => (v << 1, Some(v & 0x80 != 0)),    // LSL (ASL)
            0x9 => ((v << 1) | c_in, Some(v & 0x80 != 0)), // ROL
            0xA => (v.wrapping_sub(1), None),        // DEC
            0xC => (v.wrapping_add(1), None),        // INC
            0xD => {
                self.set_nz(v); // TST
                return None;
            }
            // CLR (0xF); the other rows are illegal and never reach here
            // (the timing table rejects them first).
            _ => (0, None),
        };
        self.set_nz(r);
        if let Some(c) = carry {
            self.set_flags(C, if c { C } else { 0 });
        }
        Some(r)
    }

    /// RTI, RTS, SWI, STOP, WAIT and the register instructions (columns
    /// 0x8 and 0x9).
    #[inline(always)]
    fn control<const O: bool>(&mut self, op: u8) -> Result<(), Fault> {
        match op {
            0x80 => {
                // RTI: pull CCR, A, X, PCH, PCL (the reverse of the stacking).
                self.ccr = self.pull::<O>()? & (H | I | N | Z | C);
                let wb = self.pull::<O>()?;
                self.set_a::<O>(wb);
                let wb = self.pull::<O>()?;
                self.set_x::<O>(wb);
                self.pc = self.pull_address::<O>()?;
            }
            0x81 => self.pc = self.pull_address::<O>()?, // RTS
            0x83 => {
                // SWI: push PCL, PCH, X, A, CCR; set I; vector from 0xFFFC.
                self.push_return::<O>(self.pc)?;
                self.push::<O>(self.x)?;
                self.push::<O>(self.a)?;
                self.push::<O>(self.ccr())?;
                self.ccr |= I;
                self.pc = self.vector(super::SWI_VECTOR);
            }
            0x8E | 0x8F => {
                // STOP, WAIT: clear I and halt until an interrupt.
                self.ccr &= !I;
                self.stopped = true;
            }
            0x97 => self.set_x::<O>(self.a),           // TAX
            0x98 => self.ccr &= !C,                    // CLC
            0x99 => self.ccr |= C,                     // SEC
            0x9A => self.ccr &= !I,                    // CLI
            0x9B => self.ccr |= I,                     // SEI
            0x9C => self.sp = self.config.map.stack.1, // RSP
            0x9F => self.set_a::<O>(self.x),           // TXA
            _ => {}                                    // NOP (0x9D)
        }
        Ok(())
    }

    #[inline(always)]
    fn pull_address<const O: bool>(&mut self) -> Result<u16, Fault> {
        let hi = self.pull::<O>()?;
        let lo = self.pull::<O>()?;
        Ok(u16::from_be_bytes([hi, lo]))
    }

    /// The operand of the register/memory columns 0xA (IMM), 0xB (DIR),
    /// 0xC (EXT), 0xD (IX2), 0xE (IX1) and 0xF (IX).
    #[inline(always)]
    fn operand(&self, op: u8, b1: u8, b2: u8) -> Operand {
        let word = u16::from_be_bytes([b1, b2]);
        match op >> 4 {
            0xA => Operand::Immediate(b1),
            0xB => Operand::Memory(b1 as u16),
            0xC => Operand::Memory(word),
            0xD => Operand::Memory(word.wrapping_add(self.x as u16)),
            0xE => Operand::Memory(self.x as u16 + b1 as u16),
            _ => Operand::Memory(self.x as u16),
        }
    }

    #[inline(always)]
    fn operand_value<const O: bool>(&mut self, operand: Operand) -> Result<u8, Fault> {
        match operand {
            Operand::Immediate(v) => Ok(v),
            Operand::Memory(ea) => self.read::<O>(ea),
        }
    }

    /// Columns 0xA-0xF: the ALU rows, loads, stores, JMP, JSR (and BSR,
    /// which sits where JSR #imm would).
    #[inline(always)]
    fn register_memory<const O: bool>(&mut self, op: u8, b1: u8, b2: u8) -> Result<(), Fault> {
        if op == 0xAD {
            // BSR rel
            self.push_return::<O>(self.pc)?;
            self.pc = rel(self.pc, b1);
            return Ok(());
        }
        let operand = self.operand(op, b1, b2);
        let ea = match operand {
            Operand::Memory(ea) => ea,
            Operand::Immediate(_) => 0, // only the loading rows take #imm
        };
        match op & 0x0F {
            0xC => self.pc = ea, // JMP
            0xD => {
                // JSR
                self.push_return::<O>(self.pc)?;
                self.pc = ea;
            }
            0x7 => {
                self.set_nz(self.a); // STA
                self.write::<O>(ea, self.a)?;
            }
            0xF => {
                self.set_nz(self.x); // STX
                self.write::<O>(ea, self.x)?;
            }
            row => {
                let m = self.operand_value::<O>(operand)?;
                self.alu::<O>(row, m);
            }
        }
        Ok(())
    }

    /// The ALU rows of columns 0xA-0xF with their operand `m`.
    #[inline(always)]
    fn alu<const O: bool>(&mut self, row: u8, m: u8) {
        match row {
            0x0 => {
                let r = self.subtract(self.a, m, false); // SUB
                self.set_a::<O>(r);
            }
            0x1 => {
                self.subtract(self.a, m, false); // CMP
            }
            0x2 => {
                let r = self.subtract(self.a, m, self.flag(C)); // SBC
                self.set_a::<O>(r);
            }
            0x3 => {
                self.subtract(self.x, m, false); // CPX
            }
            0x4 => {
                self.set_a::<O>(self.a & m); // AND
                self.set_nz(self.a);
            }
            0x5 => self.set_nz(self.a & m), // BIT
            0x6 => {
                self.set_a::<O>(m); // LDA
                self.set_nz(m);
            }
            0x8 => {
                self.set_a::<O>(self.a ^ m); // EOR
                self.set_nz(self.a);
            }
            0x9 => {
                let r = self.add(m, self.flag(C)); // ADC
                self.set_a::<O>(r);
            }
            0xA => {
                self.set_a::<O>(self.a | m); // ORA
                self.set_nz(self.a);
            }
            0xB => {
                let r = self.add(m, false); // ADD
                self.set_a::<O>(r);
            }
            _ => {
                self.set_x::<O>(m); // LDX (0xE)
                self.set_nz(m);
            }
        }
    }

    /// ADD/ADC: H from bit 3, C from bit 7, N and Z.
    #[inline(always)]
    fn add(&mut self, m: u8, carry_in: bool) -> u8 {
        let c = carry_in as u16;
        let sum = self.a as u16 + m as u16 + c;
        let half = (self.a & 0x0F) as u16 + (m & 0x0F) as u16 + c;
        let r = sum as u8;
        let mut f = 0;
        if half > 0x0F {
            f |= H;
        }
        if sum > 0xFF {
            f |= C;
        }
        self.set_flags(H | C, f);
        self.set_nz(r);
        r
    }

    /// SUB/SBC/CMP/CPX: C = borrow, N and Z; H unaffected.
    #[inline(always)]
    fn subtract(&mut self, r: u8, m: u8, borrow_in: bool) -> u8 {
        let diff = r as i16 - m as i16 - borrow_in as i16;
        let out = diff as u8;
        self.set_flags(C, if diff < 0 { C } else { 0 });
        self.set_nz(out);
        out
    }
}
