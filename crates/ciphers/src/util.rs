//! Small helpers shared by the cipher modules.

use cipher::{Block, BlockCipherDecrypt, BlockCipherEncrypt};

/// Encrypt `block` in place with a RustCrypto cipher; the caller guarantees the size.
pub(crate) fn rc_encrypt<C: BlockCipherEncrypt>(c: &C, block: &mut [u8]) {
    let b: &mut Block<C> = block.try_into().expect("block size checked by caller");
    c.encrypt_block(b);
}

/// Decrypt `block` in place with a RustCrypto cipher.
pub(crate) fn rc_decrypt<C: BlockCipherDecrypt>(c: &C, block: &mut [u8]) {
    let b: &mut Block<C> = block.try_into().expect("block size checked by caller");
    c.decrypt_block(b);
}

pub(crate) fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

pub(crate) fn le32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// Split a byte string into big-endian 32-bit words.
pub(crate) fn be_words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(be32).collect()
}

/// Split a byte string into little-endian 32-bit words.
/// A 16-byte block as four little-endian words, without a heap allocation
/// (the Monte Carlo tests run ten thousand blocks per key).
pub(crate) fn load_block(block: &[u8]) -> [u32; 4] {
    std::array::from_fn(|i| le32(&block[4 * i..]))
}

/// Four words back into a 16-byte block, little-endian.
pub(crate) fn store_block(words: [u32; 4], block: &mut [u8]) {
    for (i, w) in words.iter().enumerate() {
        block[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
}

pub(crate) fn le_words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(le32).collect()
}

pub(crate) fn widen<T: Copy + Into<u64>>(words: &[T]) -> Vec<u64> {
    words.iter().map(|&w| w.into()).collect()
}

/// Multiply in GF(2^8) modulo the polynomial whose low byte is `poly`
/// (x^8 is implied): 0x1b for AES, 0x69 for Twofish's MDS, 0x4d for its RS code.
pub const fn gf_mul(mut a: u8, mut b: u8, poly: u8) -> u8 {
    let mut p = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        let carry = a & 0x80 != 0;
        a <<= 1;
        if carry {
            a ^= poly;
        }
        b >>= 1;
    }
    p
}

/// a^e in GF(2^8) modulo `poly`.
pub(crate) fn gf_pow(a: u8, mut e: u32, poly: u8) -> u8 {
    let (mut r, mut base) = (1u8, a);
    while e != 0 {
        if e & 1 != 0 {
            r = gf_mul(r, base, poly);
        }
        base = gf_mul(base, base, poly);
        e >>= 1;
    }
    r
}
