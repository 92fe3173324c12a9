//! AES (FIPS-197). Block operations by the RustCrypto `aes` crate; the key
//! expansion (§5.2) and a byte-oriented round model here, so round keys are
//! exposed and proved.

use crate::util::{be_words, gf_mul, gf_pow, rc_decrypt, rc_encrypt, widen};
use crate::{Algorithm, BlockCipher, RoundKeys};
use cipher::KeyInit;

enum Inner {
    A128(aes::Aes128),
    A192(aes::Aes192),
    A256(aes::Aes256),
}

pub(crate) struct Aes {
    inner: Inner,
    /// The expanded key w[0..4(Nr+1)], FIPS-197 §5.2.
    w: Vec<u32>,
}

/// The S-box, computed as FIPS-197 §5.1.1 defines it: the multiplicative
/// inverse in GF(2^8) followed by the affine transformation.
pub(crate) fn sbox() -> &'static [u8; 256] {
    static SBOX: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    SBOX.get_or_init(compute_sbox)
}

fn compute_sbox() -> [u8; 256] {
    let mut s = [0u8; 256];
    for (x, out) in s.iter_mut().enumerate() {
        let b = gf_pow(x as u8, 254, 0x1b); // x^254 = x^-1, and 0 -> 0
        *out = b ^ b.rotate_left(1) ^ b.rotate_left(2) ^ b.rotate_left(3) ^ b.rotate_left(4) ^ 0x63;
    }
    s
}

/// FIPS-197 §5.2 KeyExpansion.
fn expand_key(key: &[u8]) -> Vec<u32> {
    let s = sbox();
    let nk = key.len() / 4;
    let nr = nk + 6;
    let sub = |w: u32| u32::from_be_bytes(w.to_be_bytes().map(|b| s[b as usize]));
    let mut w = be_words(key);
    let mut rcon = 1u8;
    for i in nk..4 * (nr + 1) {
        let mut t = w[i - 1];
        if i % nk == 0 {
            t = sub(t.rotate_left(8)) ^ ((rcon as u32) << 24);
            rcon = gf_mul(rcon, 2, 0x1b);
        } else if nk > 6 && i % nk == 4 {
            t = sub(t);
        }
        w.push(w[i - nk] ^ t);
    }
    w
}

impl Aes {
    pub(crate) fn new(key: &[u8]) -> Self {
        let inner = match key.len() {
            16 => Inner::A128(aes::Aes128::new_from_slice(key).expect("16-byte key")),
            24 => Inner::A192(aes::Aes192::new_from_slice(key).expect("24-byte key")),
            _ => Inner::A256(aes::Aes256::new_from_slice(key).expect("32-byte key")),
        };
        Aes {
            inner,
            w: expand_key(key),
        }
    }
}

impl BlockCipher for Aes {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Aes
    }

    fn encrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::A128(c) => rc_encrypt(c, block),
            Inner::A192(c) => rc_encrypt(c, block),
            Inner::A256(c) => rc_encrypt(c, block),
        }
    }

    fn decrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::A128(c) => rc_decrypt(c, block),
            Inner::A192(c) => rc_decrypt(c, block),
            Inner::A256(c) => rc_decrypt(c, block),
        }
    }

    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default().with_part("w", 32, widen(&self.w))
    }

    /// FIPS-197 §5.1 Cipher, byte by byte: SubBytes, ShiftRows, MixColumns, AddRoundKey.
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        let s = sbox();
        let nr = self.w.len() / 4 - 1;
        let add_round_key = |st: &mut [u8], round: usize| {
            for c in 0..4 {
                let k = self.w[4 * round + c].to_be_bytes();
                for r in 0..4 {
                    st[4 * c + r] ^= k[r];
                }
            }
        };
        add_round_key(block, 0);
        for round in 1..=nr {
            let mut t = [0u8; 16];
            for c in 0..4 {
                for r in 0..4 {
                    // SubBytes and ShiftRows: row r rotates left by r columns.
                    t[4 * c + r] = s[block[4 * ((c + r) % 4) + r] as usize];
                }
            }
            if round != nr {
                for c in 0..4 {
                    let a = [t[4 * c], t[4 * c + 1], t[4 * c + 2], t[4 * c + 3]];
                    for r in 0..4 {
                        t[4 * c + r] = gf_mul(a[r], 2, 0x1b)
                            ^ gf_mul(a[(r + 1) % 4], 3, 0x1b)
                            ^ a[(r + 2) % 4]
                            ^ a[(r + 3) % 4];
                    }
                }
            }
            block.copy_from_slice(&t);
            add_round_key(block, round);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS-197 Appendix A.1: the expansion of 2b7e1516 28aed2a6 abf71588 09cf4f3c.
    #[test]
    fn key_expansion_matches_fips197_appendix_a1() {
        let key = hex::decode("2b7e151628aed2a6abf7158809cf4f3c").unwrap();
        let w = expand_key(&key);
        assert_eq!(w.len(), 44);
        assert_eq!(&w[4..8], &[0xa0fafe17, 0x88542cb1, 0x23a33939, 0x2a6c7605]);
        assert_eq!(w[43], 0xb6630ca6);
    }

    #[test]
    fn sbox_spot_values_from_fips197_figure7() {
        let s = sbox();
        assert_eq!(
            (s[0x00], s[0x01], s[0x53], s[0xff]),
            (0x63, 0x7c, 0xed, 0x16)
        );
    }
}
