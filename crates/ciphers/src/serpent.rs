//! Serpent (Anderson, Biham, Knudsen, AES submission, 1998), in the byte
//! convention of the NESSIE vectors and the RustCrypto `serpent` crate (the
//! AES-submission files print numbers, i.e. the bytes reversed). Block
//! operations by the crate; the key schedule and a bitslice round model here.

use crate::util::{le_words, rc_decrypt, rc_encrypt, widen};
use crate::{Algorithm, BlockCipher, RoundKeys};
use cipher::KeyInit;

/// S0..S7, the 4-bit S-boxes of the specification.
const SBOX: [[u8; 16]; 8] = [
    [3, 8, 15, 1, 10, 6, 5, 11, 14, 13, 4, 2, 7, 0, 9, 12],
    [15, 12, 2, 7, 9, 0, 5, 10, 1, 11, 14, 8, 6, 13, 3, 4],
    [8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2],
    [0, 15, 11, 8, 12, 9, 6, 3, 13, 1, 2, 4, 10, 7, 5, 14],
    [1, 15, 8, 3, 12, 0, 11, 6, 2, 5, 4, 10, 9, 14, 7, 13],
    [15, 5, 2, 11, 4, 10, 9, 12, 0, 3, 14, 8, 13, 6, 7, 1],
    [7, 2, 12, 5, 8, 4, 6, 11, 14, 9, 1, 15, 13, 3, 10, 0],
    [1, 13, 15, 0, 14, 8, 2, 11, 7, 4, 12, 10, 9, 3, 5, 6],
];
const PHI: u32 = 0x9E37_79B9;

/// Apply S-box `n` in bitslice mode: bit j of the four words forms one nibble.
fn sbox_slice(n: usize, x: [u32; 4]) -> [u32; 4] {
    let mut y = [0u32; 4];
    for j in 0..32 {
        let nib = (0..4).fold(0, |acc, i| acc | (((x[i] >> j) & 1) << i));
        let out = SBOX[n][nib as usize] as u32;
        for (i, w) in y.iter_mut().enumerate() {
            *w |= ((out >> i) & 1) << j;
        }
    }
    y
}

/// The linear transformation of the bitslice description.
fn linear(x: [u32; 4]) -> [u32; 4] {
    let [mut x0, mut x1, mut x2, mut x3] = x;
    x0 = x0.rotate_left(13);
    x2 = x2.rotate_left(3);
    x1 ^= x0 ^ x2;
    x3 ^= x2 ^ (x0 << 3);
    x1 = x1.rotate_left(1);
    x3 = x3.rotate_left(7);
    x0 ^= x1 ^ x3;
    x2 ^= x3 ^ (x1 << 7);
    x0 = x0.rotate_left(5);
    x2 = x2.rotate_left(22);
    [x0, x1, x2, x3]
}

/// The 132 subkey words K0..K32 (four words each), bitslice form.
fn key_schedule(key: &[u8]) -> Vec<u32> {
    let mut w = le_words(key);
    if key.len() < 32 {
        // Short keys are padded with a single 1 bit, then zeros.
        w.push(1);
    }
    w.resize(8, 0);
    for i in 0..132u32 {
        let n = w.len();
        let t = w[n - 8] ^ w[n - 5] ^ w[n - 3] ^ w[n - 1] ^ PHI ^ i;
        w.push(t.rotate_left(11));
    }
    let pre = &w[8..];
    let mut k = Vec::with_capacity(132);
    for i in 0..33 {
        let x = [pre[4 * i], pre[4 * i + 1], pre[4 * i + 2], pre[4 * i + 3]];
        k.extend(sbox_slice((3 + 8 - i % 8) % 8, x));
    }
    k
}

pub(crate) struct Serpent {
    inner: serpent::Serpent,
    k: Vec<u32>,
}

impl Serpent {
    pub(crate) fn new(key: &[u8]) -> Self {
        Serpent {
            inner: serpent::Serpent::new_from_slice(key).expect("16/24/32-byte key"),
            k: key_schedule(key),
        }
    }
}

impl BlockCipher for Serpent {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Serpent
    }
    fn encrypt_block(&self, block: &mut [u8]) {
        rc_encrypt(&self.inner, block)
    }
    fn decrypt_block(&self, block: &mut [u8]) {
        rc_decrypt(&self.inner, block)
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("K", 32, widen(&self.k))
    }
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        let k = |r: usize| {
            [
                self.k[4 * r],
                self.k[4 * r + 1],
                self.k[4 * r + 2],
                self.k[4 * r + 3],
            ]
        };
        let xor = |a: [u32; 4], b: [u32; 4]| std::array::from_fn(|i| a[i] ^ b[i]);
        let p = le_words(block);
        let mut b = [p[0], p[1], p[2], p[3]];
        for r in 0..32 {
            b = sbox_slice(r % 8, xor(b, k(r)));
            b = if r < 31 { linear(b) } else { xor(b, k(32)) };
        }
        for (i, v) in b.iter().enumerate() {
            block[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
    }
}
