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

mod disasm;
mod exec;
pub mod load;
pub mod map;
pub mod timing;

use crate::{Access, Cpu, Executed, Observer, Register, SimError, Space};
pub use map::{Kind, MC68HC705B16, MemoryMap, Region};
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
        Ok(())
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

    #[inline]
    fn notify(&mut self, addr: u16, value: u8, write: bool) {
        if let Some(o) = self.observer.as_mut() {
            o.access(Access {
                space: Space::Memory,
                addr: addr as u32,
                value,
                write,
            });
        }
    }

    #[inline]
    fn read(&mut self, addr: u16) -> Result<u8, Fault> {
        let a = addr & self.mask;
        if self.attr[a as usize] & READ == 0 {
            return Err(Fault::Unmapped {
                addr: a,
                write: false,
            });
        }
        let v = self.mem[a as usize];
        self.notify(a, v, false);
        Ok(v)
    }

    #[inline]
    fn write(&mut self, addr: u16, v: u8) -> Result<(), Fault> {
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
        self.mem[a as usize] = v;
        self.notify(a, v, true);
        Ok(())
    }

    /// A vector's target, read as the CPU fetches it (not an access).
    fn vector(&self, at: u16) -> u16 {
        let hi = self.mem[(at & self.mask) as usize];
        let lo = self.mem[(at.wrapping_add(1) & self.mask) as usize];
        u16::from_be_bytes([hi, lo]) & self.mask
    }

    /// Push a byte: store at SP, then SP-1 inside the stack window.
    #[inline]
    fn push(&mut self, v: u8) -> Result<(), Fault> {
        self.write(self.sp, v)?;
        self.sp = self.stack_step(self.sp.wrapping_sub(1));
        Ok(())
    }

    /// Pull a byte: SP+1 inside the stack window, then load.
    #[inline]
    fn pull(&mut self) -> Result<u8, Fault> {
        self.sp = self.stack_step(self.sp.wrapping_add(1));
        self.read(self.sp)
    }

    #[inline]
    fn stack_step(&self, sp: u16) -> u16 {
        let (bottom, top) = self.config.map.stack;
        bottom | (sp & (top - bottom))
    }

    fn push_return(&mut self, ret: u16) -> Result<(), Fault> {
        let [hi, lo] = ret.to_be_bytes();
        self.push(lo)?;
        self.push(hi)
    }

    fn fetchable(&self, addr: u16) -> bool {
        self.attr[(addr & self.mask) as usize] & FETCH != 0
    }

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
        let pc = self.pc;
        let op = self.mem[pc as usize];
        let len = timing::length(op) as u16;
        if !(0..len).all(|i| self.fetchable(pc.wrapping_add(i))) {
            return Err(self.fetch_fault(pc));
        }
        let cycles = self.config.timing.cycles[op as usize] as u32;
        if cycles == 0 {
            return Err(SimError::IllegalOpcode {
                pc: pc as u32,
                opcode: op,
            });
        }
        let bytes = [
            op,
            self.mem[(pc.wrapping_add(1) & self.mask) as usize],
            self.mem[(pc.wrapping_add(2) & self.mask) as usize],
        ];
        self.pc = pc.wrapping_add(len) & self.mask;
        self.last_pc = Some(pc);
        if let Err(f) = self.execute(op, bytes[1], bytes[2]) {
            self.pc = pc;
            return Err(self.fault(pc, f));
        }
        self.pc &= self.mask;
        self.cycles += cycles as u64;
        self.instructions += 1;
        if let Some(o) = self.observer.as_mut() {
            o.instruction(&Executed {
                pc: pc as u32,
                bytes: &bytes[..len as usize],
                cycles,
            });
        }
        Ok(cycles)
    }

    /// `BRA *` (20 FE) at the PC, or STOP/WAIT executed.
    fn halted(&self) -> bool {
        let pc = self.pc;
        let next = pc.wrapping_add(1) & self.mask;
        self.stopped
            || (self.fetchable(pc)
                && self.fetchable(next)
                && self.mem[pc as usize] == HALT[0]
                && self.mem[next as usize] == HALT[1])
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
            attr if attr & WRITE == 0 => self.attr[a] |= FETCH,
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
        self.push_return(stub).map_err(|f| self.fault(self.pc, f))?;
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

    #[test]
    fn data_ranges_are_ram1_and_ram2() {
        let cpu = Hc05::new(Config::default());
        assert_eq!(
            cpu.data_ranges(),
            [(Space::Memory, 0x50, 176), (Space::Memory, 0x250, 176)]
        );
    }
}
