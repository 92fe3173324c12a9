//! Running a built variant on every vector, verifying each output against
//! the oracle, and measuring what DESIGN.md's metrics define.
//!
//! Each vector runs on a freshly booted CPU whose data memory is first
//! filled with seeded random bytes, so firmware that reads memory it never
//! wrote fails verification instead of passing by luck.

use crate::build::Built;
use crate::manifest::{Answer, DecryptKey, Manifest, Op};
use cardlab_ciphers::Algorithm;
use cardlab_ciphers::kat::{self, Check, Index, KatError};
use cardlab_sim::leon2::{CacheConfig, MemoryConfig};
use cardlab_sim::target::BootOptions;
use cardlab_sim::{Access, CacheKind, CacheLookup, Cpu, Executed, Observer, Space};
use rayon::prelude::*;
// Sets of addresses filled on every access of every vector: a fast,
// deterministic hash (the default SipHash dominated the run time).
use rustc_hash::FxHashSet;
use serde::Serialize;
use std::hash::{DefaultHasher, Hasher};
use std::path::Path;

/// Cycles one call may take before the run counts as hung.
const BUDGET: u64 = 50_000_000;
/// Random vectors checked against the oracle besides the known answers.
pub const RANDOM_VECTORS: usize = 64;

/// One block to check: key, plaintext, ciphertext, and where it comes from.
#[derive(Debug, Clone)]
pub struct TestVector {
    pub label: String,
    pub key: Vec<u8>,
    pub pt: Vec<u8>,
    pub ct: Vec<u8>,
}

/// Every known-answer block for `algorithm` with `key_bits` in the vectors
/// folder (each block of a multi-block record on its own), then
/// [`RANDOM_VECTORS`] seeded random ones computed by the oracle.
pub fn vectors(
    dir: &Path,
    algorithm: Algorithm,
    key_bits: usize,
) -> Result<Vec<TestVector>, KatError> {
    let index = Index::load(dir)?;
    let bs = algorithm.block_bytes();
    let mut out = vec![];
    for entry in index
        .entries
        .iter()
        .filter(|e| e.algorithm().ok().flatten() == Some(algorithm))
    {
        for v in kat::load_entry(&index, entry)? {
            if let Check::Pair { key, pt, ct } = &v.check
                && key.len() * 8 == key_bits
            {
                for (i, (p, c)) in pt.chunks(bs).zip(ct.chunks(bs)).enumerate() {
                    let block = if pt.len() > bs {
                        format!(" block {i}")
                    } else {
                        String::new()
                    };
                    out.push(TestVector {
                        label: format!("{} {}{block}", entry.path.display(), v.label),
                        key: key.clone(),
                        pt: p.to_vec(),
                        ct: c.to_vec(),
                    });
                }
            }
        }
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ key_bits as u64;
    let mut bytes = |n: usize| -> Vec<u8> { (0..n).map(|_| xorshift(&mut state) as u8).collect() };
    for i in 0..RANDOM_VECTORS {
        let (key, pt) = (bytes(key_bits / 8), bytes(bs));
        let mut ct = pt.clone();
        algorithm
            .new_cipher(&key)
            .expect("key size checked")
            .encrypt_block(&mut ct);
        out.push(TestVector {
            label: format!("random vector {i}"),
            key,
            pt,
            ct,
        });
    }
    Ok(out)
}

/// SplitMix64's output function (Steele, Lea and Flood, OOPSLA 2014).
pub(crate) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// What the lab records during the measured call.
#[derive(Default)]
struct Probe {
    written: FxHashSet<(Space, u32)>,
    /// Data bytes read before the call wrote them: what it found in memory.
    read_first: FxHashSet<(Space, u32)>,
    accesses: u64,
    fetched: FxHashSet<u32>,
    code_reads: FxHashSet<u32>,
    pc_trace: DefaultHasher,
    address_trace: DefaultHasher,
    /// The sequence of D-cache hits and misses (CPUs with caches).
    dcache_trace: DefaultHasher,
    dcache_misses: u64,
}

impl Observer for Probe {
    fn cache(&mut self, l: CacheLookup) {
        if l.cache == CacheKind::Data {
            self.dcache_trace.write_u8(l.hit as u8);
            self.dcache_misses += !l.hit as u64;
        }
    }
    fn instruction(&mut self, e: &Executed) {
        self.pc_trace.write_u32(e.pc);
        self.fetched.extend(e.pc..e.pc + e.bytes.len() as u32);
    }
    fn access(&mut self, a: Access) {
        self.accesses += 1;
        self.address_trace.write_u32(a.addr);
        self.address_trace
            .write_u8(a.space as u8 * 2 + a.write as u8);
        match (a.space, a.write) {
            (Space::Code, _) => {
                self.code_reads.insert(a.addr);
            }
            (Space::Sfr, _) => {}
            (space, true) => {
                self.written.insert((space, a.addr));
            }
            (space, false) if !self.written.contains(&(space, a.addr)) => {
                self.read_first.insert((space, a.addr));
            }
            _ => {}
        }
    }
}

/// The data bytes a call writes, and nothing else: what key setup leaves
/// for the operation after it.
#[derive(Default)]
struct Writes(FxHashSet<(Space, u32)>);

impl Observer for Writes {
    fn access(&mut self, a: Access) {
        if a.write && !matches!(a.space, Space::Code | Space::Sfr) {
            self.0.insert((a.space, a.addr));
        }
    }
}

/// What one vector's measured call gave.
struct VectorRun {
    cycles: u64,
    probe: Probe,
    key_destroyed: bool,
    /// For an operation after `key_setup`: the bytes key setup wrote that
    /// the operation then read (round keys and any other per-key state).
    kept: Option<usize>,
}

/// Where the buffers are.
pub(crate) struct Layout {
    pub space: Space,
    pub key: u32,
    pub block: u32,
    /// The random buffer, its size, and whether the block travels masked
    /// with its first bytes.
    pub random: Option<(u32, u32, bool)>,
}

pub(crate) fn layout(built: &Built, m: &Manifest) -> Layout {
    let symbol = |s: &str| built.symbol(s).expect("checked at build");
    Layout {
        space: m.space,
        key: symbol(&m.buffers.key),
        block: symbol(&m.buffers.block),
        random: m
            .random
            .as_ref()
            .map(|r| (symbol(&r.buffer), r.bytes, r.masked_io)),
    }
}

impl Layout {
    /// Fresh random bytes from `seed` into the random buffer, if any:
    /// each byte from its own SplitMix64 output, so no byte is a function
    /// of its neighbours (successive xorshift states are: a mask built
    /// from two neighbouring bytes would not be uniform).
    pub fn feed_random(&self, cpu: &mut dyn Cpu, seed: u64) {
        if let Some((at, bytes, _)) = self.random {
            let mut s = splitmix(seed);
            let fresh: Vec<u8> = (0..bytes)
                .map(|_| {
                    s = splitmix(s);
                    (s >> 32) as u8
                })
                .collect();
            write(cpu, self.space, at, &fresh);
        }
    }

    /// The I/O mask of a masked-I/O variant (the random buffer's first
    /// `len` bytes), or zeros.
    fn io_mask(&self, cpu: &dyn Cpu, len: usize) -> Vec<u8> {
        match self.random {
            Some((at, _, true)) => read(cpu, self.space, at, len),
            _ => vec![0; len],
        }
    }

    /// The input block, masked for a masked-I/O variant.
    pub fn write_block(&self, cpu: &mut dyn Cpu, input: &[u8]) {
        let mask = self.io_mask(cpu, input.len());
        let masked: Vec<u8> = input.iter().zip(mask).map(|(x, m)| x ^ m).collect();
        write(cpu, self.space, self.block, &masked);
    }

    /// The output block, unmasked.
    pub fn read_block(&self, cpu: &dyn Cpu, len: usize) -> Vec<u8> {
        let mask = self.io_mask(cpu, len);
        read(cpu, self.space, self.block, len)
            .into_iter()
            .zip(mask)
            .map(|(x, m)| x ^ m)
            .collect()
    }
}

/// One operation of a variant on a given machine, over `vectors`: cycles
/// and D-cache misses (least and most), and whether the sequence of
/// D-cache hits and misses was the same for every key and block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CacheRun {
    pub cycles_min: u64,
    pub cycles_max: u64,
    pub dcache_misses_min: u64,
    pub dcache_misses_max: u64,
    pub dcache_pattern_constant: bool,
}

/// Run `op` of the variant on `setup` over `vectors`, every output checked
/// against the oracle; the first failure's message otherwise.
pub fn cache_run(
    built: &Built,
    m: &Manifest,
    op: Op,
    vectors: &[TestVector],
    setup: &Setup,
) -> Result<CacheRun, String> {
    let at = layout(built, m);
    let mut out = CacheRun {
        cycles_min: u64::MAX,
        cycles_max: 0,
        dcache_misses_min: u64::MAX,
        dcache_misses_max: 0,
        dcache_pattern_constant: true,
    };
    let mut patterns = FxHashSet::default();
    for (i, v) in vectors.iter().enumerate() {
        let run = run_vector(built, m, op, &at, v, 0x5EED ^ i as u64, setup)
            .map_err(|e| format!("{}: {e}", v.label))?;
        out.cycles_min = out.cycles_min.min(run.cycles);
        out.cycles_max = out.cycles_max.max(run.cycles);
        out.dcache_misses_min = out.dcache_misses_min.min(run.probe.dcache_misses);
        out.dcache_misses_max = out.dcache_misses_max.max(run.probe.dcache_misses);
        patterns.insert(run.probe.dcache_trace.finish());
    }
    out.dcache_pattern_constant = patterns.len() == 1;
    Ok(out)
}

pub(crate) fn write(cpu: &mut dyn Cpu, space: Space, at: u32, bytes: &[u8]) {
    for (i, &b) in bytes.iter().enumerate() {
        cpu.write(space, at + i as u32, b);
    }
}

pub(crate) fn read(cpu: &dyn Cpu, space: Space, at: u32, len: usize) -> Vec<u8> {
    (0..len as u32)
        .map(|i| cpu.read(space, at + i).unwrap_or(0))
        .collect()
}

/// Fill the CPU's data ranges with bytes from `seed`.
fn scramble(cpu: &mut dyn Cpu, seed: u64) {
    let mut s = seed | 1;
    for (space, start, len) in cpu.data_ranges() {
        for a in start..start + len {
            cpu.write(space, a, xorshift(&mut s) as u8);
        }
    }
}

/// Call `entry` and run it to its return.
pub(crate) fn call(cpu: &mut dyn Cpu, entry: u32, what: &str) -> Result<(), String> {
    cpu.call(entry).map_err(|e| format!("{what}: {e}"))?;
    cpu.run(cpu.cycles() + BUDGET, None)
        .map(|_| ())
        .map_err(|e| format!("{what}: {e}"))
}

/// The last Nk words of the AES key expansion of `key`, big-endian.
fn last_round_key(algorithm: Algorithm, key: &[u8]) -> Vec<u8> {
    let cipher = algorithm.new_cipher(key).expect("key size checked");
    let keys = cipher.round_keys();
    let w = &keys.part("w").expect("AES names its expansion w").words;
    w[w.len() - key.len() / 4..]
        .iter()
        .flat_map(|&word| (word as u32).to_be_bytes())
        .collect()
}

/// What the caller writes to the key buffer for `op`: the key, the host's
/// key material, or for an AES decryption the last round key.
pub(crate) fn key_input(m: &Manifest, op: Op, key: &[u8]) -> Vec<u8> {
    if let Some(material) = m.key_material {
        return material
            .bytes(key)
            .expect("key size checked by the manifest");
    }
    match (op.decrypts(), m.decrypt_key) {
        (true, DecryptKey::LastRoundKey) => last_round_key(m.algorithm, key),
        _ => key.to_vec(),
    }
}

/// The machine a vector runs on: how the CPU is built, and whether the
/// measured call finds the caches warm (a first, unmeasured call on the
/// same inputs) or as the boot left them.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    pub boot: BootOptions,
    pub warm: bool,
}

/// The lab's measurements: [`LAB_BOOT`], warm.
pub const LAB_SETUP: Setup = Setup {
    boot: LAB_BOOT,
    warm: true,
};

/// How the lab builds the CPUs it measures on: the LEON2 with 64 KiB
/// direct-mapped I and D caches (the largest way LEON2 has), so that a
/// cipher's code and tables fit as seed 003's "large caches" did; with
/// the warm-up run in [`run_vector`] every access then hits, and the
/// write buffer's cost remains.
pub const LAB_BOOT: BootOptions = BootOptions {
    leon2_memory: Some(MemoryConfig {
        icache: Some(LAB_CACHE),
        dcache: Some(LAB_CACHE),
        wait_states: 0,
        burst: true,
    }),
};

const LAB_CACHE: CacheConfig = CacheConfig {
    way_bytes: 64 * 1024,
    ..CacheConfig::REFERENCE
};

fn run_vector(
    built: &Built,
    m: &Manifest,
    op: Op,
    at: &Layout,
    v: &TestVector,
    seed: u64,
    setup: &Setup,
) -> Result<VectorRun, String> {
    let mut cpu = built.image.boot_with(&setup.boot);
    scramble(cpu.as_mut(), seed);
    let key = key_input(m, op, &v.key);
    write(cpu.as_mut(), at.space, at.key, &key);
    let entry = |op: Op| built.symbol(&m.ops[&op]).expect("checked at build");
    // What the card keeps per key: the bytes key setup writes, or, with
    // host key material, none beyond the key buffer.
    let mut key_setup_wrote = m.key_material.map(|_| Default::default());
    if m.runs_key_setup_first(op) {
        at.feed_random(cpu.as_mut(), seed.rotate_left(17));
        cpu.set_observer(Some(Box::new(Writes::default())));
        call(cpu.as_mut(), entry(Op::KeySetup), "key_setup")?;
        key_setup_wrote = Some(taken::<Writes>(cpu.as_mut()).0);
    }
    let (input, expected) = if op.decrypts() {
        (&v.ct, &v.pt)
    } else {
        (&v.pt, &v.ct)
    };
    let prepare = |cpu: &mut dyn Cpu| {
        at.feed_random(cpu, seed.rotate_left(29));
        if op != Op::KeySetup {
            at.write_block(cpu, input);
        }
    };
    prepare(cpu.as_mut());
    if setup.warm && m.target.has_caches() {
        // Warm caches, as a cycle counter read around a routine that has
        // run before: the operation once unmeasured on the same inputs.
        call(cpu.as_mut(), entry(op), op.name())?;
        write(cpu.as_mut(), at.space, at.key, &key);
        prepare(cpu.as_mut());
    }
    cpu.set_observer(Some(Box::new(Probe::default())));
    let start = cpu.cycles();
    call(cpu.as_mut(), entry(op), op.name())?;
    let cycles = cpu.cycles() - start;
    let probe = taken::<Probe>(cpu.as_mut());
    // What the operation found in memory that key setup or the caller's
    // key left there: the state a card keeps per key.
    let kept = key_setup_wrote.map(|wrote| {
        let key_buffer = |&(space, addr): &(Space, u32)| {
            space == at.space && (at.key..at.key + key.len() as u32).contains(&addr)
        };
        probe
            .read_first
            .iter()
            .filter(|a| wrote.contains(a) || key_buffer(a))
            .count()
    });
    if op == Op::KeySetup {
        // A key schedule is right if the block operation after it is.
        let (check_op, input, expected) = match m.ops.contains_key(&Op::Encrypt) {
            true => (Op::Encrypt, &v.pt, &v.ct),
            false => (Op::Decrypt, &v.ct, &v.pt),
        };
        at.feed_random(cpu.as_mut(), seed.rotate_left(41));
        at.write_block(cpu.as_mut(), input);
        call(cpu.as_mut(), entry(check_op), check_op.name())?;
        let got = at.read_block(cpu.as_ref(), expected.len());
        if &got != expected {
            return Err(format!(
                "{} after key_setup gave {}",
                check_op.name(),
                hex(&got)
            ));
        }
    } else {
        let got = at.read_block(cpu.as_ref(), expected.len());
        if &got != expected {
            return Err(format!("gave {}, expected {}", hex(&got), hex(expected)));
        }
    }
    let key_destroyed = read(cpu.as_ref(), at.space, at.key, key.len()) != key;
    Ok(VectorRun {
        cycles,
        probe,
        key_destroyed,
        kept,
    })
}

/// The observer of type `O` the CPU has been observing with.
fn taken<O: Observer>(cpu: &mut dyn Cpu) -> O {
    *cardlab_sim::observe::downcast::<O>(cpu.take_observer().expect("an observer was set"))
        .expect("the observer set")
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// One result: a variant × key size × operation (DESIGN.md "JSON results").
/// Run figures are `None` unless every vector matched the oracle.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub target: &'static str,
    pub cipher: String,
    pub key_bits: usize,
    pub variant: String,
    pub op: Op,
    pub verified: bool,
    pub vectors_checked: usize,
    /// The first vector that did not match, and what the firmware gave.
    pub first_failure: Option<String>,
    pub cycles_min: Option<u64>,
    pub cycles_max: Option<u64>,
    /// Image bytes outside the tables, and inside them (from the symbols).
    pub code_bytes: u64,
    pub table_bytes: u64,
    /// Distinct instruction bytes the operation executed, over all
    /// vectors: its own code, where an image holds several operations
    /// (seed 003 gives encryption's and decryption's code apart).
    pub op_code_bytes: Option<u64>,
    /// Distinct data bytes written during the call (stack and return
    /// address included) together with the key and block buffers.
    pub ram_bytes: Option<u64>,
    /// Distinct bytes of the key buffer written: the round-key RAM of an
    /// in-place key schedule.
    pub key_ram_bytes: Option<u64>,
    /// For an operation after `key_setup`: the data bytes key setup wrote,
    /// or the key buffer held, that the operation read before writing
    /// them: the RAM kept per key (round keys and any other per-key state);
    /// the largest over vectors.
    pub kept_ram_bytes: Option<u64>,
    /// Distinct data bytes written outside the key and block buffers: the
    /// working RAM (temporaries, round keys, stack) a caller must spare.
    pub work_ram_bytes: Option<u64>,
    pub key_destroyed: Option<bool>,
    /// Data-memory reads and writes during the call (the largest over vectors).
    pub accesses_per_block: Option<u64>,
    /// The PC trace and the cycle count are the same for every key and
    /// block: timing cannot depend on secrets.
    pub constant_time: Option<bool>,
    /// The data-address trace is the same for every key and block too.
    pub address_trace_constant: Option<bool>,
    /// Empty when every fetched instruction lies outside the tables and every
    /// code read inside them; otherwise what disagrees.
    pub rom_check: Option<String>,
    /// Milliseconds the operation kept the EEPROM programming, at the
    /// chip's clock (the virtual card's key setup, seed 004 §II).
    pub eeprom_ms: Option<f64>,
    pub answers: Vec<Answer>,
}

impl Row {
    /// A row with its identity and nothing measured yet.
    pub fn unmeasured(
        target: &'static str,
        cipher: String,
        key_bits: usize,
        variant: String,
        op: Op,
        answers: Vec<Answer>,
    ) -> Row {
        Row {
            target,
            cipher,
            key_bits,
            variant,
            op,
            verified: false,
            vectors_checked: 0,
            first_failure: None,
            cycles_min: None,
            cycles_max: None,
            code_bytes: 0,
            table_bytes: 0,
            ram_bytes: None,
            key_ram_bytes: None,
            kept_ram_bytes: None,
            op_code_bytes: None,
            work_ram_bytes: None,
            key_destroyed: None,
            accesses_per_block: None,
            constant_time: None,
            address_trace_constant: None,
            rom_check: None,
            eeprom_ms: None,
            answers,
        }
    }
}

/// The secret-independence verdict as printed, from whether the cycles and
/// the PC trace, and the data addresses, were the same for every key and
/// block.
pub fn timing_text(constant_time: bool, constant_addresses: bool) -> &'static str {
    match (constant_time, constant_addresses) {
        (true, true) => "constant time, constant addresses",
        (true, false) => "constant time (table addresses vary)",
        (false, _) => "timing depends on data",
    }
}

/// Cycles as printed: one figure, or "min–max" when timing depends on data.
pub fn cycles_text(min: u64, max: u64) -> String {
    match min == max {
        true => max.to_string(),
        false => format!("{min}–{max}"),
    }
}

/// RAM as printed: "(+N)" after it when the key is destroyed, N being the
/// key bytes it would take to keep it (seed 000's notation).
pub fn ram_text(ram: u64, key_destroyed: bool, key_bits: usize) -> String {
    match key_destroyed {
        true => format!("{ram} (+{})", key_bits / 8),
        false => ram.to_string(),
    }
}

/// Run `op` of `m` at `key_bits` on every vector and measure it.
pub fn measure(
    built: &Built,
    m: &Manifest,
    op: Op,
    key_bits: usize,
    vectors: &[TestVector],
) -> Row {
    let at = layout(built, m);
    let mut row = Row {
        code_bytes: built.code_bytes(),
        table_bytes: built.table_bytes(),
        ..Row::unmeasured(
            m.target.name(),
            m.algorithm.to_string(),
            key_bits,
            m.variant.clone(),
            op,
            m.answers.clone(),
        )
    };
    let buffers: Vec<(Space, u32)> = (0..key_bits as u32 / 8)
        .map(|i| (at.space, at.key + i))
        .chain((0..m.algorithm.block_bytes() as u32).map(|i| (at.space, at.block + i)))
        .collect();
    // Every vector runs on its own freshly booted CPU, so they run on all
    // cores; the results come back in vector order and are folded in that
    // order, so every figure (and the first failure named) is the same
    // whatever the scheduling.
    let runs: Vec<Result<VectorRun, String>> = vectors
        .par_iter()
        .enumerate()
        .map(|(i, v)| run_vector(built, m, op, &at, v, 0x5EED ^ i as u64, &LAB_SETUP))
        .collect();
    let (mut cmin, mut cmax, mut ram, mut key_ram, mut accesses) = (u64::MAX, 0, 0, 0, 0);
    let (mut work_ram, mut kept) = (0, None);
    let (mut destroyed, mut pc_traces, mut addr_traces) =
        (false, FxHashSet::default(), FxHashSet::default());
    let (mut fetched, mut code_reads) = (FxHashSet::default(), FxHashSet::default());
    for (i, (v, run)) in vectors.iter().zip(runs).enumerate() {
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                row.first_failure = Some(format!("{}: {e}", v.label));
                row.vectors_checked = i + 1;
                return row;
            }
        };
        cmin = cmin.min(run.cycles);
        cmax = cmax.max(run.cycles);
        let p = &run.probe;
        let footprint: FxHashSet<&(Space, u32)> = p.written.iter().chain(&buffers).collect();
        ram = ram.max(footprint.len() as u64);
        work_ram = work_ram.max((footprint.len() - buffers.len()) as u64);
        let key_end = at.key + v.key.len() as u32;
        key_ram = key_ram.max(
            p.written
                .iter()
                .filter(|(s, a)| *s == at.space && (at.key..key_end).contains(a))
                .count() as u64,
        );
        accesses = accesses.max(p.accesses);
        kept = run.kept.map(|k| kept.unwrap_or(0).max(k as u64));
        destroyed |= run.key_destroyed;
        pc_traces.insert(p.pc_trace.finish());
        addr_traces.insert(p.address_trace.finish());
        fetched.extend(&p.fetched);
        code_reads.extend(&p.code_reads);
    }
    row.verified = true;
    row.vectors_checked = vectors.len();
    row.cycles_min = Some(cmin);
    row.cycles_max = Some(cmax);
    row.ram_bytes = Some(ram);
    row.key_ram_bytes = Some(key_ram);
    row.work_ram_bytes = Some(work_ram);
    row.kept_ram_bytes = kept;
    row.key_destroyed = Some(destroyed);
    row.accesses_per_block = Some(accesses);
    row.op_code_bytes = Some(fetched.len() as u64);
    // The same instructions for every input are not enough: an instruction
    // may take data-dependent cycles (the ARM7TDMI's MUL ends early).
    row.constant_time = Some(pc_traces.len() == 1 && cmin == cmax);
    row.address_trace_constant = Some(addr_traces.len() == 1);
    let fetched_in_tables = fetched.iter().filter(|&&a| built.in_table(a)).count();
    let reads_outside = code_reads.iter().filter(|&&a| !built.in_table(a)).count();
    if fetched_in_tables + reads_outside > 0 {
        row.rom_check = Some(format!(
            "{fetched_in_tables} instruction bytes fetched inside tables, {reads_outside} code bytes read as data outside them"
        ));
    }
    row
}
