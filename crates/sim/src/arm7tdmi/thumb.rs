//! Thumb state: the nineteen instruction formats of the ARM7TDMI TRM §5,
//! each timed as the ARM instruction it stands for (TRM chapter 6).

use super::alu::{self, Shift};
use super::{Arm7tdmi, Exec, Fault, Mode, psr};

fn low(x: u16, at: u32) -> usize {
    (x >> at & 7) as usize
}

impl Arm7tdmi {
    pub(super) fn execute_thumb(&mut self, ins: u16) -> Exec {
        let i = ins as u32;
        match ins >> 13 {
            0b000 if ins >> 11 & 3 == 3 => self.t_add_sub(i),
            0b000 => self.t_shift_imm(i),
            0b001 => self.t_imm8(i),
            0b010 => match ins >> 10 {
                0b010000 => self.t_alu(i),
                0b010001 => self.t_hi_reg(i),
                0b010010 | 0b010011 => {
                    // LDR Rd, [PC, #imm8 * 4]: PC word-aligned
                    let addr = (self.r[15] & !3).wrapping_add((i & 0xFF) * 4);
                    self.t_load(low(ins, 8), addr, Width::Word)
                }
                _ => self.t_register_offset(i),
            },
            0b011 => {
                // LDR/STR(B) Rd, [Rb, #imm5 (× 4 for words)]
                let byte = i >> 12 & 1 != 0;
                let offset = (i >> 6 & 31) * if byte { 1 } else { 4 };
                let addr = self.r[low(ins, 3)].wrapping_add(offset);
                let width = if byte { Width::Byte } else { Width::Word };
                self.t_transfer(i >> 11 & 1 != 0, low(ins, 0), addr, width)
            }
            0b100 => {
                if ins >> 12 & 1 == 0 {
                    // LDRH/STRH Rd, [Rb, #imm5 × 2]
                    let addr = self.r[low(ins, 3)].wrapping_add((i >> 6 & 31) * 2);
                    self.t_transfer(i >> 11 & 1 != 0, low(ins, 0), addr, Width::Half)
                } else {
                    // LDR/STR Rd, [SP, #imm8 × 4]
                    let addr = self.r[13].wrapping_add((i & 0xFF) * 4);
                    self.t_transfer(i >> 11 & 1 != 0, low(ins, 8), addr, Width::Word)
                }
            }
            0b101 => {
                if ins >> 12 & 1 == 0 {
                    // ADD Rd, PC/SP, #imm8 × 4: 1S
                    self.prefetch(true);
                    let base = if i >> 11 & 1 != 0 {
                        self.r[13]
                    } else {
                        self.r[15] & !3
                    };
                    let wb = base.wrapping_add((i & 0xFF) * 4);
                    self.set_r(low(ins, 8), wb);
                    Ok(())
                } else if ins >> 8 & 0xF == 0 {
                    // ADD SP, #±imm7 × 4: 1S
                    self.prefetch(true);
                    let offset = (i & 0x7F) * 4;
                    let sp = if i >> 7 & 1 != 0 {
                        self.r[13].wrapping_sub(offset)
                    } else {
                        self.r[13].wrapping_add(offset)
                    };
                    self.set_r(13, sp);
                    Ok(())
                } else if ins >> 9 & 3 == 2 {
                    self.t_push_pop(i)
                } else {
                    Err(Fault::Undefined)
                }
            }
            0b110 => {
                if ins >> 12 & 1 == 0 {
                    // LDMIA/STMIA Rb!, {rlist}: the ARM LDM/STM with
                    // write-back
                    let rb = low(ins, 8) as u32;
                    let l = i >> 11 & 1;
                    self.block_transfer(0xE8A0_0000 | l << 20 | rb << 16 | (i & 0xFF))
                } else {
                    self.t_conditional(i)
                }
            }
            _ => {
                if ins >> 11 & 3 == 0 {
                    // B offset11: 2S + 1N
                    self.prefetch(true);
                    let offset = ((i << 21) as i32 >> 20) as u32;
                    let target = self.r[15].wrapping_add(offset);
                    self.branch(target);
                    Ok(())
                } else {
                    self.t_branch_link(i)
                }
            }
        }
    }

    /// LSL/LSR/ASR Rd, Rs, #imm5 (format 1): 1S; LSR and ASR #0 mean 32.
    fn t_shift_imm(&mut self, i: u32) -> Exec {
        self.prefetch(true);
        let kind = Shift::from_bits(i >> 11);
        let (v, c) = alu::shift_imm(
            kind,
            self.r[low(i as u16, 3)],
            i >> 6 & 31,
            self.flag(psr::C),
        );
        self.set_nz(v);
        self.set_flag(psr::C, c);
        self.set_r(low(i as u16, 0), v);
        Ok(())
    }

    /// ADD/SUB Rd, Rs, Rn or #imm3 (format 2): 1S.
    fn t_add_sub(&mut self, i: u32) -> Exec {
        self.prefetch(true);
        let a = self.r[low(i as u16, 3)];
        let b = if i >> 10 & 1 != 0 {
            i >> 6 & 7
        } else {
            self.r[low(i as u16, 6)]
        };
        let r = if i >> 9 & 1 != 0 {
            alu::sub(a, b, true)
        } else {
            alu::add(a, b, false)
        };
        self.set_arith(r);
        self.set_r(low(i as u16, 0), r.0);
        Ok(())
    }

    fn set_arith(&mut self, (r, c, v): (u32, bool, bool)) {
        self.set_nz(r);
        self.set_flag(psr::C, c);
        self.set_flag(psr::V, v);
    }

    /// MOV/CMP/ADD/SUB Rd, #imm8 (format 3): 1S.
    fn t_imm8(&mut self, i: u32) -> Exec {
        self.prefetch(true);
        let rd = low(i as u16, 8);
        let imm = i & 0xFF;
        match i >> 11 & 3 {
            0 => {
                self.set_nz(imm);
                self.set_r(rd, imm);
            }
            1 => self.set_arith(alu::sub(self.r[rd], imm, true)),
            2 => {
                let r = alu::add(self.r[rd], imm, false);
                self.set_arith(r);
                self.set_r(rd, r.0);
            }
            _ => {
                let r = alu::sub(self.r[rd], imm, true);
                self.set_arith(r);
                self.set_r(rd, r.0);
            }
        }
        Ok(())
    }

    /// The sixteen ALU operations on Rd and Rs (format 4): 1S; shifts by
    /// register +1I (ARM's register-specified shift); MUL 1S + mI, m from
    /// Rd (ARM MULS Rd, Rs, Rd).
    fn t_alu(&mut self, i: u32) -> Exec {
        let (rd, rs) = (low(i as u16, 0), low(i as u16, 3));
        let (a, b) = (self.r[rd], self.r[rs]);
        let c = self.flag(psr::C);
        self.prefetch(true);
        let shift = |s: &mut Self, kind| {
            s.bus.idle(1);
            let (v, c) = alu::shift_reg(kind, a, b, c);
            s.set_nz(v);
            s.set_flag(psr::C, c);
            s.r[rd] = v;
        };
        match i >> 6 & 0xF {
            0x0 => self.t_logic(rd, a & b, true),
            0x1 => self.t_logic(rd, a ^ b, true),
            0x2 => shift(self, Shift::Lsl),
            0x3 => shift(self, Shift::Lsr),
            0x4 => shift(self, Shift::Asr),
            0x5 => self.t_arith(rd, alu::add(a, b, c), true),
            0x6 => self.t_arith(rd, alu::sub(a, b, c), true),
            0x7 => shift(self, Shift::Ror),
            0x8 => self.t_logic(rd, a & b, false),
            0x9 => self.t_arith(rd, alu::sub(0, b, true), true),
            0xA => self.t_arith(rd, alu::sub(a, b, true), false),
            0xB => self.t_arith(rd, alu::add(a, b, false), false),
            0xC => self.t_logic(rd, a | b, true),
            0xD => {
                self.bus.idle(alu::multiply_cycles(a, true));
                let v = a.wrapping_mul(b);
                self.set_nz(v);
                self.set_r(rd, v);
            }
            0xE => self.t_logic(rd, a & !b, true),
            _ => self.t_logic(rd, !b, true),
        }
        Ok(())
    }

    fn t_logic(&mut self, rd: usize, v: u32, writes: bool) {
        self.set_nz(v);
        if writes {
            self.set_r(rd, v);
        }
    }

    fn t_arith(&mut self, rd: usize, r: (u32, bool, bool), writes: bool) {
        self.set_arith(r);
        if writes {
            self.set_r(rd, r.0);
        }
    }

    /// ADD, CMP, MOV on any of R0-R15, and BX (format 5): 1S; a write to
    /// PC 2S + 1N (staying in Thumb state); BX 2S + 1N, bit 0 of Rs
    /// choosing the state. PC reads as the instruction + 4.
    fn t_hi_reg(&mut self, i: u32) -> Exec {
        let rd = (i & 7 | (i >> 4 & 8)) as usize;
        let rs = (i >> 3 & 0xF) as usize;
        self.prefetch(true);
        let (a, b) = (self.r[rd], self.r[rs]);
        match i >> 8 & 3 {
            0 => self.write_reg(rd, a.wrapping_add(b)),
            1 => self.set_arith(alu::sub(a, b, true)),
            2 => self.write_reg(rd, b),
            _ => {
                self.set_flag(psr::T, b & 1 != 0);
                self.branch(b);
            }
        }
        Ok(())
    }

    /// Formats 7 and 8: loads and stores with a register offset.
    fn t_register_offset(&mut self, i: u32) -> Exec {
        let addr = self.r[low(i as u16, 3)].wrapping_add(self.r[low(i as u16, 6)]);
        let rd = low(i as u16, 0);
        if i >> 9 & 1 == 0 {
            let width = if i >> 10 & 1 != 0 {
                Width::Byte
            } else {
                Width::Word
            };
            self.t_transfer(i >> 11 & 1 != 0, rd, addr, width)
        } else {
            match i >> 10 & 3 {
                0 => self.t_transfer(false, rd, addr, Width::Half),
                1 => self.t_load(rd, addr, Width::SignedByte),
                2 => self.t_load(rd, addr, Width::Half),
                _ => self.t_load(rd, addr, Width::SignedHalf),
            }
        }
    }

    fn t_transfer(&mut self, load: bool, rd: usize, addr: u32, width: Width) -> Exec {
        if load {
            return self.t_load(rd, addr, width);
        }
        // STR: 2N
        self.prefetch(false);
        let v = self.r[rd];
        match width {
            Width::Byte => self.bus.write(addr, 1, v & 0xFF, false)?,
            Width::Half => self.store_half(addr, v)?,
            _ => self.store_word(addr, v, false)?,
        }
        Ok(())
    }

    /// Every Thumb load: 1S + 1N + 1I, with the ARM7TDMI's unaligned rules.
    fn t_load(&mut self, rd: usize, addr: u32, width: Width) -> Exec {
        self.prefetch(true);
        let v = match width {
            Width::Byte => self.bus.read(addr, 1, false)?,
            Width::SignedByte => self.bus.read(addr, 1, false)? as i8 as u32,
            Width::Half => self.load_half(addr)?,
            Width::SignedHalf => self.load_signed_half(addr)?,
            Width::Word => self.load_word_rotated(addr, false)?,
        };
        self.bus.idle(1);
        self.set_r(rd, v);
        Ok(())
    }

    /// PUSH {rlist, LR} = STMDB SP!; POP {rlist, PC} = LDMIA SP! (format
    /// 14), timed as those. POP into PC stays in Thumb state on ARMv4T.
    fn t_push_pop(&mut self, i: u32) -> Exec {
        let pop = i >> 11 & 1 != 0;
        let extra = i >> 8 & 1;
        let list = i & 0xFF;
        if pop {
            self.block_transfer(0xE8BD_0000 | extra << 15 | list)
        } else {
            self.block_transfer(0xE92D_0000 | extra << 14 | list)
        }
    }

    /// Bcond (format 16): taken 2S + 1N, not taken 1S; cond 1111 is SWI
    /// (format 17, 2S + 1N), 1110 undefined.
    fn t_conditional(&mut self, i: u32) -> Exec {
        let cond = i >> 8 & 0xF;
        self.prefetch(true);
        match cond {
            0xE => Err(Fault::Undefined),
            0xF => {
                let ret = self.r[15].wrapping_sub(2);
                self.exception(Mode::Supervisor, 0x08, ret);
                Ok(())
            }
            _ => {
                if self.passes(cond) {
                    let offset = ((i << 24) as i32 >> 23) as u32;
                    let target = self.r[15].wrapping_add(offset);
                    self.branch(target);
                }
                Ok(())
            }
        }
    }

    /// BL as its two halves (format 19): the first puts PC + (offset << 12)
    /// in LR (1S); the second branches to LR + (offset << 1) and leaves the
    /// return address | 1 in LR (2S + 1N). 11101 (BLX) is ARMv5:
    /// undefined here.
    fn t_branch_link(&mut self, i: u32) -> Exec {
        let offset = i & 0x7FF;
        match i >> 11 & 3 {
            2 => {
                self.prefetch(true);
                let high = ((offset << 21) as i32 >> 9) as u32;
                let wb = self.r[15].wrapping_add(high);
                self.set_r(14, wb);
                Ok(())
            }
            3 => {
                self.prefetch(true);
                let ret = self.r[15].wrapping_sub(2) | 1;
                let target = self.r[14].wrapping_add(offset << 1);
                self.set_r(14, ret);
                self.branch(target);
                Ok(())
            }
            _ => Err(Fault::Undefined),
        }
    }
}

#[derive(Clone, Copy)]
enum Width {
    Byte,
    SignedByte,
    Half,
    SignedHalf,
    Word,
}
