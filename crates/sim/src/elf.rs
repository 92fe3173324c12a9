//! Loading an ELF executable (`arm-none-eabi-ld` for the ARM7TDMI,
//! `sparc64-linux-gnu-ld -m elf32_sparc` for the LEON2): the bytes of every
//! loadable segment at its address, the entry point, and the symbol table
//! (a Thumb function's symbol has bit 0 set, as the ARM ELF ABI marks it,
//! which is what [`Cpu::call`](crate::Cpu::call) wants). What a segment
//! holds beyond its file contents (.bss, NOBITS) is left out: the
//! simulators start with memory zeroed, so it reads as zero.

use object::{Object, ObjectSegment, ObjectSymbol, SymbolKind, SymbolSection};
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum ElfError {
    #[error("{0}")]
    Parse(#[from] object::Error),
    #[error("a segment lies past the end of the file")]
    Truncated,
    #[error("an ELF file for {found:?}, not for {want}")]
    WrongMachine {
        found: object::Architecture,
        want: &'static str,
    },
}

/// The CPU an ELF file must be built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// 32-bit little-endian ARM.
    Arm,
    /// 32-bit big-endian SPARC (EM_SPARC, or EM_SPARC32PLUS from V8+ tools).
    Sparc,
    /// 8-bit AVR (EM_AVR). Its segments load at their physical address
    /// (the LMA: initialised data sits in flash after the code, where the
    /// C start-up code copies it from), as a programmer writes the chip.
    Avr,
}

impl Machine {
    fn accepts(self, file: &object::File) -> bool {
        use object::Architecture as A;
        match self {
            Machine::Arm => file.architecture() == A::Arm && file.is_little_endian(),
            Machine::Sparc => {
                matches!(file.architecture(), A::Sparc | A::Sparc32Plus)
                    && !file.is_little_endian()
                    && !file.is_64()
            }
            Machine::Avr => file.architecture() == A::Avr,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Machine::Arm => "32-bit little-endian ARM",
            Machine::Sparc => "32-bit big-endian SPARC",
            Machine::Avr => "AVR",
        }
    }
}

/// The loadable contents of an ELF file.
pub struct Elf {
    pub entry: u32,
    /// (address, bytes) of each segment with file contents; the zero fill
    /// past a segment's file size (.bss) is left to the zeroed memory.
    pub segments: Vec<(u32, Vec<u8>)>,
    pub symbols: BTreeMap<String, u32>,
    /// The size of each symbol that has one (C objects and functions;
    /// assembler labels have none).
    pub sizes: BTreeMap<String, u32>,
}

/// An ARM executable.
pub fn parse(data: &[u8]) -> Result<Elf, ElfError> {
    parse_for(data, Machine::Arm)
}

pub fn parse_for(data: &[u8], machine: Machine) -> Result<Elf, ElfError> {
    let file = object::File::parse(data)?;
    if !machine.accepts(&file) {
        return Err(ElfError::WrongMachine {
            found: file.architecture(),
            want: machine.name(),
        });
    }
    let mut segments = Vec::new();
    if machine == Machine::Avr {
        use object::read::elf::{ElfFile32, ProgramHeader};
        let elf = ElfFile32::<object::Endianness>::parse(data)?;
        let endian = elf.endian();
        for header in elf.elf_program_headers() {
            let bytes = header
                .data(endian, data)
                .map_err(|()| ElfError::Truncated)?;
            if header.p_type(endian) == object::elf::PT_LOAD && !bytes.is_empty() {
                segments.push((header.p_paddr(endian), bytes.to_vec()));
            }
        }
    } else {
        for segment in file.segments() {
            let bytes = segment.data()?;
            if !bytes.is_empty() {
                segments.push((segment.address() as u32, bytes.to_vec()));
            }
        }
    }
    // Every label defined in a section or absolute: assembler labels are
    // untyped and sizeless, which `is_definition` would pass over.
    let defined: Vec<_> = file
        .symbols()
        .filter(|s| {
            matches!(
                s.section(),
                SymbolSection::Section(_) | SymbolSection::Absolute
            )
        })
        .filter(|s| !matches!(s.kind(), SymbolKind::Section | SymbolKind::File))
        .filter_map(|s| {
            Some((
                s.name().ok()?.to_string(),
                s.address() as u32,
                s.size() as u32,
            ))
        })
        .filter(|(name, _, _)| !name.is_empty() && !name.starts_with('$'))
        .collect();
    Ok(Elf {
        entry: file.entry() as u32,
        segments,
        symbols: defined.iter().map(|(n, a, _)| (n.clone(), *a)).collect(),
        sizes: defined
            .into_iter()
            .filter(|&(_, _, size)| size != 0)
            .map(|(n, _, size)| (n, size))
            .collect(),
    })
}
