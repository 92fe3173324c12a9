//! Welch's t-test, fixed against random (Goodwill et al., "A testing
//! methodology for side-channel resistance validation", NIST NIAT 2011),
//! first order and second order (univariate on centred squares, bivariate
//! on centred products; Schneider and Moradi, "Leakage assessment
//! methodology", CHES 2015), from exact moments.
//!
//! Samples are small integers, so each class keeps the integer power sums
//! Σx, Σx², Σx³, Σx⁴ per sample (and the cross sums of the pairs a
//! bivariate test needs): one pass, no rounding at all while traces are
//! added, and merging two accumulators is adding integers, so a campaign
//! split into chunks in any way gives the same bits. The central moments
//! are formed from those sums at the end in exact big-integer arithmetic
//! (the raw-sum formulas that lose everything in floating point lose
//! nothing there), and only the final ratio is rounded to f64.

use num_bigint::BigInt;
use serde::{Deserialize, Serialize};

/// The threshold of TVLA: a sample leaks if |t| exceeds it in both halves.
pub const THRESHOLD: f64 = 4.5;

/// The two input classes of the test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Fixed = 0,
    Random = 1,
}

/// Exact power sums of one class, per sample.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassSums {
    pub n: u64,
    /// `s[k][i]` = Σ xᵢ^(k+1) over the class's traces.
    pub s: [Vec<u128>; 4],
}

impl ClassSums {
    pub fn len(&self) -> usize {
        self.s[0].len()
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Make room for `len` samples; traces shorter than others count as
    /// zeros past their end, which is what the sums already say.
    fn grow(&mut self, len: usize) {
        if self.len() < len {
            for s in &mut self.s {
                s.resize(len, 0);
            }
        }
    }

    pub fn add(&mut self, trace: &[u16]) {
        self.grow(trace.len());
        self.n += 1;
        let [s1, s2, s3, s4] = &mut self.s;
        for (i, &x) in trace.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let x = x as u128;
            let x2 = x * x;
            s1[i] += x;
            s2[i] += x2;
            s3[i] += x2 * x;
            s4[i] += x2 * x2;
        }
    }

    pub fn merge(&mut self, other: &ClassSums) {
        self.grow(other.len());
        self.n += other.n;
        for (mine, theirs) in self.s.iter_mut().zip(&other.s) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }

    /// The mean and unbiased variance, at `i`, of the sample (order 1) or
    /// of its centred square (order 2).
    fn mean_var(&self, i: usize, order: u8) -> (f64, f64) {
        let n = BigInt::from(self.n);
        let get = |k: usize| BigInt::from(self.s[k].get(i).copied().unwrap_or(0));
        let (s1, s2) = (get(0), get(1));
        // c2 = n² · (biased variance): n·Σx² − (Σx)².
        let c2 = &n * &s2 - &s1 * &s1;
        let nf = self.n as f64;
        let correction = nf / (nf - 1.0);
        match order {
            1 => (ratio(&s1, &n), ratio(&c2, &(&n * &n)) * correction),
            _ => {
                let (s3, s4) = (get(2), get(3));
                // c4 = n⁴ · E[(x − μ)⁴].
                let c4 = &n * &n * &n * &s4 - 4 * &n * &n * &s1 * &s3 + 6 * &n * &s1 * &s1 * &s2
                    - 3 * &s1 * &s1 * &s1 * &s1;
                let n2 = &n * &n;
                let n4 = &n2 * &n2;
                // The centred square's mean is c2/n², its variance
                // E[(x−μ)⁴] − E[(x−μ)²]² = (c4 − c2²)/n⁴.
                let var = &c4 - &c2 * &c2;
                (ratio(&c2, &n2), ratio(&var, &n4) * correction)
            }
        }
    }
}

/// `a / b` rounded once.
fn ratio(a: &BigInt, b: &BigInt) -> f64 {
    // Both may exceed f64's exact range; scale so the quotient is exact to
    // f64 precision before the division.
    use num_traits::ToPrimitive;
    let bits = a.bits().max(b.bits());
    if bits <= 1000 {
        return a.to_f64().unwrap_or(f64::NAN) / b.to_f64().unwrap_or(f64::NAN);
    }
    let shift = bits - 1000;
    (a >> shift).to_f64().unwrap_or(f64::NAN) / (b >> shift).to_f64().unwrap_or(f64::NAN)
}

/// Welch's t between two classes' (mean, variance, count); `None` when
/// both classes are constant and equal there: the sample does not depend
/// on the data (not t = 0). Constant but different classes give ±∞.
fn welch((ma, va, na): (f64, f64, u64), (mb, vb, nb): (f64, f64, u64)) -> Option<f64> {
    let se = (va / na as f64 + vb / nb as f64).sqrt();
    if se == 0.0 {
        return match ma == mb {
            true => None,
            false => Some(if ma > mb {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            }),
        };
    }
    Some((ma - mb) / se)
}

/// Per-sample t between the fixed and the random class, of the samples
/// (order 1) or their centred squares (order 2).
pub fn t_trace(fixed: &ClassSums, random: &ClassSums, order: u8) -> Vec<Option<f64>> {
    let len = fixed.len().max(random.len());
    if fixed.n < 2 || random.n < 2 {
        return vec![None; len];
    }
    (0..len)
        .map(|i| {
            let (ma, va) = fixed.mean_var(i, order);
            let (mb, vb) = random.mean_var(i, order);
            welch((ma, va, fixed.n), (mb, vb, random.n))
        })
        .collect()
}

/// Exact cross sums of sample pairs (i, i + d), 1 ≤ d ≤ window, within
/// `range`: what a bivariate second-order test needs besides [`ClassSums`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairSums {
    pub start: usize,
    pub end: usize,
    pub window: usize,
    /// Per pair, Σxy, Σx²y, Σxy², Σx²y², pair (i, i+d) at
    /// `((i − start) · window + d − 1) · 4`.
    pub p: Vec<u128>,
}

impl PairSums {
    pub fn new(start: usize, end: usize, window: usize) -> PairSums {
        PairSums {
            start,
            end,
            window,
            p: vec![0; (end - start) * window * 4],
        }
    }

    pub fn add(&mut self, trace: &[u16]) {
        let at = |i: usize| trace.get(i).copied().unwrap_or(0) as u128;
        for i in self.start..self.end {
            let x = at(i);
            if x == 0 {
                continue;
            }
            let base = (i - self.start) * self.window * 4;
            for d in 1..=self.window {
                let y = at(i + d);
                if y == 0 {
                    continue;
                }
                let (xy, o) = (x * y, base + (d - 1) * 4);
                self.p[o] += xy;
                self.p[o + 1] += xy * x;
                self.p[o + 2] += xy * y;
                self.p[o + 3] += xy * x * y;
            }
        }
    }

    pub fn merge(&mut self, other: &PairSums) {
        for (a, b) in self.p.iter_mut().zip(&other.p) {
            *a += b;
        }
    }

    /// Mean and unbiased variance of the centred product of pair (i, i+d).
    fn mean_var(&self, class: &ClassSums, i: usize, d: usize) -> (f64, f64) {
        let o = ((i - self.start) * self.window + d - 1) * 4;
        let big = |v: u128| BigInt::from(v);
        let [p11, p21, p12, p22] = [0, 1, 2, 3].map(|k| big(self.p[o + k]));
        let get = |k: usize, j: usize| big(class.s[k].get(j).copied().unwrap_or(0));
        let (a, qa, b, qb) = (get(0, i), get(1, i), get(0, i + d), get(1, i + d));
        let n = BigInt::from(class.n);
        let n2 = &n * &n;
        // n²·E[z] = n·Σxy − Σx·Σy.
        let m = &n * &p11 - &a * &b;
        // n⁴·E[z²], expanded with μx = a/n, μy = b/n.
        let e2 = &n2 * &n * &p22 - 2 * &n2 * &b * &p21 - 2 * &n2 * &a * &p12
            + &n * &b * &b * &qa
            + &n * &a * &a * &qb
            + 4 * &n * &a * &b * &p11
            - 3 * &a * &a * &b * &b;
        let var = e2 - &m * &m;
        let nf = class.n as f64;
        (ratio(&m, &n2), ratio(&var, &(&n2 * &n2)) * nf / (nf - 1.0))
    }

    /// The bivariate t of every pair, as ((i, i + d), t).
    pub fn t_pairs(
        fixed: (&ClassSums, &PairSums),
        random: (&ClassSums, &PairSums),
    ) -> Vec<((usize, usize), Option<f64>)> {
        let p = fixed.1;
        let mut out = Vec::with_capacity((p.end - p.start) * p.window);
        for i in p.start..p.end {
            for d in 1..=p.window {
                let (ma, va) = fixed.1.mean_var(fixed.0, i, d);
                let (mb, vb) = random.1.mean_var(random.0, i, d);
                out.push(((i, i + d), welch((ma, va, fixed.0.n), (mb, vb, random.0.n))));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook two-pass computation in f64, for comparison.
    fn naive(a: &[f64], b: &[f64]) -> f64 {
        let mv = |x: &[f64]| {
            let m = x.iter().sum::<f64>() / x.len() as f64;
            let v = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() - 1) as f64;
            (m, v)
        };
        let ((ma, va), (mb, vb)) = (mv(a), mv(b));
        (ma - mb) / (va / a.len() as f64 + vb / b.len() as f64).sqrt()
    }

    fn lcg(s: &mut u64) -> u16 {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*s >> 58) as u16
    }

    fn classes(traces: usize, len: usize, bias: u16) -> (Vec<Vec<u16>>, Vec<Vec<u16>>) {
        let mut s = 7;
        let mut draw = |extra: u16| -> Vec<u16> {
            (0..len)
                .map(|i| lcg(&mut s) + if i == 1 { extra } else { 0 })
                .collect()
        };
        let fixed = (0..traces).map(|_| draw(bias)).collect();
        let random = (0..traces).map(|_| draw(0)).collect();
        (fixed, random)
    }

    fn sums(traces: &[Vec<u16>]) -> ClassSums {
        let mut c = ClassSums::default();
        traces.iter().for_each(|t| c.add(t));
        c
    }

    #[test]
    fn first_order_t_equals_the_two_pass_formula() {
        let (f, r) = classes(300, 3, 20);
        let t = t_trace(&sums(&f), &sums(&r), 1);
        for (i, got) in t.iter().enumerate() {
            let col = |ts: &[Vec<u16>]| ts.iter().map(|t| t[i] as f64).collect::<Vec<_>>();
            let expected = naive(&col(&f), &col(&r));
            let got = got.unwrap();
            assert!(
                (got - expected).abs() < 1e-9 * expected.abs().max(1.0),
                "{got} vs {expected}"
            );
        }
        assert!(t[1].unwrap().abs() > THRESHOLD, "the biased sample leaks");
    }

    #[test]
    fn second_order_t_equals_the_two_pass_formula_on_centred_squares() {
        let (f, r) = classes(300, 3, 0);
        let t = t_trace(&sums(&f), &sums(&r), 2);
        for (i, got) in t.iter().enumerate() {
            let centred = |ts: &[Vec<u16>]| {
                let m = ts.iter().map(|t| t[i] as f64).sum::<f64>() / ts.len() as f64;
                ts.iter()
                    .map(|t| (t[i] as f64 - m).powi(2))
                    .collect::<Vec<_>>()
            };
            let expected = naive(&centred(&f), &centred(&r));
            assert!((got.unwrap() - expected).abs() < 1e-9, "{i}");
        }
    }

    #[test]
    fn bivariate_t_equals_the_two_pass_formula_on_centred_products() {
        let (f, r) = classes(200, 4, 3);
        let pair_sums = |ts: &[Vec<u16>]| {
            let mut p = PairSums::new(0, 2, 2);
            ts.iter().for_each(|t| p.add(t));
            p
        };
        let (cf, cr, pf, pr) = (sums(&f), sums(&r), pair_sums(&f), pair_sums(&r));
        for ((i, j), t) in PairSums::t_pairs((&cf, &pf), (&cr, &pr)) {
            let products = |ts: &[Vec<u16>]| {
                let n = ts.len() as f64;
                let mi = ts.iter().map(|t| t[i] as f64).sum::<f64>() / n;
                let mj = ts.iter().map(|t| t[j] as f64).sum::<f64>() / n;
                ts.iter()
                    .map(|t| (t[i] as f64 - mi) * (t[j] as f64 - mj))
                    .collect::<Vec<_>>()
            };
            let expected = naive(&products(&f), &products(&r));
            assert!((t.unwrap() - expected).abs() < 1e-9, "({i},{j})");
        }
    }

    #[test]
    fn constant_samples_are_data_independent_not_zero() {
        let zeros = vec![vec![0u16, 3]; 10];
        let c = sums(&zeros);
        assert_eq!(t_trace(&c, &c, 1), [None, None]);
        let other = sums(&vec![vec![0u16, 4]; 10]);
        assert_eq!(t_trace(&c, &other, 1)[1], Some(f64::NEG_INFINITY));
    }

    #[test]
    fn merging_chunks_gives_the_same_sums_as_one_pass() {
        let (f, _) = classes(50, 5, 1);
        let mut merged = sums(&f[..17]);
        merged.merge(&sums(&f[17..]));
        assert_eq!(merged, sums(&f));
    }

    #[test]
    fn a_million_large_samples_lose_nothing() {
        // Huge, nearly equal sums: the raw-moment formula in f64 cancels
        // to noise here; the exact one gives the two-point variance.
        let mut c = ClassSums::default();
        for k in 0..1_000_000u32 {
            c.add(&[60_000 + (k & 1) as u16]);
        }
        let (m, v) = c.mean_var(0, 1);
        assert_eq!(m, 60_000.5);
        assert!((v - 0.25 * 1e6 / 999_999.0).abs() < 1e-12, "{v}");
        let (m2, v2) = c.mean_var(0, 2);
        assert_eq!(m2, 0.25);
        assert!(v2.abs() < 1e-12, "(x-μ)² is 0.25 for every trace: {v2}");
    }
}
