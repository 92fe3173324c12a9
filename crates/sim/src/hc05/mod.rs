//! The Motorola 68HC05 (CPU05 core), following the M68HC05 family
//! reference ("Understanding Small Microcontrollers", M68HC05TB/D) and the
//! instruction set summary of the HC05 data books (Table 10-6 of the
//! MC68HC05RC16 GRS): decode by the opcode map's column (addressing mode)
//! and row (operation), execute, and a cycle count per opcode kept as
//! data in [`timing`].
//!
//! Registers: A, X, an SP whose upper bits are fixed (it lives in the
//! stack window of the part's map, 0x00C0-0x00FF, and wraps there), PC,
//! and CCR = 111HINZC. Memory is the part's [`map::MemoryMap`]: an access
//! outside every region is an `Unmapped` error, a CPU write to ROM or
//! EEPROM a `ReadOnlyWrite` error, both naming the PC.
//!
//! Observers see every data-memory access the program names: the operand
//! of a memory instruction (a read-modify-write reports its read and its
//! write), the byte of a bit instruction, and the stack (JSR, BSR, RTS,
//! SWI, RTI). Instruction fetches, vector fetches and the implicit use of
//! A, X, SP and CCR are not accesses.

mod target;
pub use target::TARGET;
mod disasm;
mod exec;
pub mod load;
pub mod map;
pub mod timing;

use crate::{Access, Cpu, Executed, Observer, Register, SimError, Space, Stop};
pub use map::{Kind, MC68HC705B16, MemoryMap, PARTS, Region, ST16CF54};
pub use timing::{HC05, Timing};

/// The text of the instruction `bytes` at `pc` (an
/// [`observe::Disassembler`](crate::observe::Disassembler)); missing
/// operand bytes read as zero.
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
    disasm::disassemble(pc as u16, byte(0), byte(1), byte(2))
}

/// CCR bits (the upper three read as 1).
const C: u8 = 0x01;
const Z: u8 = 0x02;
const N: u8 = 0x04;
const I: u8 = 0x08;
const H: u8 = 0x10;
const CCR_ONES: u8 = 0xE0;

/// Where the reset and SWI vectors sit, before reduction to the part's
/// address width (the top of the 16-bit space, as every HC05 data book
/// writes them).
pub const RESET_VECTOR: u16 = 0xFFFE;
pub const SWI_VECTOR: u16 = 0xFFFC;

/// The halt convention: `BRA *`.
const HALT: [u8; 2] = [0x20, 0xFE];

/// Per-address attributes, one byte per address.
const READ: u8 = 1;
const WRITE: u8 = 2;
/// An instruction may be fetched here: RAM, or ROM/EEPROM the image loaded.
const FETCH: u8 = 4;
/// This address and the next are FETCH (a two-byte instruction, or the
/// `BRA *` of the halt convention, may be fetched here).
const FETCH2: u8 = 8;
/// This address and the next two are FETCH.
const FETCH3: u8 = 16;

#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub map: &'static MemoryMap,
    pub timing: Timing,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            map: &MC68HC705B16,
            timing: HC05,
        }
    }
}

/// The programmer's model, for tests and tools that set a state directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Regs {
    pub a: u8,
    pub x: u8,
    pub sp: u16,
    pub pc: u16,
    /// 111HINZC; the upper three bits are ignored when set.
    pub ccr: u8,
}

/// Why an instruction did not execute, before the PC and the opcode are
/// attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trap {
    /// Not all of its bytes are fetchable.
    Fetch,
    /// No entry in the timing table.
    Illegal,
    /// An operand access failed.
    Memory(Fault),
    /// The run is halted (handlers with the halt test only): a `BRA *`
    /// not executed, or STOP or WAIT executed.
    Halt,
}

/// One opcode's handler: execute it at the PC it was fetched from.
type Handler = fn(&mut Hc05, u16) -> Result<u32, Trap>;

macro_rules! handlers {
    ($halt_test:literal, $observed:literal) => {
        handlers!(@ $halt_test, $observed;
            0x00 0x01 0x02 0x03 0x04 0x05 0x06 0x07 0x08 0x09 0x0A 0x0B 0x0C 0x0D 0x0E 0x0F
            0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1A 0x1B 0x1C 0x1D 0x1E 0x1F
            0x20 0x21 0x22 0x23 0x24 0x25 0x26 0x27 0x28 0x29 0x2A 0x2B 0x2C 0x2D 0x2E 0x2F
            0x30 0x31 0x32 0x33 0x34 0x35 0x36 0x37 0x38 0x39 0x3A 0x3B 0x3C 0x3D 0x3E 0x3F
            0x40 0x41 0x42 0x43 0x44 0x45 0x46 0x47 0x48 0x49 0x4A 0x4B 0x4C 0x4D 0x4E 0x4F
            0x50 0x51 0x52 0x53 0x54 0x55 0x56 0x57 0x58 0x59 0x5A 0x5B 0x5C 0x5D 0x5E 0x5F
            0x60 0x61 0x62 0x63 0x64 0x65 0x66 0x67 0x68 0x69 0x6A 0x6B 0x6C 0x6D 0x6E 0x6F
            0x70 0x71 0x72 0x73 0x74 0x75 0x76 0x77 0x78 0x79 0x7A 0x7B 0x7C 0x7D 0x7E 0x7F
            0x80 0x81 0x82 0x83 0x84 0x85 0x86 0x87 0x88 0x89 0x8A 0x8B 0x8C 0x8D 0x8E 0x8F
            0x90 0x91 0x92 0x93 0x94 0x95 0x96 0x97 0x98 0x99 0x9A 0x9B 0x9C 0x9D 0x9E 0x9F
            0xA0 0xA1 0xA2 0xA3 0xA4 0xA5 0xA6 0xA7 0xA8 0xA9 0xAA 0xAB 0xAC 0xAD 0xAE 0xAF
            0xB0 0xB1 0xB2 0xB3 0xB4 0xB5 0xB6 0xB7 0xB8 0xB9 0xBA 0xBB 0xBC 0xBD 0xBE 0xBF
            0xC0 0xC1 0xC2 0xC3 0xC4 0xC5 0xC6 0xC7 0xC8 0xC9 0xCA 0xCB 0xCC 0xCD 0xCE 0xCF
            0xD0 0xD1 0xD2 0xD3 0xD4 0xD5 0xD6 0xD7 0xD8 0xD9 0xDA 0xDB 0xDC 0xDD 0xDE 0xDF
            0xE0 0xE1 0xE2 0xE3 0xE4 0xE5 0xE6 0xE7 0xE8 0xE9 0xEA 0xEB 0xEC 0xED 0xEE 0xEF
            0xF0 0xF1 0xF2 0xF3 0xF4 0xF5 0xF6 0xF7 0xF8 0xF9 0xFA 0xFB 0xFC 0xFD 0xFE 0xFF
        )
    };
    (@ $halt_test:literal, $observed:literal; $($op:literal)*) => {
        [$(Hc05::step_op::<$op, $halt_test, $observed> as Handler,)*]
    };
}

/// The handlers [`Cpu::step`] uses.
static STEP: [Handler; 256] = handlers!(false, true);

/// The handlers [`Cpu::run`] uses: the same, with the halt test.
static RUN: [Handler; 256] = handlers!(true, true);

/// The handlers [`Cpu::run`] uses when no observer is set (none can be set
/// during a run: observers do not reach the CPU).
static RUN_UNOBSERVED: [Handler; 256] = handlers!(true, false);

/// Why an instruction could not complete, before the PC is attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Unmapped { addr: u16, write: bool },
    ReadOnly { addr: u16 },
}

pub struct Hc05 {
    config: Config,
    /// Address mask of the part's width.
    mask: u16,
    // Fixed 64 KiB arrays indexed by masked u16 addresses: no bounds checks.
    mem: Box<[u8; 0x10000]>,
    attr: Box<[u8; 0x10000]>,
    a: u8,
    x: u8,
    sp: u16,
    pc: u16,
    /// H, I, N, Z, C only.
    ccr: u8,
    /// STOP or WAIT executed: the CPU waits for an interrupt that no
    /// modelled peripheral raises.
    stopped: bool,
    /// Address of the last instruction executed, for error messages.
    last_pc: Option<u16>,
    /// Where [`Cpu::call`] placed its `BRA *` return stub.
    call_stub: Option<u16>,
    cycles: u64,
    instructions: u64,
    observer: Option<Box<dyn Observer>>,
}

impl Hc05 {
    /// A CPU with the part's memory in its erased state (EPROM 0x00,
    /// EEPROM 0xFF, as the data book's bootstrap section gives them; RAM
    /// and registers 0), nothing loaded, after reset.
    pub fn new(config: Config) -> Self {
        let mut cpu = Hc05 {
            config,
            mask: config.map.mask(),
            mem: Box::new([0; 0x10000]),
            attr: Box::new([0; 0x10000]),
            a: 0,
            x: 0,
            sp: config.map.stack.1,
            pc: 0,
            ccr: I,
            stopped: false,
            last_pc: None,
            call_stub: None,
            cycles: 0,
            instructions: 0,
            observer: None,
        };
        for r in config.map.regions {
            let (attr, fill) = match r.kind {
                Kind::Io => (READ | WRITE, 0x00),
                Kind::Ram => (READ | WRITE | FETCH, 0x00),
                Kind::Rom | Kind::Vectors => (READ, 0x00),
                Kind::Eeprom => (READ, 0xFF),
            };
            for a in r.start..=r.end {
                cpu.attr[a as usize] = attr;
                cpu.mem[a as usize] = fill;
            }
        }
        cpu.refresh_fetch_runs(0, cpu.mask);
        cpu.reset();
        cpu
    }

    /// Reset: SP to the top of the stack window, I set, PC from the reset
    /// vector; A and X keep their values (the data book leaves them
    /// undefined).
    pub fn reset(&mut self) {
        self.sp = self.config.map.stack.1;
        self.ccr = I;
        self.stopped = false;
        self.pc = self.vector(RESET_VECTOR);
        self.last_pc = None;
        self.cycles = 0;
        self.instructions = 0;
    }

    /// Place `bytes` at `addr` (reduced to the address width) and mark
    /// them fetchable. Returns the first address outside ROM and EEPROM,
    /// loading nothing, if there is one.
    pub fn load(&mut self, addr: u32, bytes: &[u8]) -> Result<(), u32> {
        let start = self.config.map.reduce(addr);
        if !self.config.map.loadable(start, bytes.len()) {
            let bad = (0..bytes.len() as u32)
                .find(|&i| !self.config.map.loadable(start + i as u16, 1))
                .unwrap_or(0);
            return Err(addr + bad);
        }
        for (i, &b) in bytes.iter().enumerate() {
            let a = start as usize + i;
            self.mem[a] = b;
            self.attr[a] |= FETCH;
        }
        if !bytes.is_empty() {
            self.refresh_fetch_runs(start, start + (bytes.len() - 1) as u16);
        }
        Ok(())
    }

    /// After FETCH changed at `first..=last`: the FETCH2 and FETCH3 bits
    /// of those addresses and of the two before them, so that the fetch
    /// test of an instruction is one look-up.
    fn refresh_fetch_runs(&mut self, first: u16, last: u16) {
        let span = (last.wrapping_sub(first) & self.mask) as u32 + 3;
        let mut a = first.wrapping_sub(2) & self.mask;
        for _ in 0..span.min(self.mask as u32 + 1) {
            let f = |i: u16| self.fetchable(a.wrapping_add(i));
            let mut bits = 0;
            if f(0) && f(1) {
                bits |= FETCH2;
                if f(2) {
                    bits |= FETCH3;
                }
            }
            let at = &mut self.attr[a as usize];
            *at = (*at & !(FETCH2 | FETCH3)) | bits;
            a = a.wrapping_add(1) & self.mask;
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn regs(&self) -> Regs {
        Regs {
            a: self.a,
            x: self.x,
            sp: self.sp,
            pc: self.pc,
            ccr: self.ccr(),
        }
    }

    /// Set the programmer's model; SP is forced into the stack window.
    pub fn set_regs(&mut self, r: Regs) {
        let (bottom, top) = self.config.map.stack;
        self.a = r.a;
        self.x = r.x;
        self.sp = bottom | (r.sp & (top - bottom));
        self.pc = r.pc & self.mask;
        self.ccr = r.ccr & (H | I | N | Z | C);
    }

    /// CCR as the stack and the programmer see it: 111HINZC.
    pub fn ccr(&self) -> u8 {
        CCR_ONES | self.ccr
    }

    /// Oscillator periods since reset.
    pub fn clocks(&self) -> u64 {
        self.cycles * self.config.timing.clocks_per_cycle as u64
    }

    // ---- memory, as instructions address it -----------------------------
    //
    // `O`: whether an observer may be set. Without (`false`), the copies of
    // the instructions made for a run with no observer skip the test.

    /// A destination written by an instruction, for the observer.
    #[inline(always)]
    fn overwritten<const O: bool>(&mut self, old: u8, new: u8) {
        if !O {
            return;
        }
        if let Some(o) = self.observer.as_mut() {
            o.write_back(old as u32, new as u32);
        }
    }

    #[inline(always)]
    pub(super) fn set_a<const O: bool>(&mut self, v: u8) {
        self.overwritten::<O>(self.a, v);
        self.a = v;
    }

    #[inline(always)]
    pub(super) fn set_x<const O: bool>(&mut self, v: u8) {
        self.overwritten::<O>(self.x, v);
        self.x = v;
    }

    #[inline(always)]
    fn notify<const O: bool>(&mut self, addr: u16, value: u8, write: bool) {
        if !O {
            return;
        }
        if let Some(o) = self.observer.as_mut() {
            o.access(Access {
                space: Space::Memory,
                addr: addr as u32,
                value,
                write,
            });
        }
    }

    #[inline(always)]
    fn read<const O: bool>(&mut self, addr: u16) -> Result<u8, Fault> {
        let a = addr & self.mask;
        if self.attr[a as usize] & READ == 0 {
            return Err(Fault::Unmapped {
                addr: a,
                write: false,
            });
        }
        let v = self.mem[a as usize];
        self.notify::<O>(a, v, false);
        Ok(v)
    }

    #[inline(always)]
    fn write<const O: bool>(&mut self, addr: u16, v: u8) -> Result<(), Fault> {
        let a = addr & self.mask;
        let attr = self.attr[a as usize];
        if attr & WRITE == 0 {
            return Err(if attr & READ != 0 {
                Fault::ReadOnly { addr: a }
            } else {
                Fault::Unmapped {
                    addr: a,
                    write: true,
                }
            });
        }
        self.overwritten::<O>(self.mem[a as usize], v);
        self.mem[a as usize] = v;
        self.notify::<O>(a, v, true);
        Ok(())
    }

    /// A vector's target, read as the CPU fetches it (not an access).
    fn vector(&self, at: u16) -> u16 {
        let hi = self.mem[(at & self.mask) as usize];
        let lo = self.mem[(at.wrapping_add(1) & self.mask) as usize];
        u16::from_be_bytes([hi, lo]) & self.mask
    }

    /// Push a byte: store at SP, then SP-1 inside the stack window.
    #[inline(always)]
    fn push<const O: bool>(&mut self, v: u8) -> Result<(), Fault> {
        self.write::<O>(self.sp, v)?;
        self.sp = self.stack_step(self.sp.wrapping_sub(1));
        Ok(())
    }

    /// Pull a byte: SP+1 inside the stack window, then load.
    #[inline(always)]
    fn pull<const O: bool>(&mut self) -> Result<u8, Fault> {
        self.sp = self.stack_step(self.sp.wrapping_add(1));
        self.read::<O>(self.sp)
    }

    #[inline(always)]
    fn stack_step(&self, sp: u16) -> u16 {
        let (bottom, top) = self.config.map.stack;
        bottom | (sp & (top - bottom))
    }

    #[inline(always)]
    fn push_return<const O: bool>(&mut self, ret: u16) -> Result<(), Fault> {
        let [hi, lo] = ret.to_be_bytes();
        self.push::<O>(lo)?;
        self.push::<O>(hi)
    }

    fn fetchable(&self, addr: u16) -> bool {
        self.attr[(addr & self.mask) as usize] & FETCH != 0
    }

    /// Whether the `len` bytes from `pc` (an address inside the width,
    /// as the PC always is) are all fetchable.
    #[inline(always)]
    fn fetchable_run(&self, pc: u16, len: u16) -> bool {
        self.attr[pc as usize] & (FETCH << (len - 1)) != 0
    }

    /// Execute the instruction at the PC (not stopped) through its
    /// opcode's handler in `handlers`.
    #[inline(always)]
    fn step_with(&mut self, handlers: &[Handler; 256]) -> Result<u32, SimError> {
        let pc = self.pc;
        let op = self.mem[pc as usize];
        handlers[op as usize](self, pc).map_err(|trap| self.trap_error(pc, op, trap))
    }

    /// Execute opcode `OP`, fetched at `pc`: [`STEP`], [`RUN`] and
    /// [`RUN_UNOBSERVED`] hold a copy of this per opcode, in which the
    /// opcode's length, fetch test, timing entry and decoding are
    /// constants. With `HALT_TEST`, a `BRA *` that [`Cpu::halted`] would
    /// see is not executed and STOP and WAIT end with [`Trap::Halt`];
    /// without `O`, observers are not looked for.
    fn step_op<const OP: u8, const HALT_TEST: bool, const O: bool>(
        &mut self,
        pc: u16,
    ) -> Result<u32, Trap> {
        let op = OP;
        if HALT_TEST && op == HALT[0] && self.halted() {
            return Err(Trap::Halt);
        }
        let len = timing::length(op) as u16;
        if !self.fetchable_run(pc, len) {
            return Err(Trap::Fetch);
        }
        let cycles = self.config.timing.cycles[op as usize] as u32;
        if cycles == 0 {
            return Err(Trap::Illegal);
        }
        // Operand bytes the instruction does not have are not fetched
        // (`execute` does not look at them).
        let byte = |i: u16| {
            if len > i {
                self.mem[(pc.wrapping_add(i) & self.mask) as usize]
            } else {
                0
            }
        };
        let bytes = [op, byte(1), byte(2)];
        self.pc = pc.wrapping_add(len) & self.mask;
        self.last_pc = Some(pc);
        if let Err(f) = self.execute::<O>(op, bytes[1], bytes[2]) {
            self.pc = pc;
            return Err(Trap::Memory(f));
        }
        if timing::jumps(op) {
            self.pc &= self.mask;
        }
        self.cycles += cycles as u64;
        self.instructions += 1;
        if O && let Some(o) = self.observer.as_mut() {
            o.instruction(&Executed {
                pc: pc as u32,
                bytes: &bytes[..len as usize],
                cycles,
            });
        }
        if HALT_TEST && matches!(op, 0x8E | 0x8F) {
            return Err(Trap::Halt); // STOP, WAIT
        }
        Ok(cycles)
    }

    /// The error for the instruction `op` at `pc` that stopped with `trap`.
    #[cold]
    fn trap_error(&self, pc: u16, op: u8, trap: Trap) -> SimError {
        match trap {
            Trap::Fetch => self.fetch_fault(pc),
            Trap::Illegal => SimError::IllegalOpcode {
                pc: pc as u32,
                opcode: op,
            },
            Trap::Memory(f) => self.fault(pc, f),
            Trap::Halt => unreachable!("only the run loop tests for the halt"),
        }
    }

    #[cold]
    fn budget_spent(&self, budget: u64) -> SimError {
        SimError::CycleBudget {
            pc: self.pc as u32,
            budget,
            instruction: self.disassemble(self.pc as u32).0,
        }
    }

    /// The error for an instruction at `pc` not wholly fetchable.
    #[cold]
    fn fetch_fault(&self, pc: u16) -> SimError {
        SimError::fetch_outside(self, pc as u32, self.last_pc.map(u32::from))
    }

    #[cold]
    fn fault(&self, pc: u16, fault: Fault) -> SimError {
        match fault {
            Fault::Unmapped { addr, write } => SimError::Unmapped {
                pc: pc as u32,
                addr: addr as u32,
                write,
            },
            Fault::ReadOnly { addr } => SimError::ReadOnlyWrite {
                pc: pc as u32,
                addr: addr as u32,
                region: self.config.map.region(addr).map_or("ROM", |r| r.name),
            },
        }
    }

    /// The two highest free (unloaded) bytes of ROM, for the call stub.
    fn free_rom(&self) -> Option<u16> {
        self.config
            .map
            .regions
            .iter()
            .rev()
            .filter(|r| r.kind == Kind::Rom)
            .find_map(|r| {
                (r.start..r.end)
                    .rev()
                    .find(|&a| !self.fetchable(a) && !self.fetchable(a + 1))
            })
    }
}

impl Cpu for Hc05 {
    fn step(&mut self) -> Result<u32, SimError> {
        if self.stopped {
            return Ok(0);
        }
        self.step_with(&STEP)
    }

    /// The trait's loop (halt, breakpoint, budget, then one instruction),
    /// its tests reordered for speed without changing what it returns: one
    /// combined test for the rare cases, which then decides in the trait's
    /// order; the halt test of a `BRA *` made in its opcode's handler, and
    /// STOP and WAIT ending the run from theirs.
    fn run(&mut self, budget: u64, stop_at: Option<u32>) -> Result<Stop, SimError> {
        // The PC never exceeds 0xFFFF: a larger stop address never matches.
        let stop = stop_at.unwrap_or(u32::MAX);
        let handlers = if self.observer.is_some() {
            &RUN
        } else {
            &RUN_UNOBSERVED
        };
        if self.stopped {
            return Ok(Stop::Halted);
        }
        loop {
            let pc = self.pc as u32;
            if pc == stop || self.cycles >= budget {
                if self.halted() {
                    return Ok(Stop::Halted);
                }
                if stop_at == Some(pc) {
                    return Ok(Stop::Breakpoint);
                }
                // Not halted: the budget is spent.
                return Err(self.budget_spent(budget));
            }
            let pc = self.pc;
            let op = self.mem[pc as usize];
            match handlers[op as usize](self, pc) {
                Ok(_) => {}
                Err(Trap::Halt) => return Ok(Stop::Halted),
                Err(trap) => return Err(self.trap_error(pc, op, trap)),
            }
        }
    }

    /// `BRA *` (20 FE) at the PC, or STOP/WAIT executed.
    #[inline]
    fn halted(&self) -> bool {
        let pc = self.pc;
        self.stopped
            || (self.mem[pc as usize] == HALT[0]
                && self.mem[(pc.wrapping_add(1) & self.mask) as usize] == HALT[1]
                && self.fetchable_run(pc, 2))
    }

    fn pc(&self) -> u32 {
        self.pc as u32
    }

    fn set_pc(&mut self, pc: u32) {
        self.pc = self.config.map.reduce(pc);
        self.stopped = false;
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    /// PC, A, X, SP, CCR.
    fn registers(&self) -> Vec<Register> {
        let reg = |name, value: u16, bits| Register {
            name,
            value: value as u64,
            bits,
        };
        vec![
            reg("pc", self.pc, 16),
            reg("a", self.a as u16, 8),
            reg("x", self.x as u16, 8),
            reg("sp", self.sp, 16),
            reg("ccr", self.ccr() as u16, 8),
        ]
    }

    /// Any mapped address (above the address width it aliases, as on the chip).
    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        if space != Space::Memory || addr > 0xFFFF {
            return None;
        }
        let a = self.config.map.reduce(addr) as usize;
        (self.attr[a] & READ != 0).then(|| self.mem[a])
    }

    /// Any mapped address; a write to ROM or EEPROM from outside loads it.
    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        if space != Space::Memory || addr > 0xFFFF {
            return false;
        }
        let a = self.config.map.reduce(addr) as usize;
        match self.attr[a] {
            0 => return false,
            // ROM or EEPROM loaded from outside becomes fetchable.
            attr if attr & (WRITE | FETCH) == 0 => {
                self.attr[a] |= FETCH;
                self.refresh_fetch_runs(a as u16, a as u16);
            }
            _ => {}
        }
        self.mem[a] = value;
        true
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let pc = self.config.map.reduce(pc);
        let byte = |i: u16| self.mem[(pc.wrapping_add(i) & self.mask) as usize];
        let op = byte(0);
        (
            disasm::disassemble(pc, op, byte(1), byte(2)),
            timing::length(op) as u32,
        )
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    fn clocks_per_cycle(&self) -> u32 {
        self.config.timing.clocks_per_cycle
    }

    /// The part's RAM (RAM1 and RAM2 on the B16).
    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        self.config
            .map
            .ram()
            .map(|r| (Space::Memory, r.start as u32, r.len()))
            .collect()
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.observer.take()
    }

    /// As JSR does: push the return address (low byte first) at SP, SP-1,
    /// here the address of a `BRA *` placed in the highest two free bytes
    /// of ROM (once; later calls return to the same stub), and jump to
    /// `entry`. Observers see the two stack writes, as they would see JSR's.
    fn call(&mut self, entry: u32) -> Result<(), SimError> {
        let stub = match self.call_stub {
            Some(stub) => stub,
            None => {
                let stub = self.free_rom().ok_or(SimError::NoRoomForStub)?;
                self.load(stub as u32, &HALT)
                    .map_err(|_| SimError::NoRoomForStub)?;
                self.call_stub = Some(stub);
                stub
            }
        };
        self.push_return::<true>(stub)
            .map_err(|f| self.fault(self.pc, f))?;
        self.pc = self.config.map.reduce(entry);
        self.stopped = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CPU with `code` at 0x0300, the reset vector pointing there, run
    /// to its halt.
    fn run(code: &[u8]) -> Hc05 {
        let mut cpu = Hc05::new(Config::default());
        cpu.load(0x0300, code).unwrap();
        cpu.load(0x0300 + code.len() as u32, &HALT).unwrap();
        cpu.load(0xFFFE, &[0x03, 0x00]).unwrap();
        cpu.reset();
        cpu.run(10_000, None).unwrap();
        cpu
    }

    #[test]
    fn reset_takes_the_vector_at_the_top_of_the_14_bit_space() {
        let cpu = run(&[0xA6, 0x42]); // LDA #$42
        assert_eq!(cpu.regs().a, 0x42);
        assert_eq!(cpu.regs().sp, 0x00FF);
        assert_eq!(cpu.ccr(), 0xE0 | I);
        assert_eq!(cpu.cycles(), 2);
        assert_eq!(cpu.clocks(), 4);
    }

    #[test]
    fn the_stack_pointer_wraps_inside_its_window() {
        // RSP; then 33 BSRs to the next instruction push 66 bytes: SP
        // passes 0xC0 and wraps to 0xFF, 0xFE, ...
        let mut code = vec![0x9C];
        for _ in 0..33 {
            code.extend_from_slice(&[0xAD, 0x00]);
        }
        let cpu = run(&code);
        assert_eq!(cpu.regs().sp, 0x00FF - 66 + 64);
        // ... and RSP puts it back at the top.
        let cpu = run(&[0xAD, 0x00, 0x9C]);
        assert_eq!(cpu.regs().sp, 0x00FF);
    }

    #[test]
    fn mul_leaves_the_product_in_x_a_and_clears_h_and_c() {
        // SEC; LDA #$FF; LDX #$FF; MUL (H set by ADD first: $0F + $01).
        let cpu = run(&[0xA6, 0x0F, 0xAB, 0x01, 0x99, 0xA6, 0xFF, 0xAE, 0xFF, 0x42]);
        assert_eq!((cpu.regs().x, cpu.regs().a), (0xFE, 0x01));
        assert_eq!(cpu.ccr() & (H | C), 0);
        assert_eq!(cpu.cycles(), 2 + 2 + 2 + 2 + 2 + 11);
    }

    #[test]
    fn swi_stacks_pc_x_a_ccr_and_rti_restores_them() {
        let mut cpu = Hc05::new(Config::default());
        // 0300: LDA #$11; LDX #$22; SEC; SWI; BRA *
        // 0400: CLRA; CLRX; RTI
        cpu.load(0x0300, &[0xA6, 0x11, 0xAE, 0x22, 0x99, 0x83, 0x20, 0xFE])
            .unwrap();
        cpu.load(0x0400, &[0x4F, 0x5F, 0x80]).unwrap();
        cpu.load(0xFFFC, &[0x04, 0x00, 0x03, 0x00]).unwrap();
        cpu.reset();
        cpu.set_regs(Regs {
            ccr: 0,
            ..cpu.regs()
        });
        cpu.run(100, Some(0x0402)).unwrap();
        let stacked: Vec<u8> = (0xFBu32..=0xFF)
            .map(|a| cpu.read(Space::Memory, a).unwrap())
            .collect();
        // CCR (111 H I N Z C, before I is set), A, X, PCH, PCL.
        assert_eq!(stacked, [0xE0 | C, 0x11, 0x22, 0x03, 0x06]);
        assert_eq!(cpu.ccr() & I, I);
        cpu.run(200, None).unwrap();
        let r = cpu.regs();
        assert_eq!((r.a, r.x, r.sp, r.pc), (0x11, 0x22, 0xFF, 0x0306));
        assert_eq!(cpu.ccr(), 0xE0 | C);
        assert_eq!(cpu.cycles(), 2 + 2 + 2 + 10 + 3 + 3 + 9);
    }

    #[test]
    fn stop_and_wait_halt_with_i_cleared() {
        for op in [0x8E, 0x8F] {
            let cpu = run(&[op]);
            assert!(cpu.halted());
            assert_eq!((cpu.pc(), cpu.ccr() & I), (0x0301, 0));
        }
    }

    #[test]
    fn an_hc08_opcode_is_illegal_at_its_pc() {
        let mut cpu = Hc05::new(Config::default());
        cpu.load(0x0300, &[0x9D, 0x87]).unwrap(); // NOP; PSHA (HC08 only)
        cpu.load(0xFFFE, &[0x03, 0x00]).unwrap();
        cpu.reset();
        let err = cpu.run(100, None).unwrap_err();
        assert_eq!(
            err,
            SimError::IllegalOpcode {
                pc: 0x0301,
                opcode: 0x87
            }
        );
        assert_eq!(cpu.pc(), 0x0301);
    }

    #[test]
    fn a_write_to_eprom_or_an_unmapped_read_is_a_typed_error() {
        let mut cpu = Hc05::new(Config::default());
        // STA $0400 (EPROM); LDA $0200 (unmapped)
        cpu.load(0x0300, &[0xC7, 0x04, 0x00, 0xC6, 0x02, 0x00])
            .unwrap();
        cpu.set_pc(0x0300);
        let err = cpu.step().unwrap_err();
        assert_eq!(
            err.to_string(),
            "write to read-only EPROM at 0x0400 by PC=0x0300; keep data in RAM"
        );
        cpu.set_pc(0x0303);
        let err = cpu.step().unwrap_err();
        assert_eq!(
            err,
            SimError::Unmapped {
                pc: 0x0303,
                addr: 0x0200,
                write: false
            }
        );
    }

    #[test]
    fn calls_return_to_one_stub_in_free_rom() {
        let mut cpu = Hc05::new(Config::default());
        cpu.load(0x0300, &[0x4C, 0x81]).unwrap(); // INCA; RTS
        for expected_a in 1..=2 {
            cpu.call(0x0300).unwrap();
            cpu.run(100, None).unwrap();
            assert_eq!((cpu.pc(), cpu.regs().a), (0x3DFE, expected_a));
            assert_eq!(cpu.regs().sp, 0x00FF);
        }
        assert_eq!(cpu.cycles(), 2 * (3 + 6));
        assert!(
            !cpu.fetchable(0x3DFC),
            "the second call placed no second stub"
        );
    }

    /// The trait's own loop, instruction by instruction through `step`:
    /// what the faster `run` must return.
    fn run_by_steps(cpu: &mut Hc05, budget: u64, stop_at: Option<u32>) -> Result<Stop, SimError> {
        loop {
            if cpu.halted() {
                return Ok(Stop::Halted);
            }
            if stop_at == Some(cpu.pc()) {
                return Ok(Stop::Breakpoint);
            }
            if cpu.cycles() >= budget {
                return Err(SimError::CycleBudget {
                    pc: cpu.pc(),
                    budget,
                    instruction: cpu.disassemble(cpu.pc()).0,
                });
            }
            cpu.step()?;
        }
    }

    #[test]
    fn run_ends_as_the_step_by_step_loop_does() {
        use crate::observe::{Accesses, Coverage, downcast};
        // 0300: LDA #3; STA $50; loop: DEC $50; BNE loop; (then per case)
        let counted = [0xA6, 0x03, 0xB7, 0x50, 0x3A, 0x50, 0x26, 0xFC];
        let cases: Vec<(&str, Vec<u8>, u64, Option<u32>)> = vec![
            (
                "falls into BRA *",
                [&counted[..], &HALT].concat(),
                1000,
                None,
            ),
            (
                "stop address on the BRA *",
                [&counted[..], &HALT].concat(),
                1000,
                Some(0x0308),
            ),
            (
                "stop address mid-loop",
                [&counted[..], &HALT].concat(),
                1000,
                Some(0x0306),
            ),
            (
                "stop address above 16 bits",
                [&counted[..], &HALT].concat(),
                1000,
                Some(0x1_0308),
            ),
            (
                "budget spent in the loop",
                [&counted[..], &HALT].concat(),
                17,
                None,
            ),
            (
                "budget 0 at the start",
                [&counted[..], &HALT].concat(),
                0,
                None,
            ),
            ("STOP", [&counted[..], &[0x8E, 0x4C]].concat(), 1000, None),
            ("WAIT", [&counted[..], &[0x8F, 0x4C]].concat(), 1000, None),
            (
                "illegal opcode",
                [&counted[..], &[0x87]].concat(),
                1000,
                None,
            ),
            // JMP $0400: nothing loaded there.
            (
                "fetch outside the image",
                [&counted[..], &[0xCC, 0x04, 0x00]].concat(),
                1000,
                None,
            ),
            // An EXT instruction whose last byte is not loaded.
            (
                "instruction cut by the image's end",
                [&counted[..], &[0xC6, 0x00]].concat(),
                1000,
                None,
            ),
            // STA $0400 (EPROM), LDA $0200 (unmapped).
            (
                "write to EPROM",
                [&counted[..], &[0xC7, 0x04, 0x00]].concat(),
                1000,
                None,
            ),
            (
                "unmapped read",
                [&counted[..], &[0xC6, 0x02, 0x00]].concat(),
                1000,
                None,
            ),
            // LDA #$20; STA $60; LDA #$FE; STA $61; JSR $60: a BRA * made in RAM.
            (
                "BRA * written to RAM",
                [
                    &counted[..],
                    &[0xA6, 0x20, 0xB7, 0x60, 0xA6, 0xFE, 0xB7, 0x61, 0xBD, 0x60],
                ]
                .concat(),
                1000,
                None,
            ),
            // SWI to a handler (INCX; RTI) and back to a BRA *.
            (
                "SWI and RTI",
                [&counted[..], &[0x83, 0x20, 0xFE]].concat(),
                1000,
                None,
            ),
        ];
        for (what, code, budget, stop_at) in cases {
            for observed in [false, true] {
                let build = || {
                    let mut cpu = Hc05::new(Config::default());
                    cpu.load(0x0300, &code).unwrap();
                    // SWI handler: INCX; RTI.
                    cpu.load(0x0380, &[0x5C, 0x80]).unwrap();
                    cpu.load(0xFFFC, &[0x03, 0x80, 0x03, 0x00]).unwrap();
                    cpu.reset();
                    if observed {
                        cpu.set_observer(Some(Box::new((
                            Coverage::default(),
                            Accesses::default(),
                        ))));
                    }
                    cpu
                };
                let (mut fast, mut slow) = (build(), build());
                let ours = fast.run(budget, stop_at);
                let theirs = run_by_steps(&mut slow, budget, stop_at);
                let label = format!("{what} (observed: {observed})");
                assert_eq!(ours, theirs, "{label}");
                assert_eq!(fast.regs(), slow.regs(), "{label}");
                assert_eq!(
                    (fast.cycles(), fast.instructions(), fast.halted()),
                    (slow.cycles(), slow.instructions(), slow.halted()),
                    "{label}"
                );
                assert_eq!(&fast.mem[..], &slow.mem[..], "{label}");
                // Running on from where it ended ends the same way too.
                assert_eq!(
                    fast.run(budget + 50, None),
                    run_by_steps(&mut slow, budget + 50, None),
                    "{label}"
                );
                assert_eq!(
                    (fast.regs(), fast.cycles()),
                    (slow.regs(), slow.cycles()),
                    "{label}"
                );
                if observed {
                    type Both = (Coverage, Accesses);
                    let f = downcast::<Both>(fast.take_observer().unwrap()).unwrap();
                    let s = downcast::<Both>(slow.take_observer().unwrap()).unwrap();
                    assert_eq!(f.0.executed, s.0.executed, "{label}");
                    assert_eq!(f.1.list, s.1.list, "{label}");
                }
            }
        }
    }

    #[test]
    fn data_ranges_are_ram1_and_ram2() {
        let cpu = Hc05::new(Config::default());
        assert_eq!(
            cpu.data_ranges(),
            [(Space::Memory, 0x50, 176), (Space::Memory, 0x250, 176)]
        );
    }
}
