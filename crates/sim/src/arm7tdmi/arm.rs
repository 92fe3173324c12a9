//! ARM state: decode and execute (ARM ARM A3, the ARMv4T encodings), with
//! the timing of TRM chapter 6 charged through the bus in each handler.

use super::alu::{self, Shift};
use super::{Arm7tdmi, Exec, Fault, Mode, psr};

/// Bit `n` of `x`.
fn bit(x: u32, n: u32) -> bool {
    x >> n & 1 != 0
}

/// The register field at bits `at`..`at + 3`.
fn reg(x: u32, at: u32) -> usize {
    (x >> at & 0xF) as usize
}

impl Arm7tdmi {
    pub(super) fn execute_arm(&mut self, ins: u32) -> Exec {
        if !self.passes(ins >> 28) {
            // TRM 6.x: an instruction that fails its condition takes 1S.
            self.prefetch(true);
            return Ok(());
        }
        match ins >> 25 & 7 {
            0b000 => {
                if ins & 0x0FFF_FFF0 == 0x012F_FF10 {
                    self.bx(ins)
                } else if ins & 0x0FC0_00F0 == 0x0000_0090 {
                    self.multiply(ins)
                } else if ins & 0x0F80_00F0 == 0x0080_0090 {
                    self.multiply_long(ins)
                } else if ins & 0x0FB0_0FF0 == 0x0100_0090 {
                    self.swap(ins)
                } else if ins & 0x90 == 0x90 {
                    self.halfword_transfer(ins)
                } else if ins & 0x0FBF_0FFF == 0x010F_0000 {
                    self.mrs(ins)
                } else if ins & 0x0FB0_FFF0 == 0x0120_F000 {
                    let value = self.r[reg(ins, 0)];
                    self.msr(ins, value)
                } else if ins & 0x0190_0000 == 0x0100_0000 {
                    Err(Fault::Undefined) // TST, TEQ, CMP, CMN without S
                } else {
                    self.data_processing_register(ins)
                }
            }
            0b001 => {
                if ins & 0x0FB0_F000 == 0x0320_F000 {
                    let value = (ins & 0xFF).rotate_right(2 * (ins >> 8 & 0xF));
                    self.msr(ins, value)
                } else if ins & 0x0190_0000 == 0x0100_0000 {
                    Err(Fault::Undefined)
                } else {
                    let rotate = 2 * (ins >> 8 & 0xF);
                    let value = (ins & 0xFF).rotate_right(rotate);
                    let carry = if rotate == 0 {
                        self.flag(psr::C)
                    } else {
                        value >> 31 != 0
                    };
                    self.prefetch(true);
                    self.data_processing(ins, value, carry, false);
                    Ok(())
                }
            }
            0b010 => self.single_transfer(ins, ins & 0xFFF),
            0b011 if bit(ins, 4) => Err(Fault::Undefined),
            0b011 => {
                let (offset, _) = alu::shift_imm(
                    Shift::from_bits(ins >> 5),
                    self.r[reg(ins, 0)],
                    ins >> 7 & 31,
                    self.flag(psr::C),
                );
                self.single_transfer(ins, offset)
            }
            0b100 => self.block_transfer(ins),
            0b101 => self.branch_link(ins),
            0b111 if bit(ins, 24) => {
                // SWI: 2S + 1N (the prefetch and the refill at the vector).
                self.prefetch(true);
                let ret = self.r[15].wrapping_sub(4);
                self.exception(Mode::Supervisor, 0x08, ret);
                Ok(())
            }
            _ => Err(Fault::Undefined), // coprocessor instructions: no coprocessor
        }
    }

    /// BX Rm: 2S + 1N. Bit 0 of Rm selects Thumb state.
    fn bx(&mut self, ins: u32) -> Exec {
        self.prefetch(true);
        let target = self.r[reg(ins, 0)];
        self.set_flag(psr::T, target & 1 != 0);
        self.branch(target);
        Ok(())
    }

    /// B, BL: 2S + 1N. The offset is relative to the instruction + 8; BL
    /// leaves the address of the next instruction in R14.
    fn branch_link(&mut self, ins: u32) -> Exec {
        self.prefetch(true);
        let offset = ((ins << 8) as i32 >> 6) as u32;
        if bit(ins, 24) {
            self.r[14] = self.r[15].wrapping_sub(4);
        }
        let target = self.r[15].wrapping_add(offset);
        self.branch(target);
        Ok(())
    }

    /// Data processing with a register operand shifted by an immediate (1S)
    /// or by a register (1S + 1I; R15 then reads as the instruction + 12).
    fn data_processing_register(&mut self, ins: u32) -> Exec {
        let kind = Shift::from_bits(ins >> 5);
        let carry = self.flag(psr::C);
        let rm = reg(ins, 0);
        self.prefetch(true);
        let (value, carry) = if bit(ins, 4) {
            self.bus.idle(1);
            let amount = self.r[reg(ins, 8)];
            let v = self.r[rm].wrapping_add(if rm == 15 { 4 } else { 0 });
            alu::shift_reg(kind, v, amount, carry)
        } else {
            alu::shift_imm(kind, self.r[rm], ins >> 7 & 31, carry)
        };
        self.data_processing(ins, value, carry, bit(ins, 4));
        Ok(())
    }

    /// The sixteen ALU operations on Rn and the shifter operand; S sets the
    /// flags (with Rd = R15: CPSR = SPSR, the exception return); a write
    /// to R15 adds 1S + 1N.
    pub(super) fn data_processing(
        &mut self,
        ins: u32,
        b: u32,
        shifter_carry: bool,
        reg_shift: bool,
    ) {
        let rn = reg(ins, 16);
        let rd = reg(ins, 12);
        let a = self.r[rn].wrapping_add(if rn == 15 && reg_shift { 4 } else { 0 });
        let c = self.flag(psr::C);
        let op = ins >> 21 & 0xF;
        // (result, written to Rd, arithmetic carry and overflow if any)
        let (result, writes, arith) = match op {
            0x0 => (a & b, true, None),
            0x1 => (a ^ b, true, None),
            0x2 => Self::arith(alu::sub(a, b, true), true),
            0x3 => Self::arith(alu::sub(b, a, true), true),
            0x4 => Self::arith(alu::add(a, b, false), true),
            0x5 => Self::arith(alu::add(a, b, c), true),
            0x6 => Self::arith(alu::sub(a, b, c), true),
            0x7 => Self::arith(alu::sub(b, a, c), true),
            0x8 => (a & b, false, None),
            0x9 => (a ^ b, false, None),
            0xA => Self::arith(alu::sub(a, b, true), false),
            0xB => Self::arith(alu::add(a, b, false), false),
            0xC => (a | b, true, None),
            0xD => (b, true, None),
            0xE => (a & !b, true, None),
            _ => (!b, true, None),
        };
        if bit(ins, 20) {
            if rd == 15 && writes {
                self.restore_cpsr();
            } else {
                self.set_nz(result);
                match arith {
                    Some((carry, overflow)) => {
                        self.set_flag(psr::C, carry);
                        self.set_flag(psr::V, overflow);
                    }
                    None => self.set_flag(psr::C, shifter_carry),
                }
            }
        }
        if writes {
            self.write_reg(rd, result);
        }
    }

    fn arith((r, c, v): (u32, bool, bool), writes: bool) -> (u32, bool, Option<(bool, bool)>) {
        (r, writes, Some((c, v)))
    }

    /// MRS Rd, CPSR/SPSR: 1S.
    fn mrs(&mut self, ins: u32) -> Exec {
        self.prefetch(true);
        let value = if bit(ins, 22) { self.spsr() } else { self.cpsr };
        self.write_reg(reg(ins, 12), value);
        Ok(())
    }

    /// MSR CPSR/SPSR_<fields>, value: 1S. The field mask (bits 19-16)
    /// selects control (7-0), extension, status and flags (31-24) bytes;
    /// ARMv4T defines only N, Z, C, V and the control byte, so the other
    /// bits stay zero. User mode may change only the flags. The T bit is
    /// not written.
    fn msr(&mut self, ins: u32, value: u32) -> Exec {
        self.prefetch(true);
        let mut mask = psr::DEFINED;
        for field in 0..4 {
            if !bit(ins, 16 + field) {
                mask &= !(0xFF << (8 * field));
            }
        }
        if bit(ins, 22) {
            let bank = self.mode().bank();
            if bank != 0 {
                self.spsr[bank] = (self.spsr[bank] & !mask) | (value & mask);
            }
            return Ok(());
        }
        if self.mode() == Mode::User {
            mask &= 0xFF00_0000;
        }
        mask &= !psr::T;
        let new = (self.cpsr & !mask) | (value & mask);
        if Mode::from_bits(new).is_some() {
            self.set_cpsr(new);
        } else {
            self.cpsr = (new & !psr::MODE) | (self.cpsr & psr::MODE);
        }
        Ok(())
    }

    /// MUL, MLA: 1S + mI (+1I to accumulate), m from Rs. S sets N and Z;
    /// C and V are left as they were (ARMv4 leaves C unpredictable).
    fn multiply(&mut self, ins: u32) -> Exec {
        let (rd, rn, rs, rm) = (reg(ins, 16), reg(ins, 12), reg(ins, 8), reg(ins, 0));
        let accumulate = bit(ins, 21);
        self.prefetch(true);
        let m = alu::multiply_cycles(self.r[rs], true);
        self.bus.idle(m + accumulate as u32);
        let mut result = self.r[rm].wrapping_mul(self.r[rs]);
        if accumulate {
            result = result.wrapping_add(self.r[rn]);
        }
        if bit(ins, 20) {
            self.set_nz(result);
        }
        self.write_reg(rd, result);
        Ok(())
    }

    /// UMULL, UMLAL, SMULL, SMLAL: 1S + (m + 1)I (+1I to accumulate).
    fn multiply_long(&mut self, ins: u32) -> Exec {
        let (hi, lo, rs, rm) = (reg(ins, 16), reg(ins, 12), reg(ins, 8), reg(ins, 0));
        let signed = bit(ins, 22);
        let accumulate = bit(ins, 21);
        self.prefetch(true);
        let m = alu::multiply_cycles(self.r[rs], signed);
        self.bus.idle(m + 1 + accumulate as u32);
        let product = if signed {
            (self.r[rm] as i32 as i64).wrapping_mul(self.r[rs] as i32 as i64) as u64
        } else {
            self.r[rm] as u64 * self.r[rs] as u64
        };
        let mut result = product;
        if accumulate {
            result = result.wrapping_add((self.r[hi] as u64) << 32 | self.r[lo] as u64);
        }
        if bit(ins, 20) {
            self.set_flag(psr::N, result >> 63 != 0);
            self.set_flag(psr::Z, result == 0);
        }
        self.write_reg(lo, result as u32);
        self.write_reg(hi, (result >> 32) as u32);
        Ok(())
    }

    /// SWP, SWPB: 1S + 2N + 1I; the word read rotates as LDR's.
    fn swap(&mut self, ins: u32) -> Exec {
        let (rn, rd, rm) = (reg(ins, 16), reg(ins, 12), reg(ins, 0));
        let addr = self.r[rn];
        let source = self.r[rm];
        self.prefetch(true);
        let old = if bit(ins, 22) {
            let old = self.bus.read(addr, 1, false)?;
            self.bus.write(addr, 1, source & 0xFF, false)?;
            old
        } else {
            let old = self.load_word_rotated(addr, false)?;
            self.store_word(addr, source, false)?;
            old
        };
        self.bus.idle(1);
        self.write_reg(rd, old);
        Ok(())
    }

    /// The effective address of a transfer and its write-back: pre-indexed
    /// (P) with optional write-back (W), or post-indexed (always writes
    /// back). U adds the offset, else subtracts it.
    fn index(&self, ins: u32, base: u32, offset: u32) -> (u32, Option<u32>) {
        let moved = if bit(ins, 23) {
            base.wrapping_add(offset)
        } else {
            base.wrapping_sub(offset)
        };
        if bit(ins, 24) {
            (moved, bit(ins, 21).then_some(moved))
        } else {
            (base, Some(moved))
        }
    }

    /// LDR, LDRB (1S + 1N + 1I; into R15 +1S + 1N) and STR, STRB (2N). The
    /// loaded value wins over the write-back when Rd = Rn; LDR into R15
    /// does not change state on ARMv4T; STR of R15 stores the instruction
    /// + 12.
    fn single_transfer(&mut self, ins: u32, offset: u32) -> Exec {
        let (rn, rd) = (reg(ins, 16), reg(ins, 12));
        let (addr, writeback) = self.index(ins, self.r[rn], offset);
        let byte = bit(ins, 22);
        if bit(ins, 20) {
            self.prefetch(true);
            let value = if byte {
                self.bus.read(addr, 1, false)?
            } else {
                self.load_word_rotated(addr, false)?
            };
            self.finish_load(rn, rd, writeback, value);
        } else {
            self.prefetch(false);
            let value = self.store_value(rd);
            if byte {
                self.bus.write(addr, 1, value & 0xFF, false)?;
            } else {
                self.store_word(addr, value, false)?;
            }
            self.write_back(rn, writeback);
        }
        Ok(())
    }

    /// The end of every single load: the I cycle, the write-back, then the
    /// loaded value, which wins when Rd = Rn.
    fn finish_load(&mut self, rn: usize, rd: usize, writeback: Option<u32>, value: u32) {
        self.bus.idle(1);
        self.write_back(rn, writeback);
        self.write_reg(rd, value);
    }

    fn write_back(&mut self, rn: usize, writeback: Option<u32>) {
        if let Some(base) = writeback {
            self.write_reg(rn, base);
        }
    }

    /// What a store of Rd writes: R15 as the instruction + 12 (TRM 4.9.4).
    fn store_value(&self, rd: usize) -> u32 {
        self.r[rd].wrapping_add(if rd == 15 { 4 } else { 0 })
    }

    /// LDRH, LDRSB, LDRSH (1S + 1N + 1I) and STRH (2N), with an immediate
    /// (bit 22) or register offset. Other encodings of this space are
    /// undefined on ARMv4T.
    fn halfword_transfer(&mut self, ins: u32) -> Exec {
        let (rn, rd) = (reg(ins, 16), reg(ins, 12));
        let sh = ins >> 5 & 3;
        let load = bit(ins, 20);
        if !load && sh != 1 || !bit(ins, 22) && ins & 0xF00 != 0 {
            return Err(Fault::Undefined);
        }
        let offset = if bit(ins, 22) {
            (ins >> 4 & 0xF0) | (ins & 0xF)
        } else {
            self.r[reg(ins, 0)]
        };
        let (addr, writeback) = self.index(ins, self.r[rn], offset);
        if load {
            self.prefetch(true);
            let value = match sh {
                1 => self.load_half(addr)?,
                2 => self.bus.read(addr, 1, false)? as i8 as u32,
                _ => self.load_signed_half(addr)?,
            };
            self.finish_load(rn, rd, writeback, value);
        } else {
            self.prefetch(false);
            let value = self.store_value(rd);
            self.store_half(addr, value)?;
            self.write_back(rn, writeback);
        }
        Ok(())
    }

    /// LDM (nS + 1N + 1I; with R15 +1S + 1N) and STM ((n - 1)S + 2N), in
    /// the four addressing modes, with the ARM7TDMI's rules: registers go
    /// lowest first to the lowest address; LDM with the base in the list
    /// does not write back; STM with the base in the list stores the
    /// original base if it is the first register, else the written-back
    /// one; an empty list transfers R15 and moves the base by 0x40. S (^)
    /// with R15 in an LDM restores CPSR from SPSR, otherwise transfers the
    /// User-mode registers.
    pub(super) fn block_transfer(&mut self, ins: u32) -> Exec {
        let rn = reg(ins, 16);
        let list = ins & 0xFFFF;
        let (pre, up, user, writeback, load) = (
            bit(ins, 24),
            bit(ins, 23),
            bit(ins, 22),
            bit(ins, 21),
            bit(ins, 20),
        );
        let (list, span) = if list == 0 {
            (1 << 15, 0x40)
        } else {
            (list, 4 * list.count_ones())
        };
        let base = self.r[rn];
        let lowest = if up { base } else { base.wrapping_sub(span) };
        let new_base = if up {
            base.wrapping_add(span)
        } else {
            base.wrapping_sub(span)
        };
        // IB and DA step before each transfer: DB starts at base - span.
        let mut addr = if pre == up {
            lowest.wrapping_add(4)
        } else {
            lowest
        };
        let user_bank = user && !(load && list & 1 << 15 != 0);
        let saved_mode = self.mode();
        if load {
            self.prefetch(true);
            let mut values = Vec::with_capacity(16);
            let mut sequential = false;
            for i in (0..16).filter(|i| list & 1 << i != 0) {
                values.push((i, self.load_word(addr, sequential)?));
                sequential = true;
                addr = addr.wrapping_add(4);
            }
            self.bus.idle(1);
            if writeback && list & 1 << rn == 0 {
                self.set_r(rn, new_base);
            }
            if user_bank {
                self.switch_mode(Mode::User);
            }
            for (i, value) in values {
                if i == 15 {
                    if user {
                        self.restore_cpsr();
                    }
                    self.branch(value);
                } else {
                    self.set_r(i, value);
                }
            }
            if user_bank {
                self.switch_mode(saved_mode);
            }
        } else {
            self.prefetch(false);
            let first = list.trailing_zeros() as usize;
            if user_bank {
                self.switch_mode(Mode::User);
            }
            let mut sequential = false;
            for i in (0..16).filter(|i| list & 1 << i != 0) {
                let value = match i {
                    15 => self.r[15].wrapping_add(4),
                    i if i == rn && writeback && i != first => new_base,
                    i => self.r[i],
                };
                if let Err(e) = self.store_word(addr, value, sequential) {
                    if user_bank {
                        self.switch_mode(saved_mode);
                    }
                    return Err(e.into());
                }
                sequential = true;
                addr = addr.wrapping_add(4);
            }
            if user_bank {
                self.switch_mode(saved_mode);
            }
            if writeback {
                self.set_r(rn, new_base);
            }
        }
        Ok(())
    }
}
