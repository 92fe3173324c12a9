//! Seed 003's Figures 2 and 3 on our LEON2: every variant's encryption and
//! decryption cycles with I- and D-caches of 1, 2, 4, 8 and 16 KiB (the
//! same size each, direct-mapped, 32-byte lines, as the paper swept them),
//! cold (as the boot leaves them) and warm (after one unmeasured call),
//! and whether the sequence of D-cache hits and misses depends on the key
//! and block: the cache-timing verdict. Each point is independent, so
//! they all run in parallel.

use crate::build::Built;
use crate::manifest::{Manifest, Op};
use crate::measure::{CacheRun, Setup, TestVector, cache_run};
use cardlab_sim::leon2::{CacheConfig, MemoryConfig};
use cardlab_sim::target::BootOptions;
use rayon::prelude::*;
use serde::Serialize;

/// The cache sizes of seed 003's Figures 2 and 3, KiB per cache.
pub const SIZES_KIB: [u32; 5] = [1, 2, 4, 8, 16];

/// One operation of one variant at one cache size, cold or warm.
#[derive(Debug, Clone, Serialize)]
pub struct SweepPoint {
    pub variant: String,
    pub op: Op,
    pub cache_kib: u32,
    pub warm: bool,
    /// What the vectors gave, or the first failure.
    pub run: Result<CacheRun, String>,
}

/// The operations a sweep measures: encryption and decryption, however
/// the variant offers them.
fn swept_ops(m: &Manifest) -> Vec<Op> {
    [
        Op::Encrypt,
        Op::EncryptWithKeySetup,
        Op::Decrypt,
        Op::DecryptWithKeySetup,
    ]
    .into_iter()
    .filter(|op| m.ops.contains_key(op))
    .collect()
}

fn setup(kib: u32, warm: bool) -> Setup {
    let cache = CacheConfig {
        way_bytes: kib * 1024,
        ..CacheConfig::REFERENCE
    };
    Setup {
        boot: BootOptions {
            leon2_memory: Some(MemoryConfig {
                icache: Some(cache),
                dcache: Some(cache),
                ..MemoryConfig::default()
            }),
        },
        warm,
    }
}

/// Sweep every built LEON2 variant (AES-128) over [`SIZES_KIB`], cold and
/// warm, on `vectors`.
pub fn sweep(variants: &[(&Manifest, &Built)], vectors: &[TestVector]) -> Vec<SweepPoint> {
    let points: Vec<(&Manifest, &Built, Op, u32, bool)> = variants
        .iter()
        .filter(|(m, _)| m.target.has_caches())
        .flat_map(|&(m, b)| {
            swept_ops(m).into_iter().flat_map(move |op| {
                SIZES_KIB
                    .into_iter()
                    .flat_map(move |kib| [false, true].map(|warm| (m, b, op, kib, warm)))
            })
        })
        .collect();
    points
        .par_iter()
        .map(|&(m, b, op, kib, warm)| SweepPoint {
            variant: m.variant.clone(),
            op,
            cache_kib: kib,
            warm,
            run: cache_run(b, m, op, vectors, &setup(kib, warm)),
        })
        .collect()
}

/// Per variant: whether its D-cache hit/miss sequence was the same for
/// every key and block at every swept size, cold and warm (None if any
/// point failed).
pub fn verdicts(points: &[SweepPoint]) -> Vec<(String, Option<bool>)> {
    let mut out: Vec<(String, Option<bool>)> = vec![];
    for p in points {
        let constant = p.run.as_ref().ok().map(|r| r.dcache_pattern_constant);
        match out.iter_mut().find(|(v, _)| *v == p.variant) {
            Some((_, c)) => *c = c.zip(constant).map(|(a, b)| a && b),
            None => out.push((p.variant.clone(), constant)),
        }
    }
    out
}

/// The sweep as CSV.
pub fn csv(points: &[SweepPoint]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(vec![]);
    w.write_record([
        "variant",
        "operation",
        "cache KiB",
        "caches",
        "cycles min",
        "cycles max",
        "D-cache misses min",
        "D-cache misses max",
        "D-cache pattern",
    ])?;
    for p in points {
        let mut rec = vec![
            p.variant.clone(),
            p.op.name().to_string(),
            p.cache_kib.to_string(),
            if p.warm { "warm" } else { "cold" }.to_string(),
        ];
        match &p.run {
            Ok(r) => rec.extend([
                r.cycles_min.to_string(),
                r.cycles_max.to_string(),
                r.dcache_misses_min.to_string(),
                r.dcache_misses_max.to_string(),
                if r.dcache_pattern_constant {
                    "constant"
                } else {
                    "depends on key and block"
                }
                .to_string(),
            ]),
            Err(e) => rec.extend([
                "FAIL".into(),
                e.clone(),
                String::new(),
                String::new(),
                String::new(),
            ]),
        }
        w.write_record(rec)?;
    }
    Ok(String::from_utf8(w.into_inner().map_err(|e| e.into_error())?).expect("CSV is UTF-8"))
}
