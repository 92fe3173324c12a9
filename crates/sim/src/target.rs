//! The targets by name, and how each one's program images are loaded.

use crate::arm7tdmi::{self, Arm7tdmi};
use crate::h8300::{self, H8300};
use crate::hc05::{self, Hc05};
use crate::leon2::{self, Leon2};
use crate::mcs51::{self, Mcs51, ihx};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Intel MCS-51 (8051/8052), 12 oscillator periods per machine cycle.
    Mcs51,
    /// Motorola 68HC05 (MC68HC705B16 map), 2 oscillator periods per bus cycle.
    Hc05,
    /// Hitachi H8/300 (plain, not /300H), states, the H8/3113 map.
    H8300,
    /// ARM7TDMI (ARMv4T), one clock a cycle, zero-wait 32-bit memory.
    Arm7tdmi,
    /// Gaisler LEON2 (SPARC V8 integer unit), clock cycles, the reference
    /// board's PROM and SRAM.
    Leon2,
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
    /// The 68HC05 part the image is linked for (its memory map); None on
    /// other targets.
    pub hc05_part: Option<&'static hc05::MemoryMap>,
}

/// What a run may choose of a CPU's build beyond its image (only the
/// LEON2's caches and memory today).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BootOptions {
    /// LEON2 caches and wait states; the RTL reference configuration if
    /// None.
    pub leon2_memory: Option<leon2::MemoryConfig>,
}

impl Image {
    /// A CPU after reset with this image in place.
    pub fn boot(&self) -> Box<dyn Cpu> {
        self.boot_with(&BootOptions::default())
    }

    /// [`Image::boot`] with `options`.
    pub fn boot_with(&self, options: &BootOptions) -> Box<dyn Cpu> {
        match self.target {
            Target::Mcs51 => {
                let mut cpu = Mcs51::new(mcs51::Config::default());
                for (addr, bytes) in &self.segments {
                    cpu.load_code(*addr as u16, bytes);
                }
                Box::new(cpu)
            }
            Target::Hc05 => {
                let mut cpu = Hc05::new(hc05_config(self.hc05_part));
                for (addr, bytes) in &self.segments {
                    // Checked against the map when the image was read.
                    let _ = cpu.load(*addr, bytes);
                }
                cpu.reset();
                Box::new(cpu)
            }
            Target::H8300 => {
                let mut cpu = H8300::new(h8300::Config::default());
                for (addr, bytes) in &self.segments {
                    // Checked against the map when the image was read.
                    let _ = cpu.load(*addr, bytes);
                }
                cpu.reset();
                cpu.set_pc(self.entry);
                Box::new(cpu)
            }
            Target::Arm7tdmi => {
                let mut cpu = Arm7tdmi::new(arm7tdmi::Config::default());
                for (addr, bytes) in &self.segments {
                    cpu.load(*addr, bytes);
                }
                cpu.boot(self.entry);
                Box::new(cpu)
            }
            Target::Leon2 => {
                let mut config = leon2::Config::default();
                if let Some(memory) = options.leon2_memory {
                    config.memory = memory;
                }
                let mut cpu = Leon2::new(config);
                for (addr, bytes) in &self.segments {
                    // Checked against the map when the image was read.
                    let _ = cpu.load(*addr, bytes);
                }
                cpu.boot(self.entry);
                Box::new(cpu)
            }
        }
    }

    /// Bytes the image holds.
    pub fn len(&self) -> usize {
        self.segments.iter().map(|(_, b)| b.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The 68HC05 on `part`'s map (the default part's if None).
fn hc05_config(part: Option<&'static hc05::MemoryMap>) -> hc05::Config {
    let default = hc05::Config::default();
    hc05::Config {
        map: part.unwrap_or(default.map),
        ..default
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
        source: h8300::load::CoffError,
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
    pub const ALL: [Target; 5] = [
        Target::Mcs51,
        Target::Hc05,
        Target::H8300,
        Target::Arm7tdmi,
        Target::Leon2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Mcs51 => "mcs51",
            Target::Hc05 => "hc05",
            Target::H8300 => "h8300",
            Target::Arm7tdmi => "arm7tdmi",
            Target::Leon2 => "leon2",
        }
    }

    /// Whether the CPU has caches, so that a routine's cycles depend on
    /// what ran before it (the LEON2).
    pub fn has_caches(self) -> bool {
        self == Target::Leon2
    }

    /// Every target name, comma-separated, for messages.
    pub fn names() -> String {
        Target::ALL.map(Target::name).join(", ")
    }

    /// A target by name (`mcs51`, also `8051`; `hc05`, also `6805`, `68hc05`;
    /// `h8300`, also `h8/300`, `h8`; `leon2`, also `sparc`).
    pub fn parse(name: &str) -> Result<Target, TargetError> {
        match name.to_ascii_lowercase().as_str() {
            "mcs51" | "8051" | "8052" => Ok(Target::Mcs51),
            "hc05" | "6805" | "68hc05" => Ok(Target::Hc05),
            "h8300" | "h8/300" | "h8" => Ok(Target::H8300),
            "arm7tdmi" | "arm7" => Ok(Target::Arm7tdmi),
            "leon2" | "sparc" => Ok(Target::Leon2),
            _ => Err(TargetError::Unknown(name.to_string())),
        }
    }

    /// The memory spaces `cardlab run --dump/--set` may name.
    pub fn spaces(self) -> &'static [Space] {
        match self {
            Target::Mcs51 => &[Space::Code, Space::Iram, Space::Sfr, Space::Xram],
            Target::Hc05 | Target::H8300 | Target::Arm7tdmi | Target::Leon2 => &[Space::Memory],
        }
    }

    /// What the image file must be.
    pub fn image_kind(self) -> &'static str {
        match self {
            Target::Mcs51 => "Intel HEX image (sdld -i)",
            Target::Hc05 => "Intel HEX or S19 image (sdld6808 -i or -s)",
            Target::H8300 => "COFF executable (h8300-hms-ld), S-records or raw binary",
            Target::Arm7tdmi => "ARM ELF executable (arm-none-eabi-ld)",
            Target::Leon2 => "SPARC ELF32 executable (sparc64-linux-gnu-ld -m elf32_sparc)",
        }
    }

    /// Read the image at `path`. mcs51: symbols come from the NoICE file
    /// beside it (`sdld -j` writes `name.noi`), if there is one; hc05: an
    /// Intel HEX or S19 image (by its first character), symbols from the
    /// `.noi` beside it or else the linker map (`.map`); arm7tdmi: from the
    /// ELF symbol table; leon2: a big-endian SPARC ELF32, symbols from its
    /// symbol table.
    pub fn read(self, path: &Path) -> Result<Image, TargetError> {
        self.read_part(path, None)
    }

    /// The chip a program may be linked for, by name: hc05 has
    /// `mc68hc705b16` (the default) and `st16cf54` (docs/hc05.md); the
    /// other targets have one part each and take no name.
    pub fn part(self, name: &str) -> Result<&'static hc05::MemoryMap, TargetError> {
        let unknown = |known: String| TargetError::UnknownPart {
            target: self.name(),
            part: name.to_string(),
            known,
        };
        match self {
            Target::Hc05 => hc05::map::part(name).ok_or_else(|| unknown(hc05::map::part_names())),
            _ => Err(unknown("none to choose".into())),
        }
    }

    /// [`Target::read`] for an image linked for `part` (a name
    /// [`Target::part`] knows; None: the target's default part).
    pub fn read_part(self, path: &Path, part: Option<&str>) -> Result<Image, TargetError> {
        let hc05_part = part.map(|name| self.part(name)).transpose()?;
        let read = |p: &Path| {
            std::fs::read_to_string(p).map_err(|source| TargetError::Read {
                path: p.to_path_buf(),
                source,
            })
        };
        match self {
            Target::Mcs51 => {
                let image = ihx::parse_ihx(&read(path)?).map_err(|source| TargetError::Image {
                    path: path.to_path_buf(),
                    kind: self.image_kind(),
                    source,
                })?;
                let noi = path.with_extension("noi");
                let symbols = if noi.exists() {
                    ihx::parse_noi(&read(&noi)?)
                } else {
                    BTreeMap::new()
                };
                Ok(Image {
                    target: self,
                    segments: image
                        .segments
                        .into_iter()
                        .map(|(a, b)| (a as u32, b))
                        .collect(),
                    symbols,
                    symbol_sizes: BTreeMap::new(),
                    entry: 0,
                    hc05_part: None,
                })
            }
            Target::Hc05 => self.read_hc05(path, &read(path)?, hc05_part),
            Target::H8300 => self.read_h8300(path),
            Target::Leon2 => self.read_leon2(path),
            Target::Arm7tdmi => {
                let elf = self.read_elf(path, crate::elf::Machine::Arm)?;
                let map = arm7tdmi::Config::default().map;
                for (addr, bytes) in &elf.segments {
                    let inside = map.iter().any(|r| {
                        addr.wrapping_sub(r.base) as u64 + bytes.len() as u64 <= r.size as u64
                    });
                    if !inside {
                        return Err(TargetError::OutsideMap {
                            path: path.to_path_buf(),
                            addr: *addr,
                            len: bytes.len(),
                            target: self.name(),
                            map: map
                                .iter()
                                .map(|r| {
                                    format!(
                                        "{:#010x}-{:#010x}",
                                        r.base,
                                        r.base as u64 + r.size as u64 - 1
                                    )
                                })
                                .collect::<Vec<_>>()
                                .join(", "),
                        });
                    }
                }
                Ok(Image {
                    target: self,
                    segments: elf.segments,
                    symbols: elf.symbols,
                    symbol_sizes: elf.sizes,
                    entry: elf.entry,
                    hc05_part: None,
                })
            }
        }
    }

    fn read_elf(
        self,
        path: &Path,
        machine: crate::elf::Machine,
    ) -> Result<crate::elf::Elf, TargetError> {
        let data = std::fs::read(path).map_err(|source| TargetError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        crate::elf::parse_for(&data, machine).map_err(|source| TargetError::Elf {
            path: path.to_path_buf(),
            kind: self.image_kind(),
            source,
        })
    }

    /// A LEON2 image: every segment inside PROM or SRAM.
    fn read_leon2(self, path: &Path) -> Result<Image, TargetError> {
        let elf = self.read_elf(path, crate::elf::Machine::Sparc)?;
        let map = leon2::Config::default().map;
        if let Some((addr, bytes)) = elf
            .segments
            .iter()
            .find(|(a, b)| !map.loadable(*a, b.len()))
        {
            return Err(TargetError::OutsideMap {
                path: path.to_path_buf(),
                addr: *addr,
                len: bytes.len(),
                target: self.name(),
                map: format!("{} ({})", map.text(), map.name),
            });
        }
        Ok(Image {
            target: self,
            segments: elf.segments,
            symbols: elf.symbols,
            symbol_sizes: elf.sizes,
            entry: elf.entry,
            hc05_part: None,
        })
    }

    /// An H8/300 image: COFF by its magic number (sections, symbols and
    /// entry point), S-records by their first character, anything else raw
    /// binary from H'0000; without a COFF entry point, execution starts at
    /// the reset vector.
    fn read_h8300(self, path: &Path) -> Result<Image, TargetError> {
        let data = std::fs::read(path).map_err(|source| TargetError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let (segments, symbols, entry) = if data
            .starts_with(&h8300::load::H8300_MAGIC.to_be_bytes())
        {
            let coff = h8300::load::parse_coff(&data).map_err(|source| TargetError::Coff {
                path: path.to_path_buf(),
                kind: self.image_kind(),
                source,
            })?;
            (coff.segments, coff.symbols, coff.entry)
        } else if data.first() == Some(&b'S') {
            let text = String::from_utf8_lossy(&data);
            let segments = h8300::load::parse_srec(&text).map_err(|source| TargetError::Image {
                path: path.to_path_buf(),
                kind: self.image_kind(),
                source,
            })?;
            (segments, BTreeMap::new(), None)
        } else {
            (vec![(0, data)], BTreeMap::new(), None)
        };
        let mut cpu = H8300::new(h8300::Config::default());
        for (addr, bytes) in &segments {
            if cpu.load(*addr, bytes).is_err() {
                let map = cpu.config().map;
                return Err(TargetError::OutsideMap {
                    path: path.to_path_buf(),
                    addr: *addr,
                    len: bytes.len(),
                    target: self.name(),
                    map: format!(
                        "{} ({})",
                        map.regions
                            .iter()
                            .filter(|r| r.kind != h8300::Kind::Registers)
                            .map(|r| format!("{} {:#06x}-{:#06x}", r.name, r.start, r.end))
                            .collect::<Vec<_>>()
                            .join(", "),
                        map.part
                    ),
                });
            }
        }
        cpu.reset();
        Ok(Image {
            target: self,
            segments,
            symbols,
            symbol_sizes: BTreeMap::new(),
            entry: entry.unwrap_or(cpu.pc()),
            hc05_part: None,
        })
    }

    fn read_hc05(
        self,
        path: &Path,
        text: &str,
        part: Option<&'static hc05::MemoryMap>,
    ) -> Result<Image, TargetError> {
        let parsed = if text.trim_start().starts_with('S') {
            crate::srec::parse_s19(text)
        } else {
            ihx::parse_ihx(text)
        };
        let image = parsed.map_err(|source| TargetError::Image {
            path: path.to_path_buf(),
            kind: self.image_kind(),
            source,
        })?;
        let map = hc05_config(part).map;
        for (addr, bytes) in &image.segments {
            if !map.loadable(map.reduce(*addr as u32), bytes.len()) {
                return Err(TargetError::OutsideMap {
                    path: path.to_path_buf(),
                    addr: *addr as u32,
                    len: bytes.len(),
                    target: self.name(),
                    map: format!("{} ({})", map.loadable_text(), map.part),
                });
            }
        }
        let beside = |ext: &str| Some(path.with_extension(ext)).filter(|p| p.exists());
        let symbols = match (beside("noi"), beside("map")) {
            (Some(noi), _) => ihx::parse_noi(&std::fs::read_to_string(&noi).map_err(|source| {
                TargetError::Read {
                    path: noi.clone(),
                    source,
                }
            })?),
            (None, Some(m)) => {
                hc05::load::parse_map(&std::fs::read_to_string(&m).map_err(|source| {
                    TargetError::Read {
                        path: m.clone(),
                        source,
                    }
                })?)
            }
            (None, None) => BTreeMap::new(),
        };
        let segments: Vec<(u32, Vec<u8>)> = image
            .segments
            .into_iter()
            .map(|(a, b)| (a as u32, b))
            .collect();
        let mut cpu = Hc05::new(hc05_config(part));
        for (addr, bytes) in &segments {
            let _ = cpu.load(*addr, bytes);
        }
        cpu.reset();
        Ok(Image {
            target: self,
            segments,
            symbols,
            symbol_sizes: BTreeMap::new(),
            entry: cpu.pc(),
            hc05_part: Some(map),
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_targets_list_the_known_ones() {
        let err = Target::parse("z80").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown target 'z80'; known targets: mcs51, hc05, h8300, arm7tdmi, leon2"
        );
        assert_eq!(Target::parse("8051").unwrap(), Target::Mcs51);
        for name in ["hc05", "6805", "68HC05"] {
            assert_eq!(Target::parse(name).unwrap(), Target::Hc05);
        }
    }

    #[test]
    fn loads_an_image_with_its_symbols() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.ihx");
        std::fs::write(&path, ":03000000020003F8\n:00000001FF\n").unwrap();
        std::fs::write(dir.path().join("p.noi"), "DEF start 0x3\n").unwrap();
        let program = Target::Mcs51.load(&path).unwrap();
        assert_eq!(program.symbols["start"], 3);
        assert_eq!(program.image_bytes, 3);
        assert_eq!(program.cpu.disassemble(0).0, "ljmp 0x0003");
    }

    #[test]
    fn loads_an_hc05_s19_or_hex_image_with_its_map_symbols_and_reset_vector() {
        let dir = tempfile::tempdir().unwrap();
        // LDA #$11 at 0x0300; the reset vector written at 0xFFFE.
        let s19 = "S1050300A61140\nS105FFFE0300FA\nS9030000FC\n";
        std::fs::write(dir.path().join("p.s19"), s19).unwrap();
        std::fs::write(
            dir.path().join("p.map"),
            "     00000300  start     |    00000302  done\n",
        )
        .unwrap();
        let program = Target::Hc05.load(&dir.path().join("p.s19")).unwrap();
        assert_eq!(program.symbols["start"], 0x300);
        assert_eq!(program.cpu.pc(), 0x300, "reset vector at 0xFFFE (0x3FFE)");
        assert_eq!(program.cpu.disassemble(0x300).0, "lda #0x11");
        assert_eq!(program.cpu.clocks_per_cycle(), 2);
    }

    #[test]
    fn an_hc05_image_outside_rom_names_the_loadable_regions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ram.s19");
        std::fs::write(&path, "S1050080A611C3\n").unwrap();
        let err = Target::Hc05.load(&path).err().unwrap().to_string();
        assert!(
            err.contains("segment at 0x00000080") && err.contains("EPROM 0x0300-0x3dff"),
            "{err}"
        );
    }

    #[test]
    fn an_hc05_image_is_read_for_its_part() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("st16.s19");
        // LDA $E000 at 0x4000, in the ST16CF54's user ROM: outside the B16's map
        std::fs::write(&path, "S1064000C6E00013\n").unwrap();
        let b16 = Target::Hc05.load(&path).err().unwrap().to_string();
        assert!(b16.contains("(MC68HC705B16)"), "{b16}");
        let mut cpu = Target::Hc05
            .load_with(&path, Some("st16cf54"), &BootOptions::default())
            .unwrap()
            .cpu;
        cpu.write(Space::Memory, 0xE000, 0x5A);
        cpu.set_pc(0x4000);
        cpu.step().unwrap();
        assert_eq!(cpu.read(Space::Memory, 0xE000), Some(0x5A));
        assert_eq!(cpu.disassemble(0x4000).0, "lda 0xe000");
        let unknown = Target::Hc05.read_part(&path, Some("sc21")).err().unwrap();
        assert_eq!(
            unknown.to_string(),
            "hc05 has no part 'sc21'; known parts: mc68hc705b16, st16cf54"
        );
        assert!(Target::Mcs51.part("st16cf54").is_err());
    }

    #[test]
    fn a_corrupt_image_names_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.ihx");
        std::fs::write(&path, ":03000000020003F9\n").unwrap();
        let err = Target::Mcs51.load(&path).err().unwrap().to_string();
        assert!(
            err.contains("bad.ihx is not a valid Intel HEX image") && err.contains("line 1"),
            "{err}"
        );
    }
}
