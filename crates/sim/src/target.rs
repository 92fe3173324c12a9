//! The targets by name, and how each one's program images are loaded.

use crate::arm7tdmi::{self, Arm7tdmi};
use crate::mcs51::{self, Mcs51, ihx};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Intel MCS-51 (8051/8052), 12 oscillator periods per machine cycle.
    Mcs51,
    /// ARM7TDMI (ARMv4T), one clock a cycle, zero-wait 32-bit memory.
    Arm7tdmi,
}

/// A program image as read from disk, ready to boot any number of times.
#[derive(Debug, Clone)]
pub struct Image {
    pub target: Target,
    /// Address and bytes of each loaded segment.
    pub segments: Vec<(u32, Vec<u8>)>,
    /// Symbol → address, from the linker's symbol file beside the image.
    pub symbols: BTreeMap<String, u32>,
    /// Where execution starts after boot (the ELF entry point; 0 on the
    /// 8051). Bit 0 set: Thumb state.
    pub entry: u32,
}

impl Image {
    /// A CPU after reset with this image in place.
    pub fn boot(&self) -> Box<dyn Cpu> {
        match self.target {
            Target::Mcs51 => {
                let mut cpu = Mcs51::new(mcs51::Config::default());
                for (addr, bytes) in &self.segments {
                    cpu.load_code(*addr as u16, bytes);
                }
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
        source: arm7tdmi::elf::ElfError,
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
    pub const ALL: [Target; 2] = [Target::Mcs51, Target::Arm7tdmi];

    pub fn name(self) -> &'static str {
        match self {
            Target::Mcs51 => "mcs51",
            Target::Arm7tdmi => "arm7tdmi",
        }
    }

    /// Every target name, comma-separated, for messages.
    pub fn names() -> String {
        Target::ALL.map(Target::name).join(", ")
    }

    /// A target by name (`mcs51`, also `8051`).
    pub fn parse(name: &str) -> Result<Target, TargetError> {
        match name.to_ascii_lowercase().as_str() {
            "mcs51" | "8051" | "8052" => Ok(Target::Mcs51),
            "arm7tdmi" | "arm7" => Ok(Target::Arm7tdmi),
            _ => Err(TargetError::Unknown(name.to_string())),
        }
    }

    /// The memory spaces `cardlab run --dump/--set` may name.
    pub fn spaces(self) -> &'static [Space] {
        match self {
            Target::Mcs51 => &[Space::Code, Space::Iram, Space::Sfr, Space::Xram],
            Target::Arm7tdmi => &[Space::Memory],
        }
    }

    /// What the image file must be.
    pub fn image_kind(self) -> &'static str {
        match self {
            Target::Mcs51 => "Intel HEX image (sdld -i)",
            Target::Arm7tdmi => "ARM ELF executable (arm-none-eabi-ld)",
        }
    }

    /// Read the image at `path`. mcs51: symbols come from the NoICE file
    /// beside it (`sdld -j` writes `name.noi`), if there is one; arm7tdmi:
    /// from the ELF symbol table.
    pub fn read(self, path: &Path) -> Result<Image, TargetError> {
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
                    entry: 0,
                })
            }
            Target::Arm7tdmi => {
                let data = std::fs::read(path).map_err(|source| TargetError::Read {
                    path: path.to_path_buf(),
                    source,
                })?;
                let elf = arm7tdmi::elf::parse(&data).map_err(|source| TargetError::Elf {
                    path: path.to_path_buf(),
                    kind: self.image_kind(),
                    source,
                })?;
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
                    entry: elf.entry,
                })
            }
        }
    }

    /// Read `path` and boot it.
    pub fn load(self, path: &Path) -> Result<Program, TargetError> {
        let image = self.read(path)?;
        Ok(Program {
            cpu: image.boot(),
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
        assert_eq!(err, "unknown target 'z80'; known targets: mcs51, arm7tdmi");
        assert_eq!(Target::parse("8051").unwrap(), Target::Mcs51);
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
