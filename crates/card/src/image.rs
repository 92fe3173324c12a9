//! The card image file: the EEPROM and its page counters between runs
//! (`cardlab card --image FILE`). A header line, the 32 KiB of EEPROM, then
//! each page's program count as a big-endian u32. Written whole to a
//! temporary file and renamed, so a run never leaves half an image.

use cardlab_sim::mcs51::sle66::{EEPROM_BYTES, PAGES};
use std::path::{Path, PathBuf};
use thiserror::Error;

const MAGIC: &[u8] = b"cardlab SLE66CX322P EEPROM v1\n";
const SIZE: usize = MAGIC.len() + EEPROM_BYTES + 4 * PAGES;

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

/// The EEPROM from `path`, or None if it does not exist.
pub fn load(path: &Path) -> Result<Option<Eeprom>, ImageError> {
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
    if !data.starts_with(MAGIC) {
        return Err(corrupt("no header".into()));
    }
    if data.len() != SIZE {
        return Err(corrupt(format!("{} bytes, not {SIZE}", data.len())));
    }
    let eeprom = data[MAGIC.len()..MAGIC.len() + EEPROM_BYTES].to_vec();
    let counters = data[MAGIC.len() + EEPROM_BYTES..]
        .chunks(4)
        .map(|c| u32::from_be_bytes(c.try_into().expect("4 bytes")))
        .collect();
    Ok(Some(Eeprom {
        bytes: eeprom,
        page_programs: counters,
    }))
}

/// Write the EEPROM to `path`.
pub fn save(path: &Path, eeprom: &Eeprom) -> Result<(), ImageError> {
    let mut data = Vec::with_capacity(SIZE);
    data.extend(MAGIC);
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
        assert!(load(&path).unwrap().is_none());
        let eeprom = Eeprom {
            bytes: (0..EEPROM_BYTES).map(|i| i as u8).collect(),
            page_programs: (0..PAGES as u32).collect(),
        };
        save(&path, &eeprom).unwrap();
        assert_eq!(load(&path).unwrap(), Some(eeprom));
        std::fs::write(&path, b"cardlab SLE66CX322P EEPROM v1\nshort").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(
            e.contains("card.img") && e.contains(&format!("not {SIZE}")) && e.contains("remove it"),
            "{e}"
        );
    }
}
