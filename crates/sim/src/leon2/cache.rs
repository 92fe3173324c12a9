//! LEON2's instruction and data caches and the memory bus behind them
//! (LEON2 User's Manual §3.3 "Cache sub-system", §8 "Memory controller"),
//! with the cycle costs measured on the LEON2 1.0.30-xst VHDL under GHDL
//! (`leon2-rtl` README, "Cache misses"; the micro-benchmarks are in
//! `crates/sim/tests/leon2/rtl/`, and `tests/leon2_rtl_timing.rs` checks
//! every one of them against this model).
//!
//! What the chip does, and so what is modelled:
//! - Both caches: 1 to 4 ways ("sets" in the manual) of 1 to 64 KiB, lines
//!   of 16 or 32 bytes with one valid bit per word, a tag per line;
//!   replacement random, LRR (least recently replaced) or LRU. A miss
//!   whose line holds another tag clears the line's valid bits first. An
//!   invalid line is refilled before the policy evicts a valid one.
//! - I-cache: a miss fills the line from the missed word to its end,
//!   streaming each word to the pipeline as it arrives (CCR.IB, instruction
//!   burst fetch, on); leaving the line early does not cut the fill short.
//!   With IB off, each missed word is a single read.
//! - D-cache: write-through, no allocation on a write miss; a read miss
//!   fetches only the missing word (LDD: both words, as a burst). Stores
//!   go to the memory through the write buffer: a store waits while the
//!   previous write is still on the bus, and a read miss waits for the
//!   buffer to drain.
//! - The bus is one resource: instruction fills, data reads and buffered
//!   writes take turns, each starting when the one before it is done.
//!
//! Costs (SRAM at `ws` wait states, 0-ws PROM the same; cycles):
//!
//! | event | cost | RTL measurement |
//! |---|---|---|
//! | I-fill from word w | bus busy 4 + (words − w)(2 + ws); word w reaches the pipeline 7 + ws after the request, each further word 2 + ws later | `imiss`, `imiss_ba`: 20 a line at 0 ws (28, 36, 44); "first instruction after a jump into a missing line completes 7 cycles later" |
//! | any fetch | requested 3 cycles before its issue (a trap handler's first 1), so a straight line of misses streams at the bus's rate | `imiss`: 20 a line, the same as `imiss_ba`; the RTL's whole-program counts |
//! | underrun | a word arriving while the pipeline holds its fetch, while the D-cache holds, or after a branch: frozen until the last word + 2 | divergence reproducers C, C2, E; `tests/leon2_rtl_programs.rs` |
//! | I-word, IB off | bus busy 6 + ws, the word in the pipeline 8 + ws after the request | `imiss` 48.06, `imiss_ba` 12.06 a line with IB off |
//! | LD miss | 4 + ws more than a hit; +1 when the next instruction is a memory access (the integer unit's `MISS_THEN_ACCESS`) | `dmiss_ld_iso` 5, `dmiss_ld` 5.875 |
//! | LDD miss | 5 + 2 ws more than a hit, as LD after it | `dmiss_ldd` 7.875 |
//! | ST, STB, STH | the bus busy 4 + ws from the store's issue | `st` 3.75, `st_nop2`, `st_ld`, `dmiss_st_ld` 8 |
//! | STD | the bus busy 7 + 2 ws | `std` 6.5 |
//! | LDSTUB, SWAP | the read, then the write as a store's | `ldstub`, `swap` 3.875 |

/// Replacement policy of a cache with more than one way (VHDL
/// `irepl`/`drepl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Replacement {
    /// Pseudo-random, from a seeded generator (the VHDL's free-running
    /// counter cannot be reproduced outside the chip; the seed makes a run
    /// repeatable).
    Random { seed: u32 },
    /// Least recently replaced: the ways of a line in turn.
    Lrr,
    /// Least recently used.
    Lru,
}

impl Replacement {
    pub fn name(self) -> &'static str {
        match self {
            Replacement::Random { .. } => "random",
            Replacement::Lrr => "lrr",
            Replacement::Lru => "lru",
        }
    }
}

/// One cache's geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CacheConfig {
    /// Ways ("sets" in the LEON2 manual), 1 to 4.
    pub ways: u32,
    /// Bytes per way, 1 KiB to 64 KiB, a power of two.
    pub way_bytes: u32,
    /// Bytes per line: 16 or 32.
    pub line_bytes: u32,
    pub replacement: Replacement,
}

impl CacheConfig {
    /// The reference configuration's caches: one way of 4 KiB, 32-byte
    /// lines (random replacement, which one way never uses).
    pub const REFERENCE: CacheConfig = CacheConfig {
        ways: 1,
        way_bytes: 4096,
        line_bytes: 32,
        replacement: Replacement::Random { seed: 1 },
    };

    /// Why this geometry is not one LEON2 can be built with.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=4).contains(&self.ways) {
            return Err(format!("{} ways: LEON2 caches have 1 to 4", self.ways));
        }
        if !self.way_bytes.is_power_of_two() || !(1024..=65536).contains(&self.way_bytes) {
            return Err(format!(
                "{} bytes a way: LEON2 caches have 1 KiB to 64 KiB a way, a power of two",
                self.way_bytes
            ));
        }
        if !matches!(self.line_bytes, 16 | 32) {
            return Err(format!(
                "{}-byte lines: LEON2 caches have 16- or 32-byte lines",
                self.line_bytes
            ));
        }
        Ok(())
    }

    pub(super) fn words(&self) -> u32 {
        self.line_bytes / 4
    }

    fn lines(&self) -> u32 {
        self.way_bytes / self.line_bytes
    }

    /// `4k`, `2x8k/16:lru`: what `parse` reads.
    pub fn text(&self) -> String {
        let ways = if self.ways > 1 {
            format!("{}x", self.ways)
        } else {
            String::new()
        };
        let repl = if self.ways > 1 {
            format!(":{}", self.replacement.name())
        } else {
            String::new()
        };
        format!("{ways}{}k/{}{repl}", self.way_bytes / 1024, self.line_bytes)
    }

    /// `[WAYSx]SIZE[/LINE][:random|lrr|lru]`, SIZE in KiB with a `k`
    /// (`4k`, `2x8k`, `16k/16`, `2x4k:lru`); line 32 and random
    /// replacement unless given.
    pub fn parse(text: &str) -> Result<CacheConfig, String> {
        let bad = || {
            format!(
                "'{text}' is not a cache: write [WAYSx]SIZEk[/LINE][:random|lrr|lru], e.g. 4k or 2x8k/16:lru"
            )
        };
        let (geometry, replacement) = match text.split_once(':') {
            Some((g, "random")) => (g, Replacement::Random { seed: 1 }),
            Some((g, "lrr")) => (g, Replacement::Lrr),
            Some((g, "lru")) => (g, Replacement::Lru),
            Some(_) => return Err(bad()),
            None => (text, Replacement::Random { seed: 1 }),
        };
        let (size, line) = match geometry.split_once('/') {
            Some((s, l)) => (s, l.parse().map_err(|_| bad())?),
            None => (geometry, 32),
        };
        let (ways, size) = match size.split_once('x') {
            Some((w, s)) => (w.parse().map_err(|_| bad())?, s),
            None => (1, size),
        };
        let kib: u32 = size
            .strip_suffix(['k', 'K'])
            .ok_or_else(bad)?
            .parse()
            .map_err(|_| bad())?;
        let config = CacheConfig {
            ways,
            way_bytes: kib.checked_mul(1024).ok_or_else(bad)?,
            line_bytes: line,
            replacement,
        };
        config.check().map(|()| config)
    }
}

/// The memory system's configuration: the caches (None: an ideal cache,
/// every access a hit and every store free, as the figures of a program
/// that fits in the caches and spaces its stores) and the memory behind
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemoryConfig {
    pub icache: Option<CacheConfig>,
    pub dcache: Option<CacheConfig>,
    /// SRAM/PROM wait states (MCFG1/MCFG2 read and write wait states: the
    /// RTL runs were made with equal read and write wait states, 0 to 3).
    pub wait_states: u32,
    /// CCR.IB: instruction burst fetch.
    pub burst: bool,
}

impl Default for MemoryConfig {
    /// The RTL reference configuration: 4 KiB direct-mapped I and D caches
    /// with 32-byte lines, 0-wait-state SRAM, burst fetch on.
    fn default() -> Self {
        MemoryConfig {
            icache: Some(CacheConfig::REFERENCE),
            dcache: Some(CacheConfig::REFERENCE),
            wait_states: 0,
            burst: true,
        }
    }
}

impl MemoryConfig {
    /// Every access hits.
    pub const IDEAL: MemoryConfig = MemoryConfig {
        icache: None,
        dcache: None,
        wait_states: 0,
        burst: true,
    };
}

/// Hits and misses of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub ifetch_hits: u64,
    pub ifetch_misses: u64,
    pub dread_hits: u64,
    pub dread_misses: u64,
    pub dwrites: u64,
    /// Cycles stores waited for the write buffer.
    pub write_stall_cycles: u64,
}

/// One cache's tags and valid bits (the data lives in memory: a cache
/// only decides the timing).
#[derive(Debug, Clone)]
pub(super) struct Cache {
    config: CacheConfig,
    /// Per way and line: the tag (the address above the way) or None.
    tags: Vec<Option<u32>>,
    /// Per way and line: one valid bit per word.
    valid: Vec<u8>,
    /// Per line: LRR's next victim, or LRU's order of ways (most recent
    /// first, 2 bits a way).
    order: Vec<u8>,
    rng: u32,
}

/// Where a word is, or would be put.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slot {
    /// way × lines + line
    index: usize,
    word: u32,
}

impl Cache {
    pub(super) fn config(&self) -> &CacheConfig {
        &self.config
    }

    pub(super) fn new(config: CacheConfig) -> Cache {
        let slots = (config.ways * config.lines()) as usize;
        Cache {
            config,
            tags: vec![None; slots],
            valid: vec![0; slots],
            order: (0..config.lines())
                .map(|_| initial_order(config.ways))
                .collect(),
            rng: match config.replacement {
                Replacement::Random { seed } => seed.max(1),
                _ => 1,
            },
        }
    }

    pub(super) fn line_and_tag(&self, addr: u32) -> (u32, u32, u32) {
        let c = &self.config;
        let line = addr / c.line_bytes % c.lines();
        let tag = addr / c.way_bytes;
        let word = addr % c.line_bytes / 4;
        (line, tag, word)
    }

    /// The way and line holding `addr`'s word if it is valid, without
    /// touching the replacement order.
    fn find(&self, addr: u32) -> Option<(u32, u32, u32)> {
        let (line, tag, word) = self.line_and_tag(addr);
        let lines = self.config.lines();
        let way = (0..self.config.ways).find(|&w| {
            let i = (w * lines + line) as usize;
            self.tags[i] == Some(tag) && self.valid[i] >> word & 1 != 0
        })?;
        Some((way, line, word))
    }

    pub(super) fn holds(&self, addr: u32) -> bool {
        self.find(addr).is_some()
    }

    /// The slot holding `addr`'s word if it is valid (an access: LRU
    /// counts it as a use).
    pub(super) fn lookup(&mut self, addr: u32) -> Option<Slot> {
        let (way, line, word) = self.find(addr)?;
        self.touch(line, way);
        Some(Slot {
            index: (way * self.config.lines() + line) as usize,
            word,
        })
    }

    /// The slot for `addr` after a miss: its line if the tag is there,
    /// else a victim's, its valid bits cleared and the tag set.
    pub(super) fn allocate(&mut self, addr: u32) -> Slot {
        let (line, tag, word) = self.line_and_tag(addr);
        let lines = self.config.lines();
        let slot = |w: u32| (w * lines + line) as usize;
        let ways = self.config.ways;
        let way = self
            .way_with_tag(line, tag)
            .or_else(|| (0..ways).find(|&w| self.valid[slot(w)] == 0))
            .unwrap_or_else(|| self.victim(line));
        let i = slot(way);
        if self.tags[i] != Some(tag) {
            self.tags[i] = Some(tag);
            self.valid[i] = 0;
            if self.config.replacement == Replacement::Lrr {
                self.order[line as usize] = ((way + 1) % ways) as u8;
            }
        }
        self.touch(line, way);
        Slot { index: i, word }
    }

    fn victim(&mut self, line: u32) -> u32 {
        let ways = self.config.ways;
        match self.config.replacement {
            Replacement::Random { .. } => {
                // xorshift32
                self.rng ^= self.rng << 13;
                self.rng ^= self.rng >> 17;
                self.rng ^= self.rng << 5;
                self.rng % ways
            }
            Replacement::Lrr => self.order[line as usize] as u32 % ways,
            Replacement::Lru => (self.order[line as usize] >> (2 * (ways - 1)) & 3) as u32,
        }
    }

    /// LRU: move `way` to the front of the line's order.
    fn touch(&mut self, line: u32, way: u32) {
        if self.config.replacement != Replacement::Lru {
            return;
        }
        let ways = self.config.ways;
        let order = self.order[line as usize];
        let mut list: Vec<u8> = (0..ways).map(|k| order >> (2 * k) & 3).collect();
        list.retain(|&w| w as u32 != way);
        list.insert(0, way as u8);
        self.order[line as usize] = list
            .iter()
            .enumerate()
            .fold(0, |o, (k, &w)| o | w << (2 * k));
    }

    pub(super) fn set_valid(&mut self, slot: Slot, words: std::ops::Range<u32>) {
        for w in words {
            self.valid[slot.index] |= 1 << w;
        }
    }

    /// The slot of `addr`'s line if its tag is there, else a new one (a
    /// word arriving for a line allocated at its miss).
    pub(super) fn allocate_keep(&mut self, addr: u32) -> Slot {
        let (line, tag, word) = self.line_and_tag(addr);
        match self.way_with_tag(line, tag) {
            Some(w) => Slot {
                index: (w * self.config.lines() + line) as usize,
                word,
            },
            None => self.allocate(addr),
        }
    }

    /// The way whose `line` holds `tag` (one at most can).
    fn way_with_tag(&self, line: u32, tag: u32) -> Option<u32> {
        let lines = self.config.lines();
        (0..self.config.ways).find(|&w| self.tags[(w * lines + line) as usize] == Some(tag))
    }

    /// A word store's write hit: where the line's tag matches, the stored
    /// words become valid.
    pub(super) fn validate(&mut self, addr: u32, words: u32) {
        let (line, tag, word) = self.line_and_tag(addr);
        if let Some(w) = self.way_with_tag(line, tag) {
            let slot = Slot {
                index: (w * self.config.lines() + line) as usize,
                word,
            };
            self.set_valid(slot, word..word + words);
        }
    }

    pub(super) fn invalidate(&mut self) {
        self.tags.fill(None);
        self.valid.fill(0);
    }
}

fn initial_order(ways: u32) -> u8 {
    (0..ways).fold(0, |o, k| o | (k as u8) << (2 * k))
}

/// An instruction fill in progress: the line's address and when each of
/// its words reaches the pipeline.
#[derive(Debug, Clone, Copy)]
struct Fill {
    line_addr: u32,
    first_word: u32,
    first_arrives: u64,
    /// The cycle of the fill's last data word, when the bus can pass to
    /// the D-cache (icache.vhd drops its request two words before the end
    /// of the line, acache.vhd grants D at the last word); the I-cache is
    /// idle again two cycles later.
    end: u64,
    /// The pipeline could not take a streamed word (icache.vhd
    /// `underrun`): it is frozen until the fill is over, and the rest of
    /// the line comes from the cache.
    underrun: bool,
}

impl Fill {
    /// When the I-cache is idle again and the pipeline resumes after an
    /// underrun (state "10", then "00": the last word + 2).
    fn resume(&self) -> u64 {
        self.end + 2
    }
}

/// The caches, the write buffer and the bus, on the cycle clock of the
/// integer unit.
#[derive(Debug, Clone)]
pub struct MemorySystem {
    config: MemoryConfig,
    icache: Option<Cache>,
    dcache: Option<Cache>,
    /// The cycle from which an instruction fill may take the bus.
    bus_free: u64,
    /// The cycle from which a data read may take the bus.
    dbus_free: u64,
    /// The cycle of the last data word of the latest instruction read,
    /// when the D-cache can have the bus.
    i_release: u64,
    /// The cycle the buffered store's write completes (dcache.vhd `r.wb`,
    /// one entry): a store before it waits (state "110").
    write_done: u64,
    fill: Option<Fill>,
    /// A fetch started ahead of its instruction ([`MemorySystem::fetch_early`]):
    /// its address and when its word reaches the pipeline.
    early: Option<(u32, u64)>,
    pub stats: CacheStats,
}

/// How far ahead of the cycle this model issues an instruction at its fetch
/// is requested, sequential or a branch target alike: the fetch stage
/// works during the previous instruction's decode, and the model's clock
/// is the RTL's write-back count, T_wb − (T_fetch(entry) + 3), so the
/// entry's own fetch is at −3.
pub const FETCH_LEAD: u64 = 3;

/// The lead of a trap handler's first fetch: the trap is taken in the
/// trapping instruction's write stage (iu.vhd), two stages later than a
/// branch resolves, so its fetch is requested only one cycle ahead
/// (bench `win_traps` at 0 wait states, 4 and 8 KiB caches).
pub const TRAP_FETCH_LEAD: u64 = 1;

/// Where the memory system's clock starts: the integer unit's cycle 0 is
/// the memory system's EPOCH, so that the entry's fetch, [`FETCH_LEAD`]
/// cycles before it, is a cycle of its own.
pub const EPOCH: u64 = FETCH_LEAD;

impl MemorySystem {
    pub fn new(config: MemoryConfig) -> MemorySystem {
        MemorySystem {
            config,
            icache: config.icache.map(Cache::new),
            dcache: config.dcache.map(Cache::new),
            bus_free: 0,
            dbus_free: 0,
            i_release: 0,
            write_done: 0,
            fill: None,
            early: None,
            stats: CacheStats::default(),
        }
    }

    pub fn config(&self) -> &MemoryConfig {
        &self.config
    }

    /// Empty both caches (FLUSH, or the boot code's CCR flush).
    pub fn flush(&mut self) {
        for c in [&mut self.icache, &mut self.dcache].into_iter().flatten() {
            c.invalidate();
        }
        self.fill = None;
        self.early = None;
    }

    /// Every transfer over and no fill in progress; the caches keep what
    /// they hold.
    pub fn settle(&mut self) {
        self.fill = None;
        self.early = None;
        self.bus_free = 0;
        self.dbus_free = 0;
        self.i_release = 0;
        self.write_done = 0;
    }

    fn ws(&self) -> u64 {
        self.config.wait_states as u64
    }

    /// Cycles the instruction at `pc`, due to issue at `now`, waits for
    /// its fetch, requested `lead` cycles ahead. `delay_slot`: it is the
    /// delay slot of a taken control transfer, so the fetch stage already
    /// holds the target while the I-cache waits for this word: when the
    /// word comes from a fill, the pipeline underruns (icache.vhd: `branch`
    /// = fe.branch and overrun) and the slot issues only when the fill is
    /// over.
    pub fn fetch(
        &mut self,
        pc: u32,
        now: u64,
        lead: u64,
        delay_slot: bool,
        cacheable: bool,
    ) -> u64 {
        let request = now - lead;
        let at = match self.early {
            Some((early, at)) if early == pc => {
                self.early = None;
                self.stats.ifetch_misses += 1;
                at
            }
            _ => {
                let Some(cache) = self.icache.as_mut().filter(|_| cacheable) else {
                    if self.icache.is_some() {
                        return self.single_fetch(request).saturating_sub(now);
                    }
                    self.stats.ifetch_hits += 1;
                    return 0;
                };
                if cache.lookup(pc).is_some() {
                    self.stats.ifetch_hits += 1;
                    self.arrival(pc)
                } else {
                    self.stats.ifetch_misses += 1;
                    self.miss(pc, request)
                }
            }
        };
        if delay_slot && at > now && self.streaming(now) {
            return self.underrun().map_or(at, |resume| resume.max(at)) - now;
        }
        at.saturating_sub(now)
    }

    /// Start the fetch of `pc`, the instruction after a load or store, at
    /// `request` if it misses: the fetch stage works during the access's
    /// decode, so an I-cache miss there takes the bus before the access,
    /// which reaches the bus two stages later and then waits for the burst
    /// (acache.vhd ~118). [`MemorySystem::fetch`] of `pc` then takes it.
    pub fn fetch_early(&mut self, pc: u32, request: u64, cacheable: bool) {
        let Some(cache) = self.icache.as_mut().filter(|_| cacheable) else {
            return;
        };
        if cache.lookup(pc).is_none() {
            let at = self.miss(pc, request);
            self.early = Some((pc, at));
        }
    }

    /// When the word at `pc` reaches the pipeline if it is in the I-cache
    /// (a look that changes no replacement state).
    pub fn cached_arrival(&self, pc: u32) -> Option<u64> {
        let hit = self.icache.as_ref().is_none_or(|c| c.holds(pc));
        hit.then(|| self.arrival(pc))
    }

    /// Whether the word at `pc` is in the I-cache and reaches the pipeline
    /// by cycle `t` (no fill still bringing it).
    pub fn holds(&mut self, pc: u32, t: u64) -> bool {
        let hit = self.icache.as_mut().is_none_or(|c| c.lookup(pc).is_some());
        hit && self.arrival(pc) <= t
    }

    /// An I-cache miss at `pc` requested at `request`: the line's words
    /// from `pc` on become valid and the fill starts (burst), or the word
    /// is read alone (IB off). When its word reaches the pipeline.
    fn miss(&mut self, pc: u32, request: u64) -> u64 {
        let ws = self.ws();
        let burst = self.config.burst;
        let Some(cache) = self.icache.as_mut() else {
            return self.single_fetch(request);
        };
        let slot = cache.allocate(pc);
        if !burst {
            cache.set_valid(slot, slot.word..slot.word + 1);
            return self.single_fetch(request);
        }
        let (words, line_bytes) = (cache.config.words(), cache.config.line_bytes);
        cache.set_valid(slot, slot.word..words);
        let start = request.max(self.bus_free);
        self.bus_free = start + 4 + (words - slot.word) as u64 * (2 + ws);
        self.fill = Some(Fill {
            line_addr: pc & !(line_bytes - 1),
            first_word: slot.word,
            first_arrives: start + 7 + ws,
            end: self.bus_free,
            underrun: false,
        });
        self.instruction_read_ends(self.bus_free);
        start + 7 + ws
    }

    /// An instruction read (a burst or a single word) whose last data word
    /// comes at `last_word`: the D-cache gets the bus then (acache.vhd
    /// ~118), so a data read issued 3 cycles before it (memory stage, then
    /// the request) is granted at it, and a store's write waits for it.
    fn instruction_read_ends(&mut self, last_word: u64) {
        self.i_release = last_word;
        self.dbus_free = self.dbus_free.max(last_word - 3);
    }

    /// A word read on its own (IB off, or an uncached area) requested at
    /// `request`: when it reaches the pipeline.
    fn single_fetch(&mut self, request: u64) -> u64 {
        let ws = self.ws();
        let start = request.max(self.bus_free);
        // The word comes as a burst's first would, but the I-cache then
        // passes through its return state ("10") before the pipeline takes
        // it: 8 + ws after the request. The next miss can start with that
        // slot, 6 + ws after this one's request.
        self.bus_free = start + 6 + ws;
        self.instruction_read_ends(self.bus_free);
        start + 8 + ws
    }

    /// When the cached word at `pc` can reach the pipeline: a word of the
    /// line being filled when it arrives; any other once the fill is over
    /// (the fill runs to the end of its line even when the program has
    /// left it: `imiss_ba`, `win_traps`); after an underrun, every word
    /// once the I-cache is idle again.
    fn arrival(&self, pc: u32) -> u64 {
        let (Some(fill), Some(cache)) = (self.fill, self.icache.as_ref()) else {
            return 0;
        };
        if fill.underrun {
            return fill.resume();
        }
        if pc & !(cache.config.line_bytes - 1) != fill.line_addr {
            return (fill.end + self.ws()).saturating_sub(1);
        }
        let word = (pc - fill.line_addr) / 4;
        match word.checked_sub(fill.first_word) {
            Some(k) => fill.first_arrives + k as u64 * (2 + self.ws()),
            None => fill.end,
        }
    }

    /// The first cycle in `from..to` at which a word of the fill in
    /// progress arrives from the bus (icache.vhd `mcio.ready`), if the
    /// pipeline is still taking them as they come.
    pub fn word_ready_in(&self, from: u64, to: u64) -> Option<u64> {
        let fill = self.fill.filter(|f| !f.underrun)?;
        let period = 2 + self.ws();
        // word k is ready the cycle before it reaches the pipeline
        let first = fill.first_arrives - 1;
        let k = from.saturating_sub(first).div_ceil(period);
        let t = first + k * period;
        (t < to && t <= fill.end).then_some(t)
    }

    /// Cycles between two words of a burst.
    pub fn word_period(&self) -> u64 {
        2 + self.ws()
    }

    /// Whether words of the fill are still to come after `now`.
    pub fn streaming(&self, now: u64) -> bool {
        self.fill.is_some_and(|f| !f.underrun && now < f.end)
    }

    /// The pipeline could not take a word of the fill (icache.vhd sets
    /// `underrun` when a word arrives while the IU holds its fetch, while
    /// the D-cache holds, or when a branch is decoded during the fill): it
    /// stays frozen until the fill is over. Returns when it resumes.
    pub fn underrun(&mut self) -> Option<u64> {
        let fill = self.fill.as_mut()?;
        fill.underrun = true;
        Some(fill.resume())
    }

    /// Extra cycles of a load of one word (`double`: LDD's two) at
    /// `addr`, issued at `now`: 0 on a hit; on a miss the wait for the bus
    /// and the read.
    pub fn load(
        &mut self,
        addr: u32,
        double: bool,
        now: u64,
        not_before: u64,
        cacheable: bool,
    ) -> u64 {
        let ws = self.ws();
        let Some(cache) = self.dcache.as_mut() else {
            self.stats.dread_hits += 1;
            return 0;
        };
        let hit = cacheable
            && cache.lookup(addr).is_some()
            && (!double || cache.lookup(addr + 4).is_some());
        if hit {
            self.stats.dread_hits += 1;
            return 0;
        }
        self.stats.dread_misses += 1;
        if cacheable {
            let slot = cache.allocate(addr);
            let n = if double { 2 } else { 1 };
            cache.set_valid(slot, slot.word..slot.word + n);
        }
        let read = if double { 5 + 2 * ws } else { 4 + ws };
        let start = now.max(self.dbus_free).max(not_before);
        let extra = start - now + read;
        // the read holds the bus until its data is in; no lead-out (the
        // extra cycle of back-to-back misses is the D-cache's state "011",
        // charged to the next memory access)
        let base = if double { 2 } else { 1 };
        self.dbus_free = now + base + extra;
        self.bus_free = self.bus_free.max(self.dbus_free);
        extra
    }

    /// Cycles a store (`double`: STD) issued at `now` waits for the write
    /// buffer; the write then takes the bus. The buffer holds one store
    /// (dcache.vhd `r.wb`): a store waits only while the previous one's
    /// write is still pending, never for an instruction fill, whose bus
    /// the write takes once the burst releases it (dcache.vhd ~517-524,
    /// acache.vhd ~118). A word store (ST, STD) to a word of a line whose
    /// tag is in the D-cache is a write hit even if the word was not valid,
    /// and makes it valid (dcache.vhd ~526, vmask ~911-923); STB and STH
    /// hit only valid words; a store miss allocates nothing.
    pub fn store(&mut self, addr: u32, word: bool, double: bool, now: u64) -> u64 {
        let ws = self.ws();
        self.stats.dwrites += 1;
        let Some(cache) = self.dcache.as_mut() else {
            return 0;
        };
        if word {
            cache.validate(addr, if double { 2 } else { 1 });
        }
        let wait = self.write_done.saturating_sub(now);
        self.stats.write_stall_cycles += wait;
        let at = now + wait;
        // The write's grant: 3 cycles after the store's issue (its memory
        // stage, then the request), or at the last word of an instruction
        // read in progress; its data phase then holds the bus ws (STD 2 + 2 ws)
        // cycles past the next fill's grant.
        let grant = (at + 3).max(self.i_release);
        let write = if double { 7 + 2 * ws } else { 4 + ws };
        self.write_done = grant - 3 + write;
        self.dbus_free = self.dbus_free.max(self.write_done);
        let data = if double { 2 + 2 * ws } else { ws };
        self.bus_free = self.bus_free.max(grant + data);
        wait
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_cache_geometries() {
        let c = CacheConfig::parse("2x8k/16:lru").unwrap();
        assert_eq!(
            (c.ways, c.way_bytes, c.line_bytes, c.replacement),
            (2, 8192, 16, Replacement::Lru)
        );
        assert_eq!(c.text(), "2x8k/16:lru");
        assert_eq!(CacheConfig::parse("4k").unwrap(), CacheConfig::REFERENCE);
        for bad in ["4", "3k", "5x4k", "4k/8", "128k", "4k:fifo"] {
            assert!(CacheConfig::parse(bad).is_err(), "{bad}");
        }
    }

    fn dcache(config: &str) -> MemorySystem {
        MemorySystem::new(MemoryConfig {
            icache: None,
            dcache: Some(CacheConfig::parse(config).unwrap()),
            wait_states: 0,
            burst: true,
        })
    }

    /// Misses and hits of a word sequence, counted by hand.
    fn count(m: &mut MemorySystem, addrs: &[u32]) -> (u64, u64) {
        let before = m.stats;
        for &a in addrs {
            m.load(a, false, 1_000_000, 0, true);
        }
        (
            m.stats.dread_hits - before.dread_hits,
            m.stats.dread_misses - before.dread_misses,
        )
    }

    #[test]
    fn sequential_words_each_miss_once() {
        // one valid bit a word: 64 sequential words miss 64 times, then hit
        let mut m = dcache("1k");
        let words: Vec<u32> = (0..64).map(|i| 0x4000_0000 + 4 * i).collect();
        assert_eq!(count(&mut m, &words), (0, 64));
        assert_eq!(count(&mut m, &words), (64, 0));
    }

    #[test]
    fn conflicting_addresses_evict_in_a_direct_mapped_cache_but_not_in_two_ways() {
        // 0x4000_0000 and 0x4000_0400 share line 0 of a 1 KiB way
        let pair = [0x4000_0000, 0x4000_0400];
        let mut direct = dcache("1k");
        assert_eq!(count(&mut direct, &pair.repeat(4)), (0, 8));
        let mut two = dcache("2x1k:lrr");
        assert_eq!(count(&mut two, &pair.repeat(4)), (6, 2));
    }

    #[test]
    fn strided_accesses_beyond_the_ways_follow_the_policy() {
        // three lines mapping to one index in a 2-way cache, used A B A C A
        let (a, b, c) = (0x4000_0000, 0x4000_0400, 0x4000_0800);
        let seq = [a, b, a, c, a];
        // LRU keeps A (used last before C): C evicts B; A hits thrice
        assert_eq!(count(&mut dcache("2x1k:lru"), &seq), (2, 3));
        // LRR evicts the line filled first, A: the last A misses
        assert_eq!(count(&mut dcache("2x1k:lrr"), &seq), (1, 4));
    }

    #[test]
    fn a_line_of_another_tag_loses_all_its_valid_words() {
        let mut m = dcache("1k");
        assert_eq!(count(&mut m, &[0x4000_0000, 0x4000_0004]), (0, 2));
        assert_eq!(count(&mut m, &[0x4000_0400, 0x4000_0004]), (0, 2));
    }

    #[test]
    fn load_misses_cost_the_measured_cycles() {
        let mut m = dcache("4k");
        // isolated: 4 more than a hit
        assert_eq!(m.load(0x4000_0000, false, 100, 0, true), 4);
        // back to back: the bus is free again when the first load ends
        // (the extra cycle is the integer unit's MISS_THEN_ACCESS)
        assert_eq!(m.load(0x4000_0020, false, 105, 0, true), 4);
        // a store, then a miss: the buffer drains first
        let mut m = dcache("4k");
        assert_eq!(m.store(0x4000_0100, true, false, 200), 0);
        assert_eq!(m.load(0x4000_0000, false, 202, 0, true), 2 + 4);
        // a second store waits for the first one's write
        assert_eq!(m.store(0x4000_0104, true, false, 300), 0);
        assert_eq!(m.store(0x4000_0108, true, false, 302), 2);
    }

    #[test]
    fn a_word_store_validates_its_word_where_the_tag_matches_and_a_byte_store_does_not() {
        let mut m = dcache("4k");
        // the line's tag comes with a read miss of its word 0
        assert_eq!(count(&mut m, &[0x4000_0000]), (0, 1));
        m.store(0x4000_0004, true, false, 1_000);
        m.store(0x4000_0008, false, false, 2_000);
        assert_eq!(count(&mut m, &[0x4000_0004, 0x4000_0008]), (1, 1));
        // no tag, no allocation
        m.store(0x4000_0404, true, false, 3_000);
        assert_eq!(count(&mut m, &[0x4000_0404]), (0, 1));
    }
}
