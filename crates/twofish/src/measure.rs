//! Host cycles per key setup and per block for each keying option: the
//! x86-64 time-stamp counter around each call, the median of many calls
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
pub const RUNS: usize = 2001;

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

/// Time key setup and one block's encryption of `keying` with `key`
/// ([`RUNS`] each, after as many untimed calls to warm the caches), minus
/// the cost of reading the counter twice.
pub fn measure(keying: Keying, key: &[u8]) -> Result<Option<HostFigures>, KeyError> {
    let Some(now) = counter() else {
        return Ok(None);
    };
    let mut t = Twofish::new(keying, key)?;
    let overhead = median(
        (0..RUNS)
            .map(|_| now().wrapping_neg().wrapping_add(now()))
            .collect(),
    );
    let time = |f: &mut dyn FnMut()| {
        (0..RUNS).for_each(|_| f());
        let v = (0..RUNS)
            .map(|_| {
                let start = now();
                f();
                now().wrapping_sub(start).saturating_sub(overhead)
            })
            .collect();
        median(v)
    };
    let key_setup_cycles = time(&mut || t.set_key(std::hint::black_box(key)).expect("checked"));
    let mut block = [0u8; 16];
    let encrypt_cycles = time(&mut || t.encrypt(std::hint::black_box(&mut block)));
    Ok(Some(HostFigures {
        keying,
        key_bits: key.len() * 8,
        key_setup_cycles,
        encrypt_cycles,
    }))
}
