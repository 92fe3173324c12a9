//! Loading an ELF executable from `arm-none-eabi-ld`: the bytes of every
//! loadable segment at its physical address, the entry point, and the
//! symbol table (a Thumb function's symbol has bit 0 set, as the ARM ELF
//! ABI marks it, which is what [`Cpu::call`](crate::Cpu::call) wants).

use object::{Object, ObjectSegment, ObjectSymbol, SymbolKind, SymbolSection};
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum ElfError {
    #[error("{0}")]
    Parse(#[from] object::Error),
    #[error("an ELF file for {0:?}, not for 32-bit little-endian ARM")]
    NotArm(object::Architecture),
}

/// The loadable contents of an ELF file.
pub struct Elf {
    pub entry: u32,
    /// (address, bytes) of each segment with file contents; the zero fill
    /// past a segment's file size (.bss) is left to the zeroed memory.
    pub segments: Vec<(u32, Vec<u8>)>,
    pub symbols: BTreeMap<String, u32>,
}

pub fn parse(data: &[u8]) -> Result<Elf, ElfError> {
    let file = object::File::parse(data)?;
    if file.architecture() != object::Architecture::Arm || !file.is_little_endian() {
        return Err(ElfError::NotArm(file.architecture()));
    }
    let mut segments = Vec::new();
    for segment in file.segments() {
        let bytes = segment.data()?;
        if !bytes.is_empty() {
            segments.push((segment.address() as u32, bytes.to_vec()));
        }
    }
    // Every label defined in a section or absolute: assembler labels are
    // untyped and sizeless, which `is_definition` would pass over.
    let symbols = file
        .symbols()
        .filter(|s| {
            matches!(
                s.section(),
                SymbolSection::Section(_) | SymbolSection::Absolute
            )
        })
        .filter(|s| !matches!(s.kind(), SymbolKind::Section | SymbolKind::File))
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address() as u32)))
        .filter(|(name, _)| !name.is_empty() && !name.starts_with('$'))
        .collect();
    Ok(Elf {
        entry: file.entry() as u32,
        segments,
        symbols,
    })
}
