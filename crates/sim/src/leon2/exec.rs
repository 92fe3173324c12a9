//! Decode and execute, following SPARC V8 Appendix B (instruction
//! definitions) and Appendix F (opcodes). Every instruction checks its
//! traps before it changes any state, so a trapped instruction leaves the
//! registers as they were (V8 §7.3: traps are precise).

use super::ext;
use super::timing::Class;
use super::{Fault, Leon2, psr, tt};

/// What an executed instruction leaves for the timing.
pub(super) struct Done {
    pub class: Class,
    /// Its delay slot was annulled (it still takes a cycle).
    pub annulled: bool,
    pub sets_icc: bool,
    /// A control transfer taken (CALL, JMPL, RETT, a Bicc taken): the
    /// fetch is redirected even where the target is the next word.
    pub transfer: bool,
    /// Registers it loaded: (full load delay, first word of an LDD).
    pub loaded: (u32, u32),
    /// Its data access, for the cache timing.
    pub mem: MemOp,
    /// FLUSH: both caches are emptied.
    pub flush: bool,
}

/// The data access of a load or store instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MemOp {
    None,
    /// LD*, LDD (`double`).
    Load {
        addr: u32,
        double: bool,
    },
    /// ST, STB, STH, STD (`double`); `word`: a word or doubleword
    /// store, which the D-cache takes as a write hit on a tag match even
    /// where the word is not yet valid (it becomes valid).
    Store {
        addr: u32,
        word: bool,
        double: bool,
    },
    /// LDSTUB, SWAP: a read, then a write.
    Atomic {
        addr: u32,
    },
}

impl MemOp {
    /// The address accessed (0 for none).
    pub(super) fn addr(self) -> u32 {
        match self {
            MemOp::None => 0,
            MemOp::Load { addr, .. } | MemOp::Store { addr, .. } | MemOp::Atomic { addr } => addr,
        }
    }
}

fn done(class: Class) -> Done {
    Done {
        class,
        annulled: false,
        sets_icc: false,
        transfer: false,
        loaded: (0, 0),
        mem: MemOp::None,
        flush: false,
    }
}

fn transfer(class: Class) -> Done {
    Done {
        transfer: true,
        ..done(class)
    }
}

fn trap<T>(tt: u8) -> Result<T, Fault> {
    Err(Fault::Trap(tt))
}

fn simm13(ins: u32) -> u32 {
    ((ins << 19) as i32 >> 19) as u32
}

fn bit(r: u32) -> u32 {
    if r == 0 { 0 } else { 1 << r }
}

/// The target of `ins` at `pc` if it is a CALL or a Bicc.
pub(super) fn branch_target(pc: u32, ins: u32) -> Option<u32> {
    match ins >> 30 {
        1 => Some(pc.wrapping_add(ins << 2)),
        0 if is_bicc(ins) => Some(pc.wrapping_add(((ins << 10) as i32 >> 8) as u32)),
        _ => None,
    }
}

/// Whether `ins` sets the icc, from its opcode alone (as execution says
/// it: the cc forms, the tagged ones, MULScc, WRPSR).
pub(super) fn static_sets_icc(ins: u32) -> bool {
    let op3 = ins >> 19 & 0x3F;
    ins >> 30 == 2 && (op3 < 0x20 && op3 & 0x10 != 0 || matches!(op3, 0x20..=0x24 | 0x31))
}

/// The timing class of `ins` from its opcode alone, as execution would
/// give it (for an instruction that reaches decode off the program's
/// path and is never executed).
pub(super) fn static_class(ins: u32) -> Class {
    let op3 = ins >> 19 & 0x3F;
    match ins >> 30 {
        1 => Class::Call,
        2 => match op3 {
            0x0A | 0x0B | 0x1A | 0x1B => Class::Multiply,
            0x0E | 0x0F | 0x1E | 0x1F => Class::Divide,
            0x38 => Class::Jump,
            0x39 => Class::ReturnFromTrap,
            ext::OP3_SBOX => Class::Sbox,
            ext::OP3_GF2MUL | ext::OP3_GF2MAC => Class::Gf2,
            _ => Class::Single,
        },
        3 => match op3 & 0x2F {
            0x03 => Class::LoadDouble,
            0x04..=0x06 => Class::Store,
            0x07 => Class::StoreDouble,
            0x0D | 0x0F => Class::Atomic,
            _ => Class::Load,
        },
        _ => Class::Single,
    }
}

/// Whether `ins` is a Bicc (for the icchold interlock).
pub(super) fn is_bicc(ins: u32) -> bool {
    ins >> 30 == 0 && ins >> 22 & 7 == 2
}

/// The registers `ins` reads as operands, one bit each (%g0 never), for
/// the load-use interlock: rs1 and rs2 of every format 3 instruction that
/// reads them (a load's or store's address included).
pub(super) fn sources(ins: u32) -> u32 {
    let (op, op3) = (ins >> 30, ins >> 19 & 0x3F);
    let rs1 = bit(ins >> 14 & 31);
    let rs2 = if ins & 0x2000 == 0 { bit(ins & 31) } else { 0 };
    let rd = ins >> 25 & 31;
    match op {
        2 if (0x28..=0x2B).contains(&op3) => 0,
        // sbox reads rd as its second operand
        2 if op3 == ext::OP3_SBOX => rs1 | bit(rd),
        2 | 3 => rs1 | rs2,
        _ => 0,
    }
}

/// The registers a store writes to memory (ST, STB, STH: rd; STD: the
/// pair), read in the store's second slot. Only a `lddelay` 2 pipeline
/// interlocks on them (iu.vhd `ldcheck3` exists only when LDDELAY = 2);
/// with `lddelay` 1 the loaded value is forwarded. SWAP's data is read
/// late in both (RTL bench_lddelay2 `swap`: 35 as with lddelay 1).
pub(super) fn store_data(ins: u32) -> u32 {
    let (op, op3, rd) = (ins >> 30, ins >> 19 & 0x3F, ins >> 25 & 31);
    match (op, op3 & 0x2F) {
        (3, 0x04..=0x06) => bit(rd),
        (3, 0x07) => bit(rd & !1) | bit(rd | 1),
        _ => 0,
    }
}

/// Bicc/Ticc condition on the icc (V8 Table F-7 ordering).
pub(super) fn condition(cond: u32, icc: u32) -> bool {
    let (n, z, v, c) = (
        icc & psr::N != 0,
        icc & psr::Z != 0,
        icc & psr::V != 0,
        icc & psr::C != 0,
    );
    let t = match cond & 7 {
        0 => false,
        1 => z,
        2 => z || (n != v),
        3 => n != v,
        4 => c || z,
        5 => c,
        6 => n,
        _ => v,
    };
    t != (cond & 8 != 0)
}

fn nz(r: u32) -> u32 {
    (if r == 0 { psr::Z } else { 0 }) | (if r >> 31 != 0 { psr::N } else { 0 })
}

fn add_icc(a: u32, b: u32, r: u32) -> u32 {
    let v = (a & b & !r | !a & !b & r) >> 31;
    let c = (a & b | (a | b) & !r) >> 31;
    nz(r) | (v * psr::V) | (c * psr::C)
}

fn sub_icc(a: u32, b: u32, r: u32) -> u32 {
    let v = (a & !b & !r | !a & b & r) >> 31;
    let c = (!a & b | (!a | b) & r) >> 31;
    nz(r) | (v * psr::V) | (c * psr::C)
}

impl Leon2 {
    fn set_icc(&mut self, icc: u32) {
        self.psr = (self.psr & !psr::ICC) | icc;
    }

    fn supervisor(&self) -> Result<(), Fault> {
        if self.psr & psr::S == 0 {
            trap(tt::PRIVILEGED_INSTRUCTION)
        } else {
            Ok(())
        }
    }

    /// The next PC in sequence: PC ← nPC, nPC ← nPC + 4.
    fn advance(&mut self) {
        self.pc = self.npc;
        self.npc = self.npc.wrapping_add(4);
    }

    /// A delayed control transfer to `target`.
    fn delayed(&mut self, target: u32) {
        self.pc = self.npc;
        self.npc = target;
    }

    pub(super) fn execute(&mut self, ins: u32) -> Result<Done, Fault> {
        match ins >> 30 {
            0 => self.format2(ins),
            1 => {
                // CALL
                let target = self.pc.wrapping_add(ins << 2);
                self.set_reg(15, self.pc);
                self.delayed(target);
                Ok(transfer(Class::Call))
            }
            2 => self.arithmetic(ins),
            _ => self.memory(ins),
        }
    }

    fn format2(&mut self, ins: u32) -> Result<Done, Fault> {
        match ins >> 22 & 7 {
            4 => {
                // SETHI (NOP when rd = 0 and imm22 = 0)
                self.set_reg(ins >> 25, ins << 10);
                self.advance();
                Ok(done(Class::Single))
            }
            2 => {
                let cond = ins >> 25 & 15;
                let annul = ins >> 29 & 1 != 0;
                let target = self.pc.wrapping_add(((ins << 10) as i32 >> 8) as u32);
                let taken = condition(cond, self.psr);
                let mut d = done(Class::Single);
                d.transfer = taken;
                match (taken, annul) {
                    // BA,a: the slot is annulled
                    (true, true) if cond == 8 => {
                        self.pc = target;
                        self.npc = target.wrapping_add(4);
                        d.annulled = true;
                    }
                    (true, _) => self.delayed(target),
                    (false, true) => {
                        self.pc = self.npc.wrapping_add(4);
                        self.npc = self.npc.wrapping_add(8);
                        d.annulled = true;
                    }
                    (false, false) => self.advance(),
                }
                Ok(d)
            }
            6 => trap(tt::FP_DISABLED),
            7 => trap(tt::CP_DISABLED),
            _ => trap(tt::ILLEGAL_INSTRUCTION),
        }
    }

    fn arithmetic(&mut self, ins: u32) -> Result<Done, Fault> {
        let op3 = ins >> 19 & 0x3F;
        let rd = ins >> 25 & 31;
        let a = self.reg(ins >> 14 & 31);
        let b = if ins & 0x2000 != 0 {
            simm13(ins)
        } else {
            self.reg(ins & 31)
        };
        let cc = op3 & 0x10 != 0;
        let mut d = done(Class::Single);
        d.sets_icc = cc && op3 < 0x20;
        let result = match op3 {
            0x00..=0x1F => {
                let c = (self.psr >> 20) & 1;
                let (r, icc) = match op3 & 0x0F {
                    0x0 => (a.wrapping_add(b), None),
                    0x1 => (a & b, None),
                    0x2 => (a | b, None),
                    0x3 => (a ^ b, None),
                    0x4 => (a.wrapping_sub(b), None),
                    0x5 => (a & !b, None),
                    0x6 => (a | !b, None),
                    0x7 => (!(a ^ b), None),
                    0x8 => {
                        let r = a.wrapping_add(b).wrapping_add(c);
                        (r, Some(add_icc(a, b, r)))
                    }
                    0xC => {
                        let r = a.wrapping_sub(b).wrapping_sub(c);
                        (r, Some(sub_icc(a, b, r)))
                    }
                    0xA | 0xB => {
                        let p = if op3 & 1 == 0 {
                            a as u64 * b as u64
                        } else {
                            (a as i32 as i64 * b as i32 as i64) as u64
                        };
                        self.y = (p >> 32) as u32;
                        d.class = Class::Multiply;
                        (p as u32, Some(nz(p as u32)))
                    }
                    0xE | 0xF => {
                        if b == 0 {
                            return trap(tt::DIVISION_BY_ZERO);
                        }
                        d.class = Class::Divide;
                        let dividend = (self.y as u64) << 32 | a as u64;
                        let (q, overflow) = if op3 & 1 == 0 {
                            let q = dividend / b as u64;
                            if q > u32::MAX as u64 {
                                (u32::MAX, true)
                            } else {
                                (q as u32, false)
                            }
                        } else {
                            let q = dividend as i64 as i128 / b as i32 as i128;
                            if q > i32::MAX as i128 {
                                (i32::MAX as u32, true)
                            } else if q < i32::MIN as i128 {
                                (i32::MIN as u32, true)
                            } else {
                                (q as i32 as u32, false)
                            }
                        };
                        (q, Some(nz(q) | if overflow { psr::V } else { 0 }))
                    }
                    _ => return trap(tt::ILLEGAL_INSTRUCTION),
                };
                if cc {
                    let icc = icc.unwrap_or_else(|| match op3 & 0x0F {
                        0x0 => add_icc(a, b, r),
                        0x4 => sub_icc(a, b, r),
                        _ => nz(r),
                    });
                    self.set_icc(icc);
                }
                r
            }
            0x20..=0x23 => {
                // TADDcc, TSUBcc, TADDccTV, TSUBccTV
                let sub = op3 & 1 != 0;
                let r = if sub {
                    a.wrapping_sub(b)
                } else {
                    a.wrapping_add(b)
                };
                let mut icc = if sub {
                    sub_icc(a, b, r)
                } else {
                    add_icc(a, b, r)
                };
                if (a | b) & 3 != 0 {
                    icc |= psr::V;
                }
                if op3 & 2 != 0 && icc & psr::V != 0 {
                    return trap(tt::TAG_OVERFLOW);
                }
                self.set_icc(icc);
                d.sets_icc = true;
                r
            }
            0x24 => {
                // MULScc
                let nv = ((self.psr >> 23) ^ (self.psr >> 21)) & 1;
                let op1 = nv << 31 | a >> 1;
                let op2 = if self.y & 1 != 0 { b } else { 0 };
                let r = op1.wrapping_add(op2);
                self.y = (a & 1) << 31 | self.y >> 1;
                self.set_icc(add_icc(op1, op2, r));
                d.sets_icc = true;
                r
            }
            0x25 => a << (b & 31),
            0x26 => a >> (b & 31),
            0x27 => ((a as i32) >> (b & 31)) as u32,
            0x28 => match ins >> 14 & 31 {
                0 => self.y,
                // STBAR (rs1 = 15, rd = 0): nothing to order
                n => self.asr[n as usize],
            },
            0x29 => {
                self.supervisor()?;
                self.psr()
            }
            0x2A => {
                self.supervisor()?;
                self.wim
            }
            0x2B => {
                self.supervisor()?;
                self.tbr
            }
            0x30 => {
                let v = a ^ b;
                match rd {
                    0 => self.y = v,
                    17 => {}
                    n => self.asr[n as usize] = v,
                }
                self.advance();
                return Ok(d);
            }
            0x31..=0x33 => {
                self.supervisor()?;
                let v = a ^ b;
                match op3 {
                    0x31 => {
                        if v & psr::CWP >= self.config.windows {
                            return trap(tt::ILLEGAL_INSTRUCTION);
                        }
                        self.set_psr(v);
                        d.sets_icc = true;
                    }
                    0x32 => self.set_wim(v),
                    _ => self.tbr = (v & 0xFFFF_F000) | (self.tbr & 0xFF0),
                }
                self.advance();
                return Ok(d);
            }
            ext::OP3_SBOX => {
                let imm = ext::SboxImm::decode(ins & 0x1FFF)
                    .filter(|_| ins & 0x2000 != 0)
                    .map_or_else(|| trap(tt::ILLEGAL_INSTRUCTION), Ok)?;
                d.class = Class::Sbox;
                ext::sbox(a, self.reg(rd), imm)
            }
            ext::OP3_GF2MUL | ext::OP3_GF2MAC => {
                let mut p = ext::clmul(a, b);
                if op3 == ext::OP3_GF2MAC {
                    p ^= (self.y as u64) << 32 | self.asr[18] as u64;
                }
                self.y = (p >> 32) as u32;
                self.asr[18] = p as u32;
                d.class = Class::Gf2;
                p as u32
            }
            0x34 | 0x35 => return trap(tt::FP_DISABLED),
            0x36 | 0x37 => return trap(tt::CP_DISABLED),
            0x38 => {
                // JMPL
                let target = a.wrapping_add(b);
                if target & 3 != 0 {
                    return trap(tt::MEM_ADDRESS_NOT_ALIGNED);
                }
                self.set_reg(rd, self.pc);
                self.delayed(target);
                return Ok(transfer(Class::Jump));
            }
            0x39 => return self.rett(a.wrapping_add(b)),
            0x3A => {
                // Ticc
                if condition(ins >> 25 & 15, self.psr) {
                    let n = a.wrapping_add(if ins & 0x2000 != 0 { ins & 0x7F } else { b });
                    return trap(tt::TRAP_INSTRUCTION + (n & 0x7F) as u8);
                }
                self.advance();
                return Ok(d);
            }
            0x3B => {
                // FLUSH: LEON2 flushes both caches (manual §3.3.6)
                d.flush = true;
                self.advance();
                return Ok(d);
            }
            0x3C | 0x3D => {
                // SAVE, RESTORE: the sum from the old window, rd in the new
                let nw = self.config.windows;
                let cwp = if op3 == 0x3C {
                    (self.cwp + nw - 1) % nw
                } else {
                    (self.cwp + 1) % nw
                };
                if self.wim >> cwp & 1 != 0 {
                    return trap(if op3 == 0x3C {
                        tt::WINDOW_OVERFLOW
                    } else {
                        tt::WINDOW_UNDERFLOW
                    });
                }
                self.cwp = cwp;
                a.wrapping_add(b)
            }
            _ => return trap(tt::ILLEGAL_INSTRUCTION),
        };
        self.set_reg(rd, result);
        self.advance();
        Ok(d)
    }

    /// RETT (V8 B.27): only with traps disabled and in supervisor mode.
    fn rett(&mut self, target: u32) -> Result<Done, Fault> {
        let s = self.psr & psr::S != 0;
        if self.psr & psr::ET != 0 {
            return trap(if s {
                tt::ILLEGAL_INSTRUCTION
            } else {
                tt::PRIVILEGED_INSTRUCTION
            });
        }
        if !s {
            return trap(tt::PRIVILEGED_INSTRUCTION);
        }
        let cwp = (self.cwp + 1) % self.config.windows;
        if self.wim >> cwp & 1 != 0 {
            return trap(tt::WINDOW_UNDERFLOW);
        }
        if target & 3 != 0 {
            return trap(tt::MEM_ADDRESS_NOT_ALIGNED);
        }
        self.cwp = cwp;
        let ps = if self.psr & psr::PS != 0 { psr::S } else { 0 };
        self.psr = (self.psr & !psr::S) | ps | psr::ET;
        self.delayed(target);
        Ok(transfer(Class::ReturnFromTrap))
    }

    fn memory(&mut self, ins: u32) -> Result<Done, Fault> {
        let op3 = ins >> 19 & 0x3F;
        let rd = ins >> 25 & 31;
        match op3 {
            0x20 | 0x21 | 0x23..=0x27 => return trap(tt::FP_DISABLED),
            0x30 | 0x31 | 0x33..=0x37 => return trap(tt::CP_DISABLED),
            0x20..=0x3F => return trap(tt::ILLEGAL_INSTRUCTION),
            _ => {}
        }
        let base = op3 & 0x0F;
        if matches!(base, 0x8 | 0xB | 0xC | 0xE) {
            return trap(tt::ILLEGAL_INSTRUCTION);
        }
        if op3 & 0x10 != 0 {
            // Alternate space: supervisor only, register form only. Every
            // ASI reaches the same memory (no MMU; cache diagnostics are
            // not modelled).
            self.supervisor()?;
            if ins & 0x2000 != 0 {
                return trap(tt::ILLEGAL_INSTRUCTION);
            }
        }
        if matches!(base, 0x3 | 0x7) && rd & 1 != 0 {
            return trap(tt::ILLEGAL_INSTRUCTION);
        }
        let offset = if ins & 0x2000 != 0 {
            simm13(ins)
        } else {
            self.reg(ins & 31)
        };
        let addr = self.reg(ins >> 14 & 31).wrapping_add(offset);
        let align = match base {
            0x1 | 0x5 | 0x9 | 0xD => 1,
            0x2 | 0x6 | 0xA => 2,
            0x3 | 0x7 => 8,
            _ => 4,
        };
        if addr & (align - 1) != 0 {
            return trap(tt::MEM_ADDRESS_NOT_ALIGNED);
        }
        let mut d = done(Class::Load);
        match base {
            0x0..=0x2 | 0x9 | 0xA => {
                let size = align;
                let v = self.read(addr, size)?;
                let v = match base {
                    0x9 => v as u8 as i8 as u32,
                    0xA => v as u16 as i16 as u32,
                    _ => v,
                };
                self.set_reg(rd, v);
                d.loaded = (bit(rd), 0);
                d.mem = MemOp::Load {
                    addr,
                    double: false,
                };
            }
            0x3 => {
                let w0 = self.read(addr, 4)?;
                let w1 = self.read(addr.wrapping_add(4), 4)?;
                self.set_reg(rd, w0);
                self.set_reg(rd + 1, w1);
                d.class = Class::LoadDouble;
                d.loaded = (bit(rd + 1), bit(rd));
                d.mem = MemOp::Load { addr, double: true };
            }
            0x4..=0x6 => {
                self.write(addr, align, self.reg(rd))?;
                d.class = Class::Store;
                d.mem = MemOp::Store {
                    addr,
                    word: align == 4,
                    double: false,
                };
            }
            0x7 => {
                let (w0, w1) = (self.reg(rd), self.reg(rd + 1));
                self.write(addr, 4, w0)?;
                self.write(addr.wrapping_add(4), 4, w1)?;
                d.class = Class::StoreDouble;
                d.mem = MemOp::Store {
                    addr,
                    word: true,
                    double: true,
                };
            }
            0xD => {
                let v = self.read(addr, 1)?;
                self.write(addr, 1, 0xFF)?;
                self.set_reg(rd, v);
                d.class = Class::Atomic;
                d.loaded = (bit(rd), 0);
                d.mem = MemOp::Atomic { addr };
            }
            _ => {
                // SWAP
                let v = self.read(addr, 4)?;
                self.write(addr, 4, self.reg(rd))?;
                self.set_reg(rd, v);
                d.class = Class::Atomic;
                d.loaded = (bit(rd), 0);
                d.mem = MemOp::Atomic { addr };
            }
        }
        self.advance();
        Ok(d)
    }
}
