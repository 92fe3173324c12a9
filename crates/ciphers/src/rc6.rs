//! RC6-32/20/b (Rivest, Robshaw, Sidney, Yin, "The RC6 Block Cipher", 1998).
//! Block operations by the RustCrypto `rc6` crate; the key schedule (§2.3)
//! and the round model (§2.4) here.

use crate::util::{le_words, rc_decrypt, rc_encrypt, widen};
use crate::{Algorithm, BlockCipher, RoundKeys};
use cipher::KeyInit;
use cipher::consts::{U16, U20, U24, U32};

const ROUNDS: usize = 20;
const P32: u32 = 0xB7E1_5163;
const Q32: u32 = 0x9E37_79B9;

/// The expanded key table S[0..2r+3], §2.3.
fn key_schedule(key: &[u8]) -> Vec<u32> {
    let mut l = le_words(key);
    let t = 2 * ROUNDS + 4;
    let mut s: Vec<u32> = (0..t as u32)
        .map(|i| P32.wrapping_add(Q32.wrapping_mul(i)))
        .collect();
    let (mut a, mut b, mut i, mut j) = (0u32, 0u32, 0, 0);
    for _ in 0..3 * t.max(l.len()) {
        a = s[i].wrapping_add(a).wrapping_add(b).rotate_left(3);
        s[i] = a;
        b = l[j]
            .wrapping_add(a)
            .wrapping_add(b)
            .rotate_left(a.wrapping_add(b) & 31);
        l[j] = b;
        i = (i + 1) % t;
        j = (j + 1) % l.len();
    }
    s
}

enum Inner {
    K128(rc6::RC6<u32, U20, U16>),
    K192(rc6::RC6<u32, U20, U24>),
    K256(rc6::RC6<u32, U20, U32>),
}

pub(crate) struct Rc6 {
    inner: Inner,
    s: Vec<u32>,
}

impl Rc6 {
    pub(crate) fn new(key: &[u8]) -> Self {
        let inner = match key.len() {
            16 => Inner::K128(KeyInit::new_from_slice(key).expect("16-byte key")),
            24 => Inner::K192(KeyInit::new_from_slice(key).expect("24-byte key")),
            _ => Inner::K256(KeyInit::new_from_slice(key).expect("32-byte key")),
        };
        Rc6 {
            inner,
            s: key_schedule(key),
        }
    }
}

impl BlockCipher for Rc6 {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Rc6
    }
    fn encrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::K128(c) => rc_encrypt(c, block),
            Inner::K192(c) => rc_encrypt(c, block),
            Inner::K256(c) => rc_encrypt(c, block),
        }
    }
    fn decrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::K128(c) => rc_decrypt(c, block),
            Inner::K192(c) => rc_decrypt(c, block),
            Inner::K256(c) => rc_decrypt(c, block),
        }
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("S", 32, widen(&self.s))
    }
    /// §2.4: pre-whitening, 20 rounds of the quadratic f(x) = x(2x+1) <<< 5, post-whitening.
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        let s = &self.s;
        let w = le_words(block);
        let (mut a, mut b, mut c, mut d) =
            (w[0], w[1].wrapping_add(s[0]), w[2], w[3].wrapping_add(s[1]));
        for i in 1..=ROUNDS {
            let t = b
                .wrapping_mul(b.wrapping_mul(2).wrapping_add(1))
                .rotate_left(5);
            let u = d
                .wrapping_mul(d.wrapping_mul(2).wrapping_add(1))
                .rotate_left(5);
            a = (a ^ t).rotate_left(u & 31).wrapping_add(s[2 * i]);
            c = (c ^ u).rotate_left(t & 31).wrapping_add(s[2 * i + 1]);
            (a, b, c, d) = (b, c, d, a);
        }
        a = a.wrapping_add(s[2 * ROUNDS + 2]);
        c = c.wrapping_add(s[2 * ROUNDS + 3]);
        for (i, v) in [a, b, c, d].iter().enumerate() {
            block[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
    }
}
