//! Known-answer tests: the vector files' formats, an index naming each file's
//! cipher, format and source, and a runner that checks the oracles against them.
//!
//! Every check runs both directions where the file gives a pair (encrypt the
//! plaintext, decrypt the ciphertext), so a cipher cannot pass with only one.

mod index;
mod parse;
mod run;

pub use index::{ByteOrder, Format, Index, IndexEntry};
pub use parse::parse;
pub use run::{FileReport, RunOptions, check, load_entry, run_entry};

use crate::Algorithm;
use std::path::PathBuf;

/// What one vector asserts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// E(key, pt) = ct and D(key, ct) = pt; several blocks are independent (ECB).
    Pair {
        key: Vec<u8>,
        pt: Vec<u8>,
        ct: Vec<u8>,
    },
    /// `count` chained operations under one key: x(j+1) = E(x(j)) (or D).
    Iterated {
        key: Vec<u8>,
        input: Vec<u8>,
        output: Vec<u8>,
        count: u32,
        decrypt: bool,
    },
    /// The NIST AES-candidate ECB Monte Carlo test: `outer` rounds of `inner`
    /// chained operations, the key updated after each round with the last
    /// key-length bits of the final two outputs; `output` is the last result.
    MonteCarlo {
        key: Vec<u8>,
        input: Vec<u8>,
        output: Vec<u8>,
        outer: u32,
        inner: u32,
        decrypt: bool,
    },
    /// Round-key words `words` of part `part`, starting at word `offset`.
    RoundKeys {
        key: Vec<u8>,
        part: String,
        offset: usize,
        words: Vec<u64>,
    },
}

impl Check {
    pub fn key(&self) -> &[u8] {
        match self {
            Check::Pair { key, .. }
            | Check::Iterated { key, .. }
            | Check::MonteCarlo { key, .. }
            | Check::RoundKeys { key, .. } => key,
        }
    }

    /// Block operations the check costs, to tell quick vectors from slow ones.
    pub fn cost(&self) -> u64 {
        match self {
            Check::Pair { pt, .. } => 2 * pt.len().div_ceil(8) as u64,
            Check::Iterated { count, .. } => *count as u64,
            Check::MonteCarlo { outer, inner, .. } => *outer as u64 * *inner as u64,
            Check::RoundKeys { .. } => 1,
        }
    }
}

/// One vector of a file, with where it stands there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    pub algorithm: Algorithm,
    /// Where the vector stands in its file, e.g. `[ENCRYPT] COUNT = 3` or `line 42`.
    pub label: String,
    pub check: Check,
}

impl Vector {
    pub fn key_bits(&self) -> usize {
        self.check.key().len() * 8
    }
}

/// A vector file that cannot be used as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KatError {
    #[error("{path}: cannot read ({reason}); check the path or pass --vectors DIR")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path}:{line}: {message}")]
    Malformed {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{path}: no vectors found; is the format '{format}' right for this file?")]
    Empty { path: PathBuf, format: String },
    #[error("{path}: {message}")]
    Index { path: PathBuf, message: String },
}
