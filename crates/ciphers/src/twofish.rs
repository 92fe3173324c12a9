//! Twofish (Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998),
//! written from the paper: the key schedule (§4.3) and two implementations
//! of the rounds (§4.1). The block operations use "full keying" (§7.3):
//! key setup folds the key-dependent S-boxes and the MDS matrix into four
//! 256-word tables, so a block costs table lookups and no key-dependent
//! work, which the Monte Carlo tests' 10,000 blocks per key need. The round
//! model computes h from its definition on every call, from the round keys
//! alone. The RustCrypto `twofish` crate checks both in the tests.
//! The definitions are public (`cardlab_ciphers::twofish`) for the host
//! keying options of `crates/twofish`, which build their tables from them.

use crate::util::{gf_mul, le_words, load_block, store_block, widen};
use crate::{Algorithm, BlockCipher, RoundKeys};

/// The 4-bit tables t0..t3 that build q0 and q1 (§4.3.5).
pub const Q_T: [[[u8; 16]; 4]; 2] = [
    [
        [
            0x8, 0x1, 0x7, 0xD, 0x6, 0xF, 0x3, 0x2, 0x0, 0xB, 0x5, 0x9, 0xE, 0xC, 0xA, 0x4,
        ],
        [
            0xE, 0xC, 0xB, 0x8, 0x1, 0x2, 0x3, 0x5, 0xF, 0x4, 0xA, 0x6, 0x7, 0x0, 0x9, 0xD,
        ],
        [
            0xB, 0xA, 0x5, 0xE, 0x6, 0xD, 0x9, 0x0, 0xC, 0x8, 0xF, 0x3, 0x2, 0x4, 0x7, 0x1,
        ],
        [
            0xD, 0x7, 0xF, 0x4, 0x1, 0x2, 0x6, 0xE, 0x9, 0xB, 0x3, 0x0, 0x8, 0x5, 0xC, 0xA,
        ],
    ],
    [
        [
            0x2, 0x8, 0xB, 0xD, 0xF, 0x7, 0x6, 0xE, 0x3, 0x1, 0x9, 0x4, 0x0, 0xA, 0xC, 0x5,
        ],
        [
            0x1, 0xE, 0x2, 0xB, 0x4, 0xC, 0x3, 0x7, 0x6, 0xD, 0xA, 0x5, 0xF, 0x9, 0x0, 0x8,
        ],
        [
            0x4, 0xC, 0x7, 0x5, 0x1, 0x6, 0x9, 0xA, 0x0, 0xE, 0xD, 0x8, 0x2, 0xB, 0x3, 0xF,
        ],
        [
            0xB, 0x9, 0x5, 0x1, 0xC, 0x3, 0xD, 0xE, 0x6, 0x4, 0x7, 0xF, 0x2, 0x0, 0x8, 0xA,
        ],
    ],
];

/// MDS matrix over GF(2^8) mod x^8+x^6+x^5+x^3+1 (§4.2).
pub const MDS: [[u8; 4]; 4] = [
    [0x01, 0xEF, 0x5B, 0x5B],
    [0x5B, 0xEF, 0xEF, 0x01],
    [0xEF, 0x5B, 0x01, 0xEF],
    [0xEF, 0x01, 0xEF, 0x5B],
];
pub const MDS_POLY: u8 = 0x69;

/// Reed-Solomon matrix over GF(2^8) mod x^8+x^6+x^3+x^2+1 (§4.3).
pub const RS: [[u8; 8]; 4] = [
    [0x01, 0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E],
    [0xA4, 0x56, 0x82, 0xF3, 0x1E, 0xC6, 0x68, 0xE5],
    [0x02, 0xA1, 0xFC, 0xC1, 0x47, 0xAE, 0x3D, 0x19],
    [0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E, 0x03],
];
pub const RS_POLY: u8 = 0x4d;

/// A 4-bit rotation right by one, as q's construction uses it.
const fn ror4(v: u8) -> u8 {
    ((v >> 1) | (v << 3)) & 0xf
}

/// The permutation q0 (`which` = 0) or q1 (`which` = 1), §4.3.5.
pub const fn q(which: usize, x: u8) -> u8 {
    let t = &Q_T[which];
    let (a0, b0) = (x >> 4, x & 0xf);
    let (a1, b1) = (a0 ^ b0, (a0 ^ ror4(b0) ^ (a0 << 3)) & 0xf);
    let (a2, b2) = (t[0][a1 as usize], t[1][b1 as usize]);
    let (a3, b3) = (a2 ^ b2, (a2 ^ ror4(b2) ^ (a2 << 3)) & 0xf);
    let (a4, b4) = (t[2][a3 as usize], t[3][b3 as usize]);
    (b4 << 4) | a4
}

const fn q_table(which: usize) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        t[x] = q(which, x as u8);
        x += 1;
    }
    t
}

/// q0 and q1 as 256-byte tables, computed at compile time from [`q`].
pub const Q: [[u8; 256]; 2] = [q_table(0), q_table(1)];

/// Which q (0 or 1) layer `t` of h applies to byte j. Layer 0 is the last
/// one, before the MDS matrix; layer t (1..=4) comes before the XOR with
/// the list word L(t-1), so a key of k words runs layers k, k-1, ..., 0.
/// Read off Figure 2: byte 0 of a 128-bit key's h is q1[q0[q0[x] ^ ..] ^ ..].
pub const LAYER: [[usize; 4]; 5] = [
    [1, 0, 1, 0],
    [0, 0, 1, 1],
    [0, 1, 0, 1],
    [1, 1, 0, 0],
    [1, 0, 0, 1],
];

/// Column j of the MDS matrix times `y`, as the little-endian word whose
/// byte i is MDS[i][j]·y.
pub const fn mds_column(j: usize, y: u8) -> u32 {
    let mut w = 0u32;
    let mut i = 0;
    while i < 4 {
        w |= (gf_mul(MDS[i][j], y, MDS_POLY) as u32) << (8 * i);
        i += 1;
    }
    w
}

/// The function h(X, L) of §4.3.2; `l` holds L0..L(k-1).
fn h(x: u32, l: &[u32]) -> u32 {
    let mut y = x.to_le_bytes();
    let lb = |i: usize, j: usize| l[i].to_le_bytes()[j];
    if l.len() == 4 {
        y = [q(1, y[0]), q(0, y[1]), q(0, y[2]), q(1, y[3])];
        y.iter_mut().enumerate().for_each(|(j, b)| *b ^= lb(3, j));
    }
    if l.len() >= 3 {
        y = [q(1, y[0]), q(1, y[1]), q(0, y[2]), q(0, y[3])];
        y.iter_mut().enumerate().for_each(|(j, b)| *b ^= lb(2, j));
    }
    let y = [
        q(1, q(0, q(0, y[0]) ^ lb(1, 0)) ^ lb(0, 0)),
        q(0, q(0, q(1, y[1]) ^ lb(1, 1)) ^ lb(0, 1)),
        q(1, q(1, q(0, y[2]) ^ lb(1, 2)) ^ lb(0, 2)),
        q(0, q(1, q(1, y[3]) ^ lb(1, 3)) ^ lb(0, 3)),
    ];
    let z: [u8; 4] =
        std::array::from_fn(|i| (0..4).fold(0, |acc, j| acc ^ gf_mul(MDS[i][j], y[j], MDS_POLY)));
    u32::from_le_bytes(z)
}

/// The key schedule: 40 subkeys K and the S-box key words S0..S(k-1), in
/// the paper's numbering (g takes them in the reverse order, S(k-1) first).
fn key_schedule(key: &[u8]) -> ([u32; 40], Vec<u32>) {
    let m = le_words(key);
    let k = m.len() / 2;
    let me: Vec<u32> = m.iter().step_by(2).copied().collect();
    let mo: Vec<u32> = m.iter().skip(1).step_by(2).copied().collect();
    let s: Vec<u32> = key
        .chunks_exact(8)
        .map(|chunk| {
            let v: [u8; 4] = std::array::from_fn(|i| {
                (0..8).fold(0, |acc, j| acc ^ gf_mul(RS[i][j], chunk[j], RS_POLY))
            });
            u32::from_le_bytes(v)
        })
        .collect();
    debug_assert_eq!(s.len(), k);
    const RHO: u32 = 0x0101_0101;
    let mut sk = [0u32; 40];
    for i in 0..20u32 {
        let a = h((2 * i).wrapping_mul(RHO), &me);
        let b = h((2 * i + 1).wrapping_mul(RHO), &mo).rotate_left(8);
        sk[2 * i as usize] = a.wrapping_add(b);
        sk[2 * i as usize + 1] = a.wrapping_add(b.wrapping_mul(2)).rotate_left(9);
    }
    (sk, s)
}

/// The key-dependent S-box s_j of §4.3.2 at `x`: byte j of h's input
/// through the q layers and the XORs with byte j of L(k-1)..L0 (`l` holds
/// L0..L(k-1)), as [`LAYER`] orders them; the MDS matrix comes after.
fn keyed_sbox(j: usize, x: u8, l: &[u32]) -> u8 {
    let y = (0..l.len()).rev().fold(x, |y, t| {
        Q[LAYER[t + 1][j]][y as usize] ^ l[t].to_le_bytes()[j]
    });
    Q[LAYER[0][j]][y as usize]
}

/// g's four tables for one key (§7.3, full keying): `table[j][x]` is MDS
/// column j times s_j(x), so g(X) is the XOR of one entry per byte of X.
fn sbox_mds_tables(l: &[u32]) -> Box<[[u32; 256]; 4]> {
    let mut table = Box::new([[0u32; 256]; 4]);
    for (j, column) in table.iter_mut().enumerate() {
        for (x, entry) in column.iter_mut().enumerate() {
            *entry = mds_column(j, keyed_sbox(j, x as u8, l));
        }
    }
    table
}

pub(crate) struct Twofish {
    k: [u32; 40],
    s: Vec<u32>,
    /// g as four key-dependent tables, computed once per key.
    g_tables: Box<[[u32; 256]; 4]>,
}

impl Twofish {
    pub(crate) fn new(key: &[u8]) -> Self {
        let (k, s) = key_schedule(key);
        // g takes the S-box key words in reverse: L = (S(k-1), ..., S0).
        let l: Vec<u32> = s.iter().rev().copied().collect();
        Twofish {
            k,
            s,
            g_tables: sbox_mds_tables(&l),
        }
    }

    /// The function g of §4.1 by table lookups.
    fn g(&self, x: u32) -> u32 {
        let [b0, b1, b2, b3] = x.to_le_bytes();
        let t = &self.g_tables;
        t[0][b0 as usize] ^ t[1][b1 as usize] ^ t[2][b2 as usize] ^ t[3][b3 as usize]
    }

    /// F of §4.1 for round `round`: the pair (F0, F1) from R0 and R1.
    fn f(&self, r0: u32, r1: u32, round: usize) -> (u32, u32) {
        let t0 = self.g(r0);
        let t1 = self.g(r1.rotate_left(8));
        (
            t0.wrapping_add(t1).wrapping_add(self.k[2 * round + 8]),
            t0.wrapping_add(t1.wrapping_mul(2))
                .wrapping_add(self.k[2 * round + 9]),
        )
    }
}

impl BlockCipher for Twofish {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Twofish
    }
    /// §4.1: input whitening, 16 rounds, the last swap undone, output whitening.
    fn encrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        let p = load_block(block);
        let mut r: [u32; 4] = std::array::from_fn(|i| p[i] ^ k[i]);
        for round in 0..16 {
            let (f0, f1) = self.f(r[0], r[1], round);
            r = [
                (r[2] ^ f0).rotate_right(1),
                r[3].rotate_left(1) ^ f1,
                r[0],
                r[1],
            ];
        }
        store_block([r[2] ^ k[4], r[3] ^ k[5], r[0] ^ k[6], r[1] ^ k[7]], block);
    }
    /// The encryption's steps undone in reverse order.
    fn decrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        let c = load_block(block);
        let mut r = [c[2] ^ k[6], c[3] ^ k[7], c[0] ^ k[4], c[1] ^ k[5]];
        for round in (0..16).rev() {
            let [n0, n1, n2, n3] = r;
            let (f0, f1) = self.f(n2, n3, round);
            r = [n2, n3, n0.rotate_left(1) ^ f0, (n1 ^ f1).rotate_right(1)];
        }
        store_block(std::array::from_fn(|i| r[i] ^ k[i]), block);
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default()
            .with_part("K", 32, widen(&self.k))
            .with_part("S", 32, widen(&self.s))
    }
    /// §4.1: input whitening, 16 rounds of F with the one-bit rotations, output whitening.
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        let k = &self.k;
        let l: Vec<u32> = self.s.iter().rev().copied().collect();
        let g = |x: u32| h(x, &l);
        let p = le_words(block);
        let mut r: [u32; 4] = std::array::from_fn(|i| p[i] ^ k[i]);
        for round in 0..16 {
            let t0 = g(r[0]);
            let t1 = g(r[1].rotate_left(8));
            let f0 = t0.wrapping_add(t1).wrapping_add(k[2 * round + 8]);
            let f1 = t0
                .wrapping_add(t1.wrapping_mul(2))
                .wrapping_add(k[2 * round + 9]);
            r = [
                (r[2] ^ f0).rotate_right(1),
                r[3].rotate_left(1) ^ f1,
                r[0],
                r[1],
            ];
        }
        for i in 0..4 {
            let c = r[(i + 2) % 4] ^ k[i + 4];
            block[4 * i..4 * i + 4].copy_from_slice(&c.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cipher::{Block, BlockCipherDecrypt, BlockCipherEncrypt, KeyInit};

    /// xorshift64*: a fixed stream of test bytes.
    fn bytes(state: &mut u64, n: usize) -> Vec<u8> {
        (0..n)
            .map(|_| {
                *state ^= *state >> 12;
                *state ^= *state << 25;
                *state ^= *state >> 27;
                (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
            })
            .collect()
    }

    #[test]
    fn keyed_tables_equal_h_from_its_definition() {
        let mut rng = 0x5EED_0001u64;
        for len in [2, 3, 4] {
            let l = le_words(&bytes(&mut rng, 4 * len));
            let tf = sbox_mds_tables(&l);
            for x in le_words(&bytes(&mut rng, 4 * 64)) {
                let b = x.to_le_bytes();
                let g = (0..4).fold(0, |acc, j| acc ^ tf[j][b[j] as usize]);
                assert_eq!(g, h(x, &l), "{len} key words, x = {x:08X}");
            }
        }
    }

    #[test]
    fn block_operations_agree_with_the_rustcrypto_crate() {
        let mut rng = 0x5EED_0002u64;
        for bytes_len in [16, 24, 32] {
            for _ in 0..50 {
                let key = bytes(&mut rng, bytes_len);
                let pt = bytes(&mut rng, 16);
                let ours = Twofish::new(&key);
                let theirs = twofish::Twofish::new_from_slice(&key).unwrap();
                let mut ct = pt.clone();
                ours.encrypt_block(&mut ct);
                let mut want = Block::<twofish::Twofish>::try_from(&pt[..]).unwrap();
                theirs.encrypt_block(&mut want);
                assert_eq!(ct, want.as_slice(), "key {}", hex::encode(&key));
                theirs.decrypt_block(&mut want);
                ours.decrypt_block(&mut ct);
                assert_eq!(ct, want.as_slice(), "key {}", hex::encode(&key));
            }
        }
    }
}
