//! The Intel MCS-51 (8051/8052), following the "MCS-51 Microcontroller
//! Family User's Manual" (Intel 272383): chapter 2 for the memory
//! organisation, the instruction set chapter for semantics and timing.
//!
//! Memory: 64 KiB CODE, 64 KiB XRAM, internal RAM (256 bytes by default, the
//! 8052 layout; indirect addressing reaches all of it, direct addressing only
//! 0x00-0x7F) and the SFRs at direct 0x80-0xFF. The parity flag P is not
//! stored: PSW reads compute it from ACC, as the hardware does every cycle.
//!
//! Observers see every data-memory access the program names: registers
//! R0-R7 and the stack (internal RAM), direct addresses (IRAM or SFR),
//! MOVX (XRAM) and MOVC (CODE). The implicit use of A, B, PSW, SP and DPTR
//! by an instruction is not reported as an access.

mod target;
pub use target::TARGET;
mod disasm;
mod exec;
pub mod ihx;
pub mod sle66;
pub mod timing;

use crate::{Access, Cpu, Executed, Observer, Register, SimError, Space};
pub use timing::{INTEL, Timing};

/// The text of the instruction `bytes` at `pc` (an
/// [`observe::Disassembler`](crate::observe::Disassembler)); missing
/// operand bytes read as zero.
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
    disasm::disassemble(pc as u16, byte(0), byte(1), byte(2))
}

/// SFR addresses (direct addressing), Intel 272383 table 2.
pub mod sfr {
    pub const P0: u8 = 0x80;
    pub const SP: u8 = 0x81;
    pub const DPL: u8 = 0x82;
    pub const DPH: u8 = 0x83;
    pub const PCON: u8 = 0x87;
    pub const TCON: u8 = 0x88;
    pub const P1: u8 = 0x90;
    pub const SCON: u8 = 0x98;
    pub const P2: u8 = 0xA0;
    pub const IE: u8 = 0xA8;
    pub const P3: u8 = 0xB0;
    pub const IP: u8 = 0xB8;
    pub const PSW: u8 = 0xD0;
    pub const ACC: u8 = 0xE0;
    pub const B: u8 = 0xF0;
}

/// PSW bits.
const CY: u8 = 0x80;
const AC: u8 = 0x40;
const OV: u8 = 0x04;

#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Internal RAM bytes: 128 (8051) or 256 (8052); indirect accesses above
    /// it read 0xFF and drop writes.
    pub iram_size: usize,
    pub timing: Timing,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            iram_size: 256,
            timing: INTEL,
        }
    }
}

pub struct Mcs51 {
    config: Config,
    // Fixed 64 KiB arrays indexed by u16 addresses: no bounds checks.
    code: Box<[u8; 0x10000]>,
    /// How many loaded code bytes start at each address (0 to 3, wrapping
    /// at 0xFFFF): an instruction of n bytes may be fetched where this is
    /// at least n, so the fetch check is one lookup.
    fetchable: Box<[u8; 0x10000]>,
    iram: [u8; 256],
    sfr: [u8; 128],
    xram: Box<[u8; 0x10000]>,
    pc: u16,
    /// Address of the last instruction executed, for error messages.
    last_pc: Option<u16>,
    /// Where [`Cpu::call`] placed its `SJMP $` return stub, reused by later calls.
    call_stub: Option<u16>,
    cycles: u64,
    instructions: u64,
    observer: Option<Box<dyn Observer>>,
    /// On-chip peripherals beyond the 8051's own (a card chip's EEPROM and
    /// I/O line): they answer the SFR and XDATA addresses they decode.
    device: Option<Box<dyn Device>>,
}

/// A peripheral on the 8051's buses. `now` is the machine cycle at which
/// the accessing instruction starts.
pub trait Device: Send {
    /// The value of SFR `addr` as an instruction reads it (which may act:
    /// a receive register hands over the next character), or None to leave
    /// it to the SFR file. `bits` are the bits the instruction looks at
    /// (0xFF for a byte read, one bit for JB, JNB and the like).
    fn read_sfr(&mut self, addr: u8, bits: u8, now: u64) -> Option<u8>;
    /// The value of SFR `addr` without acting (the latch a bit write
    /// modifies).
    fn peek_sfr(&mut self, addr: u8, now: u64) -> Option<u8>;
    /// Whether the device took the write of SFR `addr` (it is then not
    /// stored in the SFR file).
    fn write_sfr(&mut self, addr: u8, value: u8, now: u64) -> bool;
    /// The byte at XDATA `addr`, or None for plain XRAM.
    fn read_xram(&mut self, addr: u16, now: u64) -> Option<u8>;
    /// Whether the device took the write of XDATA `addr`.
    fn write_xram(&mut self, addr: u16, value: u8, now: u64) -> bool;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl Mcs51 {
    /// Attach a peripheral (replacing any before it).
    pub fn attach(&mut self, device: Box<dyn Device>) {
        self.device = Some(device);
    }

    /// The attached peripheral, if it is a `T`.
    pub fn device<T: 'static>(&mut self) -> Option<&mut T> {
        self.device.as_mut()?.as_any_mut().downcast_mut::<T>()
    }

    /// A CPU after reset (SP = 07, ports FF, everything else 0) with no code.
    pub fn new(config: Config) -> Self {
        let mut cpu = Mcs51 {
            config,
            code: Box::new([0xFF; 0x10000]), // erased ROM reads as FF, as in s51
            fetchable: Box::new([0; 0x10000]),
            iram: [0; 256],
            sfr: [0; 128],
            xram: Box::new([0; 0x10000]),
            pc: 0,
            last_pc: None,
            call_stub: None,
            cycles: 0,
            instructions: 0,
            observer: None,
            device: None,
        };
        cpu.reset();
        cpu
    }

    /// The reset state of the SFRs (Intel 272383, table 4 "reset values").
    pub fn reset(&mut self) {
        self.sfr = [0; 128];
        for port in [sfr::P0, sfr::P1, sfr::P2, sfr::P3] {
            self.sfr[(port - 0x80) as usize] = 0xFF;
        }
        self.sfr[(sfr::SP - 0x80) as usize] = 0x07;
        self.pc = 0;
        self.last_pc = None;
        self.cycles = 0;
        self.instructions = 0;
    }

    /// Place `bytes` in code memory at `addr` and mark them fetchable.
    pub fn load_code(&mut self, addr: u16, bytes: &[u8]) {
        let bytes = &bytes[..bytes.len().min(0x10000 - addr as usize)];
        for (i, &b) in bytes.iter().enumerate() {
            self.code[addr as usize + i] = b;
            self.fetchable[addr as usize + i] = 1;
        }
        // Recount the run lengths from the end of the new bytes backwards,
        // through the two bytes before them.
        let first = addr.wrapping_sub(2);
        for k in (0..bytes.len() + 2).rev() {
            let a = first.wrapping_add(k as u16);
            if self.fetchable[a as usize] > 0 {
                let next = self.fetchable[a.wrapping_add(1) as usize];
                self.fetchable[a as usize] = 1 + next.min(2);
            }
        }
    }

    fn loaded(&self, addr: u16) -> bool {
        self.fetchable[addr as usize] > 0
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Oscillator periods since reset (machine cycles × clocks per cycle).
    pub fn clocks(&self) -> u64 {
        self.cycles * self.config.timing.clocks_per_cycle as u64
    }

    // ---- registers -------------------------------------------------------

    #[inline]
    pub fn acc(&self) -> u8 {
        self.sfr_raw(sfr::ACC)
    }
    #[inline]
    fn set_acc(&mut self, v: u8) {
        self.set_sfr(sfr::ACC, v)
    }
    #[inline]
    pub fn b(&self) -> u8 {
        self.sfr_raw(sfr::B)
    }
    /// PSW with the parity flag computed from ACC.
    #[inline]
    pub fn psw(&self) -> u8 {
        (self.sfr_raw(sfr::PSW) & !1) | (self.acc().count_ones() as u8 & 1)
    }
    #[inline]
    fn set_psw_flags(&mut self, mask: u8, value: u8) {
        let psw = self.sfr_raw(sfr::PSW);
        self.set_sfr_raw(sfr::PSW, (psw & !mask) | (value & mask));
    }
    #[inline]
    fn cy(&self) -> bool {
        self.sfr_raw(sfr::PSW) & CY != 0
    }
    #[inline]
    fn set_cy(&mut self, c: bool) {
        self.set_psw_flags(CY, if c { CY } else { 0 });
    }
    #[inline]
    pub fn sp(&self) -> u8 {
        self.sfr_raw(sfr::SP)
    }
    #[inline]
    pub fn dptr(&self) -> u16 {
        u16::from_be_bytes([self.sfr_raw(sfr::DPH), self.sfr_raw(sfr::DPL)])
    }
    #[inline]
    fn set_dptr(&mut self, v: u16) {
        let [h, l] = v.to_be_bytes();
        self.set_sfr(sfr::DPH, h);
        self.set_sfr(sfr::DPL, l);
    }
    /// Internal-RAM address of Rn in the bank PSW.RS1:RS0 selects.
    #[inline]
    fn rn_addr(&self, n: u8) -> u8 {
        (self.sfr_raw(sfr::PSW) & 0x18) | (n & 7)
    }
    /// R0-R7 of the active bank, without notifying observers.
    pub fn bank(&self) -> [u8; 8] {
        std::array::from_fn(|n| self.iram[self.rn_addr(n as u8) as usize])
    }

    #[inline]
    fn sfr_raw(&self, addr: u8) -> u8 {
        self.sfr[(addr & 0x7F) as usize]
    }
    #[inline]
    fn set_sfr_raw(&mut self, addr: u8, v: u8) {
        self.sfr[(addr & 0x7F) as usize] = v;
    }
    /// An SFR written by an instruction (not the flags): observed.
    #[inline]
    fn set_sfr(&mut self, addr: u8, v: u8) {
        self.overwritten(self.sfr_raw(addr), v);
        self.set_sfr_raw(addr, v);
    }
    #[inline]
    fn overwritten(&mut self, old: u8, new: u8) {
        if let Some(o) = self.observer.as_mut() {
            o.write_back(old as u32, new as u32);
        }
    }

    // ---- data memory, as instructions address it -----------------------

    #[inline]
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

    /// Direct addressing: 0x00-0x7F internal RAM, 0x80-0xFF SFRs.
    #[inline]
    fn read_direct(&mut self, addr: u8) -> u8 {
        if addr < 0x80 {
            let v = self.iram[addr as usize];
            self.notify(Space::Iram, addr as u32, v, false);
            v
        } else {
            let now = self.cycles;
            let v = if addr == sfr::PSW {
                self.psw()
            } else if let Some(v) = self
                .device
                .as_mut()
                .and_then(|d| d.read_sfr(addr, 0xFF, now))
            {
                v
            } else {
                self.sfr_raw(addr)
            };
            self.notify(Space::Sfr, addr as u32, v, false);
            v
        }
    }

    #[inline]
    fn write_direct(&mut self, addr: u8, v: u8) {
        if addr < 0x80 {
            self.overwritten(self.iram[addr as usize], v);
            self.iram[addr as usize] = v;
            self.notify(Space::Iram, addr as u32, v, true);
        } else {
            let now = self.cycles;
            if !self
                .device
                .as_mut()
                .is_some_and(|d| d.write_sfr(addr, v, now))
            {
                self.set_sfr(addr, v);
            }
            self.notify(Space::Sfr, addr as u32, v, true);
        }
    }

    /// Indirect addressing (@Ri, the stack): internal RAM only.
    #[inline]
    fn read_indirect(&mut self, addr: u8) -> u8 {
        let v = if (addr as usize) < self.config.iram_size {
            self.iram[addr as usize]
        } else {
            0xFF
        };
        self.notify(Space::Iram, addr as u32, v, false);
        v
    }

    #[inline]
    fn write_indirect(&mut self, addr: u8, v: u8) {
        if (addr as usize) < self.config.iram_size {
            self.overwritten(self.iram[addr as usize], v);
            self.iram[addr as usize] = v;
        }
        self.notify(Space::Iram, addr as u32, v, true);
    }

    #[inline]
    fn read_rn(&mut self, n: u8) -> u8 {
        let a = self.rn_addr(n);
        self.read_indirect(a)
    }

    #[inline]
    fn write_rn(&mut self, n: u8, v: u8) {
        let a = self.rn_addr(n);
        self.write_indirect(a, v)
    }

    /// Bit addressing: bits 0x00-0x7F live in RAM bytes 0x20-0x2F, bits
    /// 0x80-0xFF in the SFRs whose address is a multiple of 8.
    #[inline]
    fn bit_byte(bit: u8) -> u8 {
        if bit < 0x80 {
            0x20 + (bit >> 3)
        } else {
            bit & 0xF8
        }
    }

    #[inline]
    fn read_bit(&mut self, bit: u8) -> bool {
        let addr = Self::bit_byte(bit);
        let mask = 1 << (bit & 7);
        if addr >= 0x80 && addr != sfr::PSW && self.device.is_some() {
            let now = self.cycles;
            if let Some(v) = self
                .device
                .as_mut()
                .and_then(|d| d.read_sfr(addr, mask, now))
            {
                self.notify(Space::Sfr, addr as u32, v, false);
                return v & mask != 0;
            }
        }
        let byte = self.read_direct(addr);
        byte & mask != 0
    }

    #[inline]
    fn write_bit(&mut self, bit: u8, value: bool) {
        let addr = Self::bit_byte(bit);
        let now = self.cycles;
        let old = if addr < 0x80 {
            self.iram[addr as usize]
        } else if let Some(v) = self.device.as_mut().and_then(|d| d.peek_sfr(addr, now)) {
            v
        } else {
            self.sfr_raw(addr)
        };
        let mask = 1 << (bit & 7);
        self.write_direct(addr, if value { old | mask } else { old & !mask });
    }

    #[inline]
    fn read_xram(&mut self, addr: u16) -> u8 {
        let now = self.cycles;
        let v = match self.device.as_mut().and_then(|d| d.read_xram(addr, now)) {
            Some(v) => v,
            None => self.xram[addr as usize],
        };
        self.notify(Space::Xram, addr as u32, v, false);
        v
    }

    #[inline]
    fn write_xram(&mut self, addr: u16, v: u8) {
        let now = self.cycles;
        if !self
            .device
            .as_mut()
            .is_some_and(|d| d.write_xram(addr, v, now))
        {
            self.overwritten(self.xram[addr as usize], v);
            self.xram[addr as usize] = v;
        }
        self.notify(Space::Xram, addr as u32, v, true);
    }

    /// MOVC: a data read of program memory.
    #[inline]
    fn read_code_data(&mut self, addr: u16) -> u8 {
        let v = self.code[addr as usize];
        self.notify(Space::Code, addr as u32, v, false);
        v
    }

    #[inline]
    fn push(&mut self, v: u8) {
        let sp = self.sp().wrapping_add(1);
        self.set_sfr(sfr::SP, sp);
        self.write_indirect(sp, v);
    }

    #[inline]
    fn pop(&mut self) -> u8 {
        let sp = self.sp();
        let v = self.read_indirect(sp);
        self.set_sfr(sfr::SP, sp.wrapping_sub(1));
        v
    }

    fn fetch_fault(&self, pc: u16) -> SimError {
        SimError::fetch_outside(self, pc as u32, self.last_pc.map(u32::from))
    }
}

impl Cpu for Mcs51 {
    fn step(&mut self) -> Result<u32, SimError> {
        let pc = self.pc;
        let op = self.code[pc as usize];
        let len = timing::LENGTH[op as usize] as usize;
        if (self.fetchable[pc as usize] as usize) < len {
            return Err(self.fetch_fault(pc));
        }
        let bytes = [
            op,
            self.code[pc.wrapping_add(1) as usize],
            self.code[pc.wrapping_add(2) as usize],
        ];
        let cycles = self.config.timing.cycles[op as usize] as u32;
        if cycles == 0 {
            return Err(SimError::IllegalOpcode {
                pc: pc as u32,
                opcode: op,
            });
        }
        self.pc = pc.wrapping_add(len as u16);
        self.last_pc = Some(pc);
        self.execute(op, bytes[1], bytes[2]);
        self.cycles += cycles as u64;
        self.instructions += 1;
        if let Some(o) = self.observer.as_mut() {
            o.instruction(&Executed {
                pc: pc as u32,
                bytes: &bytes[..len],
                cycles,
            });
        }
        Ok(cycles)
    }

    /// `SJMP $` (80 FE), the halt convention of s51 test programs.
    fn halted(&self) -> bool {
        let pc = self.pc as usize;
        self.fetchable[pc] >= 2 && self.code[pc] == 0x80 && self.code[(pc + 1) & 0xFFFF] == 0xFE
    }

    fn pc(&self) -> u32 {
        self.pc as u32
    }

    fn set_pc(&mut self, pc: u32) {
        self.pc = pc as u16;
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    /// PC, A, B, PSW, SP, DPTR, then R0-R7 of the active bank.
    fn registers(&self) -> Vec<Register> {
        let reg = |name, value: u16, bits| Register {
            name,
            value: value as u64,
            bits,
        };
        let mut regs = vec![
            reg("pc", self.pc, 16),
            reg("a", self.acc() as u16, 8),
            reg("b", self.b() as u16, 8),
            reg("psw", self.psw() as u16, 8),
            reg("sp", self.sp() as u16, 8),
            reg("dptr", self.dptr(), 16),
        ];
        const NAMES: [&str; 8] = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"];
        regs.extend(
            NAMES
                .iter()
                .zip(self.bank())
                .map(|(n, v)| reg(n, v as u16, 8)),
        );
        regs
    }

    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        let a = addr as usize;
        match space {
            Space::Code => self.code.get(a).copied(),
            Space::Xram => self.xram.get(a).copied(),
            Space::Iram => (a < self.config.iram_size).then(|| self.iram[a]),
            Space::Sfr if (0x80..0x100).contains(&a) => Some(if a == sfr::PSW as usize {
                self.psw()
            } else {
                self.sfr_raw(a as u8)
            }),
            Space::Sfr | Space::Memory | Space::Eeprom => None,
        }
    }

    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        let a = addr as usize;
        match space {
            Space::Code if a < 0x10000 => self.load_code(a as u16, &[value]),
            Space::Xram if a < 0x10000 => self.xram[a] = value,
            Space::Iram if a < self.config.iram_size => self.iram[a] = value,
            Space::Sfr if (0x80..0x100).contains(&a) => self.set_sfr_raw(a as u8, value),
            _ => return false,
        }
        true
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    fn clocks_per_cycle(&self) -> u32 {
        self.config.timing.clocks_per_cycle
    }

    /// All of internal RAM and XRAM.
    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        vec![
            (Space::Iram, 0, self.config.iram_size as u32),
            (Space::Xram, 0, 0x10000),
        ]
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.observer.take()
    }

    /// As LCALL does: push the return address (low byte first) at SP+1,
    /// SP+2, here the address of an `SJMP $` placed in the highest two
    /// unloaded bytes of code memory (once; later calls return to the
    /// same stub), and jump to `entry`. Observers see the two stack
    /// writes, as they would see LCALL's.
    fn call(&mut self, entry: u32) -> Result<(), SimError> {
        let stub = match self.call_stub {
            Some(stub) => stub,
            None => {
                let stub = (0..0xFFFFu16)
                    .rev()
                    .find(|&a| !self.loaded(a) && !self.loaded(a + 1))
                    .ok_or(SimError::NoRoomForStub)?;
                self.load_code(stub, &[0x80, 0xFE]);
                self.call_stub = Some(stub);
                stub
            }
        };
        let [hi, lo] = stub.to_be_bytes();
        self.push(lo);
        self.push(hi);
        self.pc = entry as u16;
        Ok(())
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let pc = pc as u16;
        let op = self.code[pc as usize];
        let len = timing::LENGTH[op as usize];
        let b1 = self.code[pc.wrapping_add(1) as usize];
        let b2 = self.code[pc.wrapping_add(2) as usize];
        (disasm::disassemble(pc, op, b1, b2), len as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetchable_counts_loaded_bytes_ahead_across_loads_and_the_wrap() {
        let mut cpu = Mcs51::new(Config::default());
        cpu.load_code(0x10, &[0; 2]);
        assert_eq!(cpu.fetchable[0x0F..0x13], [0, 2, 1, 0]);
        cpu.load_code(0x12, &[0; 1]);
        assert_eq!(cpu.fetchable[0x0F..0x14], [0, 3, 2, 1, 0]);
        cpu.load_code(0xFFFF, &[0x00]);
        cpu.load_code(0x0000, &[0x00, 0x00]);
        assert_eq!(
            (cpu.fetchable[0xFFFF], cpu.fetchable[0], cpu.fetchable[1]),
            (3, 2, 1)
        );
    }

    #[test]
    fn an_instruction_running_off_the_image_is_a_fetch_fault() {
        let mut cpu = Mcs51::new(Config::default());
        cpu.load_code(0, &[0x00, 0x02, 0x12]); // NOP; LJMP with its last byte missing
        cpu.step().unwrap();
        let err = cpu.step().unwrap_err();
        assert_eq!(
            err.to_string(),
            "fetch outside the loaded image at PC=0x0001, after 0x0000 nop"
        );
    }

    fn run(code: &[u8]) -> Mcs51 {
        let mut cpu = Mcs51::new(Config::default());
        cpu.load_code(0, code);
        cpu.load_code(code.len() as u16, &[0x80, 0xFE]);
        cpu.run(1000, None).unwrap();
        cpu
    }

    /// Where we part from s51 on purpose (docs/mcs51.md): a bit write to
    /// RS0 switches the register bank at once.
    #[test]
    fn setb_rs0_selects_bank_one() {
        // MOV 0x0B,#0x22; MOV 0x03,#0x11; MOV PSW,#0; SETB PSW.3; MOV A,R3
        let cpu = run(&[
            0x75, 0x0B, 0x22, 0x75, 0x03, 0x11, 0x75, 0xD0, 0x00, 0xD2, 0xD3, 0xEB,
        ]);
        assert_eq!(cpu.acc(), 0x22);
    }

    /// ... and P follows A even right after a direct write to PSW.
    #[test]
    fn parity_follows_acc_after_a_direct_psw_write() {
        // MOV A,#0x01; MOV PSW,#0x00
        let cpu = run(&[0x74, 0x01, 0x75, 0xD0, 0x00]);
        assert_eq!(cpu.psw() & 1, 1);
    }

    #[test]
    fn calls_return_to_one_stub_in_free_code_memory() {
        let mut cpu = Mcs51::new(Config::default());
        cpu.load_code(0x0000, &[0x04, 0x22]); // INC A; RET
        for expected_a in 1..=2 {
            cpu.call(0).unwrap();
            cpu.run(100, None).unwrap();
            assert_eq!((cpu.pc(), cpu.acc()), (0xFFFE, expected_a));
        }
        assert!(!cpu.loaded(0xFFFC), "the second call placed no second stub");
    }
}
