//! E2 (NTT, "Specification of E2 - a 128-bit Block Cipher", 1998), written
//! from the specification's structure. Bytes are in specification order and
//! words big-endian, so no byte reversal is needed anywhere.
//!
//! Encryption: IT(P, k13, k14) = BP((P xor k13) . k14), twelve Feistel rounds
//! with F(X, K) = BRL(S(P(S(X xor K1)) xor K2)), then
//! FT(R12 || L12, k16, k15) = (BP^-1(X) * k15) xor k16, where `.` multiplies
//! each 32-bit word by (k | 1) mod 2^32 and `*` divides by it.

use crate::util::{be_words, gf_pow};
use crate::{Algorithm, BlockCipher, RoundKeys};

/// The S-box s(x) = 97 * x^127 + 225 (mod 256), x^127 in GF(2^8) mod x^8+x^4+x^3+x+1.
pub(crate) fn sbox() -> [u8; 256] {
    static SBOX: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    *SBOX.get_or_init(|| {
        std::array::from_fn(|x| {
            gf_pow(x as u8, 127, 0x1b)
                .wrapping_mul(97)
                .wrapping_add(225)
        })
    })
}

/// The first word of the key-schedule constant v(-1).
const V_INIT: u64 = 0x0123_4567_89AB_CDEF;

struct Tables {
    s: [u8; 256],
}

impl Tables {
    fn s64(&self, x: u64) -> u64 {
        u64::from_be_bytes(x.to_be_bytes().map(|b| self.s[b as usize]))
    }
}

/// The P-function: an 8x8 binary matrix over the bytes z1..z8 (specification §2.7).
fn p(x: u64) -> u64 {
    let z = x.to_be_bytes();
    u64::from_be_bytes([
        z[1] ^ z[2] ^ z[3] ^ z[4] ^ z[5] ^ z[6],
        z[0] ^ z[2] ^ z[3] ^ z[5] ^ z[6] ^ z[7],
        z[0] ^ z[1] ^ z[3] ^ z[4] ^ z[6] ^ z[7],
        z[0] ^ z[1] ^ z[2] ^ z[4] ^ z[5] ^ z[7],
        z[0] ^ z[1] ^ z[3] ^ z[4] ^ z[5],
        z[0] ^ z[1] ^ z[2] ^ z[5] ^ z[6],
        z[1] ^ z[2] ^ z[3] ^ z[6] ^ z[7],
        z[0] ^ z[2] ^ z[3] ^ z[4] ^ z[7],
    ])
}

/// BP: byte j of output word i is byte j of input word (i + j) mod 4.
fn bp(x: [u8; 16]) -> [u8; 16] {
    std::array::from_fn(|n| x[4 * ((n / 4 + n % 4) % 4) + n % 4])
}

fn bp_inv(x: [u8; 16]) -> [u8; 16] {
    std::array::from_fn(|n| x[4 * ((n / 4 + 4 - n % 4) % 4) + n % 4])
}

/// The inverse of an odd number modulo 2^32, by Newton's iteration
/// (each step doubles the number of correct low bits: 3, 6, 12, 24, 48).
pub(crate) fn inverse_mod_2_32(a: u32) -> u32 {
    debug_assert!(a & 1 == 1);
    let mut x = a; // a * a = 1 mod 8 for every odd a
    for _ in 0..4 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

fn words(b: &[u8; 16]) -> [u32; 4] {
    let w = be_words(b);
    [w[0], w[1], w[2], w[3]]
}

fn bytes(w: [u32; 4]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (i, v) in w.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&v.to_be_bytes());
    }
    out
}

/// IT(X, A, B) = BP((X xor A) . B).
fn it(x: [u8; 16], a: &[u8; 16], b: &[u8; 16]) -> [u8; 16] {
    let (x, a, b) = (words(&x), words(a), words(b));
    bp(bytes(std::array::from_fn(|i| {
        (x[i] ^ a[i]).wrapping_mul(b[i] | 1)
    })))
}

/// FT(X, A, B) = (BP^-1(X) * B) xor A, the inverse of IT.
fn ft(x: [u8; 16], a: &[u8; 16], b: &[u8; 16]) -> [u8; 16] {
    let (x, a, b) = (words(&bp_inv(x)), words(a), words(b));
    bytes(std::array::from_fn(|i| {
        x[i].wrapping_mul(inverse_mod_2_32(b[i] | 1)) ^ a[i]
    }))
}

pub(crate) struct E2 {
    t: Tables,
    /// k1..k16, 16 bytes each.
    k: [[u8; 16]; 16],
}

impl E2 {
    pub(crate) fn new(key: &[u8]) -> Self {
        let t = Tables { s: sbox() };
        let k = key_schedule(&t, key);
        E2 { t, k }
    }

    /// F(X, K) = BRL(S(P(S(X xor K1)) xor K2)).
    fn f(&self, x: u64, k: &[u8; 16]) -> u64 {
        let k1 = u64::from_be_bytes(k[..8].try_into().unwrap());
        let k2 = u64::from_be_bytes(k[8..].try_into().unwrap());
        self.t.s64(p(self.t.s64(x ^ k1)) ^ k2).rotate_left(8)
    }

    /// IT, twelve rounds with the given keys, FT: shared by both directions.
    fn crypt(&self, block: &mut [u8], rounds: [&[u8; 16]; 12], io: [&[u8; 16]; 4]) {
        let x = it(block[..16].try_into().unwrap(), io[0], io[1]);
        let mut l = u64::from_be_bytes(x[..8].try_into().unwrap());
        let mut r = u64::from_be_bytes(x[8..].try_into().unwrap());
        for k in rounds {
            (l, r) = (r, l ^ self.f(r, k));
        }
        let mut y = [0u8; 16];
        y[..8].copy_from_slice(&r.to_be_bytes());
        y[8..].copy_from_slice(&l.to_be_bytes());
        block.copy_from_slice(&ft(y, io[2], io[3]));
    }
}

/// The G-function of the key schedule: Y_i = f(X_i), U_i = f(U_(i-1)) xor Y_i,
/// with f = P o S. Returns (Y, L = U1..U4); the new v is U4.
fn g(t: &Tables, x: [u64; 4], v: u64) -> ([u64; 4], [u64; 4]) {
    let f = |z: u64| p(t.s64(z));
    let y = x.map(f);
    let mut u = [0u64; 4];
    let mut prev = v;
    for i in 0..4 {
        u[i] = f(prev) ^ y[i];
        prev = u[i];
    }
    (y, u)
}

fn key_schedule(t: &Tables, key: &[u8]) -> [[u8; 16]; 16] {
    // Short keys are padded with S^3(v) and S^4(v), v = 0123456789ABCDEF.
    let s3 = t.s64(t.s64(t.s64(V_INIT)));
    let mut full = [0u64; 4];
    for (i, w) in full.iter_mut().enumerate() {
        *w = match key.get(8 * i..8 * i + 8) {
            Some(b) => u64::from_be_bytes(b.try_into().unwrap()),
            None if i == 2 => s3,
            None => t.s64(s3),
        };
    }
    let (mut y, l0) = g(t, full, V_INIT);
    let mut v = l0[3];
    let mut l = [0u64; 32];
    for i in 0..8 {
        let (ny, li) = g(t, y, v);
        y = ny;
        v = li[3];
        l[4 * i..4 * i + 4].copy_from_slice(&li);
    }
    // k(i+1)[n] = byte floor(i/2) of l(2n + i mod 2).
    std::array::from_fn(|i| std::array::from_fn(|n| l[2 * n + i % 2].to_be_bytes()[i / 2]))
}

impl BlockCipher for E2 {
    fn algorithm(&self) -> Algorithm {
        Algorithm::E2
    }

    fn encrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        self.crypt(
            block,
            std::array::from_fn(|i| &k[i]),
            [&k[12], &k[13], &k[15], &k[14]],
        );
    }

    /// The same network with the round keys reversed and the roles of the
    /// IT and FT keys exchanged.
    fn decrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        self.crypt(
            block,
            std::array::from_fn(|i| &k[11 - i]),
            [&k[15], &k[14], &k[12], &k[13]],
        );
    }

    fn round_keys(&self) -> RoundKeys {
        let words: Vec<u64> = self
            .k
            .iter()
            .flat_map(|k| be_words(k))
            .map(u64::from)
            .collect();
        RoundKeys::default().with_part("k", 32, words)
    }

    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        self.encrypt_block(block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_mod_2_32_inverts_every_odd_sample() {
        for a in (1u32..200_000).step_by(2).chain([u32::MAX, 0x8000_0001]) {
            assert_eq!(a.wrapping_mul(inverse_mod_2_32(a)), 1, "a = {a:#x}");
        }
    }

    #[test]
    fn sbox_starts_as_published() {
        // The specification's table begins e1 42 3e 81.
        assert_eq!(&sbox()[..4], &[0xe1, 0x42, 0x3e, 0x81]);
    }

    #[test]
    fn key_padding_constants_match_the_specification() {
        let t = Tables { s: sbox() };
        let s3 = t.s64(t.s64(t.s64(V_INIT)));
        assert_eq!(s3, 0x582E_D330_8449_9EB8);
        assert_eq!(t.s64(s3), 0xECCF_5709_2E50_00D8);
    }
}
