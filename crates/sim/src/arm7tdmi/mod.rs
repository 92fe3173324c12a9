//! The ARM7TDMI (ARMv4T, ARM and Thumb state), following the "ARM7TDMI
//! Technical Reference Manual" (ARM DDI 0210C): chapter 2 for the
//! programmer's model (modes, banked registers, exceptions), chapter 6 for
//! the cycle timing of every instruction class; the ARM Architecture
//! Reference Manual (ARMv4T parts) for the instruction semantics.
//!
//! Cycles are bus cycles, S + N + I plus the wait states of the memory
//! map ([`bus`]); the default map is one zero-wait 32-bit region, as the
//! on-chip memory of a card. The pipeline is not simulated beyond what its
//! timing shows: R15 reads as the instruction's address + 8 (ARM) or + 4
//! (Thumb), + 12 where the TRM says so (register-specified shifts, STR and
//! STM of R15), and a write to R15 costs the refill (1N + 1S).
//!
//! Conventions of the simulator (not of the chip):
//! - halt: a branch to itself (`b .`, in either state) is where a program
//!   stops, as `SJMP $` on the 8051;
//! - an undefined instruction (coprocessor instructions included: the
//!   core has no coprocessor) and a data access or fetch where nothing is
//!   mapped stop the run with an error instead of taking the exception,
//!   since measured code never means to; SWI takes its exception (SVC
//!   mode, vector 0x08) as the chip does.

mod target;
pub use target::TARGET;
mod alu;
mod arm;
pub mod bus;
mod disasm;
pub use crate::elf;
mod thumb;

use crate::{Cpu, Executed, Observer, Register, SimError, Space};
use bus::{Bus, RegionSpec, Unmapped};
pub use disasm::disassemble;

/// CPSR bits (TRM §2.7).
pub mod psr {
    pub const N: u32 = 1 << 31;
    pub const Z: u32 = 1 << 30;
    pub const C: u32 = 1 << 29;
    pub const V: u32 = 1 << 28;
    pub const I: u32 = 1 << 7;
    pub const F: u32 = 1 << 6;
    pub const T: u32 = 1 << 5;
    pub const MODE: u32 = 0x1F;
    /// The bits ARMv4T defines: the flags and the control byte.
    pub const DEFINED: u32 = 0xF000_00FF;
}

/// Operating modes (TRM §2.6) and their mode bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    User = 0x10,
    Fiq = 0x11,
    Irq = 0x12,
    Supervisor = 0x13,
    Abort = 0x17,
    Undefined = 0x1B,
    System = 0x1F,
}

impl Mode {
    pub fn from_bits(bits: u32) -> Option<Mode> {
        Some(match bits & psr::MODE {
            0x10 => Mode::User,
            0x11 => Mode::Fiq,
            0x12 => Mode::Irq,
            0x13 => Mode::Supervisor,
            0x17 => Mode::Abort,
            0x1B => Mode::Undefined,
            0x1F => Mode::System,
            _ => return None,
        })
    }

    /// Index of the mode's R13, R14 and SPSR bank (User and System share 0,
    /// which has no SPSR).
    fn bank(self) -> usize {
        match self {
            Mode::User | Mode::System => 0,
            Mode::Fiq => 1,
            Mode::Irq => 2,
            Mode::Supervisor => 3,
            Mode::Abort => 4,
            Mode::Undefined => 5,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub map: Vec<RegionSpec>,
}

impl Default for Config {
    /// 4 MiB of zero-wait 32-bit memory from address 0.
    fn default() -> Self {
        Config {
            map: vec![RegionSpec::zero_wait("ram", 0, 4 << 20)],
        }
    }
}

/// What stopped an instruction part-way.
enum Fault {
    Unmapped(Unmapped),
    Undefined,
}

impl From<Unmapped> for Fault {
    fn from(u: Unmapped) -> Self {
        Fault::Unmapped(u)
    }
}

type Exec = Result<(), Fault>;

pub struct Arm7tdmi {
    /// The current mode's view of R0-R15. While an instruction executes,
    /// R15 holds its address + 8 (ARM) or + 4 (Thumb), as it reads.
    r: [u32; 16],
    cpsr: u32,
    /// R8-R12 of the modes other than FIQ (0) and of FIQ (1), for the mode
    /// not current.
    bank_r8_12: [[u32; 5]; 2],
    /// R13 and R14 of each bank ([`Mode::bank`]), for the banks not current.
    bank_r13_14: [[u32; 2]; 6],
    spsr: [u32; 6],
    /// The address of the next instruction to execute.
    pc: u32,
    /// Where execution goes after the current instruction (its address +
    /// 4 or 2 unless it branches).
    next: u32,
    bus: Bus,
    /// One past the highest byte `load` wrote.
    loaded_end: u32,
    instructions: u64,
    /// Word and halfword accesses at addresses not aligned to their size
    /// (the ARM7TDMI rotates or drops the low bits; see the load helpers).
    misaligned: u64,
    last_pc: Option<u32>,
    call_stub: Option<u32>,
    observer: Option<Box<dyn Observer>>,
}

/// ARM `B .` and Thumb `B .`: the halt convention.
const ARM_HALT: u32 = 0xEAFF_FFFE;
const THUMB_HALT: u32 = 0xE7FE;

impl Arm7tdmi {
    /// A CPU after reset (TRM §2.10: Supervisor mode, IRQ and FIQ disabled,
    /// ARM state, PC = 0) with the given memory map, all zero.
    pub fn new(config: Config) -> Self {
        Arm7tdmi {
            r: [0; 16],
            cpsr: psr::I | psr::F | Mode::Supervisor as u32,
            bank_r8_12: [[0; 5]; 2],
            bank_r13_14: [[0; 2]; 6],
            spsr: [0; 6],
            pc: 0,
            next: 0,
            bus: Bus::new(&config.map),
            loaded_end: 0,
            instructions: 0,
            misaligned: 0,
            last_pc: None,
            call_stub: None,
            observer: None,
        }
    }

    /// Start at `entry` (bit 0: Thumb state) with SP at the top of the
    /// memory map, as a boot loader would leave it.
    pub fn boot(&mut self, entry: u32) {
        let top = self
            .bus
            .map()
            .map(|r| r.base.wrapping_add(r.size))
            .max()
            .unwrap_or(0);
        self.r[13] = top.wrapping_sub(16) & !7;
        self.set_flag(psr::T, entry & 1 != 0);
        self.pc = entry & !1;
    }

    pub fn load(&mut self, addr: u32, bytes: &[u8]) -> bool {
        self.loaded_end = self.loaded_end.max(addr.wrapping_add(bytes.len() as u32));
        self.bus.load_bytes(addr, bytes)
    }

    /// One past the highest mapped address.
    fn memory_top(&self) -> u32 {
        self.bus
            .map()
            .map(|r| r.base.wrapping_add(r.size))
            .max()
            .unwrap_or(0)
    }

    /// How many word or halfword accesses so far were not aligned to their
    /// size. Compilers avoid them; in hand-written code they are usually a
    /// bug, and other ARM cores treat them differently.
    pub fn misaligned_accesses(&self) -> u64 {
        self.misaligned
    }

    pub fn bus_cycles(&self) -> bus::BusCycles {
        self.bus.cycles
    }

    pub fn reg(&self, i: usize) -> u32 {
        if i == 15 { self.pc } else { self.r[i] }
    }

    pub fn set_reg(&mut self, i: usize, value: u32) {
        if i == 15 {
            self.pc = value;
        } else {
            self.r[i] = value;
        }
    }

    pub fn cpsr(&self) -> u32 {
        self.cpsr
    }

    /// Set the whole CPSR, switching register banks as the mode changes.
    pub fn set_cpsr(&mut self, value: u32) {
        if let Some(mode) = Mode::from_bits(value) {
            self.switch_mode(mode);
        }
        self.cpsr = value;
    }

    /// The SPSR of the current mode (User and System have none: the CPSR).
    pub fn spsr_of_mode(&self) -> u32 {
        self.spsr()
    }

    /// The SPSR of the current mode (User and System have none: ignored).
    pub fn set_spsr(&mut self, value: u32) {
        let bank = self.mode().bank();
        if bank != 0 {
            self.spsr[bank] = value;
        }
    }

    pub fn mode(&self) -> Mode {
        Mode::from_bits(self.cpsr).unwrap_or(Mode::User)
    }

    pub fn thumb(&self) -> bool {
        self.cpsr & psr::T != 0
    }

    /// Store the current mode's banked registers and load `to`'s; the mode
    /// bits of the CPSR are the caller's to set.
    fn switch_mode(&mut self, to: Mode) {
        let from = self.mode();
        if from.bank() != to.bank() {
            self.bank_r13_14[from.bank()] = [self.r[13], self.r[14]];
            [self.r[13], self.r[14]] = self.bank_r13_14[to.bank()];
        }
        let (fiq_from, fiq_to) = ((from == Mode::Fiq) as usize, (to == Mode::Fiq) as usize);
        if fiq_from != fiq_to {
            self.bank_r8_12[fiq_from].copy_from_slice(&self.r[8..13]);
            self.r[8..13].copy_from_slice(&self.bank_r8_12[fiq_to]);
        }
        self.cpsr = (self.cpsr & !psr::MODE) | to as u32;
    }

    /// The SPSR of the current mode (User and System have none: the CPSR).
    fn spsr(&self) -> u32 {
        match self.mode().bank() {
            0 => self.cpsr,
            b => self.spsr[b],
        }
    }

    /// CPSR = SPSR, as an exception return does (data processing with S
    /// and Rd = R15, LDM with ^ and R15).
    fn restore_cpsr(&mut self) {
        let spsr = self.spsr();
        self.set_cpsr(spsr);
    }

    fn flag(&self, bit: u32) -> bool {
        self.cpsr & bit != 0
    }

    fn set_flag(&mut self, bit: u32, on: bool) {
        if on {
            self.cpsr |= bit;
        } else {
            self.cpsr &= !bit;
        }
    }

    fn set_nz(&mut self, result: u32) {
        self.set_flag(psr::N, result >> 31 != 0);
        self.set_flag(psr::Z, result == 0);
    }

    /// The condition field (ARM ARM A3.2); NV never passes on ARMv4.
    fn passes(&self, cond: u32) -> bool {
        let (n, z, c, v) = (
            self.flag(psr::N),
            self.flag(psr::Z),
            self.flag(psr::C),
            self.flag(psr::V),
        );
        match cond {
            0x0 => z,
            0x1 => !z,
            0x2 => c,
            0x3 => !c,
            0x4 => n,
            0x5 => !n,
            0x6 => v,
            0x7 => !v,
            0x8 => c && !z,
            0x9 => !c || z,
            0xA => n == v,
            0xB => n != v,
            0xC => !z && n == v,
            0xD => z || n != v,
            0xE => true,
            _ => false,
        }
    }

    // ---- cycles (TRM chapter 6) -----------------------------------------

    /// Instruction width in bytes in the current state.
    fn width(&self) -> u32 {
        if self.thumb() { 2 } else { 4 }
    }

    /// The prefetch of an instruction's first cycle: S, or N when a data
    /// access follows (STR, STM).
    fn prefetch(&mut self, sequential: bool) {
        let at = self.r[15];
        let width = self.width();
        self.bus.fetch(at, width, sequential);
    }

    /// Branch to `target`: the pipeline refills with an N fetch and an S
    /// fetch at the target (the "+1N+1S" of every write to R15). The target
    /// is aligned to the state in force after the instruction.
    fn branch(&mut self, target: u32) {
        let width = self.width();
        let target = target & !(width - 1);
        self.next = target;
        self.bus.fetch(target, width, false);
        self.bus.fetch(target.wrapping_add(width), width, true);
    }

    /// Write a register; R15 branches.
    fn write_reg(&mut self, i: usize, value: u32) {
        if i == 15 {
            self.branch(value);
        } else {
            self.set_r(i, value);
        }
    }

    /// R0-R14 written by an instruction: observed.
    pub(super) fn set_r(&mut self, i: usize, value: u32) {
        if let Some(o) = self.observer.as_mut() {
            o.write_back(self.r[i], value);
        }
        self.r[i] = value;
    }

    /// Take an exception (TRM §2.8): the return address to the new mode's
    /// R14, CPSR to its SPSR, ARM state, IRQ disabled, PC = vector.
    fn exception(&mut self, mode: Mode, vector: u32, return_address: u32) {
        let old = self.cpsr;
        self.switch_mode(mode);
        self.spsr[mode.bank()] = old;
        self.r[14] = return_address;
        self.cpsr = (self.cpsr & !psr::T) | psr::I;
        self.branch(vector);
    }

    // ---- data accesses ---------------------------------------------------

    /// A word load as the ARM7TDMI does it: from the aligned word, rotated
    /// right by 8 × (address mod 4) (TRM §4.9, "unaligned word loads").
    fn load_word_rotated(&mut self, addr: u32, sequential: bool) -> Result<u32, Unmapped> {
        let word = self.load_word(addr, sequential)?;
        Ok(word.rotate_right(8 * (addr & 3)))
    }

    fn note_alignment(&mut self, addr: u32, size: u32) {
        if addr & (size - 1) != 0 {
            self.misaligned += 1;
        }
    }

    fn load_word(&mut self, addr: u32, sequential: bool) -> Result<u32, Unmapped> {
        self.note_alignment(addr, 4);
        self.bus.read(addr & !3, 4, sequential)
    }

    fn store_word(&mut self, addr: u32, value: u32, sequential: bool) -> Result<(), Unmapped> {
        self.note_alignment(addr, 4);
        self.bus.write(addr & !3, 4, value, sequential)
    }

    fn store_half(&mut self, addr: u32, value: u32) -> Result<(), Unmapped> {
        self.note_alignment(addr, 2);
        self.bus.write(addr & !1, 2, value & 0xFFFF, false)
    }

    /// LDRH: an odd address reads the aligned halfword rotated by 8
    /// (ARM7TDMI behaviour; the architecture leaves it unpredictable).
    fn load_half(&mut self, addr: u32) -> Result<u32, Unmapped> {
        self.note_alignment(addr, 2);
        let half = self.bus.read(addr & !1, 2, false)?;
        Ok(half.rotate_right(8 * (addr & 1)))
    }

    /// LDRSH: an odd address loads the byte there, sign-extended (ARM7TDMI
    /// behaviour).
    fn load_signed_half(&mut self, addr: u32) -> Result<u32, Unmapped> {
        self.note_alignment(addr, 2);
        if addr & 1 != 0 {
            return Ok(self.bus.read(addr, 1, false)? as i8 as u32);
        }
        Ok(self.bus.read(addr, 2, false)? as i16 as u32)
    }

    // ---- the instruction loop --------------------------------------------

    fn fault(&self, fault: Fault, pc: u32) -> SimError {
        match fault {
            Fault::Unmapped(u) => SimError::Unmapped {
                pc,
                addr: u.addr,
                write: u.write,
            },
            Fault::Undefined => SimError::UndefinedInstruction {
                pc,
                text: self.disassemble(pc).0,
            },
        }
    }
}

impl Cpu for Arm7tdmi {
    fn step(&mut self) -> Result<u32, SimError> {
        let pc = self.pc;
        let width = self.width();
        let word = match width {
            2 => self.bus.peek::<2>(pc),
            _ => self.bus.peek::<4>(pc),
        };
        let Some(word) = word.filter(|_| pc & (width - 1) == 0) else {
            return Err(SimError::FetchOutsideImage {
                pc,
                after: match self.last_pc {
                    Some(last) => format!("{last:#010x}: {}", self.disassemble(last).0),
                    None => "reset".to_string(),
                },
            });
        };
        let before = self.bus.cycles.total();
        if self.observer.is_some() {
            self.bus.log = Some(Vec::new());
        }
        self.r[15] = pc.wrapping_add(2 * width);
        self.next = pc.wrapping_add(width);
        let result = if width == 2 {
            self.execute_thumb(word as u16)
        } else {
            self.execute_arm(word)
        };
        if let Err(fault) = result {
            self.bus.log = None;
            return Err(self.fault(fault, pc));
        }
        self.pc = self.next;
        self.last_pc = Some(pc);
        self.instructions += 1;
        let cycles = (self.bus.cycles.total() - before) as u32;
        if let Some(o) = self.observer.as_mut() {
            for logged in self.bus.log.take().unwrap_or_default() {
                match logged {
                    bus::Logged::Access(access) => o.access(access),
                    bus::Logged::WriteBack { old, new } => o.write_back(old, new),
                }
            }
            let bytes = word.to_le_bytes();
            o.instruction(&Executed {
                pc,
                bytes: &bytes[..width as usize],
                cycles,
            });
        }
        Ok(cycles)
    }

    fn halted(&self) -> bool {
        if self.thumb() {
            self.bus.peek::<2>(self.pc) == Some(THUMB_HALT)
        } else {
            self.bus.peek::<4>(self.pc) == Some(ARM_HALT)
        }
    }

    fn pc(&self) -> u32 {
        self.pc
    }

    /// As BX would: bit 0 of `pc` selects Thumb state.
    fn set_pc(&mut self, pc: u32) {
        self.set_flag(psr::T, pc & 1 != 0);
        self.pc = pc & !1;
    }

    fn cycles(&self) -> u64 {
        self.bus.cycles.total()
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    /// R0-R15, then the CPSR.
    fn registers(&self) -> Vec<Register> {
        const NAMES: [&str; 16] = [
            "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "sp",
            "lr", "pc",
        ];
        NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| Register {
                name,
                value: self.reg(i) as u64,
                bits: 32,
            })
            .chain(std::iter::once(Register {
                name: "cpsr",
                value: self.cpsr as u64,
                bits: 32,
            }))
            .collect()
    }

    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        match space {
            Space::Memory => self.bus.peek8(addr),
            _ => None,
        }
    }

    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        space == Space::Memory && self.bus.poke8(addr, value)
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let width = self.width();
        let mut bytes = [0u8; 4];
        for (i, b) in bytes.iter_mut().enumerate().take(width as usize) {
            *b = self.bus.peek8(pc.wrapping_add(i as u32)).unwrap_or(0);
        }
        (disassemble(pc, &bytes[..width as usize]), width)
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    /// The 64 KiB after the highest byte loaded (where .data and .bss of a
    /// linked image lie) and the 64 KiB under the top of memory (the stack
    /// that `boot` and `call` set up). The rest of a large map stays zero:
    /// filling megabytes before every run would cost more than it finds.
    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        const SPAN: u32 = 0x10000;
        let top = self.memory_top();
        let after_image = (self.loaded_end + 3) & !3;
        [(after_image, SPAN), (top.wrapping_sub(SPAN), SPAN)]
            .into_iter()
            .filter(|&(start, len)| self.bus.mapped(start, len))
            .map(|(start, len)| (Space::Memory, start, len))
            .collect()
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.observer.take()
    }

    /// A call as BL would make it: LR = a `b .` stub in the last word of the
    /// memory map, SP = the word below it (full descending stack), PC =
    /// `entry` (bit 0 set: Thumb state).
    fn call(&mut self, entry: u32) -> Result<(), SimError> {
        let stub = match self.call_stub {
            Some(stub) => stub,
            None => {
                let stub = self.memory_top().wrapping_sub(4);
                if !self.bus.load_bytes(stub, &ARM_HALT.to_le_bytes()) {
                    return Err(SimError::NoRoomForStub);
                }
                self.call_stub = Some(stub);
                stub
            }
        };
        self.r[13] = stub.wrapping_sub(4) & !7;
        self.r[14] = stub;
        self.set_flag(psr::T, entry & 1 != 0);
        self.pc = entry & !1;
        Ok(())
    }
}
