//! Twofish's keying options: how much of the key-dependent work to do at
//! key setup, traded against table memory and encryption speed (Twofish
//! paper §5.1 "Performance on large microprocessors"; seed 001 Tables 1
//! and 2 measure them on the Pentium Pro).
//!
//! Every option precomputes the 40 subkeys (K0..K7 whitening, K8..K39 the
//! rounds) with the fixed [`tables::QMDS`] tables; they differ in what
//! they precompute of g's four key-dependent S-boxes s_j (for a key of k
//! words, byte j of g runs q layers k..1, each followed by an XOR with a
//! byte of the S-box key, then layer 0 and the MDS matrix):
//!
//! | option | key setup adds | g per byte |
//! |---|---|---|
//! | zero | nothing | k q lookups and k XORs, then QMDS |
//! | minimal | 1 KB: layers k..2 with their key bytes | table, one q, one XOR, QMDS |
//! | partial | 1 KB: the whole key-dependent part | table, QMDS |
//! | partial-256k | partial, its two last layers read from 256 KB of fixed tables indexed by (key byte, x) | table, QMDS |
//! | full | 4 KB: S-box and MDS column in one u32 table | table |
//! | compiled | full, and the subkeys written into the immediates of generated x86-64 code | table |
//!
//! [`card`] serialises the same precomputations as the key material seed
//! 001's large-memory 6805 cards receive from the host.

pub mod card;
#[cfg(target_arch = "x86_64")]
mod compiled;
pub mod measure;
pub mod tables;

use std::sync::OnceLock;
use tables::{QMDS, RS, RS_POLY, gf_mul, layer};

/// A keying option of seed 001 Tables 1 and 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Keying {
    Compiled,
    Full,
    Partial,
    /// Partial keying with 256 KB of fixed tables (seed 001 Table 2).
    Partial256k,
    Minimal,
    Zero,
}

impl Keying {
    /// In seed 001 Table 1's order (most key setup first).
    pub const ALL: [Keying; 6] = [
        Keying::Compiled,
        Keying::Full,
        Keying::Partial,
        Keying::Partial256k,
        Keying::Minimal,
        Keying::Zero,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Keying::Compiled => "compiled",
            Keying::Full => "full",
            Keying::Partial => "partial",
            Keying::Partial256k => "partial-256k",
            Keying::Minimal => "minimal",
            Keying::Zero => "zero",
        }
    }

    /// Whether this machine can run it (compiled keying generates x86-64).
    pub fn available(self) -> bool {
        self != Keying::Compiled || cfg!(target_arch = "x86_64")
    }
}

impl std::fmt::Display for Keying {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyError {
    #[error("a Twofish key is 16, 24 or 32 bytes, not {0}")]
    Length(usize),
    #[error("compiled keying generates x86-64 code; this machine is not x86-64")]
    NoCompiler,
}

/// The key schedule's fixed part: subkeys and the S-box key.
#[derive(Clone)]
struct Schedule {
    /// Key words / 2: 2, 3 or 4.
    k: usize,
    subkeys: [u32; 40],
    /// g's list L0..L(k-1) = S(k-1)..S0 as bytes (L(t-1) follows layer t).
    l: [[u8; 4]; 4],
    /// The RS words S0..S(k-1), little-endian.
    s: [u32; 4],
}

impl Schedule {
    fn new(key: &[u8]) -> Result<Schedule, KeyError> {
        if !matches!(key.len(), 16 | 24 | 32) {
            return Err(KeyError::Length(key.len()));
        }
        let k = key.len() / 8;
        let word = |i: usize| u32::from_le_bytes(key[4 * i..4 * i + 4].try_into().unwrap());
        let mut s = [0u32; 4];
        for (i, chunk) in key.chunks_exact(8).enumerate() {
            let v: [u8; 4] = std::array::from_fn(|r| {
                (0..8).fold(0, |acc, c| acc ^ gf_mul(RS[r][c], chunk[c], RS_POLY))
            });
            s[i] = u32::from_le_bytes(v);
        }
        let mut l = [[0u8; 4]; 4];
        for t in 0..k {
            l[t] = s[k - 1 - t].to_le_bytes();
        }
        let me: [[u8; 4]; 4] = std::array::from_fn(|t| {
            if t < k {
                word(2 * t).to_le_bytes()
            } else {
                [0; 4]
            }
        });
        let mo: [[u8; 4]; 4] = std::array::from_fn(|t| {
            if t < k {
                word(2 * t + 1).to_le_bytes()
            } else {
                [0; 4]
            }
        });
        let mut subkeys = [0u32; 40];
        for i in 0..20u8 {
            let a = h_bytes(2 * i, &me, k);
            let b = h_bytes(2 * i + 1, &mo, k).rotate_left(8);
            subkeys[2 * i as usize] = a.wrapping_add(b);
            subkeys[2 * i as usize + 1] = a.wrapping_add(b.wrapping_mul(2)).rotate_left(9);
        }
        Ok(Schedule { k, subkeys, l, s })
    }
}

/// h(X, L) for X with all four bytes `x` (the subkeys' 2i·ρ), through the
/// fixed QMDS tables.
fn h_bytes(x: u8, list: &[[u8; 4]; 4], k: usize) -> u32 {
    (0..4).fold(0, |acc, j| {
        let v = (1..=k)
            .rev()
            .fold(x, |v, t| layer(t, j)[v as usize] ^ list[t - 1][j]);
        acc ^ QMDS[j][v as usize]
    })
}

/// Byte j of g before layer 1: layers k..2, each with its key byte.
fn upper_layers(x: u8, j: usize, l: &[[u8; 4]; 4], k: usize) -> u8 {
    (2..=k)
        .rev()
        .fold(x, |v, t| layer(t, j)[v as usize] ^ l[t - 1][j])
}

/// Byte j of g's key-dependent S-box before layer 0 (partial keying's table).
fn partial_sbox(x: u8, j: usize, l: &[[u8; 4]; 4], k: usize) -> u8 {
    layer(1, j)[upper_layers(x, j, l, k) as usize] ^ l[0][j]
}

/// The 256 KB of fixed tables of seed 001 §2: for each S-box j, layers 2
/// and 1 around a key byte a, indexed by (a, x).
type Big = [[[u8; 256]; 256]; 4];

fn big_tables() -> &'static Big {
    static BIG: OnceLock<Box<Big>> = OnceLock::new();
    BIG.get_or_init(|| {
        let mut t: Box<Big> = vec![[[0u8; 256]; 256]; 4]
            .into_boxed_slice()
            .try_into()
            .unwrap();
        for (j, tj) in t.iter_mut().enumerate() {
            for (a, row) in tj.iter_mut().enumerate() {
                for (x, v) in row.iter_mut().enumerate() {
                    *v = layer(1, j)[(layer(2, j)[x] ^ a as u8) as usize];
                }
            }
        }
        t
    })
}

/// A Twofish instance for one keying option: its tables are allocated
/// once, so [`Twofish::set_key`] measures the key setup alone.
pub struct Twofish {
    keying: Keying,
    schedule: Schedule,
    /// minimal: layers k..2; partial: the whole key-dependent S-box.
    bytes: Box<[[u8; 256]; 4]>,
    /// full and compiled: S-box and MDS column.
    words: Box<[[u32; 256]; 4]>,
    #[cfg(target_arch = "x86_64")]
    code: Option<compiled::Code>,
}

impl Twofish {
    /// An instance for `keying`, keyed with `key`.
    pub fn new(keying: Keying, key: &[u8]) -> Result<Twofish, KeyError> {
        if !keying.available() {
            return Err(KeyError::NoCompiler);
        }
        let mut t = Twofish {
            keying,
            schedule: Schedule::new(key)?,
            bytes: Box::new([[0; 256]; 4]),
            words: Box::new([[0; 256]; 4]),
            #[cfg(target_arch = "x86_64")]
            code: None,
        };
        if keying == Keying::Partial256k {
            big_tables();
        }
        #[cfg(target_arch = "x86_64")]
        if keying == Keying::Compiled {
            t.code = Some(compiled::Code::new(&t.words));
        }
        t.precompute();
        Ok(t)
    }

    pub fn keying(&self) -> Keying {
        self.keying
    }

    /// Key setup: the subkeys, then what the option precomputes.
    pub fn set_key(&mut self, key: &[u8]) -> Result<(), KeyError> {
        self.schedule = Schedule::new(key)?;
        self.precompute();
        Ok(())
    }

    /// What the option precomputes from the schedule.
    fn precompute(&mut self) {
        let (l, k) = (&self.schedule.l, self.schedule.k);
        match self.keying {
            Keying::Zero => {}
            Keying::Minimal => {
                for (j, t) in self.bytes.iter_mut().enumerate() {
                    for (x, v) in t.iter_mut().enumerate() {
                        *v = upper_layers(x as u8, j, l, k);
                    }
                }
            }
            Keying::Partial => self.partial_tables(),
            Keying::Partial256k => {
                let big = big_tables();
                for (j, t) in self.bytes.iter_mut().enumerate() {
                    let row = &big[j][l[1][j] as usize];
                    for (x, v) in t.iter_mut().enumerate() {
                        // layers k..3 first for 192/256-bit keys
                        let u = (3..=k)
                            .rev()
                            .fold(x as u8, |v, t| layer(t, j)[v as usize] ^ l[t - 1][j]);
                        *v = row[u as usize] ^ l[0][j];
                    }
                }
            }
            Keying::Full | Keying::Compiled => {
                self.partial_tables();
                for (j, t) in self.words.iter_mut().enumerate() {
                    for (x, w) in t.iter_mut().enumerate() {
                        *w = QMDS[j][self.bytes[j][x] as usize];
                    }
                }
                #[cfg(target_arch = "x86_64")]
                if let Some(code) = &mut self.code {
                    code.set_subkeys(&self.schedule.subkeys);
                }
            }
        }
    }

    fn partial_tables(&mut self) {
        let (l, k) = (&self.schedule.l, self.schedule.k);
        for (j, t) in self.bytes.iter_mut().enumerate() {
            for (x, v) in t.iter_mut().enumerate() {
                *v = partial_sbox(x as u8, j, l, k);
            }
        }
    }

    pub fn encrypt(&self, block: &mut [u8; 16]) {
        self.crypt(block, false)
    }

    pub fn decrypt(&self, block: &mut [u8; 16]) {
        self.crypt(block, true)
    }

    fn crypt(&self, block: &mut [u8; 16], decrypt: bool) {
        let sk = &self.schedule.subkeys;
        let (l, b, w) = (&self.schedule.l, &*self.bytes, &*self.words);
        match (self.keying, self.schedule.k) {
            #[cfg(target_arch = "x86_64")]
            (Keying::Compiled, _) => {
                let code = self.code.as_ref().expect("built with the instance");
                if decrypt {
                    rounds(sk, |x| g_full(w, x), block, true)
                } else {
                    code.encrypt(block)
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            (Keying::Compiled, _) => unreachable!("refused by Twofish::new"),
            (Keying::Full, _) => rounds(sk, |x| g_full(w, x), block, decrypt),
            (Keying::Partial | Keying::Partial256k, _) => {
                rounds(sk, |x| g_partial(b, x), block, decrypt)
            }
            (Keying::Minimal, _) => rounds(sk, |x| g_minimal(b, l, x), block, decrypt),
            (Keying::Zero, 2) => rounds(sk, |x| g_zero::<2>(l, x), block, decrypt),
            (Keying::Zero, 3) => rounds(sk, |x| g_zero::<3>(l, x), block, decrypt),
            (Keying::Zero, _) => rounds(sk, |x| g_zero::<4>(l, x), block, decrypt),
        }
    }
}

#[inline(always)]
fn bytes_of(x: u32) -> [usize; 4] {
    [
        x as u8 as usize,
        (x >> 8) as u8 as usize,
        (x >> 16) as u8 as usize,
        (x >> 24) as usize,
    ]
}

#[inline(always)]
fn g_full(w: &[[u32; 256]; 4], x: u32) -> u32 {
    let [a, b, c, d] = bytes_of(x);
    w[0][a] ^ w[1][b] ^ w[2][c] ^ w[3][d]
}

#[inline(always)]
fn g_partial(s: &[[u8; 256]; 4], x: u32) -> u32 {
    let [a, b, c, d] = bytes_of(x);
    QMDS[0][s[0][a] as usize]
        ^ QMDS[1][s[1][b] as usize]
        ^ QMDS[2][s[2][c] as usize]
        ^ QMDS[3][s[3][d] as usize]
}

#[inline(always)]
fn g_minimal(s: &[[u8; 256]; 4], l: &[[u8; 4]; 4], x: u32) -> u32 {
    let v = bytes_of(x);
    (0..4).fold(0, |acc, j| {
        acc ^ QMDS[j][(layer(1, j)[s[j][v[j]] as usize] ^ l[0][j]) as usize]
    })
}

#[inline(always)]
fn g_zero<const K: usize>(l: &[[u8; 4]; 4], x: u32) -> u32 {
    let v = bytes_of(x);
    (0..4).fold(0, |acc, j| {
        let mut y = v[j] as u8;
        for t in (1..=K).rev() {
            y = layer(t, j)[y as usize] ^ l[t - 1][j];
        }
        acc ^ QMDS[j][y as usize]
    })
}

/// Whitening and the 16 rounds (§4.1), with the option's g; decryption
/// runs them backward.
#[inline(always)]
fn rounds(sk: &[u32; 40], g: impl Fn(u32) -> u32, block: &mut [u8; 16], decrypt: bool) {
    let word = |i: usize| u32::from_le_bytes(block[4 * i..4 * i + 4].try_into().unwrap());
    let (win, wout) = if decrypt { (4, 0) } else { (0, 4) };
    let mut r = [0u32; 4];
    for (i, w) in r.iter_mut().enumerate() {
        *w = word(i) ^ sk[win + i];
    }
    for round in 0..16 {
        let n = if decrypt { 15 - round } else { round };
        let t0 = g(r[0]);
        let t1 = g(r[1].rotate_left(8));
        let f0 = t0.wrapping_add(t1).wrapping_add(sk[2 * n + 8]);
        let f1 = t0
            .wrapping_add(t1.wrapping_mul(2))
            .wrapping_add(sk[2 * n + 9]);
        r = if decrypt {
            [
                r[2].rotate_left(1) ^ f0,
                (r[3] ^ f1).rotate_right(1),
                r[0],
                r[1],
            ]
        } else {
            [
                (r[2] ^ f0).rotate_right(1),
                r[3].rotate_left(1) ^ f1,
                r[0],
                r[1],
            ]
        };
    }
    for i in 0..4 {
        let c = r[(i + 2) % 4] ^ sk[wout + i];
        block[4 * i..4 * i + 4].copy_from_slice(&c.to_le_bytes());
    }
}
