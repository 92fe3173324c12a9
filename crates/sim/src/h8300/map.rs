//! Memory maps of H8/300 parts, as data: another part is one more
//! [`MemoryMap`] constant.

use super::timing::{AccessStates, ON_CHIP, REGISTER_FIELD};

/// What a region of the map is, as the CPU may use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Mask ROM: loaded from the image; a CPU write is an error.
    Rom,
    /// EEPROM: loaded from the image and read like ROM; a CPU write is an
    /// error, since the programming sequence is not modelled.
    Eeprom,
    /// RAM: read, written, and fetched from.
    Ram,
    /// The on-chip register field of the supporting modules: plain bytes
    /// (no peripheral is modelled), at the register field's access states.
    Registers,
}

/// One contiguous region of a part's map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub name: &'static str,
    pub start: u16,
    /// Last address, inclusive.
    pub end: u16,
    pub kind: Kind,
    pub states: AccessStates,
}

impl Region {
    pub fn contains(&self, addr: u16) -> bool {
        (self.start..=self.end).contains(&addr)
    }

    pub fn len(&self) -> u32 {
        self.end as u32 - self.start as u32 + 1
    }

    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A part's memory map. An address outside every region is unmapped: an
/// access there is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryMap {
    pub part: &'static str,
    pub regions: &'static [Region],
    /// Where the map comes from.
    pub source: &'static str,
}

impl MemoryMap {
    /// The region holding `addr`.
    pub fn region(&self, addr: u16) -> Option<&Region> {
        self.regions.iter().find(|r| r.contains(addr))
    }

    /// The RAM regions, as (start, length).
    pub fn ram(&self) -> impl Iterator<Item = (u16, u32)> + '_ {
        self.regions
            .iter()
            .filter(|r| r.kind == Kind::Ram)
            .map(|r| (r.start, r.len()))
    }
}

/// The Hitachi H8/3113 smart-card chip: plain H8/300 core, 32 KB ROM, 16 KB
/// EEPROM, 2.5 KB RAM, no external bus (seed 002 §3 and its Table 1). Its
/// hardware manual was not found, so the placement is chosen: ROM from
/// H'0000 (the H8/300 vector table is at H'0000-H'003D, H8/330 manual
/// §4), RAM ending at H'FF7F below a register field at H'FF80-H'FFFF as on
/// the H8/3297 (whose @aa:8 window H'FF00-H'FFFF then reaches the top of
/// RAM and the registers), EEPROM at H'8000. Only where code, tables and
/// data sit matters to a cipher's timing, and all of ROM, EEPROM and RAM
/// take 2 states an access. docs/h8300.md gives every source.
pub const H8_3113: MemoryMap = MemoryMap {
    part: "H8/3113",
    regions: &[
        Region {
            name: "ROM",
            start: 0x0000,
            end: 0x7FFF,
            kind: Kind::Rom,
            states: ON_CHIP,
        },
        Region {
            name: "EEPROM",
            start: 0x8000,
            end: 0xBFFF,
            kind: Kind::Eeprom,
            states: ON_CHIP,
        },
        Region {
            name: "RAM",
            start: 0xF580,
            end: 0xFF7F,
            kind: Kind::Ram,
            states: ON_CHIP,
        },
        Region {
            name: "register field",
            start: 0xFF80,
            end: 0xFFFF,
            kind: Kind::Registers,
            states: REGISTER_FIELD,
        },
    ],
    source: "seed 002 §3 and Table 1 (sizes); H8/330 and H8/3297 hardware manuals (layout); placement chosen, see docs/h8300.md",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_h8_3113_has_the_seeds_sizes() {
        let size = |kind| -> u32 {
            H8_3113
                .regions
                .iter()
                .filter(|r| r.kind == kind)
                .map(Region::len)
                .sum()
        };
        assert_eq!(size(Kind::Rom), 32 * 1024);
        assert_eq!(size(Kind::Eeprom), 16 * 1024);
        assert_eq!(size(Kind::Ram), 2560);
        assert_eq!(H8_3113.region(0x0000).map(|r| r.kind), Some(Kind::Rom));
        assert_eq!(H8_3113.region(0xC000), None);
    }
}
