//! DES (FIPS 46-3) and Triple DES, EDE (NIST SP 800-67). Block operations by
//! the RustCrypto `des` crate; the key schedule and a bit-level round model
//! written from the standard's tables.

use crate::util::{rc_decrypt, rc_encrypt};
use crate::{Algorithm, BlockCipher, RoundKeys};
use cipher::KeyInit;

#[path = "tables/des.rs"]
mod tables;
use tables::DES_SBOX;

/// Permuted choice 1: 64-bit key (with parity) to C0||D0, 56 bits.
const PC1: [u8; 56] = [
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60,
    52, 44, 36, 63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29,
    21, 13, 5, 28, 20, 12, 4,
];
/// Permuted choice 2: Cn||Dn (56 bits) to the 48-bit round key Kn.
const PC2: [u8; 48] = [
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2, 41, 52,
    31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];
/// Left shifts of C and D before round n.
const SHIFTS: [u32; 16] = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
/// Initial permutation.
const IP: [u8; 64] = [
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6,
    64, 56, 48, 40, 32, 24, 16, 8, 57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61,
    53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
];
/// Expansion E: 32 to 48 bits.
const E: [u8; 48] = [
    32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18,
    19, 20, 21, 20, 21, 22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
];
/// Permutation P applied to the S-box outputs.
const P: [u8; 32] = [
    16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19,
    13, 30, 6, 22, 11, 4, 25,
];

/// Apply a FIPS 46 permutation table: output bit i (from the MSB) is input
/// bit `table[i]`, counting from 1 at the MSB of an `in_bits`-wide value.
fn permute(input: u64, in_bits: u32, table: &[u8]) -> u64 {
    table.iter().fold(0, |acc, &pos| {
        (acc << 1) | ((input >> (in_bits - pos as u32)) & 1)
    })
}

/// The sixteen 48-bit round keys K1..K16 (FIPS 46-3, "key schedule calculation").
pub(crate) fn key_schedule(key: &[u8]) -> [u64; 16] {
    let cd = permute(
        u64::from_be_bytes(key.try_into().expect("8-byte key")),
        64,
        &PC1,
    );
    let (mut c, mut d) = ((cd >> 28) as u32, (cd & 0x0fff_ffff) as u32);
    let rot28 = |x: u32, n: u32| ((x << n) | (x >> (28 - n))) & 0x0fff_ffff;
    let mut ks = [0u64; 16];
    for (k, &n) in ks.iter_mut().zip(&SHIFTS) {
        c = rot28(c, n);
        d = rot28(d, n);
        *k = permute(((c as u64) << 28) | d as u64, 56, &PC2);
    }
    ks
}

/// The cipher function f(R, K): E, xor with K, the S-boxes, P.
fn f(r: u32, k: u64) -> u32 {
    let x = permute(r as u64, 32, &E) ^ k;
    let s = (0..8).fold(0u64, |acc, i| {
        let six = ((x >> (42 - 6 * i)) & 0x3f) as usize;
        (acc << 4) | DES_SBOX[i][six] as u64
    });
    permute(s, 32, &P) as u32
}

/// Single-DES encryption from the round keys, per the standard's figure 1.
pub(crate) fn model_encrypt(ks: &[u64; 16], block: &mut [u8]) {
    let x = permute(u64::from_be_bytes(block[..8].try_into().unwrap()), 64, &IP);
    let (mut l, mut r) = ((x >> 32) as u32, x as u32);
    for &k in ks {
        (l, r) = (r, l ^ f(r, k));
    }
    let preoutput = ((r as u64) << 32) | l as u64;
    let mut fp = [0u8; 64];
    for (i, &p) in IP.iter().enumerate() {
        fp[p as usize - 1] = i as u8 + 1;
    }
    block.copy_from_slice(&permute(preoutput, 64, &fp).to_be_bytes());
}

fn model_decrypt(ks: &[u64; 16], block: &mut [u8]) {
    let mut rev = *ks;
    rev.reverse();
    model_encrypt(&rev, block);
}

pub(crate) struct Des {
    inner: des::Des,
    ks: [u64; 16],
}

impl Des {
    pub(crate) fn new(key: &[u8]) -> Self {
        Des {
            inner: des::Des::new_from_slice(key).expect("8-byte key"),
            ks: key_schedule(key),
        }
    }
}

impl BlockCipher for Des {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Des
    }
    fn encrypt_block(&self, block: &mut [u8]) {
        rc_encrypt(&self.inner, block)
    }
    fn decrypt_block(&self, block: &mut [u8]) {
        rc_decrypt(&self.inner, block)
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("K", 48, self.ks.to_vec())
    }
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        model_encrypt(&self.ks, block)
    }
}

enum TdesInner {
    Two(des::TdesEde2),
    Three(des::TdesEde3),
}

/// Triple DES, E_K3(D_K2(E_K1(x))); a 16-byte key means K3 = K1.
pub(crate) struct Tdes {
    inner: TdesInner,
    ks: [[u64; 16]; 3],
}

impl Tdes {
    pub(crate) fn new(key: &[u8]) -> Self {
        let k3 = if key.len() == 16 {
            &key[..8]
        } else {
            &key[16..]
        };
        let inner = if key.len() == 16 {
            TdesInner::Two(des::TdesEde2::new_from_slice(key).expect("16-byte key"))
        } else {
            TdesInner::Three(des::TdesEde3::new_from_slice(key).expect("24-byte key"))
        };
        Tdes {
            inner,
            ks: [
                key_schedule(&key[..8]),
                key_schedule(&key[8..16]),
                key_schedule(k3),
            ],
        }
    }
}

impl BlockCipher for Tdes {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Tdes
    }
    fn encrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            TdesInner::Two(c) => rc_encrypt(c, block),
            TdesInner::Three(c) => rc_encrypt(c, block),
        }
    }
    fn decrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            TdesInner::Two(c) => rc_decrypt(c, block),
            TdesInner::Three(c) => rc_decrypt(c, block),
        }
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default()
            .with_part("K1", 48, self.ks[0].to_vec())
            .with_part("K2", 48, self.ks[1].to_vec())
            .with_part("K3", 48, self.ks[2].to_vec())
    }
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        model_encrypt(&self.ks[0], block);
        model_decrypt(&self.ks[1], block);
        model_encrypt(&self.ks[2], block);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example used throughout the DES literature (key
    /// 133457799BBCDFF1): K1 = 000110 110000 001011 101111 111111 000111 000001 110010.
    #[test]
    fn first_round_key_of_the_classic_example() {
        let key = hex::decode("133457799bbcdff1").unwrap();
        assert_eq!(
            key_schedule(&key)[0],
            0b000110_110000_001011_101111_111111_000111_000001_110010
        );
    }
}
