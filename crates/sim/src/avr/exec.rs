//! Execution: each instruction's "Operation" and "Status Register (SREG)
//! Boolean Formula" boxes of the AVR Instruction Set Manual (DS40002198),
//! and its clocks from [`timing`](super::timing).

use super::decode::{Insn, Mode, Op, two_words};
use super::sreg::*;
use super::timing::TAKEN;
use super::{Avr, Trap};

/// SREG's S, N, Z from a result (S = N xor V, V already in `flags`).
fn nzs(flags: u8, r: u8) -> u8 {
    let mut f = flags;
    if r & 0x80 != 0 {
        f |= N;
    }
    if r == 0 {
        f |= Z;
    }
    if (f & N != 0) != (f & V != 0) {
        f |= S;
    }
    f
}

/// H, V, C of d + r (+ carry) = res ("ADD", "ADC").
fn add_flags(d: u8, r: u8, res: u8) -> u8 {
    let carries = (d & r) | (r & !res) | (!res & d);
    let mut f = 0;
    if carries & 0x08 != 0 {
        f |= H;
    }
    if carries & 0x80 != 0 {
        f |= C;
    }
    if (d & r & !res | !d & !r & res) & 0x80 != 0 {
        f |= V;
    }
    nzs(f, res)
}

/// H, V, C of d - r (- carry) = res ("SUB", "SBC", "CP", "CPC", "NEG").
fn sub_flags(d: u8, r: u8, res: u8) -> u8 {
    let borrows = (!d & r) | (r & res) | (res & !d);
    let mut f = 0;
    if borrows & 0x08 != 0 {
        f |= H;
    }
    if borrows & 0x80 != 0 {
        f |= C;
    }
    if (d & !r & !res | !d & r & res) & 0x80 != 0 {
        f |= V;
    }
    nzs(f, res)
}

/// SREG bits an operation writes, replaced by `flags`.
fn set(sreg: u8, mask: u8, flags: u8) -> u8 {
    (sreg & !mask) | (flags & mask)
}

const ARITH: u8 = H | S | V | N | Z | C;
const LOGIC: u8 = S | V | N | Z;
const SHIFT: u8 = S | V | N | Z | C;
const WORD: u8 = S | V | N | Z | C;

impl Avr {
    fn r(&self, n: u8) -> u8 {
        self.regs[(n & 31) as usize]
    }

    #[inline(always)]
    fn set_r(&mut self, n: u8, v: u8) {
        let i = (n & 31) as usize;
        if self.observer.is_some() {
            self.overwritten(self.regs[i], v);
        }
        self.regs[i] = v;
    }

    fn pair(&self, n: u8) -> u16 {
        u16::from_le_bytes([self.r(n), self.r(n + 1)])
    }

    fn set_pair(&mut self, n: u8, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        self.set_r(n, lo);
        self.set_r(n + 1, hi);
    }

    fn flag(&self, bit: u8) -> bool {
        self.sreg & bit != 0
    }

    /// Clocks of a skip: one per word of the instruction passed over.
    fn skip(&mut self, condition: bool, pc: u16) -> u32 {
        if !condition {
            return 0;
        }
        let next = self.flash.get(pc as usize + 1).copied().unwrap_or(0xFFFF);
        let words = if two_words(next) { 2 } else { 1 };
        self.pc = self.pc.wrapping_add(words);
        words as u32
    }

    /// Write a multiplier result to R1:R0 with C = bit 15 of `c_from` and Z
    /// from the result ("MUL", "FMUL": C is the product's bit 15 before
    /// the FMUL shift).
    fn product(&mut self, result: u16, c_from: u16) {
        self.set_pair(0, result);
        let mut f = 0;
        if c_from & 0x8000 != 0 {
            f |= C;
        }
        if result == 0 {
            f |= Z;
        }
        self.sreg = set(self.sreg, Z | C, f);
    }

    /// Execute `insn` at word address `pc`; the PC moves past it first.
    /// Returns the clocks it took.
    #[inline(always)]
    pub(super) fn execute(&mut self, insn: Insn, pc: u16) -> Result<u32, Trap> {
        use Op::*;
        let Insn { op, d, r, k, .. } = insn;
        let mut clocks = insn.clocks as u32;
        self.pc = pc.wrapping_add(1);
        match op {
            Illegal => return Err(Trap::Illegal),
            Mul | Muls | Mulsu | Fmul | Fmuls | Fmulsu | Movw | Lpm | LpmInc | Break | Spm
                if !self.config.part.enhanced =>
            {
                return Err(Trap::Illegal);
            }
            Spm => return Err(Trap::Spm),
            Nop | Wdr | Break => {}
            Sleep => {
                let (mcucr, se) = self.config.part.sleep_enable;
                if self.peek(mcucr).unwrap_or(0) & se != 0 {
                    self.sleeping = true;
                }
            }
            Movw => {
                let v = self.pair(r);
                self.set_pair(d, v);
            }
            Mov => self.set_r(d, self.r(r)),
            Ldi => self.set_r(d, k as u8),
            Add | Adc => {
                let (a, b) = (self.r(d), self.r(r));
                let carry = (op == Adc && self.flag(C)) as u8;
                let res = a.wrapping_add(b).wrapping_add(carry);
                self.set_r(d, res);
                self.sreg = set(self.sreg, ARITH, add_flags(a, b, res));
            }
            Sub | Sbc | Cp | Cpc | Subi | Sbci | Cpi => {
                let a = self.r(d);
                let b = if matches!(op, Subi | Sbci | Cpi) {
                    k as u8
                } else {
                    self.r(r)
                };
                let with_carry = matches!(op, Sbc | Cpc | Sbci);
                let res = a
                    .wrapping_sub(b)
                    .wrapping_sub((with_carry && self.flag(C)) as u8);
                let mut f = sub_flags(a, b, res);
                if with_carry {
                    // Z is only cleared: a multi-byte result is zero only
                    // if every byte was.
                    f = (f & !Z) | (f & self.sreg & Z);
                }
                if !matches!(op, Cp | Cpc | Cpi) {
                    self.set_r(d, res);
                }
                self.sreg = set(self.sreg, ARITH, f);
            }
            And | Andi | Or | Ori | Eor => {
                let b = if matches!(op, Andi | Ori) {
                    k as u8
                } else {
                    self.r(r)
                };
                let res = match op {
                    And | Andi => self.r(d) & b,
                    Or | Ori => self.r(d) | b,
                    _ => self.r(d) ^ b,
                };
                self.set_r(d, res);
                self.sreg = set(self.sreg, LOGIC, nzs(0, res));
            }
            Com => {
                let res = !self.r(d);
                self.set_r(d, res);
                self.sreg = set(self.sreg, LOGIC | C, nzs(C, res));
            }
            Neg => {
                let a = self.r(d);
                let res = 0u8.wrapping_sub(a);
                self.set_r(d, res);
                self.sreg = set(self.sreg, ARITH, sub_flags(0, a, res));
            }
            Inc | Dec => {
                let a = self.r(d);
                let (res, overflow) = if op == Inc {
                    (a.wrapping_add(1), 0x80)
                } else {
                    (a.wrapping_sub(1), 0x7F)
                };
                self.set_r(d, res);
                let v = if res == overflow { V } else { 0 };
                self.sreg = set(self.sreg, LOGIC, nzs(v, res));
            }
            Asr | Lsr | Ror => {
                let a = self.r(d);
                let top = match op {
                    Asr => a & 0x80,
                    Lsr => 0,
                    _ => (self.flag(C) as u8) << 7,
                };
                let res = (a >> 1) | top;
                self.set_r(d, res);
                // V = N xor C, computed after the shift.
                let c = a & 1 != 0;
                let n = res & 0x80 != 0;
                let mut f = if c { C } else { 0 };
                if n != c {
                    f |= V;
                }
                self.sreg = set(self.sreg, SHIFT, nzs(f, res));
            }
            Swap => self.set_r(d, self.r(d).rotate_left(4)),
            Adiw | Sbiw => {
                let a = self.pair(d);
                let res = if op == Adiw {
                    a.wrapping_add(k)
                } else {
                    a.wrapping_sub(k)
                };
                self.set_pair(d, res);
                let (ah, rh) = (a & 0x8000 != 0, res & 0x8000 != 0);
                let (v, c) = if op == Adiw {
                    (!ah && rh, ah && !rh)
                } else {
                    (ah && !rh, rh && !ah)
                };
                let mut f = 0;
                if v {
                    f |= V;
                }
                if c {
                    f |= C;
                }
                if rh {
                    f |= N;
                }
                if res == 0 {
                    f |= Z;
                }
                if v != rh {
                    f |= S;
                }
                self.sreg = set(self.sreg, WORD, f);
            }
            Mul => {
                let p = self.r(d) as u16 * self.r(r) as u16;
                self.product(p, p);
            }
            Muls => {
                let p = (self.r(d) as i8 as i16 * self.r(r) as i8 as i16) as u16;
                self.product(p, p);
            }
            Mulsu => {
                let p = (self.r(d) as i8 as i16 * self.r(r) as i16) as u16;
                self.product(p, p);
            }
            Fmul | Fmuls | Fmulsu => {
                let (a, b) = (self.r(d), self.r(r));
                let p = match op {
                    Fmul => a as u16 * b as u16,
                    Fmuls => (a as i8 as i16 * b as i8 as i16) as u16,
                    _ => (a as i8 as i16 * b as i16) as u16,
                };
                self.product(p << 1, p);
            }
            Bset => self.sreg |= 1 << r,
            Bclr => self.sreg &= !(1 << r),
            Bst => {
                let t = (self.r(d) >> r) & 1 != 0;
                self.sreg = set(self.sreg, T, if t { T } else { 0 });
            }
            Bld => {
                let v = (self.r(d) & !(1 << r)) | ((self.flag(T) as u8) << r);
                self.set_r(d, v);
            }
            In => {
                let v = self.read_io(k, 0xFF);
                self.set_r(d, v);
            }
            Out => self.set_io(k, self.r(d)),
            Cbi | Sbi => {
                let v = self.io(k);
                let v = if op == Sbi { v | 1 << r } else { v & !(1 << r) };
                self.set_io(k, v);
            }
            Cpse => clocks += self.skip(self.r(d) == self.r(r), pc),
            Sbrc | Sbrs => {
                let set = (self.r(d) >> r) & 1 != 0;
                clocks += self.skip(set == (op == Sbrs), pc);
            }
            Sbic | Sbis => {
                let set = (self.read_io(k, 1 << r) >> r) & 1 != 0;
                clocks += self.skip(set == (op == Sbis), pc);
            }
            Brbs | Brbc => {
                if self.flag(1 << r) == (op == Brbs) {
                    self.pc = self.pc.wrapping_add(k);
                    clocks += TAKEN;
                }
            }
            Rjmp => self.pc = self.pc.wrapping_add(k),
            Rcall => {
                self.push_return(self.pc)?;
                self.pc = self.pc.wrapping_add(k);
            }
            Jmp => self.pc = self.fetch(pc.wrapping_add(1))?,
            Call => {
                let target = self.fetch(pc.wrapping_add(1))?;
                self.push_return(pc.wrapping_add(2))?;
                self.pc = target;
            }
            Ijmp => self.pc = self.pair(30),
            Icall => {
                self.push_return(self.pc)?;
                self.pc = self.pair(30);
            }
            Ret => self.pc = self.pop_return()?,
            Reti => {
                self.pc = self.pop_return()?;
                self.sreg |= I;
            }
            Push => self.push(self.r(d))?,
            Pop => {
                let v = self.pop()?;
                self.set_r(d, v);
            }
            Lds | Sts => {
                let addr = self.fetch(pc.wrapping_add(1))?;
                self.pc = pc.wrapping_add(2);
                if op == Lds {
                    let v = self.load(addr)?;
                    self.set_r(d, v);
                } else {
                    self.store(addr, self.r(d))?;
                }
            }
            Ld | St => {
                let pointer = self.pair(r);
                let addr = if k == Mode::PreDec as u16 {
                    pointer.wrapping_sub(1)
                } else {
                    pointer
                };
                if op == Ld {
                    let v = self.load(addr)?;
                    self.update_pointer(r, pointer, k);
                    self.set_r(d, v);
                } else {
                    let v = self.r(d);
                    self.store(addr, v)?;
                    self.update_pointer(r, pointer, k);
                }
            }
            Ldd => {
                let v = self.load(self.pair(r).wrapping_add(k))?;
                self.set_r(d, v);
            }
            Std => self.store(self.pair(r).wrapping_add(k), self.r(d))?,
            LpmR0 | Lpm | LpmInc => {
                let z = self.pair(30);
                let v = self.program_byte(z)?;
                if op == LpmInc {
                    self.set_pair(30, z.wrapping_add(1));
                }
                self.set_r(if op == LpmR0 { 0 } else { d }, v);
            }
        }
        // The PC has as many bits as the flash has words: jumps, returns
        // and relative branches wrap around it.
        self.pc &= self.pc_mask;
        Ok(clocks)
    }

    /// Post-increment or pre-decrement a pointer register pair.
    fn update_pointer(&mut self, r: u8, pointer: u16, mode: u16) {
        match mode {
            m if m == Mode::PostInc as u16 => self.set_pair(r, pointer.wrapping_add(1)),
            m if m == Mode::PreDec as u16 => self.set_pair(r, pointer.wrapping_sub(1)),
            _ => {}
        }
    }
}
