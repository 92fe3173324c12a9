//! Loading sdld output: Intel HEX images and NoICE symbol files.

use std::collections::BTreeMap;

/// A program image: contiguous segments of code bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Image {
    pub segments: Vec<(u16, Vec<u8>)>,
}

impl Image {
    /// Total bytes in the image.
    pub fn len(&self) -> usize {
        self.segments.iter().map(|(_, b)| b.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("line {line}: {message}")]
    Hex { line: usize, message: String },
    #[error("the image has no data records")]
    Empty,
    #[error("data at {addr:#x} lies outside the 64 KiB code space")]
    OutOfRange { addr: u32 },
}

/// Parse Intel HEX as sdld writes it (`-i`): data records, an end record,
/// and optionally extended addresses (which must stay within 64 KiB).
pub fn parse_ihx(text: &str) -> Result<Image, LoadError> {
    let mut image = Image::default();
    let mut base: u32 = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let record = ihex::Record::from_record_string(line.trim()).map_err(|e| LoadError::Hex {
            line: i + 1,
            message: e.to_string(),
        })?;
        match record {
            ihex::Record::Data { offset, value } => {
                let addr = base + offset as u32;
                if addr + value.len() as u32 > 0x10000 {
                    return Err(LoadError::OutOfRange { addr });
                }
                image.segments.push((addr as u16, value));
            }
            ihex::Record::ExtendedSegmentAddress(s) => base = (s as u32) << 4,
            ihex::Record::ExtendedLinearAddress(s) => base = (s as u32) << 16,
            ihex::Record::EndOfFile => break,
            _ => {}
        }
    }
    if image.is_empty() {
        return Err(LoadError::Empty);
    }
    Ok(image)
}

/// Parse a NoICE symbol file (`sdld -j` writes `name.noi`): `DEF name 0xADDR` lines.
pub fn parse_noi(text: &str) -> BTreeMap<String, u32> {
    text.lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            if !parts.next()?.eq_ignore_ascii_case("DEF") {
                return None;
            }
            let name = parts.next()?;
            let value = parts.next()?;
            let value = value.trim_start_matches("0x").trim_start_matches("0X");
            Some((name.to_string(), u32::from_str_radix(value, 16).ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_data_and_stops_at_the_end_record() {
        let img = parse_ihx(":03000000020003F8\n:00000001FF\n").unwrap();
        assert_eq!(img.segments, vec![(0, vec![0x02, 0x00, 0x03])]);
    }

    #[test]
    fn a_bad_checksum_names_the_line() {
        let err = parse_ihx(":03000000020003F9\n").unwrap_err();
        assert!(matches!(err, LoadError::Hex { line: 1, .. }), "{err}");
        assert_eq!(parse_ihx(":00000001FF\n").unwrap_err(), LoadError::Empty);
    }

    #[test]
    fn noi_symbols() {
        let syms = parse_noi("DEF start 0x0003\nDEF s_CODE 0x0000\nLOAD x.ihx\n");
        assert_eq!(syms["start"], 3);
        assert_eq!(syms.len(), 2);
    }
}
