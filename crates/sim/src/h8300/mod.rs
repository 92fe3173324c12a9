//! The Hitachi H8/300 CPU (plain H8/300: not the /300H or H8S), following
//! the H8/300 Series Programming Manual (ADE-602-025) for semantics and
//! the hardware manuals' Appendix A for timing: decode by the opcode map
//! (first byte, then the fields of the second), execute, and charge the
//! instruction form's accesses (I, J, K, L, M) at the states of the memory
//! each one goes to, plus its internal states N ([`timing`]).
//!
//! Registers: R0-R7 (16 bits; R7 is the stack pointer), each also two
//! 8-bit halves RnH and RnL; PC (16 bits, even); CCR = I U H U N Z V C.
//! Memory is the part's [`map::MemoryMap`]: an access outside every region
//! is an `Unmapped` error, a CPU write to ROM or EEPROM a `ReadOnlyWrite`
//! error, both naming the PC. A word access ignores address bit 0, as the
//! hardware does. An /300H or H8S opcode is an illegal instruction.
//!
//! Observers see every data-memory access the program names: operands
//! (a bit change on memory reports its read and its write), the stack of
//! JSR, BSR, RTS and RTE, and EEPMOV's bytes. Instruction fetches and the
//! @@aa:8 vector read are not data accesses.

mod target;
pub use target::TARGET;
mod disasm;
mod exec;
pub mod load;
pub mod map;
pub mod timing;

use crate::{Access, Cpu, Executed, Observer, Register, SimError, Space};
pub use map::{H8_3113, Kind, MemoryMap, Region};
use timing::Counts;

/// The text of the instruction `bytes` at `pc` (an
/// [`observe::Disassembler`](crate::observe::Disassembler)); missing
/// operand bytes read as zero.
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    let mut word = [0u8; 4];
    for (i, b) in bytes.iter().take(4).enumerate() {
        word[i] = *b;
    }
    disasm::disassemble(pc as u16, word).0
}

/// CCR bits.
pub const C: u8 = 0x01;
pub const V: u8 = 0x02;
pub const Z: u8 = 0x04;
pub const N: u8 = 0x08;
pub const H: u8 = 0x20;
pub const I: u8 = 0x80;

/// The halt convention: `BRA .` (40 FE). SLEEP halts too: no interrupt
/// source is modelled to wake the CPU.
const HALT: [u8; 2] = [0x40, 0xFE];

/// Per-address attributes, one byte per address.
const READ: u8 = 1;
const WRITE: u8 = 2;
/// An instruction may be fetched here: RAM, or ROM/EEPROM the image loaded.
const FETCH: u8 = 4;

#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub map: &'static MemoryMap,
}

impl Default for Config {
    fn default() -> Self {
        Config { map: &H8_3113 }
    }
}

/// Why an instruction could not complete, before the PC is attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Unmapped {
        addr: u16,
        write: bool,
    },
    ReadOnly {
        addr: u16,
    },
    /// An opcode the plain H8/300 does not have.
    Illegal,
}

/// The accesses one instruction made, for its timing: what the form's
/// counts say, priced at the memory each access went to.
#[derive(Debug, Default, Clone, Copy)]
struct Charge {
    /// States of the accesses made so far.
    states: u32,
    /// Accesses made so far, by kind (I fetches are counted apart).
    j: u8,
    k: u8,
    l: u8,
    m: u8,
    /// Instruction words fetched.
    fetched: u8,
}

pub struct H8300 {
    config: Config,
    mem: Box<[u8; 0x10000]>,
    attr: Box<[u8; 0x10000]>,
    /// States of a byte and a word access at each address's region (0 for
    /// unmapped), so pricing an access is one lookup.
    byte_states: Box<[u8; 0x10000]>,
    word_states: Box<[u8; 0x10000]>,
    r: [u16; 8],
    pc: u16,
    ccr: u8,
    /// SLEEP executed: the CPU waits for an interrupt no modelled
    /// peripheral raises.
    sleeping: bool,
    charge: Charge,
    last_pc: Option<u16>,
    /// Where [`Cpu::call`] placed its `BRA .` return stub.
    call_stub: Option<u16>,
    cycles: u64,
    instructions: u64,
    observer: Option<Box<dyn Observer>>,
}

impl H8300 {
    /// A CPU with the part's memory zeroed (EEPROM erased to FF), nothing
    /// loaded, registers and CCR as the simulator's reset leaves them: PC
    /// from the reset vector, I set, R0-R7 zero (the chip leaves them
    /// undefined; software loads SP first).
    pub fn new(config: Config) -> Self {
        let mut cpu = H8300 {
            config,
            mem: Box::new([0; 0x10000]),
            attr: Box::new([0; 0x10000]),
            byte_states: Box::new([0; 0x10000]),
            word_states: Box::new([0; 0x10000]),
            r: [0; 8],
            pc: 0,
            ccr: I,
            sleeping: false,
            charge: Charge::default(),
            last_pc: None,
            call_stub: None,
            cycles: 0,
            instructions: 0,
            observer: None,
        };
        for region in config.map.regions {
            let attr = match region.kind {
                Kind::Rom | Kind::Eeprom => READ,
                Kind::Ram => READ | WRITE | FETCH,
                Kind::Registers => READ | WRITE,
            };
            for a in region.start..=region.end {
                cpu.attr[a as usize] = attr;
                cpu.byte_states[a as usize] = region.states.byte;
                cpu.word_states[a as usize] = region.states.word;
                if region.kind == Kind::Eeprom {
                    cpu.mem[a as usize] = 0xFF;
                }
            }
        }
        cpu
    }

    /// Reset: PC from the vector at H'0000, I set (H8/330 manual §4.2).
    pub fn reset(&mut self) {
        self.pc = self.word_at(0x0000);
        self.ccr |= I;
        self.sleeping = false;
        self.last_pc = None;
        self.cycles = 0;
        self.instructions = 0;
    }

    /// Place `bytes` at `addr` (ROM, EEPROM or RAM) and mark them
    /// fetchable; the error is the first address outside every region.
    pub fn load(&mut self, addr: u32, bytes: &[u8]) -> Result<(), u32> {
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i as u32;
            if a > 0xFFFF || self.attr[a as usize] & READ == 0 {
                return Err(a);
            }
            self.mem[a as usize] = b;
            self.attr[a as usize] |= FETCH;
        }
        Ok(())
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn reg16(&self, n: usize) -> u16 {
        self.r[n & 7]
    }

    pub fn set_reg16(&mut self, n: usize, v: u16) {
        self.r[n & 7] = v;
    }

    pub fn ccr(&self) -> u8 {
        self.ccr
    }

    pub fn set_ccr(&mut self, ccr: u8) {
        self.ccr = ccr;
    }

    /// The 16-bit word at `addr` as stored, without an access.
    fn word_at(&self, addr: u16) -> u16 {
        let a = addr & !1;
        u16::from_be_bytes([self.mem[a as usize], self.mem[a as usize + 1]])
    }

    // ---- registers -------------------------------------------------------

    /// An 8-bit register by its 4-bit field: 0-7 R0H-R7H, 8-15 R0L-R7L.
    #[inline]
    fn r8(&self, f: u8) -> u8 {
        let w = self.r[(f & 7) as usize];
        if f & 8 == 0 { (w >> 8) as u8 } else { w as u8 }
    }

    #[inline]
    fn set_r8(&mut self, f: u8, v: u8) {
        self.overwritten(self.r8(f) as u32, v as u32);
        let w = &mut self.r[(f & 7) as usize];
        *w = if f & 8 == 0 {
            (*w & 0x00FF) | (v as u16) << 8
        } else {
            (*w & 0xFF00) | v as u16
        };
    }

    /// A 16-bit register written by an instruction: observed.
    #[inline]
    fn set_r16(&mut self, n: usize, v: u16) {
        self.overwritten(self.r[n & 7] as u32, v as u32);
        self.r[n & 7] = v;
    }

    /// A destination written by an instruction, for the observer.
    #[inline]
    fn overwritten(&mut self, old: u32, new: u32) {
        if let Some(o) = self.observer.as_mut() {
            o.write_back(old, new);
        }
    }

    // ---- memory, as instructions address it ------------------------------

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
    fn check(&self, a: u16, write: bool) -> Result<(), Fault> {
        let attr = self.attr[a as usize];
        match (attr & READ != 0, write && attr & WRITE == 0) {
            (false, _) => Err(Fault::Unmapped { addr: a, write }),
            (true, true) => Err(Fault::ReadOnly { addr: a }),
            _ => Ok(()),
        }
    }

    /// A byte data access (L).
    fn read8(&mut self, a: u16) -> Result<u8, Fault> {
        self.check(a, false)?;
        self.charge.l += 1;
        self.charge.states += self.byte_states[a as usize] as u32;
        let v = self.mem[a as usize];
        self.notify(a, v, false);
        Ok(v)
    }

    fn write8(&mut self, a: u16, v: u8) -> Result<(), Fault> {
        self.check(a, true)?;
        self.charge.l += 1;
        self.charge.states += self.byte_states[a as usize] as u32;
        self.overwritten(self.mem[a as usize] as u32, v as u32);
        self.mem[a as usize] = v;
        self.notify(a, v, true);
        Ok(())
    }

    /// A word access at `addr & !1` (the hardware ignores bit 0), without
    /// its charge.
    fn word_read(&mut self, addr: u16) -> Result<u16, Fault> {
        let a = addr & !1;
        self.check(a, false)?;
        self.check(a + 1, false)?;
        let [hi, lo] = [self.mem[a as usize], self.mem[a as usize + 1]];
        self.notify(a, hi, false);
        self.notify(a + 1, lo, false);
        Ok(u16::from_be_bytes([hi, lo]))
    }

    fn word_write(&mut self, addr: u16, v: u16) -> Result<(), Fault> {
        let a = addr & !1;
        self.check(a, true)?;
        self.check(a + 1, true)?;
        let [hi, lo] = v.to_be_bytes();
        self.overwritten(self.word_at(a) as u32, v as u32);
        self.mem[a as usize] = hi;
        self.mem[a as usize + 1] = lo;
        self.notify(a, hi, true);
        self.notify(a + 1, lo, true);
        Ok(())
    }

    /// A word data access (M).
    fn read16(&mut self, addr: u16) -> Result<u16, Fault> {
        let v = self.word_read(addr)?;
        self.charge.m += 1;
        self.charge.states += self.word_states[(addr & !1) as usize] as u32;
        Ok(v)
    }

    fn write16(&mut self, addr: u16, v: u16) -> Result<(), Fault> {
        self.word_write(addr, v)?;
        self.charge.m += 1;
        self.charge.states += self.word_states[(addr & !1) as usize] as u32;
        Ok(())
    }

    /// A stack access (K): push a word at SP-2.
    fn push(&mut self, v: u16) -> Result<(), Fault> {
        let sp = self.r[7].wrapping_sub(2);
        self.word_write(sp, v)?;
        self.r[7] = sp;
        self.charge.k += 1;
        self.charge.states += self.word_states[(sp & !1) as usize] as u32;
        Ok(())
    }

    /// A stack access (K): pop the word at SP.
    fn pop(&mut self) -> Result<u16, Fault> {
        let sp = self.r[7];
        let v = self.word_read(sp)?;
        self.r[7] = sp.wrapping_add(2);
        self.charge.k += 1;
        self.charge.states += self.word_states[(sp & !1) as usize] as u32;
        Ok(v)
    }

    /// A branch-address read (J): the @@aa:8 vector word.
    fn vector(&mut self, aa: u8) -> Result<u16, Fault> {
        let a = aa as u16 & !1;
        self.check(a, false)?;
        self.charge.j += 1;
        self.charge.states += self.word_states[a as usize] as u32;
        Ok(self.word_at(a))
    }

    /// An instruction fetch (I) at PC.
    fn fetch(&mut self) -> u16 {
        let v = self.word_at(self.pc);
        self.charge.fetched += 1;
        self.charge.states += self.word_states[self.pc as usize] as u32;
        self.pc = self.pc.wrapping_add(2);
        v
    }

    fn fetchable(&self, addr: u16) -> bool {
        self.attr[addr as usize] & FETCH != 0
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
            Fault::Illegal => SimError::UndefinedInstruction {
                pc: pc as u32,
                text: format!("{:04x} (not a plain H8/300 instruction)", self.word_at(pc)),
            },
        }
    }

    /// Two free (unloaded) even bytes at the top of ROM, for the call stub.
    fn free_rom(&self) -> Option<u16> {
        self.config
            .map
            .regions
            .iter()
            .filter(|r| r.kind == Kind::Rom)
            .find_map(|r| {
                (r.start..r.end)
                    .rev()
                    .filter(|a| a % 2 == 0)
                    .find(|&a| !self.fetchable(a) && !self.fetchable(a + 1))
            })
    }

    /// The states of the instruction just executed: its accesses as made,
    /// the fetches its form makes beyond its length (a branch fetches the
    /// word after it and then the target) at the PC's memory, and its
    /// internal states. In a debug build, the accesses made must be the
    /// form's.
    fn states(&self, pc: u16, counts: Counts, extra: Counts) -> u32 {
        let c = self.charge;
        debug_assert_eq!(
            (c.j, c.k, c.l, c.m),
            (
                counts.j + extra.j,
                counts.k + extra.k,
                counts.l + extra.l,
                counts.m + extra.m
            ),
            "accesses of the instruction at {pc:#06x} differ from its form's"
        );
        let more_fetches = counts.i.saturating_sub(c.fetched) as u32;
        c.states + more_fetches * self.word_states[self.pc as usize] as u32 + counts.n as u32
    }
}

impl Cpu for H8300 {
    fn step(&mut self) -> Result<u32, SimError> {
        if self.sleeping {
            return Ok(0);
        }
        let pc = self.pc;
        if pc & 1 != 0 || !self.fetchable(pc) || !self.fetchable(pc.wrapping_add(1)) {
            return Err(self.fetch_fault(pc));
        }
        self.charge = Charge::default();
        self.last_pc = Some(pc);
        let (counts, extra) = match self.execute() {
            Ok(done) => done,
            Err(f) => {
                self.pc = pc;
                return Err(self.fault(pc, f));
            }
        };
        let states = self.states(pc, counts, extra);
        self.cycles += states as u64;
        self.instructions += 1;
        if let Some(o) = self.observer.as_mut() {
            // At most two words; no allocation on the lab's observed path.
            let bytes: [u8; 4] =
                std::array::from_fn(|i| self.mem[pc.wrapping_add(i as u16) as usize]);
            let len = (self.charge.fetched as usize * 2).clamp(2, 4);
            o.instruction(&Executed {
                pc: pc as u32,
                bytes: &bytes[..len],
                cycles: states,
            });
        }
        Ok(states)
    }

    /// `BRA .` (40 FE) at the PC, or SLEEP executed.
    fn halted(&self) -> bool {
        let pc = self.pc as usize;
        self.sleeping
            || (pc < 0xFFFF
                && self.fetchable(self.pc)
                && self.mem[pc] == HALT[0]
                && self.mem[pc + 1] == HALT[1])
    }

    fn pc(&self) -> u32 {
        self.pc as u32
    }

    fn set_pc(&mut self, pc: u32) {
        self.pc = pc as u16;
        self.sleeping = false;
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    /// PC, R0-R7, CCR.
    fn registers(&self) -> Vec<Register> {
        const NAMES: [&str; 8] = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"];
        let reg = |name, value: u16, bits| Register {
            name,
            value: value as u64,
            bits,
        };
        let mut out = vec![reg("pc", self.pc, 16)];
        out.extend(NAMES.iter().zip(self.r).map(|(n, v)| reg(n, v, 16)));
        out.push(reg("ccr", self.ccr as u16, 8));
        out
    }

    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        if space != Space::Memory || addr > 0xFFFF {
            return None;
        }
        (self.attr[addr as usize] & READ != 0).then(|| self.mem[addr as usize])
    }

    /// Any mapped address; a write to ROM or EEPROM from outside loads it.
    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        if space != Space::Memory || addr > 0xFFFF || self.attr[addr as usize] == 0 {
            return false;
        }
        self.load(addr, &[value]).is_ok()
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let pc = pc as u16;
        let word = std::array::from_fn(|i| self.mem[pc.wrapping_add(i as u16) as usize]);
        let (text, len) = disasm::disassemble(pc, word);
        (text, len as u32)
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    /// States are the cycle unit: one state is one period of the system
    /// clock φ.
    fn clocks_per_cycle(&self) -> u32 {
        1
    }

    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        self.config
            .map
            .ram()
            .map(|(start, len)| (Space::Memory, start as u32, len))
            .collect()
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.observer.take()
    }

    /// As JSR does: push the return address, here a `BRA .` placed in the
    /// highest free word of ROM (once; later calls reuse it), and jump to
    /// `entry`. The stack pointer is left as the program set it, or at the
    /// top of RAM if it is zero. Observers see the two stack writes.
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
        if self.r[7] == 0 {
            self.r[7] = self.stack_top();
        }
        let sp = self.r[7].wrapping_sub(2);
        self.word_write(sp, stub)
            .map_err(|f| self.fault(self.pc, f))?;
        self.r[7] = sp;
        self.pc = entry as u16;
        self.sleeping = false;
        Ok(())
    }
}

impl H8300 {
    /// The address just above the highest RAM region: where the lab's
    /// stack starts when the program has not set one.
    pub fn stack_top(&self) -> u16 {
        self.config
            .map
            .ram()
            .map(|(start, len)| (start as u32 + len) as u16)
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
