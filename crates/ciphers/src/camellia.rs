//! Camellia (RFC 3713). Block operations by the RustCrypto `camellia` crate;
//! the key schedule (§2.2) and the round model (§2.3-2.4) here.

use crate::util::{rc_decrypt, rc_encrypt};
use crate::{Algorithm, BlockCipher, RoundKeys};
use cipher::KeyInit;

#[path = "tables/camellia.rs"]
mod tables;
use tables::CAMELLIA_SBOX1 as SBOX1;

/// Σ1..Σ6 of §2.2.
const SIGMA: [u64; 6] = [
    0xA09E667F3BCC908B,
    0xB67AE8584CAA73B2,
    0xC6EF372FE94F82BE,
    0x54FF53A5F1D36F1C,
    0x10E527FADE682D1D,
    0xB05688C2B3E6C1FD,
];

#[derive(Clone, Copy)]
enum Src {
    KL,
    KR,
    KA,
    KB,
}

/// Where each 64-bit subkey pair comes from (§2.2, the tables for 128-bit
/// and for 192/256-bit keys): (name, source, rotation). Each row yields the
/// left and right halves of the rotated value.
const SCHEDULE_128: [(&str, Src, u32); 13] = [
    ("kw", Src::KL, 0),
    ("k", Src::KA, 0),
    ("k", Src::KL, 15),
    ("k", Src::KA, 15),
    ("ke", Src::KA, 30),
    ("k", Src::KL, 45),
    ("k", Src::KA, 45), // k9 from the left half, k10 from KL<<<60 (see below)
    ("k", Src::KA, 60),
    ("ke", Src::KL, 77),
    ("k", Src::KL, 94),
    ("k", Src::KA, 94),
    ("k", Src::KL, 111),
    ("kw", Src::KA, 111),
];
const SCHEDULE_256: [(&str, Src, u32); 17] = [
    ("kw", Src::KL, 0),
    ("k", Src::KB, 0),
    ("k", Src::KR, 15),
    ("k", Src::KA, 15),
    ("ke", Src::KR, 30),
    ("k", Src::KB, 30),
    ("k", Src::KL, 45),
    ("k", Src::KA, 45),
    ("ke", Src::KL, 60),
    ("k", Src::KR, 60),
    ("k", Src::KB, 60),
    ("k", Src::KL, 77),
    ("ke", Src::KA, 77),
    ("k", Src::KR, 94),
    ("k", Src::KA, 94),
    ("k", Src::KL, 111),
    ("kw", Src::KB, 111),
];

fn sbox(n: usize, x: u8) -> u8 {
    match n {
        1 => SBOX1[x as usize],
        2 => SBOX1[x as usize].rotate_left(1),
        3 => SBOX1[x as usize].rotate_left(7),
        _ => SBOX1[x.rotate_left(1) as usize],
    }
}

/// The F-function: S-boxes then the P-function (§2.4.1).
fn f(input: u64, ke: u64) -> u64 {
    let x = (input ^ ke).to_be_bytes();
    let t: [u8; 8] = std::array::from_fn(|i| sbox([1, 2, 3, 4, 2, 3, 4, 1][i], x[i]));
    let y = [
        t[0] ^ t[2] ^ t[3] ^ t[5] ^ t[6] ^ t[7],
        t[0] ^ t[1] ^ t[3] ^ t[4] ^ t[6] ^ t[7],
        t[0] ^ t[1] ^ t[2] ^ t[4] ^ t[5] ^ t[7],
        t[1] ^ t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[6],
        t[0] ^ t[1] ^ t[5] ^ t[6] ^ t[7],
        t[1] ^ t[2] ^ t[4] ^ t[6] ^ t[7],
        t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[7],
        t[0] ^ t[3] ^ t[4] ^ t[5] ^ t[6],
    ];
    u64::from_be_bytes(y)
}

fn fl(x: u64, ke: u64) -> u64 {
    let (mut x1, mut x2) = ((x >> 32) as u32, x as u32);
    let (k1, k2) = ((ke >> 32) as u32, ke as u32);
    x2 ^= (x1 & k1).rotate_left(1);
    x1 ^= x2 | k2;
    ((x1 as u64) << 32) | x2 as u64
}

fn fl_inv(y: u64, ke: u64) -> u64 {
    let (mut y1, mut y2) = ((y >> 32) as u32, y as u32);
    let (k1, k2) = ((ke >> 32) as u32, ke as u32);
    y1 ^= y2 | k2;
    y2 ^= (y1 & k1).rotate_left(1);
    ((y1 as u64) << 32) | y2 as u64
}

/// Two Feistel rounds of F producing a 128-bit intermediate key (KA, KB).
fn feistel_pair(d: u128, s1: u64, s2: u64) -> u128 {
    let (mut d1, mut d2) = ((d >> 64) as u64, d as u64);
    d2 ^= f(d1, s1);
    d1 ^= f(d2, s2);
    ((d1 as u128) << 64) | d2 as u128
}

struct Subkeys {
    kw: Vec<u64>,
    k: Vec<u64>,
    ke: Vec<u64>,
}

fn key_schedule(key: &[u8]) -> Subkeys {
    let kl = u128::from_be_bytes(key[..16].try_into().unwrap());
    let kr = match key.len() {
        16 => 0,
        24 => {
            let r = u64::from_be_bytes(key[16..24].try_into().unwrap());
            ((r as u128) << 64) | (!r) as u128
        }
        _ => u128::from_be_bytes(key[16..32].try_into().unwrap()),
    };
    let mut d = feistel_pair(kl ^ kr, SIGMA[0], SIGMA[1]);
    let ka = feistel_pair(d ^ kl, SIGMA[2], SIGMA[3]);
    d = ka ^ kr;
    let kb = feistel_pair(d, SIGMA[4], SIGMA[5]);
    let value = |src: Src| match src {
        Src::KL => kl,
        Src::KR => kr,
        Src::KA => ka,
        Src::KB => kb,
    };
    let mut sk = Subkeys {
        kw: vec![],
        k: vec![],
        ke: vec![],
    };
    let table: &[(&str, Src, u32)] = if key.len() == 16 {
        &SCHEDULE_128
    } else {
        &SCHEDULE_256
    };
    for &(name, src, rot) in table {
        let v = value(src).rotate_left(rot);
        let dest = match name {
            "kw" => &mut sk.kw,
            "ke" => &mut sk.ke,
            _ => &mut sk.k,
        };
        dest.push((v >> 64) as u64);
        dest.push(v as u64);
    }
    if key.len() == 16 {
        // The 128-bit table takes k9 = (KA<<<45)L and k10 = (KL<<<60)R: the
        // rows above pushed (KA<<<45)L,R; replace the right half.
        sk.k[9] = kl.rotate_left(60) as u64;
    }
    sk
}

enum Inner {
    C128(camellia::Camellia128),
    C192(camellia::Camellia192),
    C256(camellia::Camellia256),
}

pub(crate) struct Camellia {
    inner: Inner,
    sk: Subkeys,
}

impl Camellia {
    pub(crate) fn new(key: &[u8]) -> Self {
        let inner = match key.len() {
            16 => Inner::C128(KeyInit::new_from_slice(key).expect("16-byte key")),
            24 => Inner::C192(KeyInit::new_from_slice(key).expect("24-byte key")),
            _ => Inner::C256(KeyInit::new_from_slice(key).expect("32-byte key")),
        };
        Camellia {
            inner,
            sk: key_schedule(key),
        }
    }
}

impl BlockCipher for Camellia {
    fn algorithm(&self) -> Algorithm {
        Algorithm::Camellia
    }
    fn encrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::C128(c) => rc_encrypt(c, block),
            Inner::C192(c) => rc_encrypt(c, block),
            Inner::C256(c) => rc_encrypt(c, block),
        }
    }
    fn decrypt_block(&self, block: &mut [u8]) {
        match &self.inner {
            Inner::C128(c) => rc_decrypt(c, block),
            Inner::C192(c) => rc_decrypt(c, block),
            Inner::C256(c) => rc_decrypt(c, block),
        }
    }
    fn round_keys(&self) -> RoundKeys {
        RoundKeys::default()
            .with_part("kw", 64, self.sk.kw.clone())
            .with_part("k", 64, self.sk.k.clone())
            .with_part("ke", 64, self.sk.ke.clone())
    }
    /// §2.3: whitening, groups of six F rounds separated by FL/FL^-1 layers, whitening.
    fn encrypt_with_round_keys(&self, block: &mut [u8]) {
        let sk = &self.sk;
        let m = u128::from_be_bytes(block[..16].try_into().unwrap());
        let (mut d1, mut d2) = ((m >> 64) as u64 ^ sk.kw[0], m as u64 ^ sk.kw[1]);
        for (group, pair) in sk.k.chunks(6).enumerate() {
            if group > 0 {
                d1 = fl(d1, sk.ke[2 * group - 2]);
                d2 = fl_inv(d2, sk.ke[2 * group - 1]);
            }
            for two in pair.chunks(2) {
                d2 ^= f(d1, two[0]);
                d1 ^= f(d2, two[1]);
            }
        }
        let c = (((d2 ^ sk.kw[2]) as u128) << 64) | (d1 ^ sk.kw[3]) as u128;
        block.copy_from_slice(&c.to_be_bytes());
    }
}
