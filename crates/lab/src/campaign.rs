//! Measuring a set of variants at once, on every core: each manifest built,
//! then each job (variant × key size × operation) measured on every vector.
//!
//! Builds, jobs and the vectors inside a job are independent, so they run
//! in parallel; everything comes back in manifest order (and, inside a job,
//! in vector order) whatever the scheduling, so every figure and every byte
//! of output is the same from run to run and from one core to many.

use crate::build::{BuildError, Built, build};
use crate::manifest::{Manifest, Op};
use crate::measure::{Row, TestVector, measure, vectors};
use cardlab_ciphers::Algorithm;
use cardlab_ciphers::kat::KatError;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// One unit of work: an operation of a variant at one key size.
#[derive(Debug, Clone, Copy)]
pub struct Job<'a> {
    pub manifest: &'a Manifest,
    pub key_bits: usize,
    pub op: Op,
}

/// Told how the work goes; called from any thread.
pub trait Progress: Sync {
    /// The builds are done and `jobs` measurements are about to run.
    fn start(&self, _jobs: u64) {}
    /// One measurement finished.
    fn finished(&self, _job: &Job) {}
}

/// Progress nobody watches.
pub struct Silent;
impl Progress for Silent {}

#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error("{0}")]
    Build(#[from] BuildError),
    #[error("{0}")]
    Vectors(#[from] KatError),
}

/// Every job of `manifests` with its manifest's index, in manifest order,
/// then key size, then operation (the manifest's `ops` order).
fn jobs(manifests: &[Manifest]) -> Vec<(usize, Job<'_>)> {
    manifests
        .iter()
        .enumerate()
        .flat_map(|(i, m)| {
            m.key_bits.iter().flat_map(move |&key_bits| {
                m.ops.keys().map(move |&op| {
                    let job = Job {
                        manifest: m,
                        key_bits,
                        op,
                    };
                    (i, job)
                })
            })
        })
        .collect()
}

/// Build every manifest; the first failure in manifest order is the error.
pub fn build_all(manifests: &[Manifest]) -> Result<Vec<Built>, BuildError> {
    let results: Vec<Result<Built, BuildError>> = manifests.par_iter().map(build).collect();
    results.into_iter().collect()
}

/// The test vectors of every (cipher, key size) the jobs need, each read
/// and computed once.
fn vector_sets(
    dir: &Path,
    jobs: &[(usize, Job)],
) -> Result<BTreeMap<(Algorithm, usize), Vec<TestVector>>, KatError> {
    let mut keys: Vec<(Algorithm, usize)> = jobs
        .iter()
        .map(|(_, j)| (j.manifest.algorithm, j.key_bits))
        .collect();
    keys.sort();
    keys.dedup();
    let sets: Vec<Result<Vec<TestVector>, KatError>> = keys
        .par_iter()
        .map(|&(algorithm, bits)| vectors(dir, algorithm, bits))
        .collect();
    keys.into_iter()
        .zip(sets)
        .map(|(k, set)| set.map(|s| (k, s)))
        .collect()
}

/// What a campaign gives: one row per job, in [`jobs`] order, and each
/// manifest's build, in manifest order (for more runs on the same images).
pub struct Campaign {
    pub rows: Vec<Row>,
    pub built: Vec<Built>,
}

/// Build and measure every variant of `manifests` against the vectors in
/// `vectors_dir`.
pub fn run(
    manifests: &[Manifest],
    vectors_dir: &Path,
    progress: &dyn Progress,
) -> Result<Campaign, CampaignError> {
    let built = build_all(manifests)?;
    let jobs = jobs(manifests);
    let sets = vector_sets(vectors_dir, &jobs)?;
    progress.start(jobs.len() as u64);
    let rows = jobs
        .par_iter()
        .map(|(i, job)| {
            let m = job.manifest;
            let set = &sets[&(m.algorithm, job.key_bits)];
            let row = measure(&built[*i], m, job.op, job.key_bits, set);
            progress.finished(job);
            row
        })
        .collect();
    Ok(Campaign { rows, built })
}
