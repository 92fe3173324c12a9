//! LEON2's instruction and data caches as storage: geometry, tags, valid
//! bits and replacement (LEON2 User's Manual §3.3 "Cache sub-system").
//! When they are read and filled, and what that costs, is the cache
//! controllers' business, cycle by cycle in `pipeline.rs`.
//!
//! What the chip has, and so what is modelled:
//! - Both caches: 1 to 4 ways ("sets" in the manual) of 1 to 64 KiB, lines
//!   of 16 or 32 bytes with one valid bit per word, a tag per line;
//!   replacement random, LRR (least recently replaced) or LRU. A miss
//!   whose line holds another tag clears the line's valid bits first. An
//!   invalid line is refilled before the policy evicts a valid one.
//! - Words become valid one at a time, as they arrive from memory (an
//!   I-cache line fill streams from the missed word to the end of the
//!   line; a D-cache read miss fetches its word, LDD its two).
//! - The D-cache is write-through without allocation; a word or
//!   doubleword store into a line whose tag is there makes its words
//!   valid.

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
    /// Executed instructions whose fetch did not miss.
    pub ifetch_hits: u64,
    /// Line fills the I-cache started (or single words, burst fetch off),
    /// those for words fetched off the program's path included.
    pub ifetch_misses: u64,
    /// Data reads that hit and missed (LDD's second word a read of its own).
    pub dread_hits: u64,
    pub dread_misses: u64,
    /// Stores (STD one).
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

    /// `addr`'s line index, tag and word within the line.
    fn line_and_tag(&self, addr: u32) -> (u32, u32, u32) {
        // line and way sizes are powers of two (CacheConfig::check)
        let c = &self.config;
        let line = (addr >> c.line_bytes.trailing_zeros()) & (c.lines() - 1);
        let tag = addr >> c.way_bytes.trailing_zeros();
        let word = (addr & (c.line_bytes - 1)) >> 2;
        (line, tag, word)
    }

    /// Index into `tags` and `valid` of `line` in `way`.
    fn slot(&self, way: u32, line: u32) -> usize {
        (way * self.config.lines() + line) as usize
    }

    /// The way and line holding `addr`'s word if it is valid.
    fn find(&self, addr: u32) -> Option<(u32, u32)> {
        let (line, tag, word) = self.line_and_tag(addr);
        let way = (0..self.config.ways).find(|&w| {
            let i = self.slot(w, line);
            self.tags[i] == Some(tag) && self.valid[i] >> word & 1 != 0
        })?;
        Some((way, line))
    }

    /// Whether `addr`'s word is valid here (a look that changes nothing).
    pub(super) fn holds(&self, addr: u32) -> bool {
        self.find(addr).is_some()
    }

    /// An access to `addr`: whether it hits (LRU counts a hit as a use).
    pub(super) fn hit(&mut self, addr: u32) -> bool {
        let Some((way, line)) = self.find(addr) else {
            return false;
        };
        self.touch(line, way);
        true
    }

    /// A miss of `addr`: its line keeps its way if the tag is there, else
    /// takes an invalid way or the policy's victim, its valid bits cleared
    /// and the tag set. The words become valid as they arrive
    /// ([`Cache::fill_word`]).
    pub(super) fn allocate(&mut self, addr: u32) {
        self.allocated(addr);
    }

    /// [`Cache::allocate`], returning the slot.
    fn allocated(&mut self, addr: u32) -> usize {
        let (line, tag, _) = self.line_and_tag(addr);
        let ways = self.config.ways;
        let way = self
            .way_with_tag(line, tag)
            .or_else(|| (0..ways).find(|&w| self.valid[self.slot(w, line)] == 0))
            .unwrap_or_else(|| self.victim(line));
        let i = self.slot(way, line);
        if self.tags[i] != Some(tag) {
            self.tags[i] = Some(tag);
            self.valid[i] = 0;
            if self.config.replacement == Replacement::Lrr {
                self.order[line as usize] = ((way + 1) % ways) as u8;
            }
        }
        self.touch(line, way);
        i
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

    /// A word arriving from memory: written into its line (allocated at
    /// the miss; again if it has been evicted since), and valid.
    pub(super) fn fill_word(&mut self, addr: u32) {
        let (line, tag, word) = self.line_and_tag(addr);
        let i = match self.way_with_tag(line, tag) {
            Some(w) => self.slot(w, line),
            None => self.allocated(addr),
        };
        self.valid[i] |= 1 << word;
    }

    /// The way whose `line` holds `tag` (one at most can).
    fn way_with_tag(&self, line: u32, tag: u32) -> Option<u32> {
        (0..self.config.ways).find(|&w| self.tags[self.slot(w, line)] == Some(tag))
    }

    /// A word store's write hit: where the line's tag matches, the stored
    /// words (`words` from `addr`'s) become valid (dcache.vhd: a word or
    /// doubleword store hits on the tag alone, vmask).
    pub(super) fn validate(&mut self, addr: u32, words: u32) {
        let (line, tag, word) = self.line_and_tag(addr);
        if let Some(w) = self.way_with_tag(line, tag) {
            let i = self.slot(w, line);
            for k in word..word + words {
                self.valid[i] |= 1 << k;
            }
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

    fn dcache(config: &str) -> Cache {
        Cache::new(CacheConfig::parse(config).unwrap())
    }

    /// Hits and misses of a word sequence read through `c` (a miss
    /// allocates the word's line and the word arrives), counted by hand.
    fn count(c: &mut Cache, addrs: &[u32]) -> (u64, u64) {
        let (mut hits, mut misses) = (0, 0);
        for &a in addrs {
            if c.hit(a) {
                hits += 1;
            } else {
                misses += 1;
                c.allocate(a);
                c.fill_word(a);
            }
        }
        (hits, misses)
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
    fn a_word_store_validates_its_word_where_the_tag_matches() {
        let mut m = dcache("4k");
        // the line's tag comes with a read miss of its word 0
        assert_eq!(count(&mut m, &[0x4000_0000]), (0, 1));
        // a word store to word 1 (the pipeline does nothing for a byte
        // store: it hits only valid words)
        m.validate(0x4000_0004, 1);
        assert_eq!(count(&mut m, &[0x4000_0004, 0x4000_0008]), (1, 1));
        // no tag, no allocation
        m.validate(0x4000_0404, 1);
        assert_eq!(count(&mut m, &[0x4000_0404]), (0, 1));
    }
}
