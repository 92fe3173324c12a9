//! Loading binutils-h8300-hms output: COFF (`coff-h8300`, big-endian, the
//! only object format those binutils write) with its symbol table,
//! Motorola S-records (`objcopy -O srec`, read by [`crate::srec`]), and raw binary (`objcopy -O binary`, placed at H'0000).
//!
//! COFF layout (the System V common object file format, as BFD's
//! coff-h8300 writes it): a 20-byte file header, the optional a.out
//! header (its entry point at offset 16), 40-byte section headers, then
//! 18-byte symbol entries followed by the string table.

use crate::mcs51::ihx::LoadError;
use std::collections::BTreeMap;

/// The COFF magic number of the H8/300 (BFD's `H8300MAGIC`).
pub const H8300_MAGIC: u16 = 0x8300;
/// A section with no contents in the file (STYP_BSS).
const STYP_BSS: u32 = 0x80;
/// Symbol storage classes that name a place: external and static labels.
const C_EXT: u8 = 2;
const C_STAT: u8 = 3;

/// A COFF executable's loadable contents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coff {
    /// (address, bytes) of each section with contents.
    pub segments: Vec<(u32, Vec<u8>)>,
    pub symbols: BTreeMap<String, u32>,
    /// The optional header's entry point, if it has one.
    pub entry: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoffError {
    #[error("not an H8/300 COFF file (magic {0:#06x}, expected 0x8300)")]
    Magic(u16),
    #[error("truncated: {0} lies past the end of the file")]
    Truncated(&'static str),
}

fn u16_at(d: &[u8], at: usize, what: &'static str) -> Result<u16, CoffError> {
    d.get(at..at + 2)
        .map(|b| u16::from_be_bytes([b[0], b[1]]))
        .ok_or(CoffError::Truncated(what))
}

fn u32_at(d: &[u8], at: usize, what: &'static str) -> Result<u32, CoffError> {
    d.get(at..at + 4)
        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(CoffError::Truncated(what))
}

/// A symbol's name: inline (up to 8 bytes, NUL-padded) or, when its first
/// four bytes are zero, an offset into the string table.
fn symbol_name(d: &[u8], entry: usize, strings: usize) -> Result<String, CoffError> {
    let raw = d
        .get(entry..entry + 8)
        .ok_or(CoffError::Truncated("a symbol"))?;
    let bytes = if raw[..4] == [0; 4] {
        let at = strings + u32_at(d, entry + 4, "a symbol")? as usize;
        let rest = d
            .get(at..)
            .ok_or(CoffError::Truncated("the string table"))?;
        &rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())]
    } else {
        &raw[..raw.iter().position(|&b| b == 0).unwrap_or(8)]
    };
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

/// Parse a COFF executable from h8300-hms-ld.
pub fn parse_coff(d: &[u8]) -> Result<Coff, CoffError> {
    let magic = u16_at(d, 0, "the file header")?;
    if magic != H8300_MAGIC {
        return Err(CoffError::Magic(magic));
    }
    let sections = u16_at(d, 2, "the file header")? as usize;
    let symptr = u32_at(d, 8, "the file header")? as usize;
    let nsyms = u32_at(d, 12, "the file header")? as usize;
    let opthdr = u16_at(d, 16, "the file header")? as usize;
    let entry = match opthdr >= 20 {
        true => Some(u32_at(d, 20 + 16, "the optional header")?),
        false => None,
    };
    let mut out = Coff {
        entry,
        ..Coff::default()
    };
    for s in 0..sections {
        let h = 20 + opthdr + 40 * s;
        let addr = u32_at(d, h + 8, "a section header")?;
        let size = u32_at(d, h + 16, "a section header")? as usize;
        let at = u32_at(d, h + 20, "a section header")? as usize;
        let flags = u32_at(d, h + 36, "a section header")?;
        if size == 0 || at == 0 || flags & STYP_BSS != 0 {
            continue;
        }
        let bytes = d
            .get(at..at + size)
            .ok_or(CoffError::Truncated("a section's contents"))?;
        out.segments.push((addr, bytes.to_vec()));
    }
    let strings = symptr + 18 * nsyms;
    let mut i = 0;
    while symptr != 0 && i < nsyms {
        let e = symptr + 18 * i;
        let value = u32_at(d, e + 8, "a symbol")?;
        let section = u16_at(d, e + 12, "a symbol")? as i16;
        let class = *d.get(e + 16).ok_or(CoffError::Truncated("a symbol"))?;
        let aux = *d.get(e + 17).ok_or(CoffError::Truncated("a symbol"))? as usize;
        if section > 0 && (class == C_EXT || class == C_STAT) {
            let name = symbol_name(d, e, strings)?;
            if !name.starts_with('.') {
                out.symbols.insert(name, value);
            }
        }
        i += 1 + aux;
    }
    Ok(out)
}

/// Parse `objcopy -O srec` output (S1 records, 16-bit addresses).
pub fn parse_srec(text: &str) -> Result<Vec<(u32, Vec<u8>)>, LoadError> {
    let image = crate::srec::parse_s19(text)?;
    Ok(image
        .segments
        .into_iter()
        .map(|(a, b)| (a as u32, b))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal coff-h8300 file: one .text section of two bytes at H'0100
    /// and two symbols, one with its name in the string table.
    fn tiny() -> Vec<u8> {
        let mut d = vec![];
        let be16 = |d: &mut Vec<u8>, v: u16| d.extend(v.to_be_bytes());
        let be32 = |d: &mut Vec<u8>, v: u32| d.extend(v.to_be_bytes());
        // file header: magic, 1 section, time, symptr, 2 symbols, opthdr 28, flags
        be16(&mut d, H8300_MAGIC);
        be16(&mut d, 1);
        be32(&mut d, 0);
        be32(&mut d, 20 + 28 + 40 + 2);
        be32(&mut d, 2);
        be16(&mut d, 28);
        be16(&mut d, 0);
        // optional header: magic, vstamp, tsize, dsize, bsize, entry, text, data
        d.extend([0; 16]);
        be32(&mut d, 0x0100);
        d.extend([0; 8]);
        // section header
        d.extend(*b".text\0\0\0");
        be32(&mut d, 0x0100);
        be32(&mut d, 0x0100);
        be32(&mut d, 2);
        be32(&mut d, 20 + 28 + 40);
        d.extend([0; 12]);
        be32(&mut d, 0x20);
        d.extend([0x40, 0xFE]);
        // symbols: "_start" inline, "a_long_label" in the string table
        d.extend(*b"_start\0\0");
        be32(&mut d, 0x0100);
        be16(&mut d, 1);
        be16(&mut d, 0);
        d.extend([C_EXT, 0]);
        be32(&mut d, 0);
        be32(&mut d, 4);
        be32(&mut d, 0x0102);
        be16(&mut d, 1);
        be16(&mut d, 0);
        d.extend([C_STAT, 0]);
        be32(&mut d, 4 + 13);
        d.extend(*b"a_long_label\0");
        d
    }

    #[test]
    fn reads_sections_symbols_and_the_entry() {
        let coff = parse_coff(&tiny()).unwrap();
        assert_eq!(coff.segments, vec![(0x0100, vec![0x40, 0xFE])]);
        assert_eq!(coff.symbols["_start"], 0x0100);
        assert_eq!(coff.symbols["a_long_label"], 0x0102);
        assert_eq!(coff.entry, Some(0x0100));
    }

    #[test]
    fn refuses_another_format_and_a_truncated_file() {
        assert_eq!(parse_coff(b"\x7fELF...."), Err(CoffError::Magic(0x7f45)));
        let mut d = tiny();
        d.truncate(60);
        assert!(matches!(parse_coff(&d), Err(CoffError::Truncated(_))));
    }
}
