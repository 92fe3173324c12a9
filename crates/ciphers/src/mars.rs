//! MARS (IBM, AES submission, with the round-2 "tweaked" key schedule),
//! written from the specification. Key, plaintext and ciphertext are read as
//! little-endian 32-bit words.

use crate::util::{le_words, load_block, store_block, widen};
use crate::{Algorithm, BlockCipher, RoundKeys};

#[path = "tables/mars.rs"]
mod tables;
use tables::MARS_SBOX as S;

fn s0(x: u32) -> u32 {
    S[(x & 0xff) as usize]
}
fn s1(x: u32) -> u32 {
    S[256 + (x & 0xff) as usize]
}

/// The multiplication-key fix-up mask: bit l is set when it lies inside a
/// run of ten or more equal bits of `w`, 2 <= l <= 30, with both neighbours equal.
fn fixup_mask(w: u32) -> u32 {
    let mut mask = 0u32;
    let mut start = 0;
    while start < 32 {
        let bit = (w >> start) & 1;
        let mut end = start;
        while end + 1 < 32 && (w >> (end + 1)) & 1 == bit {
            end += 1;
        }
        if end - start + 1 >= 10 {
            // The interior of the run (both neighbours equal), within bits 2..=30.
            for l in (start + 1)..end {
                if (2..=30).contains(&l) {
                    mask |= 1 << l;
                }
            }
        }
        start = end + 1;
    }
    mask
}

/// The 40 key words K[0..39] (tweaked key expansion).
fn key_schedule(key: &[u8]) -> [u32; 40] {
    let words = le_words(key);
    let mut t = [0u32; 15];
    t[..words.len()].copy_from_slice(&words);
    t[words.len()] = words.len() as u32;
    let mut k = [0u32; 40];
    for j in 0..4u32 {
        for i in 0..15 {
            t[i] ^= (t[(i + 8) % 15] ^ t[(i + 13) % 15]).rotate_left(3) ^ (4 * i as u32 + j);
        }
        for _ in 0..4 {
            for i in 0..15 {
                t[i] = t[i]
                    .wrapping_add(S[(t[(i + 14) % 15] & 0x1ff) as usize])
                    .rotate_left(9);
            }
        }
        for i in 0..10 {
            k[10 * j as usize + i] = t[(4 * i) % 15];
        }
    }
    // Fix the keys used in multiplications so they have no long runs of equal bits.
    for i in (5..=35).step_by(2) {
        let j = (k[i] & 3) as usize;
        let w = k[i] | 3;
        let p = S[265 + j].rotate_left(k[i - 1] & 31);
        k[i] = w ^ (p & fixup_mask(w));
    }
    k
}

/// The E-function of the cryptographic core: returns (L, M, R).
fn e_function(input: u32, key1: u32, key2: u32) -> (u32, u32, u32) {
    let mut m = input.wrapping_add(key1);
    let mut r = input.rotate_left(13).wrapping_mul(key2);
    let mut l = S[(m & 0x1ff) as usize];
    r = r.rotate_left(5);
    m = m.rotate_left(r & 31);
    l ^= r;
    r = r.rotate_left(5);
    l ^= r;
    l = l.rotate_left(r & 31);
    (l, m, r)
}

/// (D0, D1, D2, D3) becomes (D1, D2, D3, D0) after each round: written out
/// rather than as `slice::rotate_left`, which costs a memmove per round.
fn rotate_fwd(d: &mut [u32; 4]) {
    *d = [d[1], d[2], d[3], d[0]];
}
fn rotate_back(d: &mut [u32; 4]) {
    *d = [d[3], d[0], d[1], d[2]];
}

pub(crate) struct Mars {
    k: [u32; 40],
}

impl Mars {
    pub(crate) fn new(key: &[u8]) -> Self {
        Mars {
            k: key_schedule(key),
        }
    }
}

impl BlockCipher for Mars {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Mars
    }

    fn encrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        let mut d = load_block(block);
        for i in 0..4 {
            d[i] = d[i].wrapping_add(k[i]);
        }
        // Forward mixing: eight unkeyed rounds.
        for i in 0..8 {
            d[1] ^= s0(d[0]);
            d[1] = d[1].wrapping_add(s1(d[0] >> 8));
            d[2] = d[2].wrapping_add(s0(d[0] >> 16));
            d[3] ^= s1(d[0] >> 24);
            d[0] = d[0].rotate_right(24);
            match i {
                0 | 4 => d[0] = d[0].wrapping_add(d[3]),
                1 | 5 => d[0] = d[0].wrapping_add(d[1]),
                _ => {}
            }
            rotate_fwd(&mut d);
        }
        // Cryptographic core: sixteen keyed rounds, forward then backward mode.
        for i in 0..16 {
            let (l, m, r) = e_function(d[0], k[2 * i + 4], k[2 * i + 5]);
            d[0] = d[0].rotate_left(13);
            d[2] = d[2].wrapping_add(m);
            if i < 8 {
                d[1] = d[1].wrapping_add(l);
                d[3] ^= r;
            } else {
                d[3] = d[3].wrapping_add(l);
                d[1] ^= r;
            }
            rotate_fwd(&mut d);
        }
        // Backward mixing.
        for i in 0..8 {
            match i {
                2 | 6 => d[0] = d[0].wrapping_sub(d[3]),
                3 | 7 => d[0] = d[0].wrapping_sub(d[1]),
                _ => {}
            }
            d[1] ^= s1(d[0]);
            d[2] = d[2].wrapping_sub(s0(d[0] >> 24));
            d[3] = d[3].wrapping_sub(s1(d[0] >> 16));
            d[3] ^= s0(d[0] >> 8);
            d[0] = d[0].rotate_left(24);
            rotate_fwd(&mut d);
        }
        for i in 0..4 {
            d[i] = d[i].wrapping_sub(k[36 + i]);
        }
        store_block(d, block);
    }

    /// Each encryption step undone in reverse order.
    fn decrypt_block(&self, block: &mut [u8]) {
        let k = &self.k;
        let mut d = load_block(block);
        for i in 0..4 {
            d[i] = d[i].wrapping_add(k[36 + i]);
        }
        for i in (0..8).rev() {
            rotate_back(&mut d);
            d[0] = d[0].rotate_right(24);
            d[3] ^= s0(d[0] >> 8);
            d[3] = d[3].wrapping_add(s1(d[0] >> 16));
            d[2] = d[2].wrapping_add(s0(d[0] >> 24));
            d[1] ^= s1(d[0]);
            match i {
                2 | 6 => d[0] = d[0].wrapping_add(d[3]),
                3 | 7 => d[0] = d[0].wrapping_add(d[1]),
                _ => {}
            }
        }
        for i in (0..16).rev() {
            rotate_back(&mut d);
            d[0] = d[0].rotate_right(13);
            let (l, m, r) = e_function(d[0], k[2 * i + 4], k[2 * i + 5]);
            d[2] = d[2].wrapping_sub(m);
            if i < 8 {
                d[1] = d[1].wrapping_sub(l);
                d[3] ^= r;
            } else {
                d[3] = d[3].wrapping_sub(l);
                d[1] ^= r;
            }
        }
        for i in (0..8).rev() {
            rotate_back(&mut d);
            match i {
                0 | 4 => d[0] = d[0].wrapping_sub(d[3]),
                1 | 5 => d[0] = d[0].wrapping_sub(d[1]),
                _ => {}
            }
            d[0] = d[0].rotate_left(24);
            d[3] ^= s1(d[0] >> 24);
            d[2] = d[2].wrapping_sub(s0(d[0] >> 16));
            d[1] = d[1].wrapping_sub(s1(d[0] >> 8));
            d[1] ^= s0(d[0]);
        }
        for i in 0..4 {
            d[i] = d[i].wrapping_sub(k[i]);
        }
        store_block(d, block);
    }

    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("K", 32, widen(&self.k))
    }

    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        self.encrypt_block(block)
    }
}
