//! Execution of every MCS-51 instruction (Intel 272383, "Instruction
//! Definitions"). `self.pc` already points past the instruction.

use super::{AC, CY, Mcs51, OV, sfr};

/// Where a memory operand lives: a direct address (RAM or SFR) or an
/// internal-RAM address reached indirectly (@Ri, and Rn by its bank address).
#[derive(Clone, Copy)]
enum Loc {
    Direct(u8),
    Indirect(u8),
}

/// Sign-extend a relative offset.
fn rel(pc: u16, offset: u8) -> u16 {
    pc.wrapping_add(offset as i8 as u16)
}

impl Mcs51 {
    /// The memory operand selected by the low nibble of the arithmetic and
    /// logic groups: 5 = direct, 6/7 = @Ri, 8-F = Rn.
    #[inline]
    fn locate(&mut self, op: u8, b1: u8) -> Loc {
        match op & 0x0F {
            0x5 => Loc::Direct(b1),
            0x6 | 0x7 => Loc::Indirect(self.read_rn(op & 1)),
            _ => Loc::Indirect(self.rn_addr(op & 7)),
        }
    }

    #[inline]
    fn load(&mut self, loc: Loc) -> u8 {
        match loc {
            Loc::Direct(a) => self.read_direct(a),
            Loc::Indirect(a) => self.read_indirect(a),
        }
    }

    #[inline]
    fn put(&mut self, loc: Loc, v: u8) {
        match loc {
            Loc::Direct(a) => self.write_direct(a, v),
            Loc::Indirect(a) => self.write_indirect(a, v),
        }
    }

    /// The source operand: low nibble 4 is #data, the rest as [`locate`](Self::locate).
    #[inline]
    fn source(&mut self, op: u8, b1: u8) -> u8 {
        if op & 0x0F == 0x4 {
            return b1;
        }
        let loc = self.locate(op, b1);
        self.load(loc)
    }

    #[inline]
    fn store(&mut self, op: u8, b1: u8, v: u8) {
        let loc = self.locate(op, b1);
        self.put(loc, v)
    }

    /// ADD and ADDC: CY from bit 7, AC from bit 3, OV from the signed sum.
    #[inline]
    fn add(&mut self, v: u8, carry_in: bool) {
        let a = self.acc();
        let c = carry_in as u16;
        let sum = a as u16 + v as u16 + c;
        let half = (a & 0x0F) + (v & 0x0F) + c as u8;
        let signed = (a as i8 as i16) + (v as i8 as i16) + c as i16;
        let mut flags = 0;
        if sum > 0xFF {
            flags |= CY;
        }
        if half > 0x0F {
            flags |= AC;
        }
        if !(-128..=127).contains(&signed) {
            flags |= OV;
        }
        self.set_psw_flags(CY | AC | OV, flags);
        self.set_acc(sum as u8);
    }

    /// SUBB: A - v - CY with borrows in CY and AC, OV from the signed difference.
    #[inline]
    fn subb(&mut self, v: u8) {
        let a = self.acc();
        let c = self.cy() as i16;
        let diff = a as i16 - v as i16 - c;
        let half = (a & 0x0F) as i16 - (v & 0x0F) as i16 - c;
        let signed = (a as i8 as i16) - (v as i8 as i16) - c;
        let mut flags = 0;
        if diff < 0 {
            flags |= CY;
        }
        if half < 0 {
            flags |= AC;
        }
        if !(-128..=127).contains(&signed) {
            flags |= OV;
        }
        self.set_psw_flags(CY | AC | OV, flags);
        self.set_acc(diff as u8);
    }

    /// DA A: decimal adjust after addition; CY is only ever set.
    fn decimal_adjust(&mut self) {
        let mut a = self.acc() as u16;
        let psw = self.sfr_raw(sfr::PSW);
        let mut carry = psw & CY != 0;
        if a & 0x0F > 9 || psw & AC != 0 {
            a += 0x06;
            carry |= a > 0xFF;
            a &= 0xFF;
        }
        if a >> 4 > 9 || carry {
            a += 0x60;
            carry |= a > 0xFF;
            a &= 0xFF;
        }
        self.set_cy(carry);
        self.set_acc(a as u8);
    }

    fn jump_if(&mut self, condition: bool, offset: u8) {
        if condition {
            self.pc = rel(self.pc, offset);
        }
    }

    fn call(&mut self, target: u16) {
        let [hi, lo] = self.pc.to_be_bytes();
        self.push(lo);
        self.push(hi);
        self.pc = target;
    }

    /// CJNE: jump if the operands differ; CY = (first < second).
    fn compare_jump(&mut self, first: u8, second: u8, offset: u8) {
        self.set_cy(first < second);
        self.jump_if(first != second, offset);
    }

    pub(super) fn execute(&mut self, op: u8, b1: u8, b2: u8) {
        match op {
            0x00 => {} // NOP
            // AJMP addr11 / ACALL addr11: the top five PC bits stay.
            _ if op & 0x1F == 0x01 => {
                self.pc = (self.pc & 0xF800) | ((op as u16 >> 5) << 8) | b1 as u16
            }
            _ if op & 0x1F == 0x11 => {
                let target = (self.pc & 0xF800) | ((op as u16 >> 5) << 8) | b1 as u16;
                self.call(target)
            }
            0x02 => self.pc = u16::from_be_bytes([b1, b2]), // LJMP
            0x12 => self.call(u16::from_be_bytes([b1, b2])), // LCALL
            0x22 | 0x32 => {
                // RET, RETI (no interrupt logic is modelled)
                let hi = self.pop();
                let lo = self.pop();
                self.pc = u16::from_be_bytes([hi, lo]);
            }
            0x80 => self.pc = rel(self.pc, b1), // SJMP
            0x73 => self.pc = self.dptr().wrapping_add(self.acc() as u16), // JMP @A+DPTR
            0x60 => self.jump_if(self.acc() == 0, b1), // JZ
            0x70 => self.jump_if(self.acc() != 0, b1), // JNZ
            0x40 => self.jump_if(self.cy(), b1), // JC
            0x50 => self.jump_if(!self.cy(), b1), // JNC
            0x20 => {
                let set = self.read_bit(b1);
                self.jump_if(set, b2) // JB
            }
            0x30 => {
                let set = self.read_bit(b1);
                self.jump_if(!set, b2) // JNB
            }
            0x10 => {
                // JBC: jump and clear if set
                if self.read_bit(b1) {
                    self.write_bit(b1, false);
                    self.pc = rel(self.pc, b2);
                }
            }
            0xB4 => self.compare_jump(self.acc(), b1, b2), // CJNE A,#data
            0xB5 => {
                let v = self.read_direct(b1);
                self.compare_jump(self.acc(), v, b2) // CJNE A,direct
            }
            0xB6 | 0xB7 => {
                let ri = self.read_rn(op & 1);
                let v = self.read_indirect(ri);
                self.compare_jump(v, b1, b2) // CJNE @Ri,#data
            }
            0xB8..=0xBF => {
                let v = self.read_rn(op & 7);
                self.compare_jump(v, b1, b2) // CJNE Rn,#data
            }
            0xD5 => {
                // DJNZ direct
                let v = self.read_direct(b1).wrapping_sub(1);
                self.write_direct(b1, v);
                self.jump_if(v != 0, b2)
            }
            0xD8..=0xDF => {
                let v = self.read_rn(op & 7).wrapping_sub(1);
                self.write_rn(op & 7, v);
                self.jump_if(v != 0, b1)
            }

            // ---- arithmetic -------------------------------------------
            0x24..=0x2F => {
                let v = self.source(op, b1);
                self.add(v, false)
            }
            0x34..=0x3F => {
                let v = self.source(op, b1);
                let c = self.cy();
                self.add(v, c)
            }
            0x94..=0x9F => {
                let v = self.source(op, b1);
                self.subb(v)
            }
            0x04 => self.set_acc(self.acc().wrapping_add(1)), // INC A
            0x14 => self.set_acc(self.acc().wrapping_sub(1)), // DEC A
            0x05..=0x0F | 0x15..=0x1F => {
                // INC / DEC direct, @Ri, Rn (a read-modify-write)
                let loc = self.locate(op, b1);
                let v = self.load(loc);
                self.put(
                    loc,
                    if op < 0x10 {
                        v.wrapping_add(1)
                    } else {
                        v.wrapping_sub(1)
                    },
                )
            }
            0xA3 => self.set_dptr(self.dptr().wrapping_add(1)), // INC DPTR
            0xA4 => {
                // MUL AB: B:A = A*B, CY = 0, OV = product > 255
                let p = self.acc() as u16 * self.b() as u16;
                self.set_acc(p as u8);
                self.set_sfr(sfr::B, (p >> 8) as u8);
                self.set_psw_flags(CY | OV, if p > 0xFF { OV } else { 0 });
            }
            0x84 => {
                // DIV AB: CY = 0; B = 0 sets OV and leaves A and B unchanged
                let (a, b) = (self.acc(), self.b());
                match (a.checked_div(b), a.checked_rem(b)) {
                    (Some(q), Some(r)) => {
                        self.set_acc(q);
                        self.set_sfr(sfr::B, r);
                        self.set_psw_flags(CY | OV, 0);
                    }
                    _ => self.set_psw_flags(CY | OV, OV),
                }
            }
            0xD4 => self.decimal_adjust(),

            // ---- logic -------------------------------------------------
            0x54..=0x5F => {
                let v = self.source(op, b1);
                self.set_acc(self.acc() & v)
            }
            0x44..=0x4F => {
                let v = self.source(op, b1);
                self.set_acc(self.acc() | v)
            }
            0x64..=0x6F => {
                let v = self.source(op, b1);
                self.set_acc(self.acc() ^ v)
            }
            0x52 | 0x42 | 0x62 | 0x53 | 0x43 | 0x63 => {
                // ANL/ORL/XRL direct,A and direct,#data
                let v = self.read_direct(b1);
                let operand = if op & 1 == 0 { self.acc() } else { b2 };
                let r = match op & 0xF0 {
                    0x50 => v & operand,
                    0x40 => v | operand,
                    _ => v ^ operand,
                };
                self.write_direct(b1, r)
            }
            0xE4 => self.set_acc(0),                          // CLR A
            0xF4 => self.set_acc(!self.acc()),                // CPL A
            0x23 => self.set_acc(self.acc().rotate_left(1)),  // RL A
            0x03 => self.set_acc(self.acc().rotate_right(1)), // RR A
            0x33 => {
                // RLC A
                let a = self.acc();
                let c = self.cy();
                self.set_cy(a & 0x80 != 0);
                self.set_acc((a << 1) | c as u8)
            }
            0x13 => {
                // RRC A
                let a = self.acc();
                let c = self.cy();
                self.set_cy(a & 1 != 0);
                self.set_acc((a >> 1) | ((c as u8) << 7))
            }
            0xC4 => self.set_acc(self.acc().rotate_left(4)), // SWAP A

            // ---- data transfer -------------------------------------------
            0x74 => self.set_acc(b1), // MOV A,#data
            0xE5..=0xEF => {
                let v = self.source(op, b1);
                self.set_acc(v) // MOV A,direct/@Ri/Rn
            }
            0xF5..=0xFF => {
                let a = self.acc();
                self.store(op, b1, a) // MOV direct/@Ri/Rn,A
            }
            0x75 => self.write_direct(b1, b2), // MOV direct,#data
            0x76..=0x7F => self.store(op, 0, b1), // MOV @Ri/Rn,#data
            0x85 => {
                // MOV direct,direct: source first in the encoding
                let v = self.read_direct(b1);
                self.write_direct(b2, v)
            }
            0x86..=0x8F => {
                // MOV direct,@Ri / direct,Rn
                let v = self.source(op, 0);
                self.write_direct(b1, v)
            }
            0xA6..=0xAF => {
                // MOV @Ri,direct / Rn,direct
                let v = self.read_direct(b1);
                self.store(op, 0, v)
            }
            0x90 => self.set_dptr(u16::from_be_bytes([b1, b2])), // MOV DPTR,#data16
            0x93 => {
                let v = self.read_code_data(self.dptr().wrapping_add(self.acc() as u16));
                self.set_acc(v) // MOVC A,@A+DPTR
            }
            0x83 => {
                let v = self.read_code_data(self.pc.wrapping_add(self.acc() as u16));
                self.set_acc(v) // MOVC A,@A+PC
            }
            0xE0 => {
                let v = self.read_xram(self.dptr());
                self.set_acc(v) // MOVX A,@DPTR
            }
            0xF0 => {
                let a = self.acc();
                self.write_xram(self.dptr(), a) // MOVX @DPTR,A
            }
            0xE2 | 0xE3 => {
                // MOVX A,@Ri: P2 supplies the high address byte
                let addr = u16::from_be_bytes([self.sfr_raw(sfr::P2), self.read_rn(op & 1)]);
                let v = self.read_xram(addr);
                self.set_acc(v)
            }
            0xF2 | 0xF3 => {
                let addr = u16::from_be_bytes([self.sfr_raw(sfr::P2), self.read_rn(op & 1)]);
                let a = self.acc();
                self.write_xram(addr, a)
            }
            0xC0 => {
                let v = self.read_direct(b1);
                self.push(v) // PUSH direct
            }
            0xD0 => {
                let v = self.pop();
                self.write_direct(b1, v) // POP direct
            }
            0xC5..=0xCF => {
                // XCH A,direct/@Ri/Rn
                let loc = self.locate(op, b1);
                let v = self.load(loc);
                let a = self.acc();
                self.set_acc(v);
                self.put(loc, a)
            }
            0xD6 | 0xD7 => {
                // XCHD A,@Ri: exchange the low nibbles
                let ri = self.read_rn(op & 1);
                let v = self.read_indirect(ri);
                let a = self.acc();
                self.set_acc((a & 0xF0) | (v & 0x0F));
                self.write_indirect(ri, (v & 0xF0) | (a & 0x0F));
            }

            // ---- boolean -------------------------------------------------
            0xC3 => self.set_cy(false),        // CLR C
            0xD3 => self.set_cy(true),         // SETB C
            0xB3 => self.set_cy(!self.cy()),   // CPL C
            0xC2 => self.write_bit(b1, false), // CLR bit
            0xD2 => self.write_bit(b1, true),  // SETB bit
            0xB2 => {
                let v = self.read_bit(b1);
                self.write_bit(b1, !v) // CPL bit
            }
            0x82 | 0xB0 | 0x72 | 0xA0 => {
                // ANL C,bit / ANL C,/bit / ORL C,bit / ORL C,/bit
                let v = self.read_bit(b1) ^ (op == 0xB0 || op == 0xA0);
                let c = if op == 0x82 || op == 0xB0 {
                    self.cy() && v
                } else {
                    self.cy() || v
                };
                self.set_cy(c)
            }
            0xA2 => {
                let v = self.read_bit(b1);
                self.set_cy(v) // MOV C,bit
            }
            0x92 => {
                let c = self.cy();
                self.write_bit(b1, c) // MOV bit,C
            }
            0xA5 => unreachable!("0xA5 is rejected by the timing table before execution"),
            _ => unreachable!("every other opcode is matched above: {op:#04x}"),
        }
    }
}
