//! Cycle-exact instruction-set simulators of the seed papers' CPUs, one
//! module per CPU behind the [`Cpu`] trait.
//!
//! A simulator reads like its vendor manual: decode, execute, and a timing
//! rule per instruction form kept as data. It knows nothing about ciphers.
//! Everything it does is deterministic: the same image and inputs give the
//! same cycle count. Anything a real chip would not do (an illegal opcode, a
//! fetch outside the loaded image, a run past its cycle budget) is a typed
//! [`SimError`] naming the PC and the instruction, never a panic.

pub mod arm7tdmi;
pub mod avr;
pub mod elf;
pub mod h8300;
pub mod hc05;
pub mod leon2;
pub mod mcs51;
pub mod observe;
pub mod power;
pub mod srec;
pub mod target;

use serde::Serialize;

/// A memory space of a target, as the lab and the observers see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// Program memory (MOVC reads, instruction fetches).
    Code,
    /// 8051 internal RAM (direct 0x00-0x7F and indirect 0x00-0xFF).
    Iram,
    /// 8051 special function registers (direct 0x80-0xFF).
    Sfr,
    /// 8051 external data memory (MOVX).
    Xram,
    /// The single address space of a von Neumann CPU (ARM, 68HC05): code, data
    /// and tables alike.
    #[serde(rename = "mem")]
    Memory,
    /// EEPROM as a space of its own (the AVR's, reached through I/O
    /// registers).
    Eeprom,
}

impl Space {
    pub fn name(self) -> &'static str {
        match self {
            Space::Code => "code",
            Space::Iram => "iram",
            Space::Sfr => "sfr",
            Space::Xram => "xram",
            Space::Memory => "mem",
            Space::Eeprom => "eeprom",
        }
    }

    pub fn parse(s: &str) -> Option<Space> {
        Some(match s.to_ascii_lowercase().as_str() {
            "code" | "rom" => Space::Code,
            "iram" | "data" | "idata" => Space::Iram,
            "sfr" => Space::Sfr,
            "xram" | "xdata" => Space::Xram,
            "mem" | "memory" => Space::Memory,
            "eeprom" | "ee" => Space::Eeprom,
            _ => return None,
        })
    }
}

/// One data-memory access, as the observers see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub space: Space,
    pub addr: u32,
    pub value: u8,
    pub write: bool,
}

/// One executed instruction, as the trace observer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Executed<'a> {
    pub pc: u32,
    /// The instruction's bytes as fetched.
    pub bytes: &'a [u8],
    /// What it cost, in the target's cycle unit.
    pub cycles: u32,
}

/// Receives what the CPU does; every method has an empty default so an
/// observer implements only what it records. Observers are `Any` so the
/// caller can take its own type back from the CPU (see
/// [`observe::downcast`]); a pair of observers is an observer.
pub trait Observer: std::any::Any {
    fn instruction(&mut self, _executed: &Executed) {}
    fn access(&mut self, _access: Access) {}
    /// A destination overwritten by an instruction (a register, a memory
    /// cell, a stack slot): its value before and after. Leakage models
    /// read the datapath's transitions from these; flags are not reported.
    fn write_back(&mut self, _old: u32, _new: u32) {}
    /// A cache lookup (CPUs with caches: the LEON2).
    fn cache(&mut self, _lookup: CacheLookup) {}
}

/// One cache lookup: which cache, the address, whether it hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheLookup {
    pub cache: CacheKind,
    pub addr: u32,
    pub hit: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CacheKind {
    Instruction,
    Data,
}

/// One register's value, as `cardlab run` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Register {
    pub name: &'static str,
    pub value: u64,
    /// Width in bits, for printing.
    pub bits: u8,
}

/// Why a run stopped other than by halting.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("illegal opcode {opcode:#04x} at PC={pc:#06x}")]
    IllegalOpcode { pc: u32, opcode: u8 },
    #[error("fetch outside the loaded image at PC={pc:#06x}, after {after}")]
    FetchOutsideImage {
        pc: u32,
        /// The instruction that led there (address and text).
        after: String,
    },
    #[error("cycle budget of {budget} exhausted at PC={pc:#06x} ({instruction})")]
    CycleBudget {
        pc: u32,
        budget: u64,
        instruction: String,
    },
    #[error("undefined instruction {text} at PC={pc:#010x}")]
    UndefinedInstruction { pc: u32, text: String },
    #[error("{kind} of unmapped address {addr:#010x} at PC={pc:#010x}", kind = if *write { "write" } else { "read" })]
    Unmapped { pc: u32, addr: u32, write: bool },
    #[error("write to read-only {region} at {addr:#06x} by PC={pc:#06x}; keep data in RAM")]
    ReadOnlyWrite {
        pc: u32,
        addr: u32,
        region: &'static str,
    },
    #[error("no free code space for the return stub of a call")]
    NoRoomForStub,
    #[error(
        "trap {tt:#04x} ({name}) at PC={pc:#010x} with traps disabled (ET=0): the processor enters error mode"
    )]
    ErrorMode { pc: u32, tt: u8, name: &'static str },
}

impl SimError {
    /// A fetch outside the loaded image at `pc`, naming the instruction
    /// that led there (the last one executed, at `last`), or that the run
    /// started there.
    #[cold]
    pub fn fetch_outside(cpu: &dyn Cpu, pc: u32, last: Option<u32>) -> SimError {
        let after = match last {
            Some(last) => format!("{last:#06x} {}", cpu.disassemble(last).0),
            None => "no instruction (the run started there)".into(),
        };
        SimError::FetchOutsideImage { pc, after }
    }
}

/// How a call to [`Cpu::run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The program reached its halt convention (on the 8051, `SJMP $`).
    Halted,
    /// The PC reached the requested stop address.
    Breakpoint,
}

/// What every simulated CPU offers the lab.
pub trait Cpu {
    /// Execute one instruction; returns the cycles it took.
    fn step(&mut self) -> Result<u32, SimError>;
    /// Whether the CPU sits in its halt convention.
    fn halted(&self) -> bool;
    fn pc(&self) -> u32;
    fn set_pc(&mut self, pc: u32);
    /// Cycles in the target's own unit since reset.
    fn cycles(&self) -> u64;
    fn instructions(&self) -> u64;
    /// Registers in the order a user expects to read them.
    fn registers(&self) -> Vec<Register>;
    fn read(&self, space: Space, addr: u32) -> Option<u8>;
    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool;
    /// The instruction at `pc`: its text and length in bytes.
    fn disassemble(&self, pc: u32) -> (String, u32);
    /// The target's disassembler, for a [`observe::Trace`].
    fn disassembler(&self) -> observe::Disassembler;
    /// Oscillator periods per cycle as [`Cpu::cycles`] counts them.
    fn clocks_per_cycle(&self) -> u32 {
        1
    }
    /// Event counts of the run so far beyond cycles and instructions, by
    /// name (the LEON2's cache hits and misses); none by default.
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![]
    }
    /// The data memory a program may read before it writes it, as (space,
    /// start, length): the lab fills it with noise before every run, so
    /// code that relies on memory it never initialised fails.
    fn data_ranges(&self) -> Vec<(Space, u32, u32)>;
    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>);
    fn take_observer(&mut self) -> Option<Box<dyn Observer>>;
    /// Prepare a subroutine call of `entry` as the target's call
    /// instruction would make it, returning to a halt stub the CPU places
    /// in free code space: running then measures exactly the subroutine.
    fn call(&mut self, entry: u32) -> Result<(), SimError>;
    /// Start again at `entry` after a run, memory and caches as the run
    /// left them (a "warm" run); a CPU with more state to reset at a
    /// rerun (the LEON2's %psr, its bus) resets it here.
    fn restart(&mut self, entry: u32) {
        self.set_pc(entry);
    }

    /// Run until halt, until `stop_at` (if given) or past `budget` cycles.
    fn run(&mut self, budget: u64, stop_at: Option<u32>) -> Result<Stop, SimError> {
        loop {
            if self.halted() {
                return Ok(Stop::Halted);
            }
            if stop_at == Some(self.pc()) {
                return Ok(Stop::Breakpoint);
            }
            if self.cycles() >= budget {
                return Err(SimError::CycleBudget {
                    pc: self.pc(),
                    budget,
                    instruction: self.disassemble(self.pc()).0,
                });
            }
            self.step()?;
        }
    }
}
