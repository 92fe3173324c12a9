//! Reference block ciphers (the oracles every firmware run is checked against)
//! and parsers for the known-answer-test files that prove them.
//!
//! Every cipher of the seed papers sits behind one trait, [`BlockCipher`]: the
//! key schedule runs in [`Algorithm::new_cipher`], after which a cipher
//! encrypts and decrypts single blocks and exposes its round keys in the
//! cipher's own terms ([`RoundKeys`]). Firmware variants that precompute round
//! keys are compared against those.
//!
//! Where a RustCrypto crate exists (AES, DES/3DES, Camellia, Serpent, RC6)
//! it does the block operations; our own key schedules produce the round
//! keys and are proved by re-running the cipher from them
//! ([`BlockCipher::encrypt_with_round_keys`]) against the crate, and against
//! published intermediate values where the submission packages print them.
//! E2, MARS, FEAL-NX and Twofish are written here from their specifications
//! (Twofish with its key-dependent tables built once per key, checked
//! against the RustCrypto crate in the tests).

mod aes;
mod camellia;
mod des;
mod e2;
mod feal;
pub mod kat;
mod mars;
mod rc6;
mod serpent;
pub mod twofish;
mod util;

pub use util::gf_mul;

use std::fmt;
use std::str::FromStr;

/// The failures a caller can cause: a key or block of the wrong size, or a
/// name no cipher answers to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CipherError {
    #[error("{algorithm}: a {bits}-bit key is not allowed; use {allowed}")]
    KeyLength {
        algorithm: String,
        bits: usize,
        allowed: String,
    },
    #[error("{algorithm}: a block is {expected} bytes, got {got}")]
    BlockLength {
        algorithm: String,
        expected: usize,
        got: usize,
    },
    #[error("unknown cipher '{0}'; known: {known}", known = Algorithm::known_names())]
    UnknownCipher(String),
}

/// One named array of round-key words, in the order the cipher uses them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPart {
    /// The specification's name for the array (`w`, `K`, `S`, `kw`, ...).
    pub name: &'static str,
    /// Width of one word in bits (16, 32, 48 or 64).
    pub word_bits: u32,
    pub words: Vec<u64>,
}

/// All round keys a cipher derives from its key, as the specification names them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundKeys {
    pub parts: Vec<KeyPart>,
}

impl RoundKeys {
    pub fn with_part(mut self, name: &'static str, word_bits: u32, words: Vec<u64>) -> Self {
        self.parts.push(KeyPart {
            name,
            word_bits,
            words,
        });
        self
    }

    /// The part called `name`, if the cipher has one.
    pub fn part(&self, name: &str) -> Option<&KeyPart> {
        self.parts.iter().find(|p| p.name == name)
    }

    /// Total size of the round keys in bytes, as firmware storing them needs.
    pub fn total_bytes(&self) -> usize {
        self.parts
            .iter()
            .map(|p| p.words.len() * p.word_bits as usize / 8)
            .sum()
    }
}

/// A block cipher after its key schedule has run.
pub trait BlockCipher {
    /// The algorithm this cipher instance belongs to.
    fn algorithm(&self) -> Algorithm;
    /// Encrypt one block in place; `block.len()` is the algorithm's block size.
    fn encrypt_block(&self, block: &mut [u8]);
    /// Decrypt one block in place.
    fn decrypt_block(&self, block: &mut [u8]);
    /// The round keys derived by the key schedule.
    fn round_keys(&self) -> RoundKeys;
    /// Encrypt one block from [`round_keys`](Self::round_keys) alone, through a
    /// second, independent implementation of the rounds. Agreement with
    /// [`encrypt_block`](Self::encrypt_block) proves the round keys.
    fn encrypt_with_round_keys(&self, block: &mut [u8]);
}

/// A cipher family of the seed papers, with its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    Aes,
    Des,
    /// Triple DES, EDE: a 128-bit key is two-key 3DES (K3 = K1).
    Tdes,
    Twofish,
    /// RC6-32/20/b (32-bit words, 20 rounds).
    Rc6,
    E2,
    Camellia,
    Serpent,
    Mars,
    /// FEAL-N with a 64-bit key, FEAL-NX with a 128-bit key; `rounds` is N
    /// (even, at least 4). FEAL-32X is `Feal { rounds: 32 }` with 128 bits.
    Feal {
        rounds: u32,
    },
}

impl Algorithm {
    /// Every family, FEAL with the round counts the seed papers and vectors use.
    pub const ALL: [Algorithm; 12] = [
        Algorithm::Aes,
        Algorithm::Des,
        Algorithm::Tdes,
        Algorithm::Twofish,
        Algorithm::Rc6,
        Algorithm::E2,
        Algorithm::Camellia,
        Algorithm::Serpent,
        Algorithm::Mars,
        Algorithm::Feal { rounds: 8 },
        Algorithm::Feal { rounds: 16 },
        Algorithm::Feal { rounds: 32 },
    ];

    pub fn block_bytes(self) -> usize {
        match self {
            Algorithm::Des | Algorithm::Tdes | Algorithm::Feal { .. } => 8,
            _ => 16,
        }
    }

    /// Key sizes the algorithm defines, in bits (DES keys carry parity bits).
    pub fn key_bits(self) -> &'static [usize] {
        match self {
            Algorithm::Des => &[64],
            Algorithm::Tdes => &[128, 192],
            Algorithm::Feal { .. } => &[64, 128],
            _ => &[128, 192, 256],
        }
    }

    /// Run the key schedule and return a ready cipher.
    pub fn new_cipher(self, key: &[u8]) -> Result<Box<dyn BlockCipher>, CipherError> {
        self.check_key(key)?;
        Ok(match self {
            Algorithm::Aes => Box::new(aes::Aes::new(key)),
            Algorithm::Des => Box::new(des::Des::new(key)),
            Algorithm::Tdes => Box::new(des::Tdes::new(key)),
            Algorithm::Twofish => Box::new(twofish::Twofish::new(key)),
            Algorithm::Rc6 => Box::new(rc6::Rc6::new(key)),
            Algorithm::E2 => Box::new(e2::E2::new(key)),
            Algorithm::Camellia => Box::new(camellia::Camellia::new(key)),
            Algorithm::Serpent => Box::new(serpent::Serpent::new(key)),
            Algorithm::Mars => Box::new(mars::Mars::new(key)),
            Algorithm::Feal { rounds } => Box::new(feal::Feal::new(rounds, key)),
        })
    }

    fn check_key(self, key: &[u8]) -> Result<(), CipherError> {
        if let Algorithm::Feal { rounds } = self
            && (rounds < 4 || rounds % 2 != 0)
        {
            return Err(CipherError::UnknownCipher(self.to_string()));
        }
        if self.key_bits().contains(&(key.len() * 8)) {
            return Ok(());
        }
        let allowed: Vec<String> = self.key_bits().iter().map(|b| b.to_string()).collect();
        Err(CipherError::KeyLength {
            algorithm: self.to_string(),
            bits: key.len() * 8,
            allowed: format!("{} bits", allowed.join(", ")),
        })
    }

    /// Names accepted by [`FromStr`], for error messages and `--help`.
    pub fn known_names() -> String {
        "aes, des, tdes (3des), twofish, rc6, e2, camellia, serpent, mars, feal-N (e.g. feal-32)"
            .to_string()
    }

    /// The family name without parameters (`feal` for every FEAL-N).
    pub fn family(self) -> &'static str {
        match self {
            Algorithm::Aes => "aes",
            Algorithm::Des => "des",
            Algorithm::Tdes => "tdes",
            Algorithm::Twofish => "twofish",
            Algorithm::Rc6 => "rc6",
            Algorithm::E2 => "e2",
            Algorithm::Camellia => "camellia",
            Algorithm::Serpent => "serpent",
            Algorithm::Mars => "mars",
            Algorithm::Feal { .. } => "feal",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Feal { rounds } => write!(f, "feal-{rounds}"),
            other => f.write_str(other.family()),
        }
    }
}

impl FromStr for Algorithm {
    type Err = CipherError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let unknown = || CipherError::UnknownCipher(s.to_string());
        Ok(match lower.as_str() {
            "aes" | "rijndael" => Algorithm::Aes,
            "des" => Algorithm::Des,
            "tdes" | "3des" | "des-ede" | "triple-des" => Algorithm::Tdes,
            "twofish" => Algorithm::Twofish,
            "rc6" => Algorithm::Rc6,
            "e2" => Algorithm::E2,
            "camellia" => Algorithm::Camellia,
            "serpent" => Algorithm::Serpent,
            "mars" => Algorithm::Mars,
            _ => {
                let n = lower
                    .strip_prefix("feal-")
                    .map(|n| n.trim_end_matches('x'))
                    .and_then(|n| n.parse::<u32>().ok())
                    .ok_or_else(unknown)?;
                if n < 4 || n % 2 != 0 {
                    return Err(unknown());
                }
                Algorithm::Feal { rounds: n }
            }
        })
    }
}
