//! Motorola S-records with 16-bit addresses (S19), read into the same
//! [`Image`] as Intel HEX.

use crate::mcs51::ihx::{Image, LoadError};

fn hex_byte(text: &str, at: usize) -> Option<u8> {
    text.get(at..at + 2)
        .and_then(|h| u8::from_str_radix(h, 16).ok())
}

/// Parse Motorola S-records with 16-bit addresses, as sdld6808 and
/// `objcopy -O srec` write them for the 6805 and the H8/300: S1 data
/// records, an S9 end record, S0/S5 ignored. Checksums are checked; 24-
/// and 32-bit records are refused (no 16-bit CPU reaches there).
pub fn parse_s19(text: &str) -> Result<Image, LoadError> {
    let mut image = Image::default();
    for (i, line) in text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
    {
        let bad = |message: &str| LoadError::Hex {
            line: i,
            message: message.to_string(),
        };
        let kind = line
            .strip_prefix('S')
            .and_then(|r| r.chars().next())
            .ok_or_else(|| bad("not an S-record"))?;
        let count = hex_byte(line, 2).ok_or_else(|| bad("bad byte count"))? as usize;
        let bytes: Vec<u8> = (0..count)
            .map(|k| hex_byte(line, 4 + 2 * k))
            .collect::<Option<_>>()
            .ok_or_else(|| bad("record shorter than its count"))?;
        if line.len() != 4 + 2 * count {
            return Err(bad("record longer than its count"));
        }
        let sum = bytes.iter().fold(count as u8, |s, &b| s.wrapping_add(b));
        if sum != 0xFF {
            return Err(bad("checksum mismatch"));
        }
        match kind {
            '1' if count >= 3 => {
                let addr = u16::from_be_bytes([bytes[0], bytes[1]]);
                let data = bytes[2..count - 1].to_vec();
                if addr as usize + data.len() > 0x10000 {
                    return Err(LoadError::OutOfRange { addr: addr as u32 });
                }
                if !data.is_empty() {
                    image.segments.push((addr, data));
                }
            }
            '9' => break,
            '0' | '5' => {}
            '2' | '3' => {
                return Err(bad(
                    "24/32-bit address records do not fit a 16-bit address space",
                ));
            }
            _ => return Err(bad("unknown record type")),
        }
    }
    if image.is_empty() {
        return Err(LoadError::Empty);
    }
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sdld6808_s19() {
        let img = parse_s19("S1050100AB113D\nS105FFFE0100FC\nS9030000FC\n").unwrap();
        assert_eq!(
            img.segments,
            vec![(0x0100, vec![0xAB, 0x11]), (0xFFFE, vec![0x01, 0x00])]
        );
    }

    #[test]
    fn a_bad_s19_names_the_line() {
        let err = parse_s19("S1050100AB11FE\n").unwrap_err();
        assert!(matches!(err, LoadError::Hex { line: 1, .. }), "{err}");
        let err = parse_s19("S00600004844521B\nS207000100000000F7\n").unwrap_err();
        assert!(matches!(err, LoadError::Hex { line: 2, .. }), "{err}");
        assert_eq!(parse_s19("S9030000FC\n").unwrap_err(), LoadError::Empty);
    }
}
