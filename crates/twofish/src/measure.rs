//! Host cycles per key setup and per block for each keying option: the
//! x86-64 time-stamp counter around each call, the median of many calls
//! taken round after round over all the options measured together
//! (seed 001 Tables 1 and 2 give Pentium Pro clocks). The counter ticks at
//! the processor's nominal clock on CPUs with an invariant TSC (the kernel
//! lists `constant_tsc`), so a tick is a cycle at that clock; other
//! machines have no counter here and measure nothing.

use crate::{KeyError, Keying, Twofish};

/// One option at one key size: median cycles.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct HostFigures {
    pub keying: Keying,
    pub key_bits: usize,
    pub key_setup_cycles: u64,
    pub encrypt_cycles: u64,
}

/// Calls timed per figure; the median is reported.
pub const RUNS: usize = ROUNDS * BATCH;

/// The cycle counter, if this machine has one.
pub fn counter() -> Option<fn() -> u64> {
    #[cfg(target_arch = "x86_64")]
    {
        Some(|| {
            // SAFETY: RDTSC and LFENCE exist on every x86-64 CPU; the
            // fences keep the calls being timed between the two reads.
            unsafe {
                std::arch::x86_64::_mm_lfence();
                let t = std::arch::x86_64::_rdtsc();
                std::arch::x86_64::_mm_lfence();
                t
            }
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v[v.len() / 2]
}

/// Rounds of [`measure_interleaved`]: every option is timed once per
/// round, so a slow stretch of the machine (a clock change, another
/// process) falls on all of them alike and their ratios hold.
pub const ROUNDS: usize = 87;

/// Calls timed per option and figure in one round; ROUNDS × BATCH = RUNS.
const BATCH: usize = 23;

/// One option being measured: its instance, its key and its samples.
struct Subject<'a> {
    twofish: Twofish,
    key: &'a [u8],
    key_setup: Vec<u64>,
    encrypt: Vec<u64>,
}

/// Time `f` `BATCH` times into `samples`, each call minus `overhead`.
fn time_batch(now: fn() -> u64, overhead: u64, samples: &mut Vec<u64>, f: &mut dyn FnMut()) {
    for _ in 0..BATCH {
        let start = now();
        f();
        samples.push(now().wrapping_sub(start).saturating_sub(overhead));
    }
}

/// Time key setup and one block's encryption of every (option, key) of
/// `subjects` interleaved: [`ROUNDS`] rounds, each timing every option in
/// turn, after one untimed round to warm the caches; each figure is the
/// median of its [`RUNS`] calls, minus the cost of reading the counter
/// twice. `None` on a machine without a counter; an option whose key is
/// refused is that error and takes no part.
pub fn measure_interleaved(
    subjects: &[(Keying, &[u8])],
) -> Vec<Result<Option<HostFigures>, KeyError>> {
    let Some(now) = counter() else {
        return subjects.iter().map(|_| Ok(None)).collect();
    };
    let mut ready: Vec<Result<Subject, KeyError>> = (subjects.iter())
        .map(|&(keying, key)| {
            Twofish::new(keying, key).map(|twofish| Subject {
                twofish,
                key,
                key_setup: Vec::with_capacity(RUNS),
                encrypt: Vec::with_capacity(RUNS),
            })
        })
        .collect();
    let overhead = median(
        (0..RUNS)
            .map(|_| now().wrapping_neg().wrapping_add(now()))
            .collect(),
    );
    for round in 0..=ROUNDS {
        for subject in ready.iter_mut().flatten() {
            let Subject {
                twofish,
                key,
                key_setup,
                encrypt,
            } = subject;
            let mut block = [0u8; 16];
            time_batch(now, overhead, key_setup, &mut || {
                twofish
                    .set_key(std::hint::black_box(key))
                    .expect("accepted by new")
            });
            time_batch(now, overhead, encrypt, &mut || {
                twofish.encrypt(std::hint::black_box(&mut block))
            });
            if round == 0 {
                // the warm-up round is not counted
                key_setup.clear();
                encrypt.clear();
            }
        }
    }
    (subjects.iter().zip(ready))
        .map(|(&(keying, key), subject)| {
            let s = subject?;
            Ok(Some(HostFigures {
                keying,
                key_bits: key.len() * 8,
                key_setup_cycles: median(s.key_setup),
                encrypt_cycles: median(s.encrypt),
            }))
        })
        .collect()
}

/// [`measure_interleaved`] of one option alone.
pub fn measure(keying: Keying, key: &[u8]) -> Result<Option<HostFigures>, KeyError> {
    measure_interleaved(&[(keying, key)])
        .pop()
        .expect("one figure per subject")
}
