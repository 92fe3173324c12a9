//! Leakage campaigns: a variant run on simulated traces of the power model
//! ([`cardlab_sim::power`]), fixed input against random input, judged by
//! TVLA ([`crate::tvla`]); and the traces exported for the tools people
//! already use (docs/leakage.md).
//!
//! Every trace is a whole call on a freshly booted CPU (the same state
//! for every trace but the inputs), its output checked against the
//! oracle: a campaign with one wrong output has no verdict. Trace k's
//! class, input and fresh randomness come from (seed, k) alone, so the
//! traces are the same however a campaign is split into chunks, and the
//! exact sums make the statistics the same bits too.

use crate::build::Built;
use crate::manifest::{Manifest, Op};
use crate::measure::{self, LAB_SETUP, Layout, splitmix};
use crate::tvla::{self, ClassSums, PairSums, THRESHOLD};
use cardlab_sim::Cpu;
use cardlab_sim::power::{Components, Power};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The TVLA key and fixed plaintext for AES-128 (Goodwill et al. 2011,
/// §4: the non-specific fixed-vs-random test); other ciphers and key sizes
/// take their first bytes, repeated.
const TVLA_KEY: [u8; 16] = [
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
];
const TVLA_FIXED: [u8; 16] = [
    0xda, 0x39, 0xa3, 0xee, 0x5e, 0x6b, 0x4b, 0x0d, 0x32, 0x55, 0xbf, 0xef, 0x95, 0x60, 0x18, 0x90,
];

/// Traces simulated per task; the merge is exact, so this changes only
/// the scheduling.
const CHUNK: u64 = 256;

/// What differs between the fixed and the random class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Vary {
    /// The input block (TVLA's non-specific test); the key is TVLA's.
    Input,
    /// The key; the input is TVLA's fixed block in both classes.
    Key,
}

/// What a campaign runs.
#[derive(Debug, Clone)]
pub struct Plan {
    pub traces: u64,
    pub seed: u64,
    pub vary: Vary,
    pub components: Components,
    /// Univariate second order too.
    pub second_order: bool,
    /// Bivariate second order over sample pairs this many samples apart
    /// at most, within the cycles `range` (all when `None`).
    pub bivariate: Option<(usize, Option<(u32, u32)>)>,
    /// Trace counts at which the first-order statistic is also evaluated
    /// (the curve of max |t| against traces); the last is `traces`.
    pub checkpoints: Vec<u64>,
}

impl Plan {
    pub fn new(traces: u64) -> Plan {
        Plan {
            traces,
            seed: 1,
            vary: Vary::Input,
            components: Components::FULL,
            second_order: false,
            bivariate: None,
            checkpoints: checkpoints(traces),
        }
    }
}

/// 100, 200, 500, 1000, ... below `traces`, then `traces`.
pub fn checkpoints(traces: u64) -> Vec<u64> {
    let mut out: Vec<u64> = (2..12)
        .flat_map(|e| [1, 2, 5].map(|m| m * 10u64.pow(e)))
        .filter(|&c| c < traces)
        .collect();
    out.push(traces);
    out
}

/// One sample's place in the trace.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Point {
    pub sample: usize,
    pub cycle: u32,
    pub pc: u32,
    pub instruction: String,
    pub component: &'static str,
}

/// The verdict of one order of the test.
#[derive(Debug, Clone, Serialize)]
pub struct OrderVerdict {
    /// Some sample's |t| exceeds 4.5 in both halves.
    pub leaks: bool,
    /// The largest |t| over all traces (`None`: every sample constant).
    pub max_abs_t: Option<f64>,
    /// Where: the sample (or for a pair, its first sample) with the
    /// largest |t| among those over the threshold in both halves, or
    /// else with the largest |t|.
    pub at: Option<Point>,
    /// For a pair, its second sample.
    pub with: Option<Point>,
    /// Samples (or pairs) over the threshold in both halves.
    pub leaking: usize,
    /// Samples (or pairs) that are the same constant in every trace.
    pub data_independent: usize,
    pub tested: usize,
}

/// A campaign's result.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub target: &'static str,
    pub cipher: String,
    pub variant: String,
    pub op: Op,
    /// The variant takes fresh randomness (a masked implementation).
    pub masked: bool,
    /// What the classes differ in.
    pub vary: Vary,
    pub traces: u64,
    pub components: Vec<&'static str>,
    pub cycles_per_trace: u32,
    pub samples: usize,
    pub first_order: OrderVerdict,
    pub second_order: Option<OrderVerdict>,
    pub bivariate: Option<OrderVerdict>,
    /// (traces, max |t| first order, leaks) at each checkpoint.
    pub curve: Vec<(u64, Option<f64>, bool)>,
    /// The first checkpoint at which first order leaked.
    pub traces_to_leak: Option<u64>,
    /// The first-order t of every sample over all traces (`None`:
    /// constant).
    #[serde(skip)]
    pub t: Vec<Option<f64>>,
    /// Which components the model leaves out.
    pub not_modelled: &'static str,
}

pub const NOT_MODELLED: &str =
    "glitches, coupling, flags, instruction fetch, register source operands";

/// Traces from which "no first-order leak" is called a pass (TVLA asks
/// for a million; fewer say only that none was found yet).
pub const PASS_TRACES: u64 = 1_000_000;

/// The first-order verdict in words: a pass is claimed at 10^6 traces only.
pub fn verdict_text(v: &Verdict) -> String {
    match (v.first_order.leaks, v.traces_to_leak) {
        (true, Some(n)) => format!("leaks (within {n} traces)"),
        (true, None) => "leaks".into(),
        (false, _) if v.traces >= PASS_TRACES => "passes".into(),
        (false, _) => format!("no leak in {} traces", v.traces),
    }
}

/// Where a sample lies, as a reader looks for it.
pub fn point_text(p: &Option<Point>) -> String {
    match p {
        Some(p) => format!(
            "cycle {} {:#06x} {} ({})",
            p.cycle, p.pc, p.instruction, p.component
        ),
        None => "—".into(),
    }
}

/// |t| as printed.
pub fn t_text(t: Option<f64>) -> String {
    match t {
        Some(t) if t.is_infinite() => "∞".into(),
        Some(t) => format!("{t:.1}"),
        None => "—".into(),
    }
}

/// Traces the report runs per variant: enough for every unmasked variant
/// to fail (they do within a few hundred); a masked one gets more, and
/// its 10^6-trace verdict comes from `cardlab leak` (docs/leakage.md).
pub const REPORT_TRACES: u64 = 1_000;
pub const REPORT_MASKED_TRACES: u64 = 20_000;

/// The report's leakage table: one row per variant.
pub fn table(verdicts: &[Verdict]) -> crate::candidates::Table {
    crate::candidates::Table {
        title: "Leakage: first-order TVLA of every AES implementation".into(),
        intro: format!(
            "Simulated power traces (per cycle: Hamming weight of each value written, Hamming \
             distance of each overwrite, of the result bus, of the data and of the address bus; \
             not modelled: {NOT_MODELLED}), fixed against random input with TVLA's AES key, \
             Welch's t per sample on two halves; a sample leaks if |t| > 4.5 in both. \
             {REPORT_TRACES} traces per variant, {REPORT_MASKED_TRACES} for a masked one; a pass \
             is claimed at 10^6 only (docs/leakage.md)."
        ),
        header: [
            "target",
            "variant",
            "operation",
            "cycles",
            "first order",
            "traces",
            "max |t|",
            "where",
        ]
        .map(String::from)
        .to_vec(),
        rows: verdicts
            .iter()
            .map(|v| {
                vec![
                    v.target.to_string(),
                    v.variant.clone(),
                    v.op.name().to_string(),
                    v.cycles_per_trace.to_string(),
                    verdict_text(v),
                    v.traces.to_string(),
                    t_text(v.first_order.max_abs_t),
                    point_text(&v.first_order.at),
                ]
            })
            .collect(),
    }
}

/// Why a campaign has no verdict.
#[derive(Debug, thiserror::Error)]
pub enum LeakError {
    #[error("{variant}: trace {trace}: {message}")]
    Run {
        variant: String,
        trace: u64,
        message: String,
    },
    #[error("{0}: has no encrypt or decrypt operation to trace")]
    NoOperation(String),
    #[error("{variant}: {traces} traces are too few for a t-test; give --traces 4 or more")]
    TooFew { variant: String, traces: u64 },
}

/// The operation a campaign traces: encryption if the variant has one.
pub fn traced_op(m: &Manifest) -> Option<Op> {
    [
        Op::Encrypt,
        Op::EncryptWithKeySetup,
        Op::Decrypt,
        Op::DecryptWithKeySetup,
    ]
    .into_iter()
    .find(|op| m.ops.contains_key(op))
}

/// One trace's inputs, from (seed, index) alone.
#[derive(Debug, Clone)]
pub struct TraceInput {
    pub class: tvla::Class,
    pub key: Vec<u8>,
    pub input: Vec<u8>,
    /// The seed of the fresh randomness a masked variant gets.
    pub random_seed: u64,
}

fn repeated(pattern: &[u8], len: usize) -> Vec<u8> {
    pattern.iter().copied().cycle().take(len).collect()
}

impl TraceInput {
    /// Trace `index` of a campaign with `seed`, varying `vary`.
    pub fn of(
        seed: u64,
        index: u64,
        vary: Vary,
        key_bytes: usize,
        block_bytes: usize,
    ) -> TraceInput {
        let mut state = splitmix(seed ^ splitmix(index));
        let mut next = || {
            state = splitmix(state);
            state
        };
        let class = match next() & 1 {
            0 => tvla::Class::Fixed,
            _ => tvla::Class::Random,
        };
        let len = match vary {
            Vary::Input => block_bytes,
            Vary::Key => key_bytes,
        };
        let random: Vec<u8> = (0..len).map(|_| (next() >> 32) as u8).collect();
        let varied = match class {
            tvla::Class::Fixed => None,
            tvla::Class::Random => Some(random),
        };
        let (key, input) = match vary {
            Vary::Input => (None, varied),
            Vary::Key => (varied, None),
        };
        TraceInput {
            key: key.unwrap_or_else(|| repeated(&TVLA_KEY, key_bytes)),
            input: input.unwrap_or_else(|| repeated(&TVLA_FIXED, block_bytes)),
            class,
            random_seed: next(),
        }
    }
}

/// A built variant ready to be traced.
pub struct Subject<'a> {
    built: &'a Built,
    m: &'a Manifest,
    op: Op,
    at: Layout,
    key_bits: usize,
}

impl<'a> Subject<'a> {
    pub fn new(built: &'a Built, m: &'a Manifest) -> Result<Subject<'a>, LeakError> {
        let op = traced_op(m).ok_or_else(|| LeakError::NoOperation(m.variant.clone()))?;
        let key_bits = m.key_bits[0];
        Ok(Subject {
            built,
            m,
            op,
            at: measure::layout(built, m),
            key_bits,
        })
    }

    pub fn op(&self) -> Op {
        self.op
    }

    pub fn key_bits(&self) -> usize {
        self.key_bits
    }

    /// Trace `index`'s inputs for this variant's key and block sizes.
    pub fn input(&self, seed: u64, index: u64, vary: Vary) -> TraceInput {
        TraceInput::of(
            seed,
            index,
            vary,
            self.key_bits / 8,
            self.m.algorithm.block_bytes(),
        )
    }

    fn entry(&self, op: Op) -> u32 {
        self.built
            .symbol(&self.m.ops[&op])
            .expect("checked at build")
    }

    /// Run trace `t` with `power` observing; returns the observer and the
    /// CPU (for the sample map), after checking the output against the
    /// oracle.
    pub fn trace(&self, t: &TraceInput, power: Power) -> Result<(Power, Box<dyn Cpu>), String> {
        let mut cpu = self.built.image.boot_with(&LAB_SETUP.boot);
        let key = measure::key_input(self.m, self.op, &t.key);
        let at = &self.at;
        measure::write(cpu.as_mut(), at.space, at.key, &key);
        if self.m.runs_key_setup_first(self.op) {
            at.feed_random(cpu.as_mut(), !t.random_seed);
            measure::call(cpu.as_mut(), self.entry(Op::KeySetup), "key_setup")?;
        }
        if self.m.target.has_caches() {
            // Warm caches, the same for every trace: one call on a block
            // of zeros first.
            at.feed_random(cpu.as_mut(), 0);
            at.write_block(cpu.as_mut(), &vec![0; t.input.len()]);
            measure::call(cpu.as_mut(), self.entry(self.op), self.op.name())?;
            measure::write(cpu.as_mut(), at.space, at.key, &key);
        }
        at.feed_random(cpu.as_mut(), t.random_seed);
        at.write_block(cpu.as_mut(), &t.input);
        cpu.set_observer(Some(Box::new(power)));
        let result = measure::call(cpu.as_mut(), self.entry(self.op), self.op.name());
        let power = *cardlab_sim::observe::downcast::<Power>(cpu.take_observer().expect("set"))
            .expect("a Power observer");
        result?;
        let got = at.read_block(cpu.as_ref(), t.input.len());
        let mut expected = t.input.clone();
        let cipher = self
            .m
            .algorithm
            .new_cipher(&t.key)
            .expect("key size from the manifest");
        match self.op.decrypts() {
            true => cipher.decrypt_block(&mut expected),
            false => cipher.encrypt_block(&mut expected),
        }
        if got != expected {
            return Err(format!(
                "gave {}, expected {} (input {})",
                hex(&got),
                hex(&expected),
                hex(&t.input)
            ));
        }
        Ok((power, cpu))
    }

    /// Where each sample of a trace lies: its cycle, the instruction that
    /// put its events there, and its component.
    pub fn sample_map(&self, components: Components) -> Result<Vec<Point>, String> {
        let input = self.input(0, 0, Vary::Input);
        let (power, cpu) = self.trace(&input, Power::new(components, true))?;
        let steps = power.steps.as_deref().unwrap_or_default();
        let names: Vec<&'static str> = components.list().iter().map(|c| c.name()).collect();
        let width = names.len();
        let mut texts = rustc_hash::FxHashMap::default();
        let mut out = Vec::with_capacity(power.samples.len());
        for step in steps {
            let text = texts
                .entry(step.pc)
                .or_insert_with(|| {
                    // one line of text: the ARM's disassembly tabs its operands
                    let text = cpu.disassemble(step.pc).0;
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                })
                .clone();
            for cycle in step.cycle..step.cycle + step.cycles.max(1) {
                for (c, name) in names.iter().enumerate() {
                    out.push(Point {
                        sample: cycle as usize * width + c,
                        cycle,
                        pc: step.pc,
                        instruction: text.clone(),
                        component: name,
                    });
                }
            }
        }
        Ok(out)
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The sums of one half of the traces, per class.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Half {
    class: [ClassSums; 2],
    pairs: Option<[PairSums; 2]>,
}

/// Everything a campaign accumulates: two independent halves (even and
/// odd trace numbers), exact integer sums, serialisable so that the sums
/// of a chunk can travel between processes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    halves: [Half; 2],
    cycles_max: u32,
}

impl Sums {
    /// Traces accumulated.
    pub fn traces(&self) -> u64 {
        (self.halves.iter())
            .flat_map(|h| &h.class)
            .map(|c| c.n)
            .sum()
    }

    fn add(&mut self, index: u64, class: tvla::Class, samples: &[u16], plan: &Plan, width: usize) {
        let half = &mut self.halves[(index & 1) as usize];
        half.class[class as usize].add(samples);
        if let Some((window, range)) = plan.bivariate {
            let pairs = half.pairs.get_or_insert_with(|| {
                let (start, end) = match range {
                    Some((a, b)) => (a as usize * width, b as usize * width),
                    None => (0, samples.len()),
                };
                let new = || PairSums::new(start, end, window);
                [new(), new()]
            });
            pairs[class as usize].add(samples);
        }
    }

    /// Add another accumulator's traces (disjoint from these).
    pub fn merge(&mut self, other: &Sums) {
        for (mine, theirs) in self.halves.iter_mut().zip(&other.halves) {
            for (a, b) in mine.class.iter_mut().zip(&theirs.class) {
                a.merge(b);
            }
            match (&mut mine.pairs, &theirs.pairs) {
                (Some(a), Some(b)) => {
                    a[0].merge(&b[0]);
                    a[1].merge(&b[1]);
                }
                (None, Some(b)) => mine.pairs = Some(b.clone()),
                _ => {}
            }
        }
        self.cycles_max = self.cycles_max.max(other.cycles_max);
    }

    /// Both halves' classes merged.
    fn whole(&self) -> [ClassSums; 2] {
        let mut all = self.halves[0].class.clone();
        all[0].merge(&self.halves[1].class[0]);
        all[1].merge(&self.halves[1].class[1]);
        all
    }
}

/// Simulate traces `range` of the plan into one accumulator; with
/// `export`, also every trace's samples.
fn simulate(
    subject: &Subject,
    plan: &Plan,
    range: std::ops::Range<u64>,
    mut export: Option<&mut Vec<(u64, TraceInput, Vec<u16>)>>,
) -> Result<Sums, LeakError> {
    let mut sums = Sums::default();
    let width = plan.components.list().len();
    for index in range {
        let input = subject.input(plan.seed, index, plan.vary);
        let (power, _) = subject
            .trace(&input, Power::new(plan.components, false))
            .map_err(|message| LeakError::Run {
                variant: subject.m.variant.clone(),
                trace: index,
                message,
            })?;
        sums.cycles_max = sums.cycles_max.max(power.cycles());
        sums.add(index, input.class, &power.samples, plan, width);
        if let Some(out) = export.as_deref_mut() {
            out.push((index, input, power.samples));
        }
    }
    Ok(sums)
}

/// The first-order verdict over `sums`, from the t of each half and of
/// all traces.
/// The univariate verdict of order 1 (the samples) or 2 (their centred
/// squares), from the t of each half and of all traces.
fn univariate(sums: &Sums, map: &[Point], order: u8) -> (OrderVerdict, Vec<Option<f64>>) {
    let halves = [0, 1].map(|h| {
        let c = &sums.halves[h].class;
        tvla::t_trace(&c[0], &c[1], order)
    });
    let all = sums.whole();
    let t = tvla::t_trace(&all[0], &all[1], order);
    (verdict(&t, &halves, |i| (point(map, i), None)), t)
}

/// Welch's t of each sample pair, by the pair's sample indices.
type PairTrace = Vec<((usize, usize), Option<f64>)>;

fn bivariate(sums: &Sums, map: &[Point]) -> Option<OrderVerdict> {
    let t_of = |halves: &[&Half]| -> Option<PairTrace> {
        let mut class = halves[0].class.clone();
        let mut pairs = halves[0].pairs.clone()?;
        for h in &halves[1..] {
            class[0].merge(&h.class[0]);
            class[1].merge(&h.class[1]);
            let p = h.pairs.as_ref()?;
            pairs[0].merge(&p[0]);
            pairs[1].merge(&p[1]);
        }
        Some(PairSums::t_pairs(
            (&class[0], &pairs[0]),
            (&class[1], &pairs[1]),
        ))
    };
    let [h0, h1] = &sums.halves;
    let all = t_of(&[h0, h1])?;
    let halves = [t_of(&[h0])?, t_of(&[h1])?].map(|v| v.into_iter().map(|(_, t)| t).collect());
    let pairs: Vec<(usize, usize)> = all.iter().map(|(p, _)| *p).collect();
    let t: Vec<Option<f64>> = all.into_iter().map(|(_, t)| t).collect();
    Some(verdict(&t, &halves, |k| {
        let (i, j) = pairs[k];
        (point(map, i), point(map, j))
    }))
}

fn point(map: &[Point], sample: usize) -> Option<Point> {
    map.get(sample).cloned()
}

/// Judge a t-vector: a sample leaks if |t| > 4.5 in both halves.
fn verdict(
    t: &[Option<f64>],
    halves: &[Vec<Option<f64>>; 2],
    locate: impl Fn(usize) -> (Option<Point>, Option<Point>),
) -> OrderVerdict {
    let abs = |v: &Vec<Option<f64>>, i: usize| v.get(i).copied().flatten().map(f64::abs);
    let confirmed = |i: usize| {
        abs(&halves[0], i).is_some_and(|a| a > THRESHOLD)
            && abs(&halves[1], i).is_some_and(|b| b > THRESHOLD)
    };
    let by_t = |a: &usize, b: &usize| {
        let key = |i: &usize| t[*i].map(f64::abs).unwrap_or(-1.0);
        key(a).total_cmp(&key(b))
    };
    let leaking: Vec<usize> = (0..t.len()).filter(|&i| confirmed(i)).collect();
    let worst = match leaking.is_empty() {
        false => leaking.iter().copied().max_by(by_t),
        true => (0..t.len()).filter(|&i| t[i].is_some()).max_by(by_t),
    };
    let (at, with) = worst.map(&locate).unwrap_or((None, None));
    OrderVerdict {
        leaks: !leaking.is_empty(),
        max_abs_t: t.iter().flatten().map(|v| v.abs()).max_by(f64::total_cmp),
        at,
        with,
        leaking: leaking.len(),
        data_independent: t.iter().filter(|v| v.is_none()).count(),
        tested: t.len(),
    }
}

/// Progress of a campaign: traces done so far.
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// Run a campaign on a built variant.
pub fn campaign(
    built: &Built,
    m: &Manifest,
    plan: &Plan,
    progress: Progress,
) -> Result<Verdict, LeakError> {
    if plan.traces < 4 {
        return Err(LeakError::TooFew {
            variant: m.variant.clone(),
            traces: plan.traces,
        });
    }
    let subject = Subject::new(built, m)?;
    let map = sample_map(&subject, plan)?;
    let mut sums = Sums::default();
    let mut done = 0;
    let mut curve = vec![];
    let last = plan.checkpoints.len().saturating_sub(1);
    for (k, &checkpoint) in plan.checkpoints.iter().enumerate() {
        let counter = std::sync::atomic::AtomicU64::new(done);
        let part = accumulate_with(&subject, plan, done..checkpoint, &|n| {
            progress(counter.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n)
        })?;
        sums.merge(&part);
        done = checkpoint;
        // the last point is the verdict's own, made once by judge_with
        if k < last {
            let (v, _) = univariate(&sums, &map, 1);
            curve.push((checkpoint, v.max_abs_t, v.leaks));
        }
    }
    Ok(judge_with(&subject, plan, &sums, &map, curve))
}

/// The sums of traces `range` of the plan, on all cores: what one task of
/// a distributed campaign computes. Merging the sums of disjoint ranges
/// ([`Sums::merge`]) gives the sums of their union, bit for bit.
pub fn accumulate(
    built: &Built,
    m: &Manifest,
    plan: &Plan,
    range: std::ops::Range<u64>,
) -> Result<Sums, LeakError> {
    accumulate_with(&Subject::new(built, m)?, plan, range, &|_| {})
}

/// The verdict of merged sums (the curve holds the last point only).
pub fn judge(built: &Built, m: &Manifest, plan: &Plan, sums: &Sums) -> Result<Verdict, LeakError> {
    let subject = Subject::new(built, m)?;
    let map = sample_map(&subject, plan)?;
    Ok(judge_with(&subject, plan, sums, &map, vec![]))
}

fn sample_map(subject: &Subject, plan: &Plan) -> Result<Vec<Point>, LeakError> {
    subject
        .sample_map(plan.components)
        .map_err(|message| LeakError::Run {
            variant: subject.m.variant.clone(),
            trace: 0,
            message,
        })
}

/// `range` cut into chunks of [`CHUNK`] traces, the last one shorter.
fn chunks(range: std::ops::Range<u64>) -> Vec<std::ops::Range<u64>> {
    let end = range.end;
    range
        .step_by(CHUNK as usize)
        .map(|s| s..(s + CHUNK).min(end))
        .collect()
}

/// Chunks of `range` on all cores, merged as they finish (integer sums:
/// the order does not matter), so memory stays a few accumulators
/// however many traces; `done(n)` after each chunk of n traces.
fn accumulate_with(
    subject: &Subject,
    plan: &Plan,
    range: std::ops::Range<u64>,
    done: &(dyn Fn(u64) + Sync),
) -> Result<Sums, LeakError> {
    chunks(range)
        .into_par_iter()
        .map(|chunk| {
            let n = chunk.end - chunk.start;
            let part = simulate(subject, plan, chunk, None);
            done(n);
            part
        })
        .try_reduce(Sums::default, |mut a, b| {
            a.merge(&b);
            Ok(a)
        })
}

fn judge_with(
    subject: &Subject,
    plan: &Plan,
    sums: &Sums,
    map: &[Point],
    mut curve: Vec<(u64, Option<f64>, bool)>,
) -> Verdict {
    let (first, t) = univariate(sums, map, 1);
    curve.push((sums.traces(), first.max_abs_t, first.leaks));
    let width = plan.components.list().len();
    let m = subject.m;
    Verdict {
        target: m.target.name(),
        cipher: m.algorithm.to_string(),
        variant: m.variant.clone(),
        op: subject.op,
        masked: m.random.is_some(),
        vary: plan.vary,
        traces: sums.traces(),
        components: plan.components.list().iter().map(|c| c.name()).collect(),
        cycles_per_trace: sums.cycles_max,
        samples: sums.cycles_max as usize * width,
        first_order: first,
        second_order: plan.second_order.then(|| univariate(sums, map, 2).0),
        bivariate: bivariate(sums, map),
        traces_to_leak: curve.iter().find(|(_, _, leaks)| *leaks).map(|p| p.0),
        curve,
        t,
        not_modelled: NOT_MODELLED,
    }
}

/// Simulate `traces` traces and write them where SCALib, lascar, scared
/// and ChipWhisperer read them: `traces.npy` (N x S int16), `inputs.npy`
/// (N x block bytes uint8), `keys.npy` (N x key bytes uint8), `labels.npy`
/// (N uint8: 0 fixed, 1 random),
/// `map.json` (each sample's cycle, PC, instruction and component), and
/// our first- and second-order t of those traces (`t1.npy`, `t2.npy`,
/// float64, NaN where a sample is data-independent).
/// Traces shorter than the longest are padded with zeros. Returns the
/// trace length.
pub fn export(
    built: &Built,
    m: &Manifest,
    plan: &Plan,
    dir: &std::path::Path,
    progress: Progress,
) -> Result<usize, ExportError> {
    let set = traces(built, m, plan, 0..plan.traces, progress)?;
    let (n, len) = (set.labels.len() as u64, set.len as u64);
    let t_of = |order: u8| -> Vec<f64> {
        t_vector(&set.samples, set.len, &set.labels, order)
            .into_iter()
            .map(|t| t.unwrap_or(f64::NAN))
            .collect()
    };
    std::fs::create_dir_all(dir).map_err(|e| ExportError::Write(dir.to_path_buf(), e))?;
    write_npy(&dir.join("traces.npy"), &[n, len], &set.samples)?;
    write_npy(
        &dir.join("inputs.npy"),
        &[n, set.inputs.len() as u64 / n.max(1)],
        &set.inputs,
    )?;
    write_npy(
        &dir.join("keys.npy"),
        &[n, set.keys.len() as u64 / n.max(1)],
        &set.keys,
    )?;
    write_npy(&dir.join("labels.npy"), &[n], &set.labels)?;
    // Our statistics of the same traces, for anyone comparing tools.
    write_npy(&dir.join("t1.npy"), &[len], &t_of(1))?;
    write_npy(&dir.join("t2.npy"), &[len], &t_of(2))?;
    let map_path = dir.join("map.json");
    std::fs::write(
        &map_path,
        serde_json::to_string_pretty(&set.describe()).expect("plain data"),
    )
    .map_err(|e| ExportError::Write(map_path, e))?;
    Ok(set.len)
}

/// Traces of a campaign, row by row, as the export and the Python package
/// hand them out.
#[derive(Debug, Clone)]
pub struct TraceSet {
    /// N x `len` samples, row-major; shorter traces padded with zeros.
    pub samples: Vec<i16>,
    pub len: usize,
    /// N x block bytes.
    pub inputs: Vec<u8>,
    /// N x key bytes.
    pub keys: Vec<u8>,
    /// N classes: 0 fixed, 1 random.
    pub labels: Vec<u8>,
    /// Each sample's place (the first `len`).
    pub map: Vec<Point>,
    pub target: &'static str,
    pub cipher: String,
    pub variant: String,
    pub op: Op,
    pub vary: Vary,
    pub components: Vec<&'static str>,
}

impl TraceSet {
    /// What map.json holds: the set's identity and its sample map.
    pub fn describe(&self) -> serde_json::Value {
        serde_json::json!({
            "target": self.target,
            "cipher": self.cipher,
            "variant": self.variant,
            "op": self.op.name(),
            "vary": self.vary,
            "components": self.components,
            "not_modelled": NOT_MODELLED,
            "samples": self.map,
        })
    }
}

/// Simulate traces `range` of the plan, every output checked.
pub fn traces(
    built: &Built,
    m: &Manifest,
    plan: &Plan,
    range: std::ops::Range<u64>,
    progress: Progress,
) -> Result<TraceSet, LeakError> {
    let subject = Subject::new(built, m)?;
    let mut map = sample_map(&subject, plan)?;
    let counter = std::sync::atomic::AtomicU64::new(0);
    type Traced = Vec<(u64, TraceInput, Vec<u16>)>;
    let parts: Vec<Result<Traced, LeakError>> = chunks(range)
        .into_par_iter()
        .map(|chunk| {
            let n = chunk.end - chunk.start;
            let mut out = vec![];
            simulate(&subject, plan, chunk, Some(&mut out))?;
            progress(counter.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n);
            Ok(out)
        })
        .collect();
    let mut rows = vec![];
    for part in parts {
        rows.extend(part?);
    }
    let len = rows.iter().map(|(_, _, s)| s.len()).max().unwrap_or(0);
    let mut set = TraceSet {
        samples: Vec::with_capacity(rows.len() * len),
        len,
        inputs: vec![],
        keys: vec![],
        labels: vec![],
        map: vec![],
        target: m.target.name(),
        cipher: m.algorithm.to_string(),
        variant: m.variant.clone(),
        op: subject.op,
        vary: plan.vary,
        components: plan.components.list().iter().map(|c| c.name()).collect(),
    };
    for (_, input, samples) in &rows {
        set.samples.extend(samples.iter().map(|&x| x as i16));
        set.samples
            .extend(std::iter::repeat_n(0i16, len - samples.len()));
        set.inputs.extend_from_slice(&input.input);
        set.keys.extend_from_slice(&input.key);
        set.labels.push(input.class as u8);
    }
    map.truncate(len);
    set.map = map;
    Ok(set)
}

/// Welch's t of order 1 or 2 per sample of `samples` (N x `len`,
/// row-major), classes from `labels` (0 fixed, 1 random); `None` where
/// data-independent. The statistics of [`crate::tvla::t_trace`] on
/// traces from anywhere: the samples are shifted by their minimum to
/// the unsigned values the sums take, which changes no t.
pub fn t_vector(samples: &[i16], len: usize, labels: &[u8], order: u8) -> Vec<Option<f64>> {
    let mut classes = [ClassSums::default(), ClassSums::default()];
    let lowest = samples.iter().copied().min().unwrap_or(0) as i32;
    let mut row = vec![0u16; len];
    for (trace, &label) in samples.chunks(len.max(1)).zip(labels) {
        for (r, &x) in row.iter_mut().zip(trace) {
            *r = (x as i32 - lowest) as u16;
        }
        classes[(label != 0) as usize].add(&row);
    }
    let mut t = tvla::t_trace(&classes[0], &classes[1], order);
    t.resize(len, None);
    t
}

fn write_npy<T: npyz::Serialize + npyz::AutoSerialize + Copy>(
    path: &std::path::Path,
    shape: &[u64],
    data: &[T],
) -> Result<(), ExportError> {
    use npyz::WriterBuilder;
    let write = || -> std::io::Result<()> {
        let file = std::io::BufWriter::new(std::fs::File::create(path)?);
        let mut w = npyz::WriteOptions::new()
            .default_dtype()
            .shape(shape)
            .writer(file)
            .begin_nd()?;
        w.extend(data.iter().copied())?;
        w.finish()
    };
    write().map_err(|e| ExportError::Write(path.to_path_buf(), e))
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Leak(#[from] LeakError),
    #[error("cannot write {0}: {1}")]
    Write(std::path::PathBuf, std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_inputs_depend_on_seed_and_index_only() {
        let a = TraceInput::of(5, 17, Vary::Input, 16, 16);
        let b = TraceInput::of(5, 17, Vary::Input, 16, 16);
        assert_eq!(
            (a.class, a.input, a.random_seed),
            (b.class, b.input, b.random_seed)
        );
        let classes: Vec<_> = (0..1000)
            .map(|i| TraceInput::of(5, i, Vary::Input, 16, 16).class)
            .collect();
        let fixed = classes.iter().filter(|&&c| c == tvla::Class::Fixed).count();
        assert!(
            (450..550).contains(&fixed),
            "classes interleave at random: {fixed}"
        );
    }

    #[test]
    fn varying_the_key_keeps_the_input_fixed_and_the_reverse() {
        for i in 0..20 {
            let k = TraceInput::of(9, i, Vary::Key, 24, 16);
            assert_eq!(k.input, TVLA_FIXED);
            assert_eq!(
                k.key == repeated(&TVLA_KEY, 24),
                k.class == tvla::Class::Fixed
            );
            let p = TraceInput::of(9, i, Vary::Input, 16, 16);
            assert_eq!(p.key, TVLA_KEY);
            assert_eq!(p.input == TVLA_FIXED, p.class == tvla::Class::Fixed);
        }
    }

    #[test]
    fn checkpoints_run_1_2_5_to_the_total() {
        assert_eq!(checkpoints(1000), [100, 200, 500, 1000]);
        assert_eq!(checkpoints(50), [50]);
    }
}
