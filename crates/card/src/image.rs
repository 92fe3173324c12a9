//! The card image file: the EEPROM and its page counters between runs
//! (`cardlab card --image FILE`). A header line naming the chip, the 32 KiB
//! of EEPROM, then each 32-byte page's program count as a big-endian u32
//! (both chips have 32 KiB of EEPROM). Written whole to a temporary file
//! and renamed, so a run never leaves half an image.

use cardlab_sim::mcs51::sle66::{EEPROM_BYTES, PAGES};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The header line of `chip`'s images.
fn magic(chip: &str) -> Vec<u8> {
    format!("cardlab {chip} EEPROM v1\n").into_bytes()
}

fn size(chip: &str) -> usize {
    magic(chip).len() + EEPROM_BYTES + 4 * PAGES
}

#[derive(Debug, Error)]
pub enum ImageError {
    #[error("{path}: cannot read the card image: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a cardlab card image ({why}); remove it to start with an erased card")]
    Corrupt { path: PathBuf, why: String },
    #[error("{path}: cannot write the card image: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A card's EEPROM and its page program counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eeprom {
    pub bytes: Vec<u8>,
    pub page_programs: Vec<u32>,
}

/// The EEPROM of a `chip` card from `path`, or None if it does not exist.
pub fn load(path: &Path, chip: &str) -> Result<Option<Eeprom>, ImageError> {
    let data = match std::fs::read(path) {
        Ok(d) => d,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(ImageError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let corrupt = |why: String| ImageError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    let (magic, size) = (magic(chip), size(chip));
    if !data.starts_with(&magic) {
        let header = data.split(|&b| b == b'\n').next().unwrap_or_default();
        return Err(corrupt(match header.starts_with(b"cardlab ") {
            true => format!("{}, not of the {chip}", String::from_utf8_lossy(header)),
            false => "no header".into(),
        }));
    }
    if data.len() != size {
        return Err(corrupt(format!("{} bytes, not {size}", data.len())));
    }
    let eeprom = data[magic.len()..magic.len() + EEPROM_BYTES].to_vec();
    let counters = data[magic.len() + EEPROM_BYTES..]
        .chunks(4)
        .map(|c| u32::from_be_bytes(c.try_into().expect("4 bytes")))
        .collect();
    Ok(Some(Eeprom {
        bytes: eeprom,
        page_programs: counters,
    }))
}

/// Write the EEPROM of a `chip` card to `path`.
pub fn save(path: &Path, chip: &str, eeprom: &Eeprom) -> Result<(), ImageError> {
    let mut data = Vec::with_capacity(size(chip));
    data.extend(magic(chip));
    data.extend(&eeprom.bytes);
    for c in &eeprom.page_programs {
        data.extend(c.to_be_bytes());
    }
    let fail = |source| ImageError::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    std::fs::write(tmp.path(), &data).map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_round_trips_and_a_damaged_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("card.img");
        assert!(load(&path, "SLE66CX322P").unwrap().is_none());
        let eeprom = Eeprom {
            bytes: (0..EEPROM_BYTES).map(|i| i as u8).collect(),
            page_programs: (0..PAGES as u32).collect(),
        };
        save(&path, "SLE66CX322P", &eeprom).unwrap();
        assert_eq!(load(&path, "SLE66CX322P").unwrap(), Some(eeprom));
        let e = load(&path, "AT90SC3232C").unwrap_err().to_string();
        assert!(
            e.contains("not of the AT90SC3232C") && e.contains("remove it"),
            "{e}"
        );
        std::fs::write(&path, b"cardlab SLE66CX322P EEPROM v1\nshort").unwrap();
        let e = load(&path, "SLE66CX322P").unwrap_err().to_string();
        assert!(
            e.contains("card.img")
                && e.contains(&format!("not {}", size("SLE66CX322P")))
                && e.contains("remove it"),
            "{e}"
        );
    }
}
