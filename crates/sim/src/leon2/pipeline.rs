//! LEON2's pipeline, caches and bus, cycle by cycle: the timing of the
//! integer unit's five stages (iu.vhd: fetch, decode, execute, memory,
//! write), the instruction and data cache controllers (icache.vhd,
//! dcache.vhd), the AHB master and memory controller behind them
//! (acache.vhd, mctrl.vhd), each a state machine stepped once a clock as
//! the VHDL's registers are. What the instructions compute is the core's
//! ([`Core::decode`] executes one when it reaches decode); this module
//! only decides when things happen.
//!
//! The clock and the count: cycle numbers are the RTL reference's
//! (`leon2-rtl`): the entry's fetch is presented in cycle `F`, and a run's
//! count is `T_wb(last instruction) − (F + 3)`, where `T_wb` is the cycle
//! an instruction leaves the write stage (holdn high).
//!
//! The pipeline registers advance together only in a cycle where neither
//! cache holds the integer unit (`holdn = ico.hold and dco.hold`, both
//! registered); the cache controllers run every cycle.

use super::cache::{Cache, CacheStats, MemoryConfig};
use super::exec::MemOp;
use super::timing::Class;

/// What the core says about the instruction in decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Decoded {
    /// Not on the program's path (an annulled delay slot, a word fetched
    /// behind a JMPL or a trap), or the halt: it passes as an annulled
    /// instruction.
    Bubble,
    Insn(Insn),
    /// Off the program's path but not annulled (behind a trap that has not
    /// reached write yet): it acts in decode as it would (a branch
    /// redirects the fetch, a multi-cycle instruction holds it) and is
    /// annulled before it reaches memory.
    Shadow(Insn),
}

/// An executed instruction as the pipeline sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Insn {
    pub class: Class,
    /// Decode cycles (iu.vhd `cnt`): 1, 2 for ST and LDD, 3 for STD,
    /// LDSTUB, SWAP, the multiplier's and divider's latency.
    pub cycles: u32,
    /// Interlock cycles before them (load use, `icchold`).
    pub lock: u32,
    /// CALL or Bicc: waits while a JMPL in execute redirects the fetch.
    pub cti: bool,
    /// A taken CALL or Bicc: the fetch goes there after the delay slot.
    pub branch: Option<u32>,
    /// JMPL, RETT: the target, known in execute.
    pub jump: Option<u32>,
    /// A trap, taken when the instruction reaches write: the vector.
    pub trap: Option<u32>,
    /// A Bicc whose delay slot is annulled (iu.vhd `annul_next`).
    pub annul_slot: bool,
    pub mem: MemOp,
}

/// The core behind the pipeline.
pub(super) trait Core {
    /// Execute the instruction at `pc`, which has reached decode, if it is
    /// the next one on the program's path.
    /// `seq` numbers it for [`Pipeline::drain`].
    fn decode(&mut self, pc: u32, seq: u64) -> Result<Decoded, super::SimError>;
    /// Whether the caches hold `addr` (the register area is not cached).
    fn cacheable(&self, addr: u32) -> bool;
}

/// A data access as the D-cache sees it in the memory stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Access {
    addr: u32,
    read: bool,
    size: Size,
    cacheable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Size {
    /// Byte or halfword: a store hits only a valid word.
    Sub,
    Word,
    Double,
}

/// One decode cycle's worth of an instruction going down the pipeline
/// (a multi-cycle instruction sends one each cycle).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Uop {
    pc: u32,
    /// Not a bubble or annulled.
    valid: bool,
    access: Option<Access>,
    jump: Option<u32>,
    jmpl_rett: bool,
    trap: Option<u32>,
    /// The instruction's first (iu.vhd `ctrl.pv`, cleared for the cycles
    /// after it): the instruction retires with it.
    retires: bool,
    seq: u64,
}

/// The instruction in decode.
#[derive(Debug, Clone, Copy)]
struct De {
    pc: u32,
    /// Annulled on its way in (iu.vhd `de.annul`): a delay slot, the word
    /// behind a JMPL's delay slot, anything behind a trap.
    annul: bool,
    decoded: Option<Decoded>,
    /// Decode cycles done (with holdn high).
    done: u32,
    /// Cycles it waited for a JMPL in execute (a CTI in its delay slot).
    waited: u32,
    /// Its fetch registered an I-cache miss.
    missed: bool,
    seq: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IState {
    /// "00": hits served, misses detected.
    Idle,
    /// "01": a line streams in, each word to the pipeline as it arrives.
    Stream,
    /// "10": back to "00".
    Return,
}

/// icache.vhd's registers.
#[derive(Debug, Clone, Copy)]
struct ICtl {
    state: IState,
    overrun: bool,
    underrun: bool,
    req: bool,
    burst: bool,
    holdn: bool,
    /// The word the next arrival is written to (`r.waddress`).
    waddr: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DState {
    /// "000"
    Idle,
    /// "001": a read miss waits for its data.
    ReadMiss,
    /// "011": back from a read miss with the next access pending.
    MissReturn,
    /// "100": the second word of a doubleword store.
    StoreDouble,
    /// "110": a store waits for the write buffer.
    WaitBuffer,
}

/// dcache.vhd's registers.
#[derive(Debug, Clone, Copy)]
struct DCtl {
    state: DState,
    holdn: bool,
    req: bool,
    burst: bool,
    /// A store is in the write buffer (`r.stpend`).
    stpend: bool,
    nomds: bool,
    /// The access in progress (`r.xaddress`, `r.read`, `r.size`).
    xaddr: u32,
    xread: bool,
    xsize: Size,
    xcacheable: bool,
    /// What the bus request is (`r.wb.read`).
    wb_read: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Master {
    I,
    D,
}

/// The AHB data phase in progress (acache.vhd `r.ba`, `r.bo`; mctrl.vhd
/// signals its end with hready).
#[derive(Debug, Clone, Copy)]
struct Phase {
    owner: Master,
    write: bool,
    ready_at: u64,
}

/// The cycle-level model.
#[derive(Debug, Clone)]
pub(super) struct Pipeline {
    config: MemoryConfig,
    t: u64,
    fe_pc: u32,
    fe_branch: bool,
    de: Option<De>,
    ex: Uop,
    me: Uop,
    wr: Uop,
    trapping: bool,
    icache: Option<Cache>,
    dcache: Option<Cache>,
    ic: ICtl,
    dc: DCtl,
    phase: Option<Phase>,
    /// The fetch address whose miss the I-cache registered last.
    missed_pc: Option<u32>,
    seq: u64,
    /// The last instruction retired: its number and cycle.
    retired: (u64, u64),
    pub stats: CacheStats,
    /// D-cache lookups since the last [`Pipeline::take_lookups`]:
    /// (address, hit).
    lookups: Vec<(u32, bool)>,
    pub observe: bool,
    /// Debugging: print the state cycle by cycle over this range (the
    /// RTL reference's cycle numbers), as signals.py prints the VHDL's.
    trace: Option<(i64, i64)>,
    base: u64,
    /// The bus grants of the last cycle (for the trace).
    grants: (bool, bool),
}

/// What a cycle ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tick {
    /// Nothing for the core.
    Running,
    /// An executed instruction left decode at this cycle; it had missed
    /// in the I-cache if `missed`.
    Decoded { missed: bool },
}

impl ICtl {
    fn idle() -> ICtl {
        ICtl {
            state: IState::Idle,
            overrun: false,
            underrun: false,
            req: false,
            burst: false,
            holdn: true,
            waddr: 0,
        }
    }
}

impl DCtl {
    fn idle() -> DCtl {
        DCtl {
            state: DState::Idle,
            holdn: true,
            req: false,
            burst: false,
            stpend: false,
            nomds: false,
            xaddr: 0,
            xread: true,
            xsize: Size::Word,
            xcacheable: true,
            wb_read: true,
        }
    }
}

impl Pipeline {
    pub fn new(config: MemoryConfig) -> Pipeline {
        Pipeline {
            config,
            t: 0,
            fe_pc: 0,
            fe_branch: true,
            de: None,
            ex: Uop::default(),
            me: Uop::default(),
            wr: Uop::default(),
            trapping: false,
            icache: config.icache.map(Cache::new),
            dcache: config.dcache.map(Cache::new),
            ic: ICtl::idle(),
            dc: DCtl::idle(),
            phase: None,
            missed_pc: None,
            seq: 0,
            retired: (0, 0),
            stats: CacheStats::default(),
            lookups: Vec::new(),
            observe: false,
            trace: std::env::var("CARDLAB_LEON2_TRACE").ok().and_then(|v| {
                let (a, b) = v.split_once(',')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            }),
            base: 0,
            grants: (false, false),
        }
    }

    pub fn config(&self) -> &MemoryConfig {
        &self.config
    }

    /// The current cycle.
    pub fn now(&self) -> u64 {
        self.t
    }

    /// Empty both caches (FLUSH).
    pub fn flush(&mut self) {
        for c in [&mut self.icache, &mut self.dcache].into_iter().flatten() {
            c.invalidate();
        }
    }

    /// Start fetching at `pc` in the next cycle with the pipeline empty,
    /// after every bus transfer and line fill in progress is over (the
    /// caches keep what they hold): as the RTL reference's boot and rerun
    /// code leaves it. Returns the cycle `pc`'s fetch is presented.
    pub fn restart(&mut self, pc: u32) -> u64 {
        while self.ic.state != IState::Idle
            || self.ic.req
            || self.dc.state != DState::Idle
            || self.dc.req
            || self.dc.stpend
            || self.phase.is_some()
        {
            self.memory_cycle_full(true, false, None, false);
            self.t += 1;
        }
        self.ic.holdn = true;
        self.dc.holdn = true;
        self.dc.nomds = false;
        self.fe_pc = pc;
        self.fe_branch = true;
        self.de = None;
        self.ex = Uop::default();
        self.me = Uop::default();
        self.wr = Uop::default();
        self.trapping = false;
        self.missed_pc = None;
        self.base = self.t + 3;
        self.t
    }

    /// The instruction retired last: (its number, the cycle).
    pub fn retired(&self) -> (u64, u64) {
        self.retired
    }

    /// The number the next executed instruction gets.
    pub fn next_seq(&self) -> u64 {
        self.seq + 1
    }

    pub fn take_lookups(&mut self) -> Vec<(u32, bool)> {
        std::mem::take(&mut self.lookups)
    }

    fn ws(&self) -> u64 {
        self.config.wait_states as u64
    }

    fn line_words(&self) -> u32 {
        self.icache.as_ref().map_or(8, |c| c.config().words())
    }

    /// Whether the word at `pc` can be delivered to decode: in the
    /// I-cache (or no I-cache).
    fn word_valid(&self, pc: u32) -> bool {
        self.icache.as_ref().is_none_or(|c| c.holds(pc))
    }

    /// One clock.
    pub fn cycle(&mut self, core: &mut impl Core) -> Result<Tick, super::SimError> {
        let holdn = self.ic.holdn && self.dc.holdn;
        // the write stage: a trap's first cycle
        let annul_all = self.wr.valid && self.wr.trap.is_some() && !self.trapping;
        // execute: JMPL and RETT redirect the fetch (iu.vhd `mein.inull`
        // unless the memory stage holds one too)
        let jump = if self.ex.valid { self.ex.jump } else { None };
        let mein_inull = jump.is_some() && !(self.me.valid && self.me.jmpl_rett);
        // decode
        if let Some(de) = self.de.as_mut()
            && de.decoded.is_none()
            && (de.annul || self.icache.as_ref().is_none_or(|c| c.holds(de.pc)))
        {
            de.decoded = Some(if de.annul {
                Decoded::Bubble
            } else {
                core.decode(de.pc, self.seq + 1)?
            });
            if let Some(Decoded::Insn(_)) = de.decoded {
                self.seq += 1;
                de.seq = self.seq;
            }
        }
        let (mut hold_pc, branch, uop, exits) = self.decode_stage(mein_inull, holdn);
        let annul_next = (mein_inull && !hold_pc) || annul_all || exits.annul_slot;
        hold_pc = hold_pc && !annul_all;
        // the next fetch address (iu.vhd fetch_stage)
        let (next_pc, next_branch) = if annul_all {
            (self.wr.trap.unwrap_or(0), true)
        } else if !mein_inull && hold_pc {
            (self.fe_pc, self.fe_branch)
        } else if let Some(target) = jump {
            (target, true)
        } else if let Some(target) = branch {
            (target, true)
        } else {
            (self.fe_pc.wrapping_add(4), false)
        };
        let inull = mein_inull || hold_pc || annul_all;
        let rbranch = next_branch;
        // the caches and the bus
        let access = if self.me.valid { self.me.access } else { None };
        let eenaddr = self.ex.valid && self.ex.access.is_some();
        let before = (self.ic, self.dc, self.phase);
        self.memory_cycle_with(inull, rbranch, access, eenaddr, core);
        if let Some((a, b)) = self.trace {
            let c = self.t as i64 - self.base as i64;
            if a <= c && c <= b {
                self.print_cycle(c, holdn, hold_pc, before);
            }
        }
        // the clock edge
        let mut tick = Tick::Running;
        if holdn {
            if self.wr.valid && self.wr.retires && self.wr.trap.is_none() {
                self.retired = (self.wr.seq, self.t);
            }
            self.trapping = annul_all;
            self.wr = self.me;
            self.me = self.ex;
            self.ex = uop;
            if annul_all {
                // the trap annuls everything behind it
                self.wr.valid = false;
                self.me.valid = false;
                self.ex.valid = false;
            }
            if hold_pc {
                if let Some(de) = self.de.as_mut() {
                    if exits.waited {
                        de.waited += 1;
                    } else {
                        de.done += 1;
                    }
                }
            } else {
                if let Some(de) = self.de
                    && let Some(Decoded::Insn(_)) = de.decoded
                {
                    tick = Tick::Decoded { missed: de.missed };
                }
                let missed = self.missed_pc.take_if(|p| *p == self.fe_pc).is_some();
                self.de = Some(De {
                    pc: self.fe_pc,
                    annul: annul_next,
                    decoded: None,
                    done: 0,
                    waited: 0,
                    missed,
                    seq: 0,
                });
            }
            self.fe_pc = next_pc;
            self.fe_branch = next_branch;
        }
        self.t += 1;
        Ok(tick)
    }

    /// One line of the debugging trace: the columns signals.py prints.
    fn print_cycle(&self, c: i64, holdn: bool, hold_pc: bool, before: (ICtl, DCtl, Option<Phase>)) {
        let (ic, dc, phase) = before;
        let t = self.t;
        let hold = format!(
            "{}{}{}{}",
            if holdn { '.' } else { 'H' },
            if ic.holdn { '.' } else { 'i' },
            if dc.holdn { '.' } else { 'd' },
            if hold_pc { 'p' } else { '.' }
        );
        let pc = |p: u32| format!("{:05x}", p & 0xFFFFF);
        let de = self.de.map_or("-----".into(), |d| pc(d.pc));
        let (iready, dready) = match phase {
            Some(p) if p.ready_at == t => (p.owner == Master::I, p.owner == Master::D),
            _ => (false, false),
        };
        let (igrant, dgrant) = self.grants;
        let ist = match ic.state {
            IState::Idle => 0,
            IState::Stream => 1,
            IState::Return => 2,
        };
        let dst = match dc.state {
            DState::Idle => 0,
            DState::ReadMiss => 1,
            DState::MissReturn => 3,
            DState::StoreDouble => 4,
            DState::WaitBuffer => 6,
        };
        let b = |x: bool| x as u8;
        eprintln!(
            "{c:5} {hold}  {} {} {} {} {}  |    {ist}     {}     {}    {}    {}     {}    |    {}     {}     {dst}     {}     {}",
            pc(self.fe_pc),
            de,
            pc(self.ex.pc),
            pc(self.me.pc),
            pc(self.wr.pc),
            b(ic.overrun),
            b(ic.underrun),
            b(ic.req),
            b(iready),
            b(igrant),
            b(dgrant),
            b(dready),
            b(dc.req),
            b(dc.stpend)
        );
    }

    /// The decode stage's outputs this cycle: hold_pc, a branch's target,
    /// the micro-op sent to execute, and whether this cycle waited for a
    /// JMPL.
    fn decode_stage(&mut self, mein_inull: bool, _holdn: bool) -> (bool, Option<u32>, Uop, Exits) {
        let bubble = (false, None, Uop::default(), Exits::default());
        let Some(de) = self.de else {
            return bubble;
        };
        let (Some(Decoded::Insn(insn)) | Some(Decoded::Shadow(insn))) = de.decoded else {
            return bubble;
        };
        let k = de.done;
        if k < insn.lock {
            return (true, None, Uop::default(), Exits::default());
        }
        let j = k - insn.lock;
        if insn.cti && mein_inull && j == 0 {
            return (
                true,
                None,
                Uop::default(),
                Exits {
                    waited: true,
                    ..Exits::default()
                },
            );
        }
        let mut uop = micro_op(&insn, j, de.seq);
        uop.pc = de.pc;
        let hold_pc = j + 1 < insn.cycles;
        let branch = if j == 0 { insn.branch } else { None };
        let annul_slot = j == 0 && insn.annul_slot;
        (
            hold_pc,
            branch,
            uop,
            Exits {
                waited: false,
                annul_slot,
            },
        )
    }

    fn memory_cycle_with(
        &mut self,
        inull: bool,
        rbranch: bool,
        access: Option<Access>,
        eenaddr: bool,
        core: &impl Core,
    ) {
        let access = access.map(|mut a| {
            a.cacheable = core.cacheable(a.addr);
            a
        });
        self.memory_cycle_full(inull, rbranch, access, eenaddr);
    }

    fn memory_cycle_full(
        &mut self,
        inull: bool,
        rbranch: bool,
        access: Option<Access>,
        eenaddr: bool,
    ) {
        let t = self.t;
        let ws = self.ws();
        // the bus this cycle (acache.vhd, from registered state)
        let hready = self.phase.is_none_or(|p| p.ready_at == t);
        let (iready, dready) = match self.phase {
            Some(p) if p.ready_at == t => (p.owner == Master::I, p.owner == Master::D),
            _ => (false, false),
        };
        let ireq = self.ic.req;
        let dreq = self.dc.req;
        let i_active = self.phase.is_some_and(|p| p.owner == Master::I);
        let d_active = self.phase.is_some_and(|p| p.owner == Master::D);
        let nbo = dreq && !(i_active && ireq);
        let (mut igrant, mut dgrant) = (false, false);
        let mut next_phase = if hready { None } else { self.phase };
        if hready {
            if nbo {
                dgrant = true;
                let write = !self.dc.wb_read;
                let seq = d_active && !write && self.phase.is_some_and(|p| !p.write);
                next_phase = Some(Phase {
                    owner: Master::D,
                    write,
                    ready_at: t + if seq { 2 } else { 3 } + ws,
                });
            } else if ireq {
                igrant = true;
                next_phase = Some(Phase {
                    owner: Master::I,
                    write: false,
                    ready_at: t + if i_active { 2 } else { 3 } + ws,
                });
            }
        }
        self.grants = (igrant, dgrant);
        // the caches
        let ic = self.icache_cycle(inull, rbranch, igrant, iready);
        let dc = self.dcache_cycle(access, eenaddr, dgrant, dready);
        self.ic = ic;
        self.dc = dc;
        self.phase = next_phase;
    }

    /// icache.vhd's state machine for one cycle: the next registers.
    fn icache_cycle(&mut self, nullify: bool, rbranch: bool, grant: bool, ready: bool) -> ICtl {
        let r = self.ic;
        let mut v = r;
        v.holdn = true;
        let Some(cache) = self.icache.as_mut() else {
            return v;
        };
        let words = cache.config().words();
        let word = |a: u32| (a >> 2) % words;
        let eholdn = self.dc.holdn;
        let ib = self.config.burst;
        let write = ready;
        if ready {
            // the word arrives: written to the line, the next one expected
            let slot = cache.allocate_keep(r.waddr);
            cache.set_valid(slot, word(r.waddr)..word(r.waddr) + 1);
            let line = r.waddr & !(words * 4 - 1);
            v.waddr = line | (word(r.waddr) + 1) % words * 4;
        }
        let nnlastline = word(r.waddr) >= words - 2;
        match r.state {
            IState::Idle => {
                let fpc = self.fe_pc;
                v.burst = ib && word(fpc) != words - 1;
                if eholdn && !nullify {
                    if !cache.holds(fpc) {
                        cache.allocate(fpc);
                        self.stats.ifetch_misses += 1;
                        self.missed_pc = Some(fpc);
                        v.state = IState::Stream;
                        v.req = true;
                        v.holdn = false;
                        v.overrun = true;
                    }
                    v.waddr = fpc;
                }
            }
            IState::Stream => {
                let fbranch = self.fe_branch;
                let branch = (fbranch && r.overrun) || (rbranch && !r.overrun);
                v.underrun = r.underrun
                    || (write && (nullify || !eholdn) && !(r.overrun && !r.underrun));
                v.overrun = (r.overrun || (eholdn && !nullify)) && !(write || r.underrun);
                if ready {
                    v.burst = r.req && !nnlastline;
                }
                if grant {
                    v.req = ib && r.burst && !(nnlastline && ready) && (ib || !branch);
                    v.burst = v.req && !nnlastline;
                }
                v.underrun = (v.underrun || branch) && !v.overrun;
                v.holdn = !(v.overrun || v.underrun);
                if ready && !r.req {
                    v.underrun = false;
                    v.overrun = false;
                    v.state = IState::Return;
                    v.holdn = false;
                }
            }
            IState::Return => v.state = IState::Idle,
        }
        v
    }

    /// dcache.vhd's state machine for one cycle: the next registers.
    fn dcache_cycle(
        &mut self,
        access: Option<Access>,
        eenaddr: bool,
        grant: bool,
        ready: bool,
    ) -> DCtl {
        let r = self.dc;
        let mut v = r;
        v.holdn = true;
        let eholdn = self.ic.holdn;
        let Some(cache) = self.dcache.as_mut() else {
            // an ideal D-cache: every read hits, every store is free
            if let Some(a) = access {
                if a.read {
                    self.stats.dread_hits += 1;
                } else {
                    self.stats.dwrites += 1;
                }
            }
            return v;
        };
        // the store buffer
        if ready && r.stpend {
            v.stpend = r.req;
        }
        if grant {
            v.req = r.burst;
            v.burst = false;
        }
        let buffer_free = !r.stpend || (ready && !r.req);
        match r.state {
            DState::Idle => {
                v.nomds = r.nomds && !eholdn;
                if let Some(a) = access
                    && eholdn
                    && !r.nomds
                {
                    v.xaddr = a.addr;
                    v.xread = a.read;
                    v.xsize = a.size;
                    v.xcacheable = a.cacheable;
                    if a.read {
                        let hit = a.cacheable
                            && cache.holds(a.addr)
                            && (a.size != Size::Double || cache.holds(a.addr | 4));
                        if self.observe {
                            self.lookups.push((a.addr, hit));
                        }
                        if hit {
                            self.stats.dread_hits += 1;
                        } else {
                            self.stats.dread_misses += 1;
                            if a.cacheable {
                                cache.allocate(a.addr);
                            }
                            v.holdn = false;
                            v.state = DState::ReadMiss;
                            if buffer_free {
                                v.req = true;
                                v.wb_read = true;
                                v.burst = a.size == Size::Double && a.addr & 4 == 0;
                            }
                        }
                    } else {
                        self.stats.dwrites += 1;
                        if buffer_free {
                            v.req = true;
                            v.stpend = true;
                            v.wb_read = false;
                            v.burst = a.size == Size::Double;
                            if a.size == Size::Double {
                                v.state = DState::StoreDouble;
                            }
                        } else {
                            v.state = DState::WaitBuffer;
                            v.holdn = false;
                        }
                        // a word store into a line whose tag is there hits
                        // and makes its words valid
                        match a.size {
                            Size::Word => cache.validate(a.addr, 1),
                            Size::Double => cache.validate(a.addr, 2),
                            Size::Sub => {}
                        }
                    }
                }
            }
            DState::ReadMiss => {
                v.nomds = r.nomds && !eholdn;
                v.holdn = v.nomds;
                if !r.stpend {
                    if ready {
                        let mds = r.holdn || r.nomds;
                        v.holdn = true;
                        if r.xcacheable {
                            let slot = cache.allocate_keep(r.xaddr);
                            let w = (r.xaddr >> 2) % cache.config().words();
                            cache.set_valid(slot, w..w + 1);
                        }
                        v.xaddr = r.xaddr | 4;
                        if !r.req {
                            if (access.is_some() && !mds) || (eenaddr && mds && eholdn) {
                                v.state = DState::MissReturn;
                                v.holdn = false;
                            } else {
                                v.state = DState::Idle;
                            }
                        } else {
                            v.nomds = true;
                        }
                    }
                } else if ready && !r.req {
                    v.burst = r.xsize == Size::Double && r.xaddr & 4 == 0;
                    v.req = true;
                    v.wb_read = true;
                }
            }
            DState::MissReturn | DState::StoreDouble => v.state = DState::Idle,
            DState::WaitBuffer => {
                if ready && !r.req {
                    v.state = DState::Idle;
                    v.req = true;
                    v.wb_read = false;
                    v.burst = r.xsize == Size::Double;
                    v.stpend = true;
                } else {
                    v.holdn = false;
                    self.stats.write_stall_cycles += 1;
                }
            }
        }
        v
    }

    /// Run the pipeline, the core fetching nothing more, until the
    /// instruction numbered `seq` has retired; its cycle.
    pub fn drain(&mut self, core: &mut impl Core, seq: u64) -> Result<u64, super::SimError> {
        let limit = self.t + 10_000;
        while self.retired.0 < seq {
            self.cycle(core)?;
            assert!(self.t < limit, "LEON2 pipeline: instruction {seq} never retires");
        }
        Ok(self.retired.1)
    }
}

/// How a decode cycle ended.
#[derive(Debug, Clone, Copy, Default)]
struct Exits {
    waited: bool,
    annul_slot: bool,
}

/// The micro-op an instruction sends to execute in its decode cycle `j`
/// (iu.vhd: which of a load or store's cycles enables the D-cache).
fn micro_op(insn: &Insn, j: u32, seq: u64) -> Uop {
    let access = match (insn.mem, j) {
        (MemOp::Load { addr, double }, 0) => Some(Access {
            addr,
            read: true,
            size: if double { Size::Double } else { Size::Word },
            cacheable: true,
        }),
        (MemOp::Load { addr, double: true }, 1) => Some(Access {
            addr: addr | 4,
            read: true,
            size: Size::Word,
            cacheable: true,
        }),
        (MemOp::Store { addr, word, double }, 0) => Some(Access {
            addr,
            read: false,
            size: if double {
                Size::Double
            } else if word {
                Size::Word
            } else {
                Size::Sub
            },
            cacheable: true,
        }),
        (MemOp::Atomic { addr }, 0) => Some(Access {
            addr,
            read: true,
            size: Size::Word,
            cacheable: true,
        }),
        (MemOp::Atomic { addr }, 1) => Some(Access {
            addr,
            read: false,
            size: Size::Sub,
            cacheable: true,
        }),
        _ => None,
    };
    let first = j == 0;
    Uop {
        pc: 0,
        valid: true,
        access,
        jump: if first { insn.jump } else { None },
        jmpl_rett: first && matches!(insn.class, Class::Jump | Class::ReturnFromTrap),
        trap: if first { insn.trap } else { None },
        retires: first,
        seq,
    }
}
