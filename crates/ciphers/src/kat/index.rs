//! `vectors/index.toml`: which cipher, format and source each vector file has.

use super::KatError;
use crate::Algorithm;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The layouts of the vector files, named after where they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// NIST CAVP response files (`.rsp`): [ENCRYPT]/[DECRYPT], COUNT, KEY, PLAINTEXT, CIPHERTEXT.
    Cavp,
    /// CAVP Monte Carlo (AESAVS §6.4): each record is 1000 chained operations.
    CavpMct,
    /// AES-candidate KAT layout (ecb_vk/ecb_vt/ecb_tbl): KEYSIZE=, I=, KEY=, PT=, CT=.
    Candidate,
    /// AES-candidate Monte Carlo (ecb_e_m / ecb_d_m): each record is 10,000 chained operations.
    CandidateMct,
    /// Twofish's ecb_ival.txt: the makeKey subkeys and S-box key, and one block per key size.
    TwofishIval,
    /// Serpent's ecb_iv.txt: the bitslice subkeys SK[i] and one block per key size.
    SerpentIv,
    /// NESSIE test-vector sets (key=, plain=, cipher=, decrypted=, Iterated N times=).
    Nessie,
    /// NTT's t_camelia.txt: K No., P No., C No. lines of spaced hex bytes.
    NttCamellia,
    /// One vector per line: KEY PLAINTEXT CIPHERTEXT.
    Triples,
    /// rc6val.dat: a KEY line, then a line PLAINTEXT CIPHERTEXT.
    Rc6val,
    /// Crypto++ test-vector files: Key:, Plaintext:, Ciphertext:, Test: Encrypt|EncryptionMCT|DecryptionMCT.
    Cryptopp,
    /// FEAL vectors copied from published documents: N=, KEY=, PT=, CT=, SUBKEYS...
    FealPublished,
    /// cryptopunk's vector files: title :, k:, p:, c:.
    Cryptopunk,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Cavp => "cavp",
            Format::CavpMct => "cavp-mct",
            Format::Candidate => "candidate",
            Format::CandidateMct => "candidate-mct",
            Format::TwofishIval => "twofish-ival",
            Format::SerpentIv => "serpent-iv",
            Format::Nessie => "nessie",
            Format::NttCamellia => "ntt-camellia",
            Format::Triples => "triples",
            Format::Rc6val => "rc6val",
            Format::Cryptopp => "cryptopp",
            Format::FealPublished => "feal-published",
            Format::Cryptopunk => "cryptopunk",
        }
    }
}

/// How a file prints byte strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByteOrder {
    /// Byte 0 first, as the cipher consumes it.
    #[default]
    Natural,
    /// Printed as big numbers: the byte string reversed (Serpent's submission files).
    Reversed,
}

/// One file of the index.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexEntry {
    /// Path relative to the index's folder.
    pub path: PathBuf,
    /// Cipher name; `feal` takes the round count from the file's `N=` lines.
    pub cipher: String,
    pub format: Format,
    #[serde(default)]
    pub byte_order: ByteOrder,
    /// Decrypt Monte Carlo files chain decryptions.
    #[serde(default)]
    pub decrypt: bool,
    /// Where the file comes from (kept for reports and docs).
    pub source: String,
}

impl IndexEntry {
    /// The cipher for this file; `None` for `feal`, whose rounds the file gives.
    pub fn algorithm(&self) -> Result<Option<Algorithm>, crate::CipherError> {
        if self.cipher.eq_ignore_ascii_case("feal") {
            return Ok(None);
        }
        self.cipher.parse().map(Some)
    }

    /// The cipher family the file tests (`feal` for every FEAL-N).
    pub fn family(&self) -> &str {
        match self.algorithm() {
            Ok(Some(a)) => a.family(),
            _ => "feal",
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct IndexFile {
    file: Vec<IndexEntry>,
}

/// The parsed index, with the folder its paths are relative to.
#[derive(Debug, Clone)]
pub struct Index {
    pub root: PathBuf,
    pub entries: Vec<IndexEntry>,
}

impl Index {
    /// Read `DIR/index.toml`.
    pub fn load(dir: &Path) -> Result<Index, KatError> {
        let path = dir.join("index.toml");
        let text = std::fs::read_to_string(&path).map_err(|e| KatError::Unreadable {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        let parsed: IndexFile = toml::from_str(&text).map_err(|e| KatError::Index {
            path: path.clone(),
            message: e.message().to_string(),
        })?;
        for entry in &parsed.file {
            entry.algorithm().map_err(|e| KatError::Index {
                path: path.clone(),
                message: format!("{}: {e}", entry.path.display()),
            })?;
        }
        Ok(Index {
            root: dir.to_path_buf(),
            entries: parsed.file,
        })
    }
}
