//! LEON2's pipeline, caches and bus, cycle by cycle: the integer unit's
//! five stages (iu.vhd: fetch, decode, execute, memory, write), the
//! instruction and data cache controllers (icache.vhd, dcache.vhd) and the
//! AHB master and memory controller behind them (acache.vhd, mctrl.vhd),
//! each a state machine clocked once a cycle from the registers the VHDL
//! has. What the instructions compute is the core's business
//! ([`Core::decode`] executes one when it reaches decode); this module
//! decides only when things happen, and each decision is the VHDL's (the
//! process and signal are named where it is made).
//!
//! - The pipeline registers advance together, in a cycle where neither
//!   cache holds the integer unit: `holdn = ico.hold and dco.hold`, both
//!   registered in the caches. The cache controllers run every cycle.
//! - Fetch presents `fe.pc` to the I-cache; the next is the trap vector
//!   (a trap's first cycle in write), the same (decode holds, `hold_pc`),
//!   a JMPL or RETT's target (in execute), a taken CALL or Bicc's target
//!   (in decode), else the next word (iu.vhd fetch_stage).
//! - Decode spends an instruction's class cycles (timing.rs; `cnt`), after
//!   its interlock cycles (load use, `icchold`; `ldlock`), holding the
//!   fetch (`hold_pc`) in all but the last; each cycle sends a micro-op to
//!   execute, the first of which carries the instruction to write-back
//!   (`ctrl.pv`). The data access is made by the micro-op that enables
//!   the D-cache (`enaddr`) when it is in the memory stage.
//! - Annulled on its way into decode (`de.annul`): the delay slot of a
//!   branch that annuls it, the word fetched behind a JMPL's delay slot
//!   (`mein.inull`), anything behind a trap (`annul_all`).
//!
//! Time: cycle numbers are the RTL reference's (`leon2-rtl`): a run's
//! entry is fetched in cycle `F`, and its count is `T_wb(last
//! instruction) − (F + 3)`, `T_wb` being the cycle an instruction leaves
//! write (`ctrl.pv`, holdn high).

use super::cache::{Cache, CacheStats, MemoryConfig};
use super::exec::MemOp;
use super::timing::Class;

/// What reaches decode, as the core sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Decoded {
    /// Annulled, or the halt's delay slot: a cycle of nothing.
    Bubble,
    /// The next instruction of the program, executed.
    Insn(Insn),
    /// An instruction off the program's path and not annulled (one behind
    /// a trap that has not reached write yet): it acts in decode as it
    /// would (a branch redirects the fetch, a multi-cycle instruction
    /// holds it) until the trap annuls it, before its memory stage.
    Shadow(Insn),
}

/// An instruction in decode, as the pipeline needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Insn {
    pub class: Class,
    /// Decode cycles (timing.rs; iu.vhd `cnt`).
    pub cycles: u32,
    /// Interlock cycles before them (load use, `icchold`).
    pub lock: u32,
    /// CALL or Bicc: decode waits while a JMPL in execute redirects the
    /// fetch (iu.vhd, "contention with JMPL").
    pub cti: bool,
    /// A taken CALL or Bicc: fetch goes there after the delay slot.
    pub branch: Option<u32>,
    /// JMPL or RETT: the target, from execute.
    pub jump: Option<u32>,
    /// A trap taken when the instruction reaches write: the vector.
    pub trap: Option<u32>,
    /// A Bicc that annuls its delay slot.
    pub annul_slot: bool,
    /// FLUSH: both caches are emptied.
    pub flush: bool,
    pub mem: MemOp,
    /// Whether the caches hold `mem`'s address.
    pub cacheable: bool,
}

impl Insn {
    /// An instruction of `class` taking `cycles` in decode, doing nothing
    /// else the pipeline sees.
    pub fn plain(class: Class, cycles: u32) -> Insn {
        Insn {
            class,
            cycles,
            lock: 0,
            cti: false,
            branch: None,
            jump: None,
            trap: None,
            annul_slot: false,
            flush: false,
            mem: MemOp::None,
            cacheable: true,
        }
    }
}

/// The core behind the pipeline.
pub(super) trait Core {
    /// The instruction at `pc`, which has reached decode: executed if it
    /// is the program's next, numbered `seq` (for [`Pipeline::drain`]).
    fn decode(&mut self, pc: u32, seq: u64) -> Result<Decoded, super::SimError>;
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
    /// Byte or halfword: a store of one hits only a valid word.
    Sub,
    Word,
    /// LDD, STD: a burst of two words.
    Double,
}

/// One decode cycle of an instruction on its way down the pipeline.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Uop {
    pc: u32,
    /// Not a bubble, not annulled.
    valid: bool,
    /// The D-cache access it enables in the memory stage (`enaddr`).
    access: Option<Access>,
    jump: Option<u32>,
    /// JMPL or RETT (`jmpl_rett`).
    jmpl_rett: bool,
    trap: Option<u32>,
    /// The instruction's first (`ctrl.pv`): it retires with it.
    retires: bool,
    seq: u64,
}

/// The decode stage's register.
#[derive(Debug, Clone, Copy)]
struct De {
    pc: u32,
    annul: bool,
    /// Set once its word is there (a miss holds decode until it arrives).
    decoded: Option<Decoded>,
    /// Decode cycles done with holdn high.
    done: u32,
    /// Its fetch was an I-cache miss.
    missed: bool,
    seq: u64,
}

/// What decode does in a cycle.
#[derive(Debug, Clone, Copy, Default)]
struct DeOut {
    hold_pc: bool,
    branch: Option<u32>,
    uop: Uop,
    /// A cycle spent waiting for a JMPL in execute, not one of its own.
    waiting: bool,
    annul_slot: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IState {
    /// "00": hits served, misses registered.
    Idle,
    /// "01": a line streams in, each word to the pipeline as it arrives.
    Stream,
    /// "10": one cycle back to "00".
    Return,
}

/// icache.vhd's registers (`r`).
#[derive(Debug, Clone, Copy)]
struct ICtl {
    state: IState,
    /// The integer unit wants a word that has not arrived.
    overrun: bool,
    /// A word arrived that the integer unit could not take: it waits for
    /// the end of the fill.
    underrun: bool,
    req: bool,
    burst: bool,
    /// `ico.hold`.
    holdn: bool,
    /// The address the next word from the bus is written to.
    waddr: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DState {
    /// "000"
    Idle,
    /// "001": a read miss waits for its data (or for the write buffer).
    ReadMiss,
    /// "011": back from a read miss while the next access waits.
    MissReturn,
    /// "100": the second word of a doubleword store.
    StoreDouble,
    /// "110": a store waits for the write buffer.
    WaitBuffer,
}

/// dcache.vhd's registers (`r`).
#[derive(Debug, Clone, Copy)]
struct DCtl {
    state: DState,
    /// `dco.hold`.
    holdn: bool,
    req: bool,
    burst: bool,
    /// A store's write is in the one-entry write buffer.
    stpend: bool,
    /// The first word of an LDD miss went to the pipeline.
    nomds: bool,
    /// The access in progress (`r.xaddress`, `r.size`).
    xaddr: u32,
    xsize: Size,
    xcacheable: bool,
    /// The bus request is a read (`r.wb.read`).
    wb_read: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Master {
    I,
    D,
}

/// The AHB data phase in progress (acache.vhd `r.ba`, `r.bo`) and the
/// cycle the memory controller ends it (hready).
#[derive(Debug, Clone, Copy)]
struct Phase {
    owner: Master,
    write: bool,
    ready_at: u64,
}

/// What a cycle ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tick {
    Running,
    /// The executed instruction left decode at this cycle's edge; its
    /// fetch had missed if `missed`.
    Decoded {
        missed: bool,
    },
}

/// The pipeline, caches and bus.
#[derive(Debug, Clone)]
pub(super) struct Pipeline {
    config: MemoryConfig,
    t: u64,
    fe_pc: u32,
    /// `fe.branch`: the fetch address is a transfer's target.
    fe_branch: bool,
    de: Option<De>,
    ex: Uop,
    me: Uop,
    wr: Uop,
    /// `wr.trapping`: the trap's second cycle.
    trapping: bool,
    icache: Option<Cache>,
    dcache: Option<Cache>,
    ic: ICtl,
    dc: DCtl,
    phase: Option<Phase>,
    /// The fetch address the I-cache registered a miss for.
    missed_pc: Option<u32>,
    /// The number of the last executed instruction.
    seq: u64,
    /// The last instruction retired: its number and cycle.
    retired: (u64, u64),
    pub stats: CacheStats,
    /// Record D-cache lookups ([`Pipeline::take_lookups`]).
    pub observe: bool,
    lookups: Vec<(u32, bool)>,
    /// `CARDLAB_LEON2_TRACE=FROM,TO`: print the state of each cycle in
    /// that range (the RTL reference's numbers) on stderr, in the columns
    /// of `tests/leon2/rtl/programs/signals.py`.
    trace: Option<(i64, i64)>,
    /// `F + 3` of the run, for the trace's cycle numbers.
    base: u64,
    /// This cycle's bus grants, for the trace.
    grants: (bool, bool),
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
            observe: false,
            lookups: Vec::new(),
            trace: std::env::var("CARDLAB_LEON2_TRACE").ok().and_then(|v| {
                let (a, b) = v.split_once(',')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            }),
            base: 0,
            grants: (false, false),
        }
    }

    /// The current cycle.
    pub fn now(&self) -> u64 {
        self.t
    }

    /// Start fetching at `pc` with the pipeline empty, once every bus
    /// transfer and line fill in progress is over (the caches keep what
    /// they hold), as the RTL reference's boot and rerun code leave it.
    /// The cycle `pc` is fetched in.
    pub fn restart(&mut self, pc: u32) -> u64 {
        while self.ic.state != IState::Idle
            || self.ic.req
            || self.dc.state != DState::Idle
            || self.dc.req
            || self.dc.stpend
            || self.phase.is_some()
        {
            self.caches_and_bus(true, false, None, false);
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

    /// The D-cache lookups since the last call: (address, hit).
    pub fn take_lookups(&mut self) -> Vec<(u32, bool)> {
        std::mem::take(&mut self.lookups)
    }

    fn ws(&self) -> u64 {
        self.config.wait_states as u64
    }

    /// One clock.
    pub fn cycle(&mut self, core: &mut impl Core) -> Result<Tick, super::SimError> {
        let holdn = self.ic.holdn && self.dc.holdn;
        // write: a trap's first cycle annuls everything behind it and
        // fetches the vector (iu.vhd write_stage, `annul_all`)
        let annul_all = self.wr.valid && self.wr.trap.is_some() && !self.trapping;
        // execute: JMPL and RETT redirect the fetch and annul the word
        // behind their delay slot, unless the memory stage has one too
        // (execute_stage, `mein.inull`)
        let jump = self.ex.jump.filter(|_| self.ex.valid);
        let mein_inull = jump.is_some() && !(self.me.valid && self.me.jmpl_rett);
        self.decode_word(core)?;
        let de = self.decode_stage(mein_inull);
        let hold_pc = de.hold_pc && !annul_all;
        let annul_next = (mein_inull && !de.hold_pc) || annul_all || de.annul_slot;
        let (next_pc, next_branch) = if annul_all {
            (self.wr.trap.unwrap_or(0), true)
        } else if !mein_inull && hold_pc {
            (self.fe_pc, self.fe_branch)
        } else if let Some(target) = jump.or(de.branch) {
            (target, true)
        } else {
            (self.fe_pc.wrapping_add(4), false)
        };
        // the caches see the pipeline's signals of this cycle
        let nullify = mein_inull || hold_pc || annul_all;
        let access = self.me.access.filter(|_| self.me.valid);
        let eenaddr = self.ex.valid && self.ex.access.is_some();
        // the registers the trace prints, as they were in this cycle
        let before = self.trace.map(|_| (self.ic, self.dc, self.phase));
        self.caches_and_bus(nullify, next_branch, access, eenaddr);
        if let (Some((from, to)), Some(before)) = (self.trace, before) {
            let c = self.t as i64 - self.base as i64;
            if (from..=to).contains(&c) {
                self.print_cycle(c, holdn, hold_pc, before);
            }
        }
        let mut tick = Tick::Running;
        if holdn {
            if self.wr.valid && self.wr.retires && self.wr.trap.is_none() {
                self.retired = (self.wr.seq, self.t);
            }
            self.trapping = annul_all;
            self.wr = self.me;
            self.me = self.ex;
            self.ex = de.uop;
            if annul_all {
                self.wr.valid = false;
                self.me.valid = false;
                self.ex.valid = false;
            }
            if hold_pc {
                if let Some(d) = self.de.as_mut()
                    && !de.waiting
                {
                    d.done += 1;
                }
            } else {
                if let Some(De {
                    decoded: Some(Decoded::Insn(_)),
                    missed,
                    ..
                }) = self.de
                {
                    tick = Tick::Decoded { missed };
                }
                let missed = self.missed_pc.take_if(|p| *p == self.fe_pc).is_some();
                self.de = Some(De {
                    pc: self.fe_pc,
                    annul: annul_next,
                    decoded: None,
                    done: 0,
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

    /// Have the core decode the instruction in decode once its word is
    /// there.
    fn decode_word(&mut self, core: &mut impl Core) -> Result<(), super::SimError> {
        let Some(de) = self.de.as_mut() else {
            return Ok(());
        };
        let word_there = self.icache.as_ref().is_none_or(|c| c.holds(de.pc));
        if de.decoded.is_some() || !(de.annul || word_there) {
            return Ok(());
        }
        let decoded = if de.annul {
            Decoded::Bubble
        } else {
            core.decode(de.pc, self.seq + 1)?
        };
        if let Decoded::Insn(insn) = decoded {
            self.seq += 1;
            de.seq = self.seq;
            if insn.flush {
                for c in [&mut self.icache, &mut self.dcache].into_iter().flatten() {
                    c.invalidate();
                }
            }
        }
        de.decoded = Some(decoded);
        Ok(())
    }

    /// Decode's outputs this cycle (iu.vhd decode_stage).
    fn decode_stage(&self, mein_inull: bool) -> DeOut {
        let Some(de) = self.de else {
            return DeOut::default();
        };
        let (Some(Decoded::Insn(insn)) | Some(Decoded::Shadow(insn))) = de.decoded else {
            return DeOut::default();
        };
        if de.done < insn.lock {
            // ldlock: hold, a bubble to execute
            return DeOut {
                hold_pc: true,
                ..DeOut::default()
            };
        }
        let j = de.done - insn.lock;
        if insn.cti && j == 0 && mein_inull {
            return DeOut {
                hold_pc: true,
                waiting: true,
                ..DeOut::default()
            };
        }
        let mut uop = micro_op(&insn, j, de.seq);
        uop.pc = de.pc;
        DeOut {
            hold_pc: j + 1 < insn.cycles,
            branch: insn.branch.filter(|_| j == 0),
            uop,
            waiting: false,
            annul_slot: j == 0 && insn.annul_slot,
        }
    }

    /// A cycle of the bus and both cache controllers, given the
    /// pipeline's signals: the I-cache's `nullify` and `rbranch` (the next
    /// fetch address is a transfer's), the memory stage's access, whether
    /// execute has one (`eenaddr`).
    fn caches_and_bus(
        &mut self,
        nullify: bool,
        rbranch: bool,
        access: Option<Access>,
        eenaddr: bool,
    ) {
        let t = self.t;
        let ws = self.ws();
        // acache.vhd: from the registered state, the data phase that ends
        // now and the next master's grant; the D-cache goes first unless
        // an instruction burst continues (`nbo`)
        let hready = self.phase.is_none_or(|p| p.ready_at == t);
        let ready = |m| self.phase.is_some_and(|p| p.ready_at == t && p.owner == m);
        let (iready, dready) = (ready(Master::I), ready(Master::D));
        let owner = self.phase.map(|p| p.owner);
        let burst_on = owner == Some(Master::I) && self.ic.req;
        let d_next = self.dc.req && !burst_on;
        let mut grants = (false, false);
        let mut next = if hready { None } else { self.phase };
        if hready && (d_next || self.ic.req) {
            // mctrl.vhd: a read's first word 3 + ws cycles after its
            // address phase, each further word of a burst 2 + ws; a write
            // 3 + ws
            let (master, write) = if d_next {
                grants.1 = true;
                (Master::D, !self.dc.wb_read)
            } else {
                grants.0 = true;
                (Master::I, false)
            };
            let seq = !write && owner == Some(master) && self.phase.is_some_and(|p| !p.write);
            next = Some(Phase {
                owner: master,
                write,
                ready_at: t + if seq { 2 } else { 3 } + ws,
            });
        }
        self.grants = grants;
        // both from the registers as they are, each seeing the other's hold
        let ic = self.icache_cycle(nullify, rbranch, grants.0, iready);
        let dc = self.dcache_cycle(access, eenaddr, grants.1, dready);
        self.ic = ic;
        self.dc = dc;
        self.phase = next;
    }

    /// icache.vhd's state machine: the registers for the next cycle.
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
        if ready {
            // the word arrives, written to its line; the next one expected
            cache.fill_word(r.waddr);
            v.waddr = (r.waddr & !(words * 4 - 1)) | ((word(r.waddr) + 1) % words * 4);
        }
        // the word expected is one of the line's last two
        let nnlastline = word(r.waddr) >= words - 2;
        match r.state {
            IState::Idle => {
                let fpc = self.fe_pc;
                v.burst = ib && word(fpc) != words - 1;
                if eholdn && !nullify {
                    if !cache.hit(fpc) {
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
                // a transfer while the line streams in waits for its end
                let branch = (self.fe_branch && r.overrun) || (rbranch && !r.overrun);
                let ignored = ready && (nullify || !eholdn) && (!r.overrun || r.underrun);
                v.underrun = r.underrun || ignored;
                v.overrun = (r.overrun || (eholdn && !nullify)) && !(ready || r.underrun);
                if ready {
                    v.burst = r.req && !nnlastline;
                }
                if grant {
                    v.req = ib && r.burst && !(nnlastline && ready);
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

    /// dcache.vhd's state machine: the registers for the next cycle.
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
            match access {
                Some(a) if a.read => self.stats.dread_hits += 1,
                Some(_) => self.stats.dwrites += 1,
                None => {}
            }
            return v;
        };
        // the write buffer empties with its write's last word
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
                // an access starts only in a cycle the I-cache does not
                // hold the pipeline (`eholdn`)
                if let Some(a) = access.filter(|_| eholdn && !r.nomds) {
                    v.xaddr = a.addr;
                    v.xsize = a.size;
                    v.xcacheable = a.cacheable;
                    if a.read {
                        self.read_access(a, buffer_free, &mut v);
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
                        // a word store into a line whose tag is there is a
                        // write hit: its words become valid
                        let cache = self.dcache.as_mut().expect("a D-cache");
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
                            cache.fill_word(r.xaddr);
                        }
                        v.xaddr = r.xaddr | 4;
                        if r.req {
                            // an LDD's first word
                            v.nomds = true;
                        } else if (access.is_some() && !mds) || (eenaddr && mds && eholdn) {
                            // the next access waits a cycle
                            v.state = DState::MissReturn;
                            v.holdn = false;
                        } else {
                            v.state = DState::Idle;
                        }
                    }
                } else if ready && !r.req {
                    // the write buffer is empty: the read goes
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

    /// A read in state "000": a hit, or a miss that holds the pipeline
    /// from the next cycle and asks for the bus once the write buffer is
    /// empty.
    fn read_access(&mut self, a: Access, buffer_free: bool, v: &mut DCtl) {
        let cache = self.dcache.as_mut().expect("a D-cache");
        let hit =
            a.cacheable && cache.hit(a.addr) && (a.size != Size::Double || cache.hit(a.addr | 4));
        if self.observe {
            self.lookups.push((a.addr, hit));
        }
        if hit {
            self.stats.dread_hits += 1;
            return;
        }
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

    /// Clock the pipeline until the instruction numbered `seq` has
    /// retired: its cycle.
    pub fn drain(&mut self, core: &mut impl Core, seq: u64) -> Result<u64, super::SimError> {
        let limit = self.t + 100_000;
        while self.retired.0 < seq {
            self.cycle(core)?;
            assert!(
                self.t < limit,
                "LEON2 pipeline: instruction {seq} never retires"
            );
        }
        Ok(self.retired.1)
    }

    /// One line of the trace: what signals.py prints for the VHDL.
    fn print_cycle(&self, c: i64, holdn: bool, hold_pc: bool, before: (ICtl, DCtl, Option<Phase>)) {
        let (ic, dc, phase) = before;
        let flag = |on: bool, ch: char| if on { ch } else { '.' };
        let hold: String = [
            flag(!holdn, 'H'),
            flag(!ic.holdn, 'i'),
            flag(!dc.holdn, 'd'),
            flag(hold_pc, 'p'),
        ]
        .iter()
        .collect();
        let pc = |p: u32| format!("{:05x}", p & 0xFFFFF);
        let de = self.de.map_or("-----".into(), |d| pc(d.pc));
        let ready = |m| phase.is_some_and(|p| p.ready_at == self.t && p.owner == m);
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
            "{c:5} {hold}  {} {de} {} {} {}  |    {ist}     {}     {}    {}    {}     {}    |    {}     {}     {dst}     {}     {}",
            pc(self.fe_pc),
            pc(self.ex.pc),
            pc(self.me.pc),
            pc(self.wr.pc),
            b(ic.overrun),
            b(ic.underrun),
            b(ic.req),
            b(ready(Master::I)),
            b(self.grants.0),
            b(self.grants.1),
            b(ready(Master::D)),
            b(dc.req),
            b(dc.stpend)
        );
    }
}

/// The micro-op of an instruction's decode cycle `j`: the access of the
/// cycle that enables the D-cache (iu.vhd execute_stage, by `cnt`: a
/// load's first, LDD's first two, a store's first, LDSTUB and SWAP's read
/// and write).
fn micro_op(insn: &Insn, j: u32, seq: u64) -> Uop {
    let at = |addr, read, size| {
        Some(Access {
            addr,
            read,
            size,
            cacheable: insn.cacheable,
        })
    };
    let access = match (insn.mem, j) {
        (MemOp::Load { addr, double }, 0) => {
            at(addr, true, if double { Size::Double } else { Size::Word })
        }
        (MemOp::Load { addr, double: true }, 1) => at(addr | 4, true, Size::Word),
        (MemOp::Store { addr, word, double }, 0) => at(
            addr,
            false,
            match (double, word) {
                (true, _) => Size::Double,
                (false, true) => Size::Word,
                (false, false) => Size::Sub,
            },
        ),
        (MemOp::Atomic { addr }, 0) => at(addr, true, Size::Word),
        (MemOp::Atomic { addr }, 1) => at(addr, false, Size::Sub),
        _ => None,
    };
    let first = j == 0;
    Uop {
        pc: 0,
        valid: true,
        access,
        jump: insn.jump.filter(|_| first),
        jmpl_rett: first && matches!(insn.class, Class::Jump | Class::ReturnFromTrap),
        trap: insn.trap.filter(|_| first),
        retires: first,
        seq,
    }
}
