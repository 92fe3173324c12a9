//! The key material seed 001's large-memory 6805 cards hold, as the host
//! that sets the key computes it ("the entire precomputation being
//! instead performed on the host that sets the key in the smart card",
//! §3.2). Byte layout (firmware/hc05/twofish/README.md):
//!
//! | bytes | content |
//! |---|---|
//! | 0..160 | subkeys K0..K39, little-endian words |
//! | 160..176 | the key M |
//! | 176..184 | S0, S1 (the Reed-Solomon words), little-endian |
//! | 184..1208 | [`Material::Sboxes`]: s_j for j = 0..3, 256 bytes each: byte j of g before the MDS matrix |
//! | 184..3256 | [`Material::SboxesMds`]: for j = 0..3 the tables s_j, 0x5B·s_j and 0xEF·s_j, 256 bytes each |

use crate::tables::{MDS_POLY, gf_mul, layer};
use crate::{KeyError, Schedule, partial_sbox};

/// What a card keeps per key, as Table 3's key-memory classes count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
pub enum Material {
    /// The precomputed subkeys with the key and S: 184 bytes.
    #[serde(rename = "twofish-subkeys")]
    Subkeys,
    /// And the four key-dependent S-boxes: 1208 bytes.
    #[serde(rename = "twofish-sboxes")]
    Sboxes,
    /// And those S-boxes times the MDS matrix's two other entries: 3256 bytes.
    #[serde(rename = "twofish-sboxes-mds")]
    SboxesMds,
}

impl Material {
    /// Bytes of key material for a 128-bit key.
    pub fn len(self) -> usize {
        match self {
            Material::Subkeys => 184,
            Material::Sboxes => 184 + 1024,
            Material::SboxesMds => 184 + 3072,
        }
    }

    pub fn is_empty(self) -> bool {
        false
    }

    /// The bytes for `key` (128 bits: the layout is the 128-bit one).
    pub fn bytes(self, key: &[u8]) -> Result<Vec<u8>, KeyError> {
        if key.len() != 16 {
            return Err(KeyError::Length(key.len()));
        }
        let s = Schedule::new(key)?;
        let mut out = Vec::with_capacity(self.len());
        out.extend(s.subkeys.iter().flat_map(|k| k.to_le_bytes()));
        out.extend_from_slice(key);
        out.extend(s.s[..2].iter().flat_map(|w| w.to_le_bytes()));
        let sbox = |j: usize, x: usize| layer(0, j)[partial_sbox(x as u8, j, &s.l, s.k) as usize];
        match self {
            Material::Subkeys => {}
            Material::Sboxes => {
                for j in 0..4 {
                    out.extend((0..256).map(|x| sbox(j, x)));
                }
            }
            Material::SboxesMds => {
                for j in 0..4 {
                    for factor in [0x01, 0x5B, 0xEF] {
                        out.extend((0..256).map(|x| gf_mul(factor, sbox(j, x), MDS_POLY)));
                    }
                }
            }
        }
        debug_assert_eq!(out.len(), self.len());
        Ok(out)
    }
}
