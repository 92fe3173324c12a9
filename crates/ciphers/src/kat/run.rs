//! Running vectors against the oracles and summarising per file and key size.

use super::{Check, Index, IndexEntry, KatError, Vector, parse};
use crate::BlockCipher;
use rayon::prelude::*;
use serde::Serialize;

/// Checks costing more block operations than this count as slow.
const SLOW: u64 = 5_000;

#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// Run at most this many slow checks (Monte Carlo) per file and key size;
    /// the rest are counted as skipped. `None` runs everything.
    pub max_slow: Option<usize>,
}

/// One row of the `kat` table: a cipher at one key size in one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileReport {
    pub cipher: String,
    pub key_bits: usize,
    pub file: String,
    pub source: String,
    pub vectors: usize,
    pub passed: usize,
    pub skipped: usize,
    /// The first vector that did not match, with what differed.
    pub first_failure: Option<String>,
}

/// Check one vector; the error says what differed.
pub fn check(v: &Vector) -> Result<(), String> {
    let cipher = v
        .algorithm
        .new_cipher(v.check.key())
        .map_err(|e| e.to_string())?;
    let c = cipher.as_ref();
    let bs = v.algorithm.block_bytes();
    match &v.check {
        Check::Pair { pt, ct, .. } => {
            if pt.len() != ct.len() || pt.len() % bs != 0 {
                return Err(format!(
                    "plaintext and ciphertext must be whole {bs}-byte blocks"
                ));
            }
            for (p, want) in pt.chunks(bs).zip(ct.chunks(bs)) {
                let mut b = p.to_vec();
                c.encrypt_block(&mut b);
                expect("encrypt", &b, want)?;
                c.decrypt_block(&mut b);
                expect("decrypt", &b, p)?;
                b.copy_from_slice(p);
                c.encrypt_with_round_keys(&mut b);
                expect("encrypt from round keys", &b, want)?;
            }
            Ok(())
        }
        Check::Iterated {
            input,
            output,
            count,
            decrypt,
            ..
        } => {
            let mut b = input.clone();
            for _ in 0..*count {
                op(c, &mut b, *decrypt);
            }
            expect(&format!("{count} chained operations"), &b, output)
        }
        Check::MonteCarlo {
            key,
            input,
            output,
            outer,
            inner,
            decrypt,
        } => {
            let got = monte_carlo(v, key, input, *outer, *inner, *decrypt)?;
            expect("Monte Carlo result", &got, output)
        }
        Check::RoundKeys {
            part,
            offset,
            words,
            ..
        } => {
            let rk = c.round_keys();
            let p = rk
                .part(part)
                .ok_or_else(|| format!("cipher has no round-key part {part}"))?;
            let got = p
                .words
                .get(*offset..offset + words.len())
                .ok_or("round-key part too short")?;
            if got == words.as_slice() {
                Ok(())
            } else {
                let fmt = |w: &[u64]| {
                    w.iter()
                        .map(|x| format!("{x:0w$X}", w = p.word_bits as usize / 4))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                Err(format!(
                    "round keys {part}[{offset}..]: expected {}, got {}",
                    fmt(words),
                    fmt(got)
                ))
            }
        }
    }
}

fn op(c: &dyn BlockCipher, b: &mut [u8], decrypt: bool) {
    if decrypt {
        c.decrypt_block(b)
    } else {
        c.encrypt_block(b)
    }
}

/// The NIST AES-candidate ECB Monte Carlo test (encrypt or decrypt).
fn monte_carlo(
    v: &Vector,
    key: &[u8],
    input: &[u8],
    outer: u32,
    inner: u32,
    decrypt: bool,
) -> Result<Vec<u8>, String> {
    let mut key = key.to_vec();
    let mut x = input.to_vec();
    let mut prev = x.clone();
    for _ in 0..outer {
        let cipher = v.algorithm.new_cipher(&key).map_err(|e| e.to_string())?;
        for _ in 0..inner {
            prev.copy_from_slice(&x);
            op(cipher.as_ref(), &mut x, decrypt);
        }
        // KEY ^= the last key-length bits of (prev || x).
        let tail: Vec<u8> = prev.iter().chain(&x).copied().collect();
        let tail = &tail[tail.len() - key.len()..];
        key.iter_mut().zip(tail).for_each(|(k, t)| *k ^= t);
    }
    Ok(x)
}

fn expect(what: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "{what}: expected {}, got {}",
            hex::encode_upper(want),
            hex::encode_upper(got)
        ))
    }
}

/// Read and parse the vectors of one index entry.
pub fn load_entry(index: &Index, entry: &IndexEntry) -> Result<Vec<Vector>, KatError> {
    let path = index.root.join(&entry.path);
    let text = std::fs::read_to_string(&path).map_err(|e| KatError::Unreadable {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    parse(entry, &path, &text)
}

/// Parse and run one file of the index, one report per cipher and key size
/// in the order they first appear. The vectors run on every core (a Monte
/// Carlo file is a few slow records of one key size each); which ones run
/// and the first failure of each report are decided in file order, so the
/// reports are the same as a run one vector after another.
pub fn run_entry(
    index: &Index,
    entry: &IndexEntry,
    options: RunOptions,
) -> Result<Vec<FileReport>, KatError> {
    let vectors = load_entry(index, entry)?;
    let (mut reports, plan) = plan_entry(entry, &vectors, options);
    let outcomes: Vec<Option<Result<(), String>>> = vectors
        .par_iter()
        .zip(&plan)
        .map(|(v, step)| step.run.then(|| check(v)))
        .collect();
    for ((v, step), outcome) in vectors.iter().zip(&plan).zip(outcomes) {
        let report = &mut reports[step.report];
        match outcome {
            None => report.skipped += 1,
            Some(Ok(())) => report.passed += 1,
            Some(Err(e)) if report.first_failure.is_none() => {
                report.first_failure = Some(format!("{}: {e}", v.label))
            }
            Some(Err(_)) => {}
        }
    }
    Ok(reports)
}

/// Where one vector of a file is counted, and whether it runs.
struct Step {
    report: usize,
    run: bool,
}

/// One empty report per cipher and key size of the file, in order of first
/// appearance, with every vector counted in its own; a slow vector past
/// `options.max_slow` for its report is marked to be skipped.
fn plan_entry(
    entry: &IndexEntry,
    vectors: &[Vector],
    options: RunOptions,
) -> (Vec<FileReport>, Vec<Step>) {
    let mut reports: Vec<FileReport> = Vec::new();
    let mut slow_run: Vec<usize> = Vec::new();
    let mut plan = Vec::with_capacity(vectors.len());
    for v in vectors {
        let (cipher, key_bits) = (v.algorithm.to_string(), v.key_bits());
        let pos = match reports
            .iter()
            .position(|r| r.cipher == cipher && r.key_bits == key_bits)
        {
            Some(p) => p,
            None => {
                reports.push(FileReport {
                    cipher,
                    key_bits,
                    file: entry.path.display().to_string(),
                    source: entry.source.clone(),
                    vectors: 0,
                    passed: 0,
                    skipped: 0,
                    first_failure: None,
                });
                slow_run.push(0);
                reports.len() - 1
            }
        };
        reports[pos].vectors += 1;
        let mut run = true;
        if v.check.cost() > SLOW {
            run = options.max_slow.is_none_or(|max| slow_run[pos] < max);
            slow_run[pos] += run as usize;
        }
        plan.push(Step { report: pos, run });
    }
    (reports, plan)
}
