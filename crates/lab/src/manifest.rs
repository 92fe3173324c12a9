//! Firmware manifests: `firmware/<target>/<cipher>/<variant>.toml`.

use cardlab_ciphers::Algorithm;
use cardlab_sim::Space;
use cardlab_sim::target::Target;
use cardlab_twofish::card::Material;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The operations the lab measures.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    KeySetup,
    Encrypt,
    Decrypt,
    EncryptWithKeySetup,
    DecryptWithKeySetup,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Op::KeySetup => "key_setup",
            Op::Encrypt => "encrypt",
            Op::Decrypt => "decrypt",
            Op::EncryptWithKeySetup => "encrypt_with_key_setup",
            Op::DecryptWithKeySetup => "decrypt_with_key_setup",
        }
    }

    pub fn decrypts(self) -> bool {
        matches!(self, Op::Decrypt | Op::DecryptWithKeySetup)
    }

    /// Whether the op needs `key_setup` run first (and unmeasured).
    pub fn needs_key_setup(self) -> bool {
        matches!(self, Op::Encrypt | Op::Decrypt)
    }
}

/// Where the caller puts the key and the block.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buffers {
    /// Symbol of the key buffer.
    pub key: String,
    /// Symbol of the block buffer: plaintext in, ciphertext out (or the reverse).
    pub block: String,
    /// The space both live in (`iram`, `xram`, ...).
    pub space: String,
}

/// What the caller puts in the key buffer before a decryption.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecryptKey {
    /// The cipher key, as for encryption.
    #[default]
    CipherKey,
    /// The last Nk words of the AES key expansion (for AES-128 the last
    /// round key): what a card stores to decrypt without running the key
    /// schedule forward first.
    LastRoundKey,
}

/// Where a table lies in code memory: between two symbols (assembly:
/// `["sbox", "sbox_end"]`), or one sized symbol (a C object: `"aes_te"`,
/// its size from the ELF symbol table).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum TableSpan {
    Between([String; 2]),
    Sized(String),
}

/// The C compiler options of a variant with C sources, unless it gives its own.
pub const DEFAULT_CFLAGS: &[&str] = &["-O2"];

/// A seed-paper row this variant answers.
#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// Seed number, as the file name starts (`000`).
    pub source: String,
    /// Table or section in the paper (`6.1`, `Table 1`).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The paper's own name for the implementation.
    pub variant: String,
}

/// Fresh randomness the caller hands a masked variant before every call.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Random {
    /// Symbol of the buffer, in the buffers' space.
    pub buffer: String,
    /// How many fresh bytes every call gets.
    pub bytes: u32,
    /// Whether the block travels masked: the caller writes input ⊕ R to
    /// the block buffer and reads output ⊕ R back, R being the buffer's
    /// first block-size bytes (which the firmware leaves as it found
    /// them). A first-order masked variant then never holds an unmasked
    /// input or output.
    #[serde(default)]
    pub masked_io: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    variant: String,
    cipher: String,
    target: String,
    summary: String,
    sources: Vec<PathBuf>,
    key_bits: Vec<usize>,
    buffers: Buffers,
    #[serde(default)]
    decrypt_key: DecryptKey,
    #[serde(default)]
    part: Option<String>,
    #[serde(default)]
    key_material: Option<Material>,
    #[serde(default)]
    random: Option<Random>,
    #[serde(default)]
    cflags: Option<Vec<String>>,
    #[serde(default)]
    tables: BTreeMap<String, TableSpan>,
    ops: BTreeMap<Op, String>,
    #[serde(default)]
    answers: Vec<Answer>,
}

/// A checked manifest.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The manifest file.
    pub path: PathBuf,
    pub variant: String,
    pub algorithm: Algorithm,
    pub target: Target,
    pub summary: String,
    /// Assembly (and, on leon2, C) sources, relative to the manifest's
    /// folder.
    pub sources: Vec<PathBuf>,
    /// Options for the C compiler after the target's own (leon2:
    /// [`DEFAULT_CFLAGS`] unless the manifest gives `cflags`); empty
    /// without C sources.
    pub cflags: Vec<String>,
    pub key_bits: Vec<usize>,
    pub buffers: Buffers,
    pub space: Space,
    /// What the key buffer holds for a decryption.
    pub decrypt_key: DecryptKey,
    /// The chip the image is linked for, if not the target's default
    /// (hc05: `st16cf54`).
    pub part: Option<String>,
    /// Twofish key material the host computes and the lab writes to the
    /// key buffer instead of the key (seed 001's large-memory cards);
    /// `encrypt` and `decrypt` then run without a `key_setup`.
    pub key_material: Option<Material>,
    /// Fresh random bytes for every call (masked variants).
    pub random: Option<Random>,
    /// Table name → where it lies.
    pub tables: BTreeMap<String, TableSpan>,
    /// Operation → entry symbol.
    pub ops: BTreeMap<Op, String>,
    pub answers: Vec<Answer>,
}

#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}; see docs/lab.md for the manifest fields")]
    Invalid { path: PathBuf, message: String },
    #[error("{0}: not a manifest or a folder; give a <variant>.toml or a folder of them")]
    NotAManifest(PathBuf),
}

impl Manifest {
    pub fn load(path: &Path) -> Result<Manifest, ManifestError> {
        let text = std::fs::read_to_string(path).map_err(|source| ManifestError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let invalid = |message: String| ManifestError::Invalid {
            path: path.to_path_buf(),
            message,
        };
        let raw: Raw = toml::from_str(&text).map_err(|e| invalid(e.message().to_string()))?;
        let algorithm: Algorithm = raw.cipher.parse().map_err(|e| invalid(format!("{e}")))?;
        let target = Target::parse(&raw.target).map_err(|e| invalid(e.to_string()))?;
        let space = Space::parse(&raw.buffers.space)
            .ok_or_else(|| invalid(format!("unknown buffer space '{}'", raw.buffers.space)))?;
        if !target.spaces().contains(&space) {
            let names: Vec<&str> = target.spaces().iter().map(|s| s.name()).collect();
            return Err(invalid(format!(
                "buffer space '{}' does not exist on {}; use {}",
                raw.buffers.space,
                target.name(),
                names.join(" or ")
            )));
        }
        for bits in &raw.key_bits {
            if !algorithm.key_bits().contains(bits) {
                return Err(invalid(format!("{algorithm} has no {bits}-bit key")));
            }
        }
        if let Some(part) = &raw.part {
            target.part(part).map_err(|e| invalid(e.to_string()))?;
        }
        if raw.key_material.is_some() {
            if algorithm != Algorithm::Twofish || raw.key_bits != [128] {
                return Err(invalid(
                    "key_material is Twofish's, for key_bits = [128] only".into(),
                ));
            }
            if raw.ops.contains_key(&Op::KeySetup) {
                return Err(invalid(
                    "key_material is computed by the host: drop the key_setup entry".into(),
                ));
            }
        } else if raw.ops.keys().any(|op| op.needs_key_setup())
            && !raw.ops.contains_key(&Op::KeySetup)
        {
            return Err(invalid("encrypt/decrypt need a key_setup entry".into()));
        }
        if raw.decrypt_key == DecryptKey::LastRoundKey && algorithm != Algorithm::Aes {
            return Err(invalid(
                "decrypt_key = \"last_round_key\" is defined for AES only".into(),
            ));
        }
        if let Some(r) = &raw.random
            && r.masked_io
            && (r.bytes as usize) < algorithm.block_bytes()
        {
            return Err(invalid(format!(
                "random.masked_io takes its mask from the first {} random bytes; give bytes >= {}",
                algorithm.block_bytes(),
                algorithm.block_bytes()
            )));
        }
        if raw.sources.is_empty() || raw.key_bits.is_empty() || raw.ops.is_empty() {
            return Err(invalid(
                "sources, key_bits and ops must not be empty".into(),
            ));
        }
        let has_c = raw.sources.iter().any(|s| is_c(s));
        if has_c && !target.toolchain().compiles_c() {
            return Err(invalid(format!(
                "{} has no C compiler; its firmware is assembly",
                target.name()
            )));
        }
        if raw.cflags.is_some() && !has_c {
            return Err(invalid("cflags without a .c source".into()));
        }
        let cflags = match raw.cflags {
            Some(flags) => flags,
            None if has_c => DEFAULT_CFLAGS.iter().map(|f| f.to_string()).collect(),
            None => vec![],
        };
        Ok(Manifest {
            path: path.to_path_buf(),
            variant: raw.variant,
            algorithm,
            target,
            summary: raw.summary,
            sources: raw.sources,
            cflags,
            key_bits: raw.key_bits,
            buffers: raw.buffers,
            space,
            decrypt_key: raw.decrypt_key,
            part: raw.part,
            key_material: raw.key_material,
            random: raw.random,
            tables: raw.tables,
            ops: raw.ops,
            answers: raw.answers,
        })
    }

    /// The folder holding the manifest and its sources.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// Whether `op` runs after an unmeasured `key_setup`: an encryption or
    /// decryption whose key material the host did not compute.
    pub fn runs_key_setup_first(&self, op: Op) -> bool {
        op.needs_key_setup() && self.key_material.is_none()
    }

    /// Whether any source is C.
    pub fn has_c(&self) -> bool {
        self.sources.iter().any(|s| is_c(s))
    }
}

/// A C source, by its extension.
pub fn is_c(source: &Path) -> bool {
    source.extension().is_some_and(|e| e == "c")
}

/// A source for the compiler driver: C, or assembly that wants the C
/// preprocessor (`.S`).
pub fn is_compiled(source: &Path) -> bool {
    is_c(source) || source.extension().is_some_and(|e| e == "S")
}

/// The folders under `firmware/` that hold a card OS (docs/card.md): the
/// shared one and each chip's (`mcs51/cardos`, `avr/cardos`).
pub const CARD_OS_DIR: &str = "cardos";

/// The manifests under `root`, or at `paths` (each a manifest or a folder
/// of them, anywhere).
pub fn gather(root: &Path, paths: &[PathBuf]) -> Result<Vec<Manifest>, ManifestError> {
    if paths.is_empty() {
        return discover(root);
    }
    let mut all = vec![];
    for p in paths {
        if p.is_dir() {
            all.extend(discover(p)?);
        } else if p.extension().is_some_and(|e| e == "toml") {
            all.push(Manifest::load(p)?);
        } else {
            return Err(ManifestError::NotAManifest(p.clone()));
        }
    }
    Ok(all)
}

/// Which variants a command takes: by target, cipher and variant name,
/// each if given.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    pub target: Option<&'a str>,
    pub cipher: Option<&'a str>,
    pub variant: Option<&'a str>,
}

impl Filter<'_> {
    pub fn keeps(&self, m: &Manifest) -> bool {
        self.target
            .is_none_or(|t| t.eq_ignore_ascii_case(m.target.name()))
            && self.cipher.is_none_or(|c| c.parse() == Ok(m.algorithm))
            && self.variant.is_none_or(|v| v == m.variant)
    }
}

/// Every manifest under `firmware/`, sorted by path.
pub fn discover(firmware: &Path) -> Result<Vec<Manifest>, ManifestError> {
    let mut paths = vec![];
    let mut stack = vec![firmware.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|source| ManifestError::Read {
            path: dir.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                // a card OS is a program, not a cipher variant: `cardlab
                // card` builds it from its own description
                if p.file_name().is_none_or(|n| n != CARD_OS_DIR) {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "toml") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    paths.iter().map(|p| Manifest::load(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.toml");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    const GOOD: &str = r#"
variant = "v"
cipher = "aes"
target = "mcs51"
summary = "s"
sources = ["v.asm"]
key_bits = [128]
buffers = { key = "k", block = "b", space = "iram" }
ops = { encrypt_with_key_setup = "enc" }
"#;

    #[test]
    fn a_good_manifest_loads() {
        let (_d, p) = write(GOOD);
        let m = Manifest::load(&p).unwrap();
        assert_eq!(m.ops[&Op::EncryptWithKeySetup], "enc");
        assert_eq!(m.space, Space::Iram);
    }

    #[test]
    fn an_hc05_manifest_keeps_its_buffers_in_mem() {
        let hc05 = GOOD.replace("mcs51", "hc05").replace("\"iram\"", "\"mem\"");
        let (_d, p) = write(&hc05);
        let m = Manifest::load(&p).unwrap();
        assert_eq!(
            (m.target, m.space),
            (cardlab_sim::hc05::TARGET, Space::Memory)
        );
        let (_d, p) = write(&GOOD.replace("mcs51", "hc05"));
        let err = Manifest::load(&p).unwrap_err().to_string();
        assert!(
            err.contains("'iram' does not exist on hc05; use mem"),
            "{err}"
        );
    }

    #[test]
    fn a_leon2_c_manifest_gets_default_cflags_and_sized_tables() {
        let c = GOOD
            .replace("mcs51", "leon2")
            .replace("\"iram\"", "\"mem\"")
            .replace("v.asm", "v.c")
            .replace(
                "ops =",
                "tables = { te = \"aes_te\", s = [\"s\", \"s_end\"] }\nops =",
            );
        let (_d, p) = write(&c);
        let m = Manifest::load(&p).unwrap();
        assert_eq!(m.cflags, ["-O2"]);
        assert_eq!(m.tables["te"], TableSpan::Sized("aes_te".into()));
        assert_eq!(
            m.tables["s"],
            TableSpan::Between(["s".into(), "s_end".into()])
        );
    }

    #[test]
    fn host_key_material_needs_no_key_setup() {
        let sboxes = GOOD
            .replace("aes", "twofish")
            .replace("mcs51", "hc05")
            .replace("\"iram\"", "\"mem\"")
            .replace(
                "ops = { encrypt_with_key_setup = \"enc\" }",
                "part = \"ST16CF54\"\nkey_material = \"twofish-sboxes-mds\"\nops = { encrypt = \"enc\" }",
            );
        let (_d, p) = write(&sboxes);
        let m = Manifest::load(&p).unwrap();
        assert_eq!(m.key_material, Some(Material::SboxesMds));
        assert_eq!(m.part.as_deref(), Some("ST16CF54"));
        assert!(!m.runs_key_setup_first(Op::Encrypt));
    }

    #[test]
    fn errors_name_the_file_and_the_field() {
        for (text, expected) in [
            (GOOD.replace("aes", "rot13"), "unknown cipher"),
            (GOOD.replace("[128]", "[100]"), "no 100-bit key"),
            (GOOD.replace("mcs51", "z80"), "unknown target 'z80'"),
            (
                GOOD.replace("encrypt_with_key_setup", "encrypt"),
                "need a key_setup entry",
            ),
            (
                GOOD.replace("summary = \"s\"\n", ""),
                "missing field `summary`",
            ),
            (
                GOOD.replace("aes", "twofish")
                    .replace("ops =", "decrypt_key = \"last_round_key\"\nops ="),
                "for AES only",
            ),
            (
                GOOD.replace("ops =", "decrypt_key = \"round_ten\"\nops ="),
                "unknown variant `round_ten`",
            ),
            (
                GOOD.replace("v.asm", "v.c"),
                "mcs51 has no C compiler; its firmware is assembly",
            ),
            (
                GOOD.replace("ops =", "part = \"st16cf54\"\nops ="),
                "mcs51 has no part 'st16cf54'",
            ),
            (
                GOOD.replace("mcs51", "hc05")
                    .replace("\"iram\"", "\"mem\"")
                    .replace("ops =", "part = \"sc21\"\nops ="),
                "hc05 has no part 'sc21'; known parts: mc68hc705b16, st16cf54",
            ),
            (
                GOOD.replace("ops =", "key_material = \"twofish-sboxes\"\nops ="),
                "Twofish's, for key_bits = [128] only",
            ),
            (
                GOOD.replace("aes", "twofish").replace(
                    "ops = { encrypt_with_key_setup = \"enc\" }",
                    "key_material = \"twofish-sboxes\"\nops = { key_setup = \"ks\", encrypt = \"enc\" }",
                ),
                "drop the key_setup entry",
            ),
            (
                GOOD.replace("ops =", "key_material = \"everything\"\nops ="),
                "unknown variant `everything`",
            ),
            (
                GOOD.replace("ops =", "cflags = [\"-O3\"]\nops ="),
                "cflags without a .c source",
            ),
        ] {
            let (_d, p) = write(&text);
            let err = Manifest::load(&p).unwrap_err().to_string();
            assert!(
                err.contains("v.toml") && err.to_lowercase().contains(&expected.to_lowercase()),
                "{err}"
            );
        }
    }
}
