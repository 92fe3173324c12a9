//! Memory maps of HC05 parts, as data: each part is one [`MemoryMap`]
//! constant in [`PARTS`].

/// What a region of the map is, as the CPU may use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// I/O and control registers: read and written as plain bytes (no
    /// peripheral is modelled).
    Io,
    /// RAM: read, written, and fetched from (the chip runs code in RAM).
    Ram,
    /// ROM or EPROM: loaded from the image; a CPU write is an error.
    Rom,
    /// The vector table at the top of the map: ROM that holds addresses,
    /// never a place for code (the call stub goes elsewhere).
    Vectors,
    /// EEPROM: loaded from the image, read by the CPU; a CPU write is an
    /// error, since the programming sequence (EEPCR, a 10 ms write) is
    /// not modelled. The lab may still write it from outside.
    Eeprom,
}

/// One contiguous region of a part's map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub name: &'static str,
    pub start: u16,
    /// Last address, inclusive.
    pub end: u16,
    pub kind: Kind,
}

impl Region {
    pub fn len(&self) -> u32 {
        self.end as u32 - self.start as u32 + 1
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn contains(&self, addr: u16) -> bool {
        (self.start..=self.end).contains(&addr)
    }
}

/// A part's memory map. Addresses outside every region are unmapped: an
/// access there is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryMap {
    pub part: &'static str,
    /// Width of the CPU's addresses: the program counter and every
    /// effective address are taken modulo 2^bits, as on the chip, whose
    /// upper address bits do not exist.
    pub address_bits: u8,
    pub regions: &'static [Region],
    /// The stack window (bottom, top): SP starts at `top` after reset and
    /// RSP, counts down and wraps inside the window. Its size must be a
    /// power of two.
    pub stack: (u16, u16),
    /// Where the EEPROM control register (EEPCR) sits, if the part has one.
    pub eeprom_control: Option<u16>,
    /// Where the map comes from.
    pub source: &'static str,
}

impl MemoryMap {
    /// The region holding `addr` (already reduced to the address width).
    pub fn region(&self, addr: u16) -> Option<&Region> {
        self.regions.iter().find(|r| r.contains(addr))
    }

    /// Reduce an address to the part's address width.
    pub fn reduce(&self, addr: u32) -> u16 {
        (addr & self.mask() as u32) as u16
    }

    pub fn mask(&self) -> u16 {
        ((1u32 << self.address_bits) - 1) as u16
    }

    /// Whether an image may place `len` bytes from `addr` (already
    /// reduced): every byte must lie in ROM or EEPROM.
    pub fn loadable(&self, addr: u16, len: usize) -> bool {
        (0..len).all(|i| {
            let a = addr as u32 + i as u32;
            a <= self.mask() as u32
                && self
                    .region(a as u16)
                    .is_some_and(|r| matches!(r.kind, Kind::Rom | Kind::Vectors | Kind::Eeprom))
        })
    }

    /// The RAM regions, for the lab's noise fill.
    pub fn ram(&self) -> impl Iterator<Item = &Region> {
        self.regions.iter().filter(|r| r.kind == Kind::Ram)
    }

    /// The regions an image may be loaded into, as text for messages.
    pub fn loadable_text(&self) -> String {
        let parts: Vec<String> = self
            .regions
            .iter()
            .filter(|r| matches!(r.kind, Kind::Rom | Kind::Vectors | Kind::Eeprom))
            .map(|r| format!("{} {:#06x}-{:#06x}", r.name, r.start, r.end))
            .collect();
        parts.join(", ")
    }
}

/// The MC68HC705B16 (the EPROM part of seed 002): 15 KiB EPROM, 256 bytes
/// EEPROM, 352 bytes RAM in two blocks of 176.
///
/// Motorola, *MC68HC05B6 Technical Data* (MC68HC05B6/D Rev. 4), Appendix
/// E "MC68HC705B16": RAM1 ends at 0x00FF with the stack at its top, RAM2
/// is 0x0250-0x02FF (the bootstrap section, page E-18, gives "RAM bytes
/// $008B–$00E3 and $0250–$02ED" to user programs and "a 10-byte stack at
/// the top of RAMI"); seed 002 gives two RAM areas of 176 bytes, RAM1
/// reached by direct and RAM2 by extended addressing. The I/O block
/// (0x0000-0x001F, EEPCR at 0x0007), the page-zero EPROM
/// (0x0020-0x004F), the EEPROM (0x0100-0x01FF), the main EPROM
/// (0x0300-0x3DFF) and the user vectors (0x3FF2-0x3FFF) follow the same
/// data book's B16 map. The bootstrap ROM (0x3E00-0x3FF1) and the gap
/// 0x0200-0x024F are left unmapped: user code has no business there. The
/// part decodes 14 address bits, so an image's reset vector written at
/// 0xFFFE lands at 0x3FFE.
pub const MC68HC705B16: MemoryMap = MemoryMap {
    part: "MC68HC705B16",
    address_bits: 14,
    regions: &[
        Region {
            name: "I/O",
            start: 0x0000,
            end: 0x001F,
            kind: Kind::Io,
        },
        Region {
            name: "EPROM (page zero)",
            start: 0x0020,
            end: 0x004F,
            kind: Kind::Rom,
        },
        Region {
            name: "RAM1",
            start: 0x0050,
            end: 0x00FF,
            kind: Kind::Ram,
        },
        Region {
            name: "EEPROM",
            start: 0x0100,
            end: 0x01FF,
            kind: Kind::Eeprom,
        },
        Region {
            name: "RAM2",
            start: 0x0250,
            end: 0x02FF,
            kind: Kind::Ram,
        },
        Region {
            name: "EPROM",
            start: 0x0300,
            end: 0x3DFF,
            kind: Kind::Rom,
        },
        Region {
            name: "vectors",
            start: 0x3FF2,
            end: 0x3FFF,
            kind: Kind::Vectors,
        },
    ],
    stack: (0x00C0, 0x00FF),
    eeprom_control: Some(0x0007),
    source: "MC68HC05B6/D Rev. 4, Appendix E (MC68HC705B16); seed 002",
};

/// The SGS-Thomson ST16CF54, a 6805-core smart-card MCU (Nagra "ROM3"
/// cards) with 16 KiB of user ROM, 480 bytes of SRAM and 4 KiB of EEPROM:
/// the larger-memory card part on which seed 001's precomputed Twofish
/// key material (1208 and 3256 bytes) lives in EEPROM, as the paper
/// assumes.
///
/// No ST data sheet is public; the map is the one T. Goodspeed's
/// published read-out of the chip gives (travisgoodspeed/nippertool:
/// README "How the exploit works", `nippertool.go` dumping SRAM
/// 0x0020-0x021F, user ROM 0x4000-0x7FFF and EEPROM 0xE000-0xEFFF,
/// `nipperpatch.asm` with the EEPROM control register EECTRL at 0x03 and
/// the 32 bytes from 0x0200 reading as zero); NagrASM (same author) runs
/// it as a 6805. Inferred, not read: the SRAM's end at 0x01FF (the
/// transaction buffer is its last 100 bytes, from 0x019C) and the stack
/// window 0x0040-0x007F (the read-out's notes call 0x007C the top of the
/// stack two calls deep). The system ROM (Nagra's code from 0x2000) is
/// left unmapped, and so are the vectors, whose place no source gives:
/// an image that writes one is refused, and the lab calls entry points
/// directly.
pub const ST16CF54: MemoryMap = MemoryMap {
    part: "ST16CF54",
    address_bits: 16,
    regions: &[
        Region {
            name: "I/O",
            start: 0x0000,
            end: 0x001F,
            kind: Kind::Io,
        },
        Region {
            name: "SRAM",
            start: 0x0020,
            end: 0x01FF,
            kind: Kind::Ram,
        },
        Region {
            name: "user ROM",
            start: 0x4000,
            end: 0x7FFF,
            kind: Kind::Rom,
        },
        Region {
            name: "EEPROM",
            start: 0xE000,
            end: 0xEFFF,
            kind: Kind::Eeprom,
        },
    ],
    stack: (0x0040, 0x007F),
    eeprom_control: Some(0x0003),
    source: "T. Goodspeed's ST16CF54 read-out (travisgoodspeed/nippertool); SRAM end and stack window inferred",
};

/// Every part the simulator knows, the default (seed 002's B16) first.
pub const PARTS: [&MemoryMap; 2] = [&MC68HC705B16, &ST16CF54];

/// A part by name, case-insensitive (`mc68hc705b16`, `st16cf54`).
pub fn part(name: &str) -> Option<&'static MemoryMap> {
    PARTS
        .into_iter()
        .find(|m| m.part.eq_ignore_ascii_case(name))
}

/// The parts' names, for messages.
pub fn part_names() -> String {
    let names: Vec<String> = PARTS.iter().map(|m| m.part.to_lowercase()).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_b16_map_has_its_ram_eprom_and_eeprom() {
        let m = &MC68HC705B16;
        let ram: u32 = m.ram().map(Region::len).sum();
        assert_eq!(ram, 352);
        assert_eq!(
            m.ram().map(|r| r.name).collect::<Vec<_>>(),
            ["RAM1", "RAM2"]
        );
        let eeprom: u32 = m
            .regions
            .iter()
            .filter(|r| r.kind == Kind::Eeprom)
            .map(Region::len)
            .sum();
        assert_eq!(eeprom, 256);
        assert_eq!(m.reduce(0xFFFE), 0x3FFE);
        assert_eq!(m.region(0x3FFE).unwrap().name, "vectors");
        assert!(m.region(0x0200).is_none());
        assert!(m.loadable(0x0300, 0x3B00) && !m.loadable(0x3DFF, 2));
    }

    #[test]
    fn regions_are_sorted_and_disjoint() {
        for m in PARTS {
            for pair in m.regions.windows(2) {
                assert!(pair[0].end < pair[1].start, "{pair:?}");
            }
            let (bottom, top) = m.stack;
            assert!((top - bottom + 1).is_power_of_two(), "{}", m.part);
            assert_eq!(m.region(bottom).unwrap().kind, Kind::Ram, "{}", m.part);
        }
    }

    #[test]
    fn the_st16cf54_holds_3256_bytes_of_key_material_in_eeprom() {
        let m = part("st16cf54").unwrap();
        let eeprom = m.regions.iter().find(|r| r.kind == Kind::Eeprom).unwrap();
        assert_eq!((eeprom.start, eeprom.len()), (0xE000, 4096));
        assert_eq!(m.ram().map(Region::len).sum::<u32>(), 480);
        assert!(m.loadable(0x4000, 0x4000) && !m.loadable(0xFFFE, 2));
        assert!(part("MC68HC705B16").is_some_and(|p| p == &MC68HC705B16));
        assert!(part("sc21").is_none());
    }
}
