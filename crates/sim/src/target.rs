//! The targets as data: each CPU module describes itself in one [`Spec`]
//! (names, memory spaces, image kinds and loader, parts, how firmware for
//! it is built), and [`ALL`] lists them. Adding a CPU is its module, its
//! `TARGET` constant and one entry in [`ALL`]; nothing else names targets.

use crate::mcs51::ihx;
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every target, in the order the command line and the report list them.
pub const ALL: &[Target] = &[
    crate::mcs51::TARGET,
    crate::hc05::TARGET,
    crate::h8300::TARGET,
    crate::arm7tdmi::TARGET,
    crate::leon2::TARGET,
    crate::avr::TARGET,
];

/// What a target says about itself.
pub struct Spec {
    /// The name the command line and the manifests use.
    pub name: &'static str,
    /// Other names it answers to (case-insensitive).
    pub aliases: &'static [&'static str],
    /// One line: the CPU, its cycle unit and the memory it runs from.
    pub summary: &'static str,
    /// What [`crate::Cpu::cycles`] counts, in words for tables.
    pub cycle_unit: &'static str,
    /// How `cardlab run` reads and starts an image, for its help.
    pub run_help: &'static str,
    /// The memory spaces `cardlab run --dump/--set` and manifests may name.
    pub spaces: &'static [Space],
    /// What an image file must be, for messages.
    pub image_kind: &'static str,
    /// The chips a program may be linked for, the default first; empty
    /// when the target has one chip and takes no part name.
    pub parts: &'static [&'static str],
    /// Whether the CPU has caches, so that a routine's cycles depend on
    /// what ran before it.
    pub has_caches: bool,
    /// How the lab builds firmware for it.
    pub toolchain: Toolchain,
    /// Read an image linked for a part (a name from `parts`; None: the
    /// default), checked against the part's memory map.
    pub read: fn(&Path, Option<&'static str>) -> Result<Image, TargetError>,
    /// A CPU after reset with the image in place.
    pub boot: fn(&Image, &BootOptions) -> Box<dyn Cpu>,
}

/// How firmware sources become an image, as data the lab interprets.
#[derive(Debug, Clone, Copy)]
pub enum Toolchain {
    /// An ASxxxx assembler and linker (sdcc's): each source assembled
    /// where it lives (`-plosgff`), linked with `-n -i -j` into an Intel
    /// HEX image with its NoICE symbols.
    Asxxxx {
        assembler: &'static str,
        linker: &'static str,
        package: &'static str,
    },
    /// GNU binutils, with a C compiler where the target has one.
    Gnu(Gnu),
}

/// A GNU toolchain: each source through the assembler (or the compiler,
/// for C and preprocessed assembly), with its folder and the folder above
/// on the include path, then one link.
#[derive(Debug, Clone, Copy)]
pub struct Gnu {
    pub package: &'static str,
    pub assembler: &'static str,
    /// Options before the include path (`%` stands for the object's name).
    pub as_options: &'static [&'static str],
    /// The compiler for `.c` and `.S` sources, if the target has one.
    pub compiler: Option<Compiler>,
    pub linker: &'static str,
    /// Every link option (the output is `output`, the objects follow).
    pub ld_options: &'static [&'static str],
    /// The image file the link writes.
    pub output: &'static str,
}

/// A C compiler driver and the options every compiled source gets before
/// the manifest's `cflags`.
#[derive(Debug, Clone, Copy)]
pub struct Compiler {
    pub program: &'static str,
    pub package: &'static str,
    pub options: &'static [&'static str],
}

impl Toolchain {
    /// How a source makes `name` a symbol of the image, for messages.
    pub fn export_hint(&self, name: &str) -> String {
        match self {
            Toolchain::Asxxxx { .. } => format!("'{name}::' or '{name} == value'"),
            Toolchain::Gnu(_) => format!("'.global {name}'"),
        }
    }

    /// Whether the target's firmware may be written in C.
    pub fn compiles_c(&self) -> bool {
        matches!(
            self,
            Toolchain::Gnu(Gnu {
                compiler: Some(_),
                ..
            })
        )
    }
}

/// A target: a handle on its [`Spec`].
#[derive(Clone, Copy)]
pub struct Target(pub &'static Spec);

impl PartialEq for Target {
    fn eq(&self, other: &Target) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Target {}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

/// A program image as read from disk, ready to boot any number of times.
#[derive(Debug, Clone)]
pub struct Image {
    pub target: Target,
    /// Address and bytes of each loaded segment.
    pub segments: Vec<(u32, Vec<u8>)>,
    /// Symbol → address, from the linker's symbol file beside the image.
    pub symbols: BTreeMap<String, u32>,
    /// Symbol → size in bytes, where the image records one (ELF: C
    /// objects and functions).
    pub symbol_sizes: BTreeMap<String, u32>,
    /// Where execution starts after boot (the ELF entry point; 0 on the
    /// 8051; on the 68HC05 the reset vector's target). Bit 0 set: Thumb
    /// state.
    pub entry: u32,
    /// The part the image is linked for; None: the target's default.
    pub part: Option<&'static str>,
}

/// What a run may choose of a CPU's build beyond its image (only the
/// LEON2's caches and memory today).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BootOptions {
    /// LEON2 caches and wait states; the RTL reference configuration if
    /// None.
    pub leon2_memory: Option<crate::leon2::MemoryConfig>,
}

impl Image {
    /// An address as a user writes it: a number (decimal or 0x hex) or a
    /// symbol of the image.
    pub fn address(&self, text: &str) -> Option<u32> {
        parse_number(text).or_else(|| self.symbols.get(text).copied())
    }

    /// A CPU after reset with this image in place.
    pub fn boot(&self) -> Box<dyn Cpu> {
        self.boot_with(&BootOptions::default())
    }

    /// [`Image::boot`] with `options`.
    pub fn boot_with(&self, options: &BootOptions) -> Box<dyn Cpu> {
        (self.target.0.boot)(self, options)
    }

    /// Bytes the image holds.
    pub fn len(&self) -> usize {
        self.segments.iter().map(|(_, b)| b.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A loaded program: a CPU after reset with the image in place.
pub struct Program {
    pub cpu: Box<dyn Cpu>,
    /// Symbol → address, from the linker's symbol file beside the image.
    pub symbols: BTreeMap<String, u32>,
    /// Bytes of code the image holds.
    pub image_bytes: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error("unknown target '{0}'; known targets: {known}", known = Target::names())]
    Unknown(String),
    #[error("no space '{space}' on {target}; use {known}")]
    UnknownSpace {
        target: &'static str,
        space: String,
        known: String,
    },
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a valid {kind}: {source}; rebuild it")]
    Image {
        path: PathBuf,
        kind: &'static str,
        source: ihx::LoadError,
    },
    #[error("{path} is not a valid {kind}: {source}; rebuild it")]
    Elf {
        path: PathBuf,
        kind: &'static str,
        source: crate::elf::ElfError,
    },
    #[error("{path} is not a valid {kind}: {source}; rebuild it")]
    Coff {
        path: PathBuf,
        kind: &'static str,
        source: crate::h8300::load::CoffError,
    },
    #[error("{target} has no part '{part}'; known parts: {known}")]
    UnknownPart {
        target: &'static str,
        part: String,
        known: String,
    },
    #[error(
        "{path}: segment at {addr:#010x} ({len} bytes) lies outside the {target} memory map; link it into {map}"
    )]
    OutsideMap {
        path: PathBuf,
        addr: u32,
        len: usize,
        target: &'static str,
        map: String,
    },
}

impl Target {
    pub fn name(self) -> &'static str {
        self.0.name
    }

    pub fn spec(self) -> &'static Spec {
        self.0
    }

    /// Whether the CPU has caches, so that a routine's cycles depend on
    /// what ran before it (the LEON2).
    pub fn has_caches(self) -> bool {
        self.0.has_caches
    }

    /// Every target name, comma-separated, for messages.
    pub fn names() -> String {
        ALL.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
    }

    /// A target by its name or an alias, case-insensitive.
    pub fn parse(name: &str) -> Result<Target, TargetError> {
        ALL.iter()
            .copied()
            .find(|t| {
                std::iter::once(&t.0.name)
                    .chain(t.0.aliases)
                    .any(|n| n.eq_ignore_ascii_case(name))
            })
            .ok_or_else(|| TargetError::Unknown(name.to_string()))
    }

    /// The memory spaces `cardlab run --dump/--set` may name.
    pub fn spaces(self) -> &'static [Space] {
        self.0.spaces
    }

    /// One of this target's memory spaces, by a name [`Space::parse`]
    /// takes.
    pub fn space(self, name: &str) -> Result<Space, TargetError> {
        Space::parse(name)
            .filter(|s| self.spaces().contains(s))
            .ok_or_else(|| TargetError::UnknownSpace {
                target: self.name(),
                space: name.to_string(),
                known: (self.spaces().iter())
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// What the image file must be.
    pub fn image_kind(self) -> &'static str {
        self.0.image_kind
    }

    pub fn toolchain(self) -> &'static Toolchain {
        &self.0.toolchain
    }

    /// The chip a program may be linked for, by name (case-insensitive):
    /// its canonical name.
    pub fn part(self, name: &str) -> Result<&'static str, TargetError> {
        self.0
            .parts
            .iter()
            .copied()
            .find(|p| p.eq_ignore_ascii_case(name))
            .ok_or_else(|| TargetError::UnknownPart {
                target: self.name(),
                part: name.to_string(),
                known: match self.0.parts {
                    [] => "none to choose".into(),
                    parts => parts.join(", "),
                },
            })
    }

    /// Read the image at `path`, linked for the default part.
    pub fn read(self, path: &Path) -> Result<Image, TargetError> {
        self.read_part(path, None)
    }

    /// [`Target::read`] for an image linked for `part` (a name
    /// [`Target::part`] knows; None: the target's default part).
    pub fn read_part(self, path: &Path, part: Option<&str>) -> Result<Image, TargetError> {
        let part = part.map(|name| self.part(name)).transpose()?;
        (self.0.read)(path, part)
    }

    /// Read `path` and boot it.
    pub fn load(self, path: &Path) -> Result<Program, TargetError> {
        self.load_with(path, None, &BootOptions::default())
    }

    /// [`Target::load`] for an image linked for `part` (None: the
    /// target's default part), booted with `options`.
    pub fn load_with(
        self,
        path: &Path,
        part: Option<&str>,
        options: &BootOptions,
    ) -> Result<Program, TargetError> {
        let image = self.read_part(path, part)?;
        Ok(Program {
            cpu: image.boot_with(options),
            image_bytes: image.len(),
            symbols: image.symbols,
        })
    }
}

/// What the loaders share.
pub(crate) mod load {
    use super::TargetError;
    use std::path::Path;

    /// The bytes of `path`.
    pub fn bytes(path: &Path) -> Result<Vec<u8>, TargetError> {
        std::fs::read(path).map_err(|source| TargetError::Read {
            path: path.to_path_buf(),
            source,
        })
    }

    /// The text of `path`.
    pub fn text(path: &Path) -> Result<String, TargetError> {
        std::fs::read_to_string(path).map_err(|source| TargetError::Read {
            path: path.to_path_buf(),
            source,
        })
    }

    /// An ELF executable for `machine`.
    pub fn elf(
        path: &Path,
        machine: crate::elf::Machine,
        kind: &'static str,
    ) -> Result<crate::elf::Elf, TargetError> {
        crate::elf::parse_for(&bytes(path)?, machine).map_err(|source| TargetError::Elf {
            path: path.to_path_buf(),
            kind,
            source,
        })
    }

    /// An Intel HEX image.
    pub fn ihx(
        path: &Path,
        text: &str,
        kind: &'static str,
    ) -> Result<super::ihx::Image, TargetError> {
        super::ihx::parse_ihx(text).map_err(|source| TargetError::Image {
            path: path.to_path_buf(),
            kind,
            source,
        })
    }

    /// The image of an ELF executable for `target`'s only part.
    pub fn elf_image(target: super::Target, elf: crate::elf::Elf) -> super::Image {
        super::Image {
            target,
            segments: elf.segments,
            symbols: elf.symbols,
            symbol_sizes: elf.sizes,
            entry: elf.entry,
            part: None,
        }
    }

    /// An Intel HEX or S-record image's segments at 32-bit addresses.
    pub fn segments(image: super::ihx::Image) -> Vec<(u32, Vec<u8>)> {
        image
            .segments
            .into_iter()
            .map(|(a, b)| (a as u32, b))
            .collect()
    }

    /// The error for a segment outside the map, `map` describing where
    /// the target's images may go.
    pub fn outside(
        path: &Path,
        (addr, len): (u32, usize),
        target: &'static str,
        map: String,
    ) -> TargetError {
        TargetError::OutsideMap {
            path: path.to_path_buf(),
            addr,
            len,
            target,
            map,
        }
    }
}

/// A number as a user writes it: decimal, or hex after 0x.
pub fn parse_number(text: &str) -> Option<u32> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_targets_list_the_known_ones() {
        let err = Target::parse("z80").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown target 'z80'; known targets: mcs51, hc05, h8300, arm7tdmi, leon2, avr"
        );
        assert_eq!(Target::parse("8051").unwrap(), crate::mcs51::TARGET);
        for name in ["hc05", "6805", "68HC05"] {
            assert_eq!(Target::parse(name).unwrap(), crate::hc05::TARGET);
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for t in ALL {
            for name in std::iter::once(&t.0.name).chain(t.0.aliases) {
                assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
            }
            assert!(!t.spaces().is_empty(), "{} has no memory space", t.name());
        }
    }
}
