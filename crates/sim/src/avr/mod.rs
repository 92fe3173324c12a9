//! The Atmel AVR with the AVRe+ core (ATmega class: MUL, MOVW, a 16-bit
//! PC), following the AVR Instruction Set Manual (Microchip DS40002198):
//! decode by the opcode bit patterns ([`decode`]), execute with each
//! instruction's "Operation" and "Status Register" boxes ([`exec`]), and
//! the AVRe clock counts kept as data ([`timing`]).
//!
//! The data space is the manual's: registers r0-r31 at 0x00-0x1F, 64 I/O
//! registers at 0x20-0x5F (SPL, SPH and SREG at 0x5D-0x5F are the core's;
//! the rest are plain storage, no peripheral is modelled), then the part's
//! SRAM; an access above it is an `Unmapped` error naming the address and
//! the PC. Program memory is the part's flash, addressed by words; a fetch
//! from a word the image did not load is an error. EEPROM is a space of
//! its own for the lab and `--dump`.
//!
//! [`Cpu::pc`] and every address the lab sees are byte addresses, as the
//! linker's symbols are; the PC register itself counts words. A program
//! halts at a jump to itself (`rjmp .-2`, or JMP to its own address), or
//! at SLEEP with MCUCR.SE set (no interrupt source is modelled to wake it).
//!
//! Observers see every data-space access the program names (LD, ST, LDS,
//! STS, PUSH, POP, the return addresses of calls and returns) as
//! `mem`, and LPM's program-memory reads as `code`; register operands and
//! I/O operands of IN, OUT, SBI, CBI, SBIC and SBIS are not accesses.

mod decode;
mod disasm;
mod exec;
pub mod part;
mod target;
pub mod timing;

pub use decode::{Insn, Mode, Op, decode, two_words};
pub use part::{AT90SC3232C, ATMEGA32, ATMEGA32_EEPROM, EepromPort, PARTS, Part};
use part::{RXC, UDRE};
pub use target::TARGET;

use crate::{Access, Cpu, Executed, Observer, Register, SimError, Space, Stop};

/// SREG bits (manual, "Status Register").
pub mod sreg {
    pub const C: u8 = 0x01;
    pub const Z: u8 = 0x02;
    pub const N: u8 = 0x04;
    pub const V: u8 = 0x08;
    pub const S: u8 = 0x10;
    pub const H: u8 = 0x20;
    pub const T: u8 = 0x40;
    pub const I: u8 = 0x80;
}

/// Data-space addresses of the core's I/O registers.
pub const SPL: u16 = 0x5D;
pub const SPH: u16 = 0x5E;
pub const SREG: u16 = 0x5F;
/// The first I/O address in the data space (I/O 0x00 = data 0x20).
pub const IO_BASE: u16 = 0x20;

/// EECR's bits.
const EERIE: u8 = 0x08;
const EEMWE: u8 = 0x04;
const EEWE: u8 = 0x02;
const EERE: u8 = 0x01;

/// The halt convention, `rjmp .-2`.
pub const HALT: u16 = 0xCFFF;

/// The text of the instruction `bytes` (one or two little-endian words)
/// at byte address `pc`; missing bytes read as zero.
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    let word = |i: usize| {
        u16::from_le_bytes([
            bytes.get(2 * i).copied().unwrap_or(0),
            bytes.get(2 * i + 1).copied().unwrap_or(0),
        ])
    };
    disasm::disassemble(pc, word(0), word(1))
}

/// What the CPU is built with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub part: &'static Part,
}

impl Default for Config {
    fn default() -> Self {
        Config { part: &ATMEGA32 }
    }
}

/// Why an instruction did not complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trap {
    /// A data-space or program-memory access outside the part.
    Unmapped {
        addr: u32,
        write: bool,
    },
    /// A word of the instruction was not loaded.
    Fetch,
    Illegal,
    /// SPM: self-programming is not modelled.
    Spm,
    /// The halt convention (only the run loop tests for it).
    Halt,
}

/// An AVRe+ core on a part.
pub struct Avr {
    config: Config,
    /// Program memory by words; erased words read 0xFFFF.
    flash: Vec<u16>,
    /// Each flash word decoded (an erased word is an illegal opcode).
    code: Vec<Insn>,
    /// Which words the image loaded (or the call stub wrote).
    loaded: Vec<bool>,
    /// r0-r31 (data addresses 0x00-0x1F).
    regs: [u8; 32],
    /// The data space up to SRAM's end; the registers live in `regs`, SPL,
    /// SPH and SREG in `sp` and `sreg`.
    data: Vec<u8>,
    eeprom: Vec<u8>,
    sreg: u8,
    sp: u16,
    /// In words.
    pc: u16,
    /// Flash words - 1: the PC's width.
    pc_mask: u16,
    cycles: u64,
    instructions: u64,
    /// Asleep with no wake-up source: the run is over.
    sleeping: bool,
    /// Clocks the CPU is held after the current instruction (EEPROM).
    stall: u32,
    /// EEMWE is set until this cycle count; EEWE (a write under way) until
    /// this one.
    eeprom_master_until: u64,
    eeprom_busy_until: u64,
    /// The byte being written: (address, its value before).
    eeprom_writing: Option<(usize, u8)>,
    /// Every EEPROM write the program started.
    pub eeprom_log: Vec<EepromWrite>,
    /// The I/O line (parts with `line`).
    line: Line,
    last_pc: Option<u16>,
    observer: Option<Box<dyn Observer>>,
}

/// One EEPROM byte write: where, and the cycles it kept EEWE set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EepromWrite {
    pub addr: usize,
    pub start: u64,
    pub until: u64,
}

/// The characters on the I/O line, both ways.
#[derive(Debug, Default)]
struct Line {
    rx: std::collections::VecDeque<u8>,
    tx: Vec<u8>,
    /// The program polled RXC when nothing was there.
    waiting: bool,
}

impl Avr {
    pub fn new(config: Config) -> Self {
        let part = config.part;
        let words = part.flash_bytes as usize / 2;
        let mut cpu = Avr {
            config,
            flash: vec![0xFFFF; words],
            code: vec![decode(0xFFFF); words],
            loaded: vec![false; words],
            regs: [0; 32],
            data: vec![0; part.data_bytes()],
            eeprom: vec![0xFF; part.eeprom_bytes as usize],
            sreg: 0,
            sp: 0,
            pc: 0,
            pc_mask: (words - 1) as u16,
            cycles: 0,
            instructions: 0,
            sleeping: false,
            stall: 0,
            eeprom_master_until: 0,
            eeprom_busy_until: 0,
            eeprom_writing: None,
            eeprom_log: vec![],
            line: Line::default(),
            last_pc: None,
            observer: None,
        };
        cpu.reset();
        cpu
    }

    /// Power-on reset: registers, I/O and SRAM cleared, SREG 0, PC 0 and
    /// SP at RAMEND (where avr-gcc's start-up code would put it; the chip
    /// itself clears SP on some parts, so programs set it, and simavr
    /// starts there too).
    pub fn reset(&mut self) {
        self.data.fill(0);
        self.regs = [0; 32];
        self.sreg = 0;
        self.sp = self.config.part.ramend();
        self.pc = 0;
        self.cycles = 0;
        self.instructions = 0;
        self.sleeping = false;
        self.eeprom_master_until = 0;
        self.eeprom_busy_until = 0;
        self.eeprom_writing = None;
        self.last_pc = None;
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Load `bytes` at program-memory byte address `addr` (even). Err(addr)
    /// if they do not fit the part's flash.
    pub fn load_flash(&mut self, addr: u32, bytes: &[u8]) -> Result<(), u32> {
        let end = addr as u64 + bytes.len() as u64;
        if !addr.is_multiple_of(2) || end > self.config.part.flash_bytes as u64 {
            return Err(addr);
        }
        for (i, pair) in bytes.chunks(2).enumerate() {
            let w = (addr / 2) as usize + i;
            let high = pair.get(1).copied().unwrap_or(0xFF);
            self.set_word(w, u16::from_le_bytes([pair[0], high]));
        }
        Ok(())
    }

    /// Write flash word `w` (now part of the image) and its decoding.
    fn set_word(&mut self, w: usize, value: u16) {
        self.flash[w] = value;
        self.code[w] = decode(value);
        self.loaded[w] = true;
    }

    /// Load `bytes` into the EEPROM at `addr`.
    pub fn load_eeprom(&mut self, addr: u32, bytes: &[u8]) -> Result<(), u32> {
        let slot = self
            .eeprom
            .get_mut(addr as usize..addr as usize + bytes.len())
            .ok_or(addr)?;
        slot.copy_from_slice(bytes);
        Ok(())
    }

    pub fn sreg(&self) -> u8 {
        self.sreg
    }

    pub fn set_sreg(&mut self, v: u8) {
        self.sreg = v;
    }

    pub fn sp(&self) -> u16 {
        self.sp
    }

    pub fn set_sp(&mut self, v: u16) {
        self.sp = v;
    }

    /// Register `n` (0-31).
    pub fn reg(&self, n: usize) -> u8 {
        self.regs[n]
    }

    pub fn set_reg(&mut self, n: usize, v: u8) {
        self.regs[n] = v;
    }

    /// A data-space byte as the CPU reads it, or None outside the part.
    fn peek(&self, addr: u16) -> Option<u8> {
        match addr {
            SPL => Some(self.sp as u8),
            SPH => Some((self.sp >> 8) as u8),
            SREG => Some(self.sreg),
            0..0x20 => Some(self.regs[addr as usize]),
            _ if self.config.part.eeprom_port.is_some_and(|p| p.eecr == addr) => Some(self.eecr()),
            _ => match self.config.part.line {
                Some(l) if l.ucsra == addr => {
                    Some(UDRE | if self.line.rx.is_empty() { 0 } else { RXC })
                }
                Some(l) if l.udr == addr => Some(self.line.rx.front().copied().unwrap_or(0)),
                _ => self.data.get(addr as usize).copied(),
            },
        }
    }

    /// What reading `addr` does besides giving its value (`bits`: the bits
    /// the instruction looks at): UDR hands over its character; RXC polled
    /// with nothing there means the card waits (polling UDRE alone is not
    /// waiting for the reader).
    fn read_effect(&mut self, addr: u16, bits: u8) {
        if let Some(l) = self.config.part.line {
            if addr == l.udr {
                self.line.rx.pop_front();
            } else if addr == l.ucsra && bits & RXC != 0 && self.line.rx.is_empty() {
                self.line.waiting = true;
            }
        }
    }

    /// Characters for the card to receive.
    pub fn send_to_card(&mut self, bytes: &[u8]) {
        self.line.rx.extend(bytes);
        self.line.waiting = false;
    }

    /// Characters the card sent since the last call.
    pub fn take_from_card(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.line.tx)
    }

    /// How many characters the card has sent that nobody has taken yet.
    pub fn unread_from_card(&self) -> usize {
        self.line.tx.len()
    }

    /// Whether the card polled for a character when there was none.
    pub fn waiting(&self) -> bool {
        self.line.waiting && self.line.rx.is_empty()
    }

    /// The EEPROM, as the card keeps it between sessions.
    pub fn eeprom(&self) -> &[u8] {
        &self.eeprom
    }

    /// Power cut at the current cycle: a byte still being written is left
    /// old, new or erased (0xFF), chosen by `seed`; the line is emptied.
    /// Whether a write was torn.
    pub fn power_cut(&mut self, seed: u64) -> bool {
        self.line = Line::default();
        let torn = match self.eeprom_writing.take() {
            Some((addr, old)) if self.cycles < self.eeprom_busy_until => {
                let new = self.eeprom[addr];
                self.eeprom[addr] = [old, new, 0xFF][(seed % 3) as usize];
                true
            }
            _ => false,
        };
        self.eeprom_busy_until = 0;
        self.eeprom_master_until = 0;
        torn
    }

    /// EECR as the program reads it: EERIE as written, EEMWE while its
    /// four clocks last, EEWE while a write is under way.
    fn eecr(&self) -> u8 {
        let port = self
            .config
            .part
            .eeprom_port
            .expect("asked only with a port");
        let mut v = self.data[port.eecr as usize] & EERIE;
        if self.cycles < self.eeprom_master_until {
            v |= EEMWE;
        }
        if self.cycles < self.eeprom_busy_until {
            v |= EEWE;
        }
        v
    }

    /// The program wrote `v` to `addr`: send what UDR takes, start what
    /// EECR asks for.
    fn written(&mut self, addr: u16) {
        if let Some(l) = self.config.part.line
            && addr == l.udr
        {
            self.line.tx.push(self.data[addr as usize]);
            return;
        }
        let Some(port) = self.config.part.eeprom_port else {
            return;
        };
        if addr != port.eecr {
            return;
        }
        let v = self.data[port.eecr as usize];
        self.data[port.eecr as usize] = v & EERIE;
        let now = self.cycles;
        if now < self.eeprom_busy_until {
            return; // a write under way: EERE and EEWE are ignored
        }
        let ear = u16::from_le_bytes([
            self.data[port.eearl as usize],
            self.data[port.eearh as usize],
        ]) as usize
            % self.eeprom.len();
        if v & EEWE != 0 && now < self.eeprom_master_until {
            self.eeprom_writing = Some((ear, self.eeprom[ear]));
            self.eeprom[ear] = self.data[port.eedr as usize];
            let clocks = port.write_ns as u128 * self.config.part.clock_hz as u128 / 1_000_000_000;
            self.eeprom_busy_until = now + clocks as u64;
            self.eeprom_log.push(EepromWrite {
                addr: ear,
                start: now,
                until: self.eeprom_busy_until,
            });
            self.eeprom_master_until = 0;
            self.stall += 2;
            return;
        }
        if v & EERE != 0 {
            self.data[port.eedr as usize] = self.eeprom[ear];
            self.stall += 4;
        }
        if v & EEMWE != 0 && now >= self.eeprom_master_until {
            self.eeprom_master_until = now + 4;
        }
    }

    fn poke(&mut self, addr: u16, v: u8) -> bool {
        match addr {
            SPL => self.sp = (self.sp & 0xFF00) | v as u16,
            SPH => self.sp = (self.sp & 0x00FF) | (v as u16) << 8,
            SREG => self.sreg = v,
            0..0x20 => self.regs[addr as usize] = v,
            _ => match self.data.get_mut(addr as usize) {
                Some(b) => *b = v,
                None => return false,
            },
        }
        true
    }

    fn notify(&mut self, space: Space, addr: u32, value: u8, write: bool) {
        if let Some(o) = self.observer.as_mut() {
            o.access(Access {
                space,
                addr,
                value,
                write,
            });
        }
    }

    /// A data-space read by the program.
    fn load(&mut self, addr: u16) -> Result<u8, Trap> {
        let v = self.peek(addr).ok_or(Trap::Unmapped {
            addr: addr as u32,
            write: false,
        })?;
        self.read_effect(addr, 0xFF);
        self.notify(Space::Memory, addr as u32, v, false);
        Ok(v)
    }

    /// A destination written by an instruction, for the observer (kept
    /// out of line: the unobserved run only tests for the observer).
    #[cold]
    #[inline(never)]
    pub(super) fn overwritten(&mut self, old: u8, new: u8) {
        if let Some(o) = self.observer.as_mut() {
            o.write_back(old as u32, new as u32);
        }
    }

    /// A data-space write by the program.
    fn store(&mut self, addr: u16, v: u8) -> Result<(), Trap> {
        let old = match self.observer.is_some() {
            true => self.peek(addr).unwrap_or(0),
            false => 0,
        };
        if !self.poke(addr, v) {
            return Err(Trap::Unmapped {
                addr: addr as u32,
                write: true,
            });
        }
        self.written(addr);
        if self.observer.is_some() {
            self.overwritten(old, v);
        }
        self.notify(Space::Memory, addr as u32, v, true);
        Ok(())
    }

    /// An I/O register (IN, OUT, SBI...): I/O address `a` is data address
    /// 0x20 + a.
    fn io(&self, a: u16) -> u8 {
        self.peek(IO_BASE + a).unwrap_or(0)
    }

    /// An I/O register as IN (`bits` 0xFF), SBIC and SBIS (the bit
    /// tested) read it.
    fn read_io(&mut self, a: u16, bits: u8) -> u8 {
        let v = self.io(a);
        self.read_effect(IO_BASE + a, bits);
        v
    }

    fn set_io(&mut self, a: u16, v: u8) {
        if self.observer.is_some() {
            self.overwritten(self.io(a), v);
        }
        self.poke(IO_BASE + a, v);
        self.written(IO_BASE + a);
    }

    /// A program-memory byte (LPM), or an error past the part's flash.
    fn program_byte(&mut self, z: u16) -> Result<u8, Trap> {
        let w = *self.flash.get(z as usize / 2).ok_or(Trap::Unmapped {
            addr: z as u32,
            write: false,
        })?;
        let v = if z & 1 == 0 { w as u8 } else { (w >> 8) as u8 };
        self.notify(Space::Code, z as u32, v, false);
        Ok(v)
    }

    fn push(&mut self, v: u8) -> Result<(), Trap> {
        self.store(self.sp, v)?;
        self.sp = self.sp.wrapping_sub(1);
        Ok(())
    }

    fn pop(&mut self) -> Result<u8, Trap> {
        self.sp = self.sp.wrapping_add(1);
        self.load(self.sp)
    }

    /// Push a return address (in words) as CALL does: low byte first, so
    /// the high byte ends at the lower address.
    fn push_return(&mut self, ret: u16) -> Result<(), Trap> {
        self.push(ret as u8)?;
        self.push((ret >> 8) as u8)
    }

    fn pop_return(&mut self) -> Result<u16, Trap> {
        let high = self.pop()? as u16;
        let low = self.pop()? as u16;
        Ok(high << 8 | low)
    }

    /// The word at word address `w`, if the image loaded it.
    fn fetch(&self, w: u16) -> Result<u16, Trap> {
        match self.loaded.get(w as usize) {
            Some(true) => Ok(self.flash[w as usize]),
            _ => Err(Trap::Fetch),
        }
    }

    /// Whether the instruction at `pc` is the halt convention: `rjmp .-2`,
    /// or a JMP to itself.
    fn halt_at(&self, pc: u16) -> bool {
        match self.fetch(pc) {
            Ok(HALT) => true,
            Ok(w) if w & 0xFE0E == 0x940C => self.fetch(pc.wrapping_add(1)) == Ok(pc),
            _ => false,
        }
    }

    /// One instruction; with `HALT_TEST`, the halt convention at the PC is
    /// not executed but returned as [`Trap::Halt`].
    /// Without `O`, observers are not looked for.
    #[inline(always)]
    fn step_inner<const HALT_TEST: bool, const O: bool>(&mut self) -> Result<u32, Trap> {
        let pc = self.pc;
        let insn = self.code[pc as usize];
        if insn.op == Op::Illegal && !self.loaded[pc as usize] {
            return Err(Trap::Fetch);
        }
        if HALT_TEST
            && ((insn.op == Op::Rjmp && insn.k == u16::MAX)
                || (insn.op == Op::Jmp && self.halt_at(pc)))
        {
            return Err(Trap::Halt);
        }
        let cycles = self.execute(insn, pc)? + std::mem::take(&mut self.stall);
        self.cycles += cycles as u64;
        self.instructions += 1;
        self.last_pc = Some(pc);
        if O && self.observer.is_some() {
            self.report(pc, cycles);
        }
        if HALT_TEST && self.sleeping {
            return Err(Trap::Halt);
        }
        Ok(cycles)
    }

    #[cold]
    fn report(&mut self, pc: u16, cycles: u32) {
        let mut bytes = [0u8; 4];
        bytes[..2].copy_from_slice(&self.flash[pc as usize].to_le_bytes());
        let len = if decode::two_words(self.flash[pc as usize]) {
            let second = self.flash.get(pc as usize + 1).copied().unwrap_or(0xFFFF);
            bytes[2..].copy_from_slice(&second.to_le_bytes());
            4
        } else {
            2
        };
        if let Some(o) = self.observer.as_mut() {
            o.instruction(&Executed {
                pc: pc as u32 * 2,
                bytes: &bytes[..len],
                cycles,
            });
        }
    }

    #[cold]
    fn trap_error(&self, pc: u16, trap: Trap) -> SimError {
        let byte_pc = pc as u32 * 2;
        match trap {
            Trap::Fetch => {
                SimError::fetch_outside(self, byte_pc, self.last_pc.map(|p| p as u32 * 2))
            }
            Trap::Illegal => {
                let w = self.flash[pc as usize];
                let text = match decode(w).op {
                    Op::Illegal => format!("{w:#06x}"),
                    // An enhanced-core instruction on a classic part.
                    _ => format!(
                        "{} (the {}'s classic core has none; build for it without MUL and MOVW)",
                        self.disassemble(byte_pc).0,
                        self.config.part.name
                    ),
                };
                SimError::UndefinedInstruction { pc: byte_pc, text }
            }
            Trap::Spm => SimError::UndefinedInstruction {
                pc: byte_pc,
                text: "spm (self-programming is not modelled)".into(),
            },
            Trap::Unmapped { addr, write } => SimError::Unmapped {
                pc: byte_pc,
                addr,
                write,
            },
            Trap::Halt => unreachable!("only the run loop tests for the halt"),
        }
    }

    /// The highest flash word the image left free, for the call stub.
    fn free_word(&self) -> Option<u16> {
        self.loaded.iter().rposition(|&l| !l).map(|w| w as u16)
    }
}

/// Register names in the order `cardlab run` prints them.
const REGISTER_NAMES: [&str; 32] = [
    "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13", "r14",
    "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27",
    "r28", "r29", "r30", "r31",
];

impl Cpu for Avr {
    fn step(&mut self) -> Result<u32, SimError> {
        if self.sleeping {
            return Ok(0);
        }
        let pc = self.pc;
        self.step_inner::<false, true>()
            .map_err(|t| self.trap_error(pc, t))
    }

    /// The trait's loop (halt, breakpoint, budget, then one instruction)
    /// with the halt test made by the instruction at the PC.
    fn run(&mut self, budget: u64, stop_at: Option<u32>) -> Result<Stop, SimError> {
        // Byte addresses: an odd stop address never matches.
        let stop = match stop_at {
            Some(a) if a % 2 == 0 && a / 2 <= u16::MAX as u32 => Some(a / 2),
            Some(_) => Some(u32::MAX),
            None => None,
        };
        if self.sleeping {
            return Ok(Stop::Halted);
        }
        let observed = self.observer.is_some();
        loop {
            let pc = self.pc;
            if stop == Some(pc as u32) || self.cycles >= budget {
                if self.halted() {
                    return Ok(Stop::Halted);
                }
                if stop == Some(pc as u32) {
                    return Ok(Stop::Breakpoint);
                }
                return Err(SimError::CycleBudget {
                    pc: pc as u32 * 2,
                    budget,
                    instruction: self.disassemble(pc as u32 * 2).0,
                });
            }
            let stepped = if observed {
                self.step_inner::<true, true>()
            } else {
                self.step_inner::<true, false>()
            };
            match stepped {
                Ok(_) => {}
                Err(Trap::Halt) => return Ok(Stop::Halted),
                Err(trap) => return Err(self.trap_error(pc, trap)),
            }
        }
    }

    fn halted(&self) -> bool {
        self.sleeping || self.halt_at(self.pc)
    }

    fn pc(&self) -> u32 {
        self.pc as u32 * 2
    }

    fn set_pc(&mut self, pc: u32) {
        self.pc = (pc / 2) as u16 & self.pc_mask;
        self.sleeping = false;
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    fn registers(&self) -> Vec<Register> {
        let mut regs: Vec<Register> = REGISTER_NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| Register {
                name,
                value: self.regs[i] as u64,
                bits: 8,
            })
            .collect();
        regs.push(Register {
            name: "sreg",
            value: self.sreg as u64,
            bits: 8,
        });
        regs.push(Register {
            name: "sp",
            value: self.sp as u64,
            bits: 16,
        });
        regs.push(Register {
            name: "pc",
            value: self.pc as u64 * 2,
            bits: 16,
        });
        regs
    }

    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        match space {
            Space::Memory => u16::try_from(addr).ok().and_then(|a| self.peek(a)),
            Space::Code => {
                let w = self.flash.get(addr as usize / 2)?;
                Some(if addr.is_multiple_of(2) {
                    *w as u8
                } else {
                    (*w >> 8) as u8
                })
            }
            Space::Eeprom => self.eeprom.get(addr as usize).copied(),
            _ => None,
        }
    }

    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        match space {
            Space::Memory => u16::try_from(addr).is_ok_and(|a| self.poke(a, value)),
            Space::Code => match self.flash.get(addr as usize / 2) {
                Some(&w) => {
                    let shift = (addr % 2) * 8;
                    self.set_word(
                        addr as usize / 2,
                        (w & !(0xFF << shift)) | (value as u16) << shift,
                    );
                    true
                }
                None => false,
            },
            Space::Eeprom => match self.eeprom.get_mut(addr as usize) {
                Some(b) => {
                    *b = value;
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let w = |i: u32| {
            self.flash
                .get((pc / 2 + i) as usize)
                .copied()
                .unwrap_or(0xFFFF)
        };
        let len = if decode::two_words(w(0)) { 4 } else { 2 };
        (disasm::disassemble(pc, w(0), w(1)), len)
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    /// The registers and the SRAM: a program must not read either before
    /// it writes it (avr-gcc's code assumes r1 = 0 only after its start-up
    /// code cleared it).
    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        let part = self.config.part;
        vec![
            (Space::Memory, 0, 32),
            (Space::Memory, part.ram.0 as u32, part.ram_bytes()),
        ]
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.observer.take()
    }

    /// As CALL would: the return address (a `rjmp .-2` stub in the highest
    /// free flash word) pushed on the stack, the PC at `entry`.
    fn call(&mut self, entry: u32) -> Result<(), SimError> {
        let stub = self.free_word().ok_or(SimError::NoRoomForStub)?;
        self.set_word(stub as usize, HALT);
        let observer = self.observer.take();
        let pushed = self.push_return(stub);
        self.observer = observer;
        pushed.map_err(|t| self.trap_error(self.pc, t))?;
        self.set_pc(entry);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
