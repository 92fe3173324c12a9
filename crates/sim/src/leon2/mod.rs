//! The Gaisler LEON2 integer unit: SPARC V8 ("The SPARC Architecture
//! Manual, Version 8", SPARC International) without FPU or coprocessor,
//! timed by a cycle-level model of the LEON2 pipeline, caches and bus
//! (`pipeline.rs`, after the LEON2 1.0.30-xst VHDL; the class cycles in
//! [`timing`]).
//!
//! Registers: %g0-%g7, the register windows (8 by default, a [`Config`]
//! parameter) of %o, %l and %i registers, PC and nPC (every control
//! transfer has a delay slot), %psr (icc, PIL, S, PS, ET, CWP; EF and EC
//! read 0: there is no FPU or coprocessor), %wim, %tbr, %y, and the
//! ancillary state registers %asr1-%asr31 as plain words (%asr17 reads the
//! LEON2 configuration: the number of windows minus one in bits 4:0).
//!
//! Traps are taken as SPARC V8 says (§7): with ET = 1 the CPU saves PC and
//! nPC in %l1 and %l2 of the next window, sets S, clears ET and continues at
//! %tbr with the trap type in bits 11:4; with ET = 0 it enters error mode,
//! here a [`SimError::ErrorMode`]. That covers Ticc, window overflow and
//! underflow, misaligned accesses, illegal and privileged instructions,
//! FPU instructions (fp_disabled), division by zero and tagged overflow.
//! A data access or fetch where nothing is mapped, and a write to PROM,
//! stop the run with an error instead of the data_access_exception the
//! AHB error would raise: measured code never means to make one.
//!
//! Conventions of the simulator (not of the chip):
//! - halt: `ba .` (a branch to itself, delay slot after it) stops a run;
//! - [`Cpu::call`] enters a routine as `call` would, with %o7 pointing so
//!   that `retl` returns to a `ba .` stub in free PROM, %sp at the top of
//!   RAM less 96 bytes (the 64-byte window save area the ABI asks of every
//!   frame, the struct-return word and six argument words) unless the
//!   program set it; %o0-%o5 hold the arguments (docs/lab.md).
//! - after boot the CPU is as the RTL's boot code leaves it at a program's
//!   entry: supervisor mode, traps disabled (ET = 0), CWP = 0, WIM = 0,
//!   %tbr = 0, %sp as for a call.

mod target;
pub use target::TARGET;
pub mod cache;
mod disasm;
mod exec;
pub mod ext;
pub mod map;
mod pipeline;
pub mod timing;

use crate::{Access, CacheKind, CacheLookup, Cpu, Executed, Observer, Register, SimError, Space};
pub use cache::{CacheConfig, CacheStats, MemoryConfig, Replacement};
pub use disasm::disassemble;
pub use map::{Kind, LEON2_BOARD, MemoryMap, Region};
pub use timing::{Multiplier, Timing};

/// `ba .` and `ba,a .`: the halt convention.
pub const HALT: u32 = 0x1080_0000;
const HALT_ANNULLED: u32 = 0x3080_0000;
/// `nop` (sethi 0, %g0).
pub const NOP: u32 = 0x0100_0000;

/// Trap types (SPARC V8 Table 7-1).
pub mod tt {
    pub const ILLEGAL_INSTRUCTION: u8 = 0x02;
    pub const PRIVILEGED_INSTRUCTION: u8 = 0x03;
    pub const FP_DISABLED: u8 = 0x04;
    pub const WINDOW_OVERFLOW: u8 = 0x05;
    pub const WINDOW_UNDERFLOW: u8 = 0x06;
    pub const MEM_ADDRESS_NOT_ALIGNED: u8 = 0x07;
    pub const TAG_OVERFLOW: u8 = 0x0A;
    pub const CP_DISABLED: u8 = 0x24;
    pub const DIVISION_BY_ZERO: u8 = 0x2A;
    /// Ticc: 0x80 + the trap number.
    pub const TRAP_INSTRUCTION: u8 = 0x80;

    pub fn name(tt: u8) -> &'static str {
        match tt {
            ILLEGAL_INSTRUCTION => "illegal_instruction",
            PRIVILEGED_INSTRUCTION => "privileged_instruction",
            FP_DISABLED => "fp_disabled",
            WINDOW_OVERFLOW => "window_overflow",
            WINDOW_UNDERFLOW => "window_underflow",
            MEM_ADDRESS_NOT_ALIGNED => "mem_address_not_aligned",
            TAG_OVERFLOW => "tag_overflow",
            CP_DISABLED => "cp_disabled",
            DIVISION_BY_ZERO => "division_by_zero",
            0x80..=0xFF => "trap_instruction",
            _ => "trap",
        }
    }
}

/// %psr fields (SPARC V8 §4.2).
pub mod psr {
    pub const N: u32 = 1 << 23;
    pub const Z: u32 = 1 << 22;
    pub const V: u32 = 1 << 21;
    pub const C: u32 = 1 << 20;
    pub const ICC: u32 = 0xF << 20;
    pub const PIL: u32 = 0xF << 8;
    pub const S: u32 = 1 << 7;
    pub const PS: u32 = 1 << 6;
    pub const ET: u32 = 1 << 5;
    pub const CWP: u32 = 0x1F;
    /// impl = 0xF (Gaisler), ver = 2 (LEON2), read-only.
    pub const IMPL_VER: u32 = 0xF200_0000;
}

#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Register windows, 2 to 32 (VHDL `nwindows`; 8 on the reference
    /// board and by default).
    pub windows: u32,
    pub map: &'static MemoryMap,
    pub timing: Timing,
    /// Caches and memory wait states ([`cache`]).
    pub memory: MemoryConfig,
}

impl Default for Config {
    /// The RTL reference configuration.
    fn default() -> Self {
        Config {
            windows: 8,
            map: &LEON2_BOARD,
            timing: Timing::default(),
            memory: MemoryConfig::default(),
        }
    }
}

/// Why an instruction could not complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// A trap of this type: taken, or error mode with ET = 0.
    Trap(u8),
    Unmapped {
        addr: u32,
        write: bool,
    },
    ReadOnly {
        addr: u32,
    },
}

/// One region's memory.
struct Bank {
    region: Region,
    data: Vec<u8>,
    /// Per word: an instruction may be fetched here (RAM always; PROM
    /// where the image loaded it).
    fetch: Vec<bool>,
}

pub struct Leon2 {
    config: Config,
    banks: Vec<Bank>,
    g: [u32; 8],
    /// 16 registers a window: its %i0-%i7 then its %l0-%l7; the %o
    /// registers of window w are the %i registers of window w - 1.
    windows: Vec<u32>,
    pc: u32,
    npc: u32,
    /// %psr without CWP.
    psr: u32,
    cwp: u32,
    wim: u32,
    tbr: u32,
    y: u32,
    asr: [u32; 32],
    /// The pipeline, caches and bus, cycle by cycle. Taken out for the
    /// length of a step, which lends the CPU to it as the [`pipeline::Core`]
    /// that executes what reaches decode.
    pipe: Option<Box<pipeline::Pipeline>>,
    /// The cycle the current run's entry was fetched, and the cycles
    /// counted in it so far.
    run_base: u64,
    run_cycles: u64,
    /// The instruction executed in this step: (pc, word, its number).
    decoded: Option<(u32, u32, u64)>,
    /// Registers loaded by the previous instruction and the one before it,
    /// for the load-use interlock: (registers whose use waits the full
    /// load delay, first words of an LDD).
    loaded: [(u32, u32); 2],
    /// The previous instruction set the icc.
    icc_set: bool,
    /// The last instruction decoded off the program's path set the icc
    /// (for `icchold` there).
    shadow_icc: bool,
    /// The window before the last trap: the instructions behind the
    /// trapping one read their registers there.
    shadow_cwp: u32,
    last_pc: Option<u32>,
    call_stub: Option<u32>,
    /// One past the highest RAM byte `load` wrote.
    loaded_end: u32,
    cycles: u64,
    instructions: u64,
    traps: u64,
    observer: Option<Box<dyn Observer>>,
}

impl Leon2 {
    /// A CPU with memory zeroed and nothing loaded, as the RTL's boot code
    /// leaves it (module documentation); start it with [`Leon2::boot`].
    pub fn new(config: Config) -> Self {
        assert!(
            (2..=32).contains(&config.windows),
            "LEON2 has 2 to 32 register windows"
        );
        let banks = config
            .map
            .regions
            .iter()
            .map(|&region| Bank {
                region,
                data: vec![0; region.size as usize],
                fetch: vec![region.kind == Kind::Ram; region.size.div_ceil(4) as usize],
            })
            .collect();
        let mut cpu = Leon2 {
            config,
            banks,
            g: [0; 8],
            windows: vec![0; 16 * config.windows as usize],
            pc: 0,
            npc: 4,
            psr: psr::IMPL_VER | psr::S | psr::PS,
            cwp: 0,
            wim: 0,
            tbr: 0,
            y: 0,
            asr: [0; 32],
            pipe: Some(Box::new(pipeline::Pipeline::new(config.memory))),
            run_base: 0,
            run_cycles: 0,
            decoded: None,
            loaded: [(0, 0); 2],
            icc_set: false,
            shadow_icc: false,
            shadow_cwp: 0,
            last_pc: None,
            call_stub: None,
            loaded_end: 0,
            cycles: 0,
            instructions: 0,
            traps: 0,
            observer: None,
        };
        cpu.asr[17] = config.windows - 1;
        cpu.set_reg(14, cpu.stack_top().wrapping_sub(96));
        cpu
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Start at `entry` (PC = entry, nPC = entry + 4).
    pub fn boot(&mut self, entry: u32) {
        self.set_pc(entry);
    }

    /// Start again at `entry` with the caches as the last run left them
    /// ("warm"), the way the RTL reference reruns a program: %psr and %wim
    /// as after boot (S = 1, PS = 1, ET = 0, CWP = 0, WIM = 0), the other
    /// registers and memory as they are, the pipeline empty and the bus
    /// idle (the rerun stub runs uncached long enough for the write buffer
    /// and any line fill to finish).
    pub fn restart(&mut self, entry: u32) {
        self.set_psr(psr::S | psr::PS);
        self.wim = 0;
        self.loaded = [(0, 0); 2];
        self.icc_set = false;
        self.last_pc = None;
        self.boot(entry);
    }

    /// Place `bytes` at `addr` (PROM or RAM) and mark them fetchable; the
    /// error is the first address where they do not fit.
    pub fn load(&mut self, addr: u32, bytes: &[u8]) -> Result<(), u32> {
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr.wrapping_add(i as u32);
            let bank = self
                .bank_of(a)
                .filter(|&k| self.banks[k].region.kind != Kind::Registers)
                .ok_or(a)?;
            let bank = &mut self.banks[bank];
            if bank.region.kind == Kind::Ram {
                self.loaded_end = self.loaded_end.max(a + 1);
            }
            let off = (a - bank.region.start) as usize;
            bank.data[off] = b;
            bank.fetch[off / 4] = true;
        }
        Ok(())
    }

    // ---- registers -------------------------------------------------------

    fn window_index(&self, cwp: u32, r: u32) -> usize {
        let nw = self.config.windows;
        let (w, i) = match r {
            8..=15 => ((cwp + nw - 1) % nw, r - 8),
            16..=23 => (cwp, r - 8),
            _ => (cwp, r - 24),
        };
        (w * 16 + i) as usize
    }

    /// Register `r` (0-31) of the current window.
    pub fn reg(&self, r: u32) -> u32 {
        self.reg_in(self.cwp, r)
    }

    /// Register `r` (0-31) of window `cwp`.
    fn reg_in(&self, cwp: u32, r: u32) -> u32 {
        match r & 31 {
            0 => 0,
            r @ 1..=7 => self.g[r as usize],
            r => self.windows[self.window_index(cwp, r)],
        }
    }

    /// Write register `r` (observed; %g0 discards it).
    pub fn set_reg(&mut self, r: u32, v: u32) {
        if r & 31 != 0 && self.observer.is_some() {
            let old = self.reg(r);
            if let Some(o) = self.observer.as_mut() {
                o.write_back(old, v);
            }
        }
        match r & 31 {
            0 => {}
            r @ 1..=7 => self.g[r as usize] = v,
            r => {
                let i = self.window_index(self.cwp, r);
                self.windows[i] = v;
            }
        }
    }

    pub fn psr(&self) -> u32 {
        self.psr | self.cwp
    }

    /// Write %psr as WRPSR does, impl and ver kept, EF and EC clear; CWP
    /// modulo the number of windows.
    pub fn set_psr(&mut self, v: u32) {
        self.psr = psr::IMPL_VER | v & (psr::ICC | psr::PIL | psr::S | psr::PS | psr::ET);
        self.cwp = (v & psr::CWP) % self.config.windows;
    }

    pub fn npc(&self) -> u32 {
        self.npc
    }

    pub fn wim(&self) -> u32 {
        self.wim
    }

    pub fn set_wim(&mut self, v: u32) {
        self.wim = v & self.window_mask();
    }

    pub fn tbr(&self) -> u32 {
        self.tbr
    }

    pub fn set_tbr(&mut self, v: u32) {
        self.tbr = v & 0xFFFF_FFF0;
    }

    pub fn y(&self) -> u32 {
        self.y
    }

    pub fn set_y(&mut self, v: u32) {
        self.y = v;
    }

    /// Traps taken so far.
    pub fn traps(&self) -> u64 {
        self.traps
    }

    /// Cache hits and misses so far.
    pub fn cache_stats(&self) -> CacheStats {
        self.pipe().stats
    }

    /// Whether the caches hold `addr` (PROM and RAM; the registers are
    /// never cached).
    fn cacheable(&self, addr: u32) -> bool {
        self.config
            .map
            .region(addr)
            .is_some_and(|r| r.kind != Kind::Registers)
    }

    fn window_mask(&self) -> u32 {
        if self.config.windows == 32 {
            u32::MAX
        } else {
            (1 << self.config.windows) - 1
        }
    }

    /// One past the highest RAM address: where the stack starts.
    pub fn stack_top(&self) -> u32 {
        self.config
            .map
            .regions
            .iter()
            .filter(|r| r.kind == Kind::Ram)
            .map(|r| r.start.wrapping_add(r.size))
            .max()
            .unwrap_or(0)
    }

    // ---- memory ----------------------------------------------------------

    fn bank_of(&self, addr: u32) -> Option<usize> {
        self.banks.iter().position(|b| b.region.contains(addr))
    }

    /// The word at `addr` (aligned), if mapped, without an access.
    fn peek32(&self, addr: u32) -> Option<u32> {
        let b = &self.banks[self.bank_of(addr)?];
        let off = (addr - b.region.start) as usize;
        Some(u32::from_be_bytes(
            b.data.get(off..off + 4)?.try_into().ok()?,
        ))
    }

    fn fetchable(&self, addr: u32) -> bool {
        self.bank_of(addr).is_some_and(|k| {
            let b = &self.banks[k];
            b.fetch[((addr - b.region.start) / 4) as usize]
        })
    }

    fn notify(&mut self, addr: u32, bytes: &[u8], write: bool) {
        if let Some(o) = self.observer.as_mut() {
            for (i, &value) in bytes.iter().enumerate() {
                o.access(Access {
                    space: Space::Memory,
                    addr: addr.wrapping_add(i as u32),
                    value,
                    write,
                });
            }
        }
    }

    /// A data read of `size` bytes (1, 2 or 4) at an address aligned to it.
    fn read(&mut self, addr: u32, size: u32) -> Result<u32, Fault> {
        let unmapped = Fault::Unmapped { addr, write: false };
        let k = self.bank_of(addr).ok_or(unmapped)?;
        let b = &self.banks[k];
        let off = (addr - b.region.start) as usize;
        let bytes = b.data.get(off..off + size as usize).ok_or(unmapped)?;
        let v = bytes.iter().fold(0u32, |v, &x| v << 8 | x as u32);
        if self.observer.is_some() {
            let bytes = bytes.to_vec();
            self.notify(addr, &bytes, false);
        }
        Ok(v)
    }

    fn write(&mut self, addr: u32, size: u32, v: u32) -> Result<(), Fault> {
        let k = self
            .bank_of(addr)
            .ok_or(Fault::Unmapped { addr, write: true })?;
        let b = &mut self.banks[k];
        if b.region.kind == Kind::Rom {
            return Err(Fault::ReadOnly { addr });
        }
        let off = (addr - b.region.start) as usize;
        let bytes = &v.to_be_bytes()[4 - size as usize..];
        let cells = b
            .data
            .get_mut(off..off + size as usize)
            .ok_or(Fault::Unmapped { addr, write: true })?;
        let old = cells.iter().fold(0u32, |w, &x| w << 8 | x as u32);
        cells.copy_from_slice(bytes);
        if let Some(o) = self.observer.as_mut() {
            o.write_back(old, v);
        }
        self.notify(addr, bytes, true);
        Ok(())
    }

    // ---- traps -----------------------------------------------------------

    /// Take trap `tt` (SPARC V8 §7.5), or enter error mode if ET = 0.
    fn trap(&mut self, pc: u32, tt: u8) -> Result<(), SimError> {
        if self.psr & psr::ET == 0 {
            return Err(SimError::ErrorMode {
                pc,
                tt,
                name: tt::name(tt),
            });
        }
        let s = self.psr & psr::S != 0;
        self.psr = (self.psr & !(psr::ET | psr::PS)) | psr::S | if s { psr::PS } else { 0 };
        self.cwp = (self.cwp + self.config.windows - 1) % self.config.windows;
        self.set_reg(17, pc);
        self.set_reg(18, self.npc);
        self.tbr = (self.tbr & 0xFFFF_F000) | (tt as u32) << 4;
        self.pc = self.tbr;
        self.npc = self.tbr.wrapping_add(4);
        self.traps += 1;
        Ok(())
    }

    #[cold]
    fn fault(&self, pc: u32, fault: Fault) -> SimError {
        match fault {
            Fault::Trap(tt) => SimError::ErrorMode {
                pc,
                tt,
                name: tt::name(tt),
            },
            Fault::Unmapped { addr, write } => SimError::Unmapped { pc, addr, write },
            Fault::ReadOnly { addr } => SimError::ReadOnlyWrite {
                pc,
                addr,
                region: self.config.map.region(addr).map_or("PROM", |r| r.name),
            },
        }
    }

    /// Eight free (unloaded) bytes at the top of PROM, for the call stub.
    fn free_rom(&self) -> Option<u32> {
        self.config
            .map
            .regions
            .iter()
            .filter(|r| r.kind == Kind::Rom)
            .find_map(|r| {
                (r.start..r.end())
                    .rev()
                    .step_by(4)
                    .map(|a| a & !7)
                    .find(|&a| !self.fetchable(a) && !self.fetchable(a + 4))
            })
    }

    fn pipe(&self) -> &pipeline::Pipeline {
        self.pipe
            .as_ref()
            .expect("the pipeline is back after every step")
    }

    fn pipe_mut(&mut self) -> &mut pipeline::Pipeline {
        self.pipe
            .as_mut()
            .expect("the pipeline is back after every step")
    }

    fn observe_cache(&mut self, cache: CacheKind, addr: u32, hit: bool) {
        if let Some(o) = self.observer.as_mut() {
            o.cache(CacheLookup { cache, addr, hit });
        }
    }

    /// The load-use stall of `ins` after the loads before it.
    fn load_use_stall(&self, ins: u32) -> u32 {
        let t = &self.config.timing;
        let reads = exec::sources(ins)
            | if t.lddelay >= 2 {
                exec::store_data(ins)
            } else {
                0
            };
        let mut stall = 0;
        for (d, &(full, first)) in self.loaded.iter().enumerate() {
            let d = d as u32 + 1;
            if reads & full != 0 {
                stall = stall.max(timing::load_use_stall(t, d, false));
            }
            if reads & first != 0 {
                stall = stall.max(timing::load_use_stall(t, d, true));
            }
        }
        stall
    }

    /// Clock `pipe` until the next instruction leaves decode, and drain it
    /// at the halt: whether that instruction's fetch missed, and the run's
    /// count after it.
    fn run_pipeline(&mut self, pipe: &mut pipeline::Pipeline) -> Result<(bool, u64), SimError> {
        let limit = pipe.now() + 10_000_000;
        let missed = loop {
            if let pipeline::Tick::Decoded { missed } = pipe.cycle(self)? {
                break missed;
            }
            assert!(
                pipe.now() < limit,
                "LEON2 pipeline: no instruction decoded in 10M cycles at pc {:#x}",
                self.pc
            );
        };
        // this cycle's edge took the instruction out of decode
        let mut total = pipe.now() - 1 - self.run_base;
        if self.halted()
            && let Some((_, _, seq)) = self.decoded
        {
            total = pipe.drain(self, seq)? - self.run_base - 3;
        }
        Ok((missed, total))
    }

    /// What the instruction at `pc`, off the program's path, does in
    /// decode: its class's cycles, `icchold` after another such that sets
    /// the icc, a branch taken on the current icc, a JMPL's target from
    /// the current registers.
    fn shadow(&mut self, pc: u32) -> pipeline::Decoded {
        let Some(ins) = self.peek32(pc).filter(|_| self.fetchable(pc)) else {
            return pipeline::Decoded::Bubble;
        };
        let class = exec::static_class(ins);
        let target = exec::branch_target(pc, ins);
        let cond = ins >> 25 & 15;
        let bicc = exec::is_bicc(ins);
        let taken = target.is_some() && (!bicc || exec::condition(cond, self.psr));
        let jump =
            matches!(class, timing::Class::Jump | timing::Class::ReturnFromTrap).then(|| {
                let b = if ins & 0x2000 != 0 {
                    ((ins << 19) as i32 >> 19) as u32
                } else {
                    self.reg_in(self.shadow_cwp, ins & 31)
                };
                self.reg_in(self.shadow_cwp, ins >> 14 & 31).wrapping_add(b)
            });
        let icc_before = std::mem::replace(&mut self.shadow_icc, exec::static_sets_icc(ins));
        pipeline::Decoded::Shadow(pipeline::Insn {
            lock: u32::from(bicc && icc_before && self.config.timing.icchold),
            cti: target.is_some(),
            branch: target.filter(|_| taken),
            jump,
            annul_slot: bicc && ins >> 29 & 1 != 0 && (!taken || cond == 8),
            ..pipeline::Insn::plain(class, class.cycles(&self.config.timing))
        })
    }
}

impl pipeline::Core for Leon2 {
    fn decode(&mut self, pc: u32, seq: u64) -> Result<pipeline::Decoded, SimError> {
        use pipeline::{Decoded, Insn};
        if pc != self.pc {
            return Ok(self.shadow(pc));
        }
        self.shadow_icc = false;
        self.shadow_cwp = self.cwp;
        if self.halted() {
            // the halt, `ba .`, as the pipeline runs it while the last
            // instructions drain: a branch to itself
            return Ok(Decoded::Insn(Insn {
                cti: true,
                branch: Some(pc),
                annul_slot: self.peek32(pc) == Some(HALT_ANNULLED),
                ..Insn::plain(timing::Class::Single, 1)
            }));
        }
        if self.decoded.is_some() {
            return Ok(Decoded::Bubble);
        }
        if pc & 3 != 0 || !self.fetchable(pc) {
            return Err(SimError::fetch_outside(self, pc, self.last_pc));
        }
        let ins = self.peek32(pc).unwrap_or(0);
        self.last_pc = Some(pc);
        let t = self.config.timing;
        let mut lock = self.load_use_stall(ins);
        if self.icc_set && t.icchold && exec::is_bicc(ins) {
            lock += 1;
        }
        let npc = self.npc;
        let target = exec::branch_target(pc, ins);
        let insn = match self.execute(ins) {
            Ok(done) => {
                self.icc_set = done.sets_icc;
                self.loaded = [done.loaded, self.loaded[0]];
                if done.annulled {
                    self.loaded = [(0, 0), self.loaded[0]];
                    self.icc_set = false;
                }
                self.instructions += 1;
                Insn {
                    lock,
                    cti: target.is_some(),
                    branch: target.filter(|_| done.transfer),
                    // JMPL, RETT: executed, their target is the nPC
                    jump: (done.transfer && target.is_none()).then_some(self.npc),
                    annul_slot: done.annulled,
                    flush: done.flush,
                    mem: done.mem,
                    cacheable: self.cacheable(done.mem.addr()),
                    ..Insn::plain(done.class, done.class.cycles(&t))
                }
            }
            Err(Fault::Trap(tt)) => {
                self.pc = pc;
                self.npc = npc;
                self.trap(pc, tt)?;
                self.icc_set = false;
                self.loaded = [(0, 0); 2];
                self.last_pc = None;
                Insn {
                    lock,
                    trap: Some(self.pc),
                    ..Insn::plain(timing::Class::Single, 1)
                }
            }
            Err(f) => {
                self.pc = pc;
                self.npc = npc;
                return Err(self.fault(pc, f));
            }
        };
        self.decoded = Some((pc, ins, seq));
        Ok(Decoded::Insn(insn))
    }
}

impl Cpu for Leon2 {
    /// One instruction through the pipeline (`pipeline.rs`): the cycles
    /// from the end of the previous instruction's decode to the end of its
    /// own; at the halt, to its write-back instead, which is how the RTL
    /// reference counts a run (docs/leon2.md, "The count").
    fn step(&mut self) -> Result<u32, SimError> {
        let mut pipe = self
            .pipe
            .take()
            .expect("the pipeline is back after every step");
        self.decoded = None;
        let result = self.run_pipeline(&mut pipe);
        let lookups = pipe.take_lookups();
        if let Ok((false, _)) = result {
            pipe.stats.ifetch_hits += 1;
        }
        self.pipe = Some(pipe);
        let (missed, total) = result?;
        let cycles = total - self.run_cycles;
        self.run_cycles = total;
        self.cycles += cycles;
        let (pc, ins, _) = self.decoded.expect("a step executes an instruction");
        self.observe_cache(CacheKind::Instruction, pc, !missed);
        for (addr, hit) in lookups {
            self.observe_cache(CacheKind::Data, addr, hit);
        }
        if let Some(o) = self.observer.as_mut() {
            o.instruction(&Executed {
                pc,
                bytes: &ins.to_be_bytes(),
                cycles: cycles as u32,
            });
        }
        Ok(cycles as u32)
    }

    /// `ba .` (or `ba,a .`) at the PC.
    fn halted(&self) -> bool {
        self.fetchable(self.pc) && matches!(self.peek32(self.pc), Some(HALT) | Some(HALT_ANNULLED))
    }

    fn pc(&self) -> u32 {
        self.pc
    }

    fn restart(&mut self, entry: u32) {
        Leon2::restart(self, entry);
    }

    /// PC, and nPC after it.
    fn set_pc(&mut self, pc: u32) {
        self.pc = pc;
        self.npc = pc.wrapping_add(4);
        self.run_base = self.pipe_mut().restart(pc);
        self.run_cycles = 0;
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }

    fn instructions(&self) -> u64 {
        self.instructions
    }

    /// PC, nPC, %g0-%g7, %o0-%o7, %l0-%l7, %i0-%i7, %psr, %wim, %tbr, %y.
    fn registers(&self) -> Vec<Register> {
        let reg = |name, value: u32| Register {
            name,
            value: value as u64,
            bits: 32,
        };
        let mut out = vec![reg("pc", self.pc), reg("npc", self.npc)];
        out.extend(
            disasm::REG_NAMES
                .iter()
                .enumerate()
                .map(|(i, n)| reg(n, self.reg(i as u32))),
        );
        out.extend([
            reg("psr", self.psr()),
            reg("wim", self.wim),
            reg("tbr", self.tbr),
            reg("y", self.y),
        ]);
        out
    }

    fn read(&self, space: Space, addr: u32) -> Option<u8> {
        if space != Space::Memory {
            return None;
        }
        let b = &self.banks[self.bank_of(addr)?];
        Some(b.data[(addr - b.region.start) as usize])
    }

    /// Any mapped address; a write to PROM from outside loads it.
    fn write(&mut self, space: Space, addr: u32, value: u8) -> bool {
        if space != Space::Memory {
            return false;
        }
        match self.bank_of(addr) {
            Some(k) if self.banks[k].region.kind == Kind::Registers => {
                let b = &mut self.banks[k];
                b.data[(addr - b.region.start) as usize] = value;
                true
            }
            Some(_) => self.load(addr, &[value]).is_ok(),
            None => false,
        }
    }

    fn disassemble(&self, pc: u32) -> (String, u32) {
        let word = self.peek32(pc & !3).unwrap_or(0);
        (disasm::text(pc, word), 4)
    }

    fn disassembler(&self) -> crate::observe::Disassembler {
        disassemble
    }

    /// The 64 KiB of RAM after the image (where `.data` and `.bss` lie)
    /// and the 64 KiB under the top of RAM (the stack).
    fn data_ranges(&self) -> Vec<(Space, u32, u32)> {
        const SPAN: u32 = 0x10000;
        let top = self.stack_top();
        let ram = self
            .config
            .map
            .regions
            .iter()
            .filter(|r| r.kind == Kind::Ram)
            .map(|r| r.start)
            .min()
            .unwrap_or(0);
        let after_image = (self.loaded_end.max(ram) + 7) & !7;
        let mut out = vec![(Space::Memory, top - SPAN, SPAN)];
        if after_image < top - SPAN {
            out.insert(
                0,
                (
                    Space::Memory,
                    after_image,
                    SPAN.min(top - SPAN - after_image),
                ),
            );
        }
        out
    }

    /// Cache hits and misses, and the cycles stores waited for the write
    /// buffer (all 0 for a cache configured as ideal, whose accesses all
    /// hit: its hits count).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        let s = self.pipe().stats;
        vec![
            ("icache_hits", s.ifetch_hits),
            ("icache_misses", s.ifetch_misses),
            ("dcache_read_hits", s.dread_hits),
            ("dcache_read_misses", s.dread_misses),
            ("stores", s.dwrites),
            ("write_buffer_stall_cycles", s.write_stall_cycles),
            ("traps", self.traps),
        ]
    }

    fn set_observer(&mut self, observer: Option<Box<dyn Observer>>) {
        self.pipe_mut().observe = observer.is_some();
        self.observer = observer;
    }

    fn take_observer(&mut self) -> Option<Box<dyn Observer>> {
        self.pipe_mut().observe = false;
        self.observer.take()
    }

    /// As `call entry` would: %o7 = the stub − 8, so that `retl` (jmpl
    /// %o7 + 8) lands on the `ba .; nop` stub placed in the highest free
    /// eight bytes of PROM (once; later calls reuse it); PC = entry, nPC =
    /// entry + 4. %sp is left as the program set it, or put 96 bytes below
    /// the top of RAM if it is zero. The window is not changed: the callee
    /// saves one if it wants.
    fn call(&mut self, entry: u32) -> Result<(), SimError> {
        let stub = match self.call_stub {
            Some(stub) => stub,
            None => {
                let stub = self.free_rom().ok_or(SimError::NoRoomForStub)?;
                let code = [HALT.to_be_bytes(), NOP.to_be_bytes()].concat();
                self.load(stub, &code)
                    .map_err(|_| SimError::NoRoomForStub)?;
                self.call_stub = Some(stub);
                stub
            }
        };
        if self.reg(14) == 0 {
            self.set_reg(14, self.stack_top().wrapping_sub(96));
        }
        self.set_reg(15, stub.wrapping_sub(8));
        self.set_pc(entry);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
