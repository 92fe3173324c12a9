//! FEAL-N and FEAL-NX (NTT, "FEAL-NX Specifications"), written from the
//! specification. A 64-bit key K is FEAL-N, which equals FEAL-NX with the key
//! K || 0 (the right key half only enters through Q_r, which is then 0).

use crate::util::widen;
use crate::{Algorithm, BlockCipher, RoundKeys};

/// S0 and S1 of the specification: Rot2((x1 + x2 + d) mod 256), d = 0 or 1.
fn s(d: u8, x1: u8, x2: u8) -> u8 {
    x1.wrapping_add(x2).wrapping_add(d).rotate_left(2)
}

/// The round function f(α, β), β a 16-bit subkey.
fn f(a: u32, b: u16) -> u32 {
    let [a0, a1, a2, a3] = a.to_be_bytes();
    let [b0, b1] = b.to_be_bytes();
    let f1 = s(1, a1 ^ b0 ^ a0, a2 ^ b1 ^ a3);
    let f2 = s(0, a2 ^ b1 ^ a3, f1);
    u32::from_be_bytes([s(0, a0, f1), f1, f2, s(1, a3, f2)])
}

/// The key-processing function fK(α, β).
fn fk(a: u32, b: u32) -> u32 {
    let [a0, a1, a2, a3] = a.to_be_bytes();
    let [b0, b1, b2, b3] = b.to_be_bytes();
    let f1 = s(1, a1 ^ a0, a2 ^ a3 ^ b0);
    let f2 = s(0, a2 ^ a3, f1 ^ b1);
    u32::from_be_bytes([s(0, a0, f1 ^ b2), f1, f2, s(1, a3, f2 ^ b3)])
}

/// The extended key K0..K(N+7), 16 bits each.
fn key_schedule(rounds: u32, key: &[u8]) -> Vec<u16> {
    let word = |i: usize| {
        key.get(i..i + 4)
            .map_or(0, |b| u32::from_be_bytes(b.try_into().unwrap()))
    };
    let (mut a, mut b, mut d) = (word(0), word(4), 0u32);
    let (kr1, kr2) = (word(8), word(12));
    let mut k = Vec::with_capacity(rounds as usize + 8);
    for r in 1..=rounds / 2 + 4 {
        let q = match r % 3 {
            1 => kr1 ^ kr2,
            2 => kr1,
            _ => kr2,
        };
        let next_b = fk(a, b ^ d ^ q);
        (d, a, b) = (a, b, next_b);
        k.push((b >> 16) as u16);
        k.push(b as u16);
    }
    k
}

pub(crate) struct Feal {
    rounds: u32,
    k: Vec<u16>,
}

impl Feal {
    pub(crate) fn new(rounds: u32, key: &[u8]) -> Self {
        Feal {
            rounds,
            k: key_schedule(rounds, key),
        }
    }

    /// Four consecutive subkeys K(i)..K(i+3) as one 64-bit value.
    fn k64(&self, i: usize) -> u64 {
        self.k[i..i + 4]
            .iter()
            .fold(0, |acc, &w| (acc << 16) | w as u64)
    }
}

impl BlockCipher for Feal {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Feal {
            rounds: self.rounds,
        }
    }

    fn encrypt_block(&self, block: &mut [u8]) {
        let n = self.rounds as usize;
        let p = u64::from_be_bytes(block[..8].try_into().unwrap()) ^ self.k64(n);
        let (mut l, mut r) = ((p >> 32) as u32, p as u32);
        r ^= l;
        for i in 0..n {
            (l, r) = (r, l ^ f(r, self.k[i]));
        }
        l ^= r;
        let c = (((r as u64) << 32) | l as u64) ^ self.k64(n + 4);
        block.copy_from_slice(&c.to_be_bytes());
    }

    fn decrypt_block(&self, block: &mut [u8]) {
        let n = self.rounds as usize;
        let c = u64::from_be_bytes(block[..8].try_into().unwrap()) ^ self.k64(n + 4);
        let (mut r, mut l) = ((c >> 32) as u32, c as u32);
        l ^= r;
        for i in (0..n).rev() {
            (l, r) = (r ^ f(l, self.k[i]), l);
        }
        r ^= l;
        let p = (((l as u64) << 32) | r as u64) ^ self.k64(n);
        block.copy_from_slice(&p.to_be_bytes());
    }

    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("K", 16, widen(&self.k))
    }

    /// FEAL is implemented here from its round keys already.
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        self.encrypt_block(block)
    }
}
