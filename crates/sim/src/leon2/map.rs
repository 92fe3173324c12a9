//! The LEON2 memory map, as data: another board is one more [`MemoryMap`].

/// What a region of the map is, as the CPU may use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// PROM: loaded from the image; a CPU write is an error.
    Rom,
    /// SRAM: read, written, and fetched from.
    Ram,
    /// The on-chip registers (memory controller, timers, UARTs, cache
    /// control): plain bytes, since no peripheral is modelled; not
    /// fetchable.
    Registers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub name: &'static str,
    pub start: u32,
    pub size: u32,
    pub kind: Kind,
}

impl Region {
    pub fn contains(&self, addr: u32) -> bool {
        addr.wrapping_sub(self.start) < self.size
    }

    /// The last address, inclusive.
    pub fn end(&self) -> u32 {
        self.start + (self.size - 1)
    }
}

/// A board's memory map. An address outside every region is unmapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryMap {
    pub name: &'static str,
    pub regions: &'static [Region],
    /// Where the map comes from.
    pub source: &'static str,
}

impl MemoryMap {
    pub fn region(&self, addr: u32) -> Option<&Region> {
        self.regions.iter().find(|r| r.contains(addr))
    }

    /// Whether `len` bytes from `addr` lie in one region an image may load.
    pub fn loadable(&self, addr: u32, len: usize) -> bool {
        self.region(addr).is_some_and(|r| {
            r.kind != Kind::Registers && (addr - r.start) as u64 + len as u64 <= r.size as u64
        })
    }

    /// The regions as text, for messages.
    pub fn text(&self) -> String {
        self.regions
            .iter()
            .map(|r| format!("{} {:#010x}-{:#010x}", r.name, r.start, r.end()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The LEON2 address map (LEON2 User's Manual 1.0.30, §2.3 "Memory map":
/// PROM from 0x00000000, I/O from 0x20000000, SRAM from 0x40000000,
/// on-chip registers from 0x80000000) with the RTL reference board's
/// sizes: 512 KiB PROM, one 1 MiB SRAM bank at 0x40000000 (leon2-rtl
/// README, "Configuration"). The I/O area is left unmapped.
pub const LEON2_BOARD: MemoryMap = MemoryMap {
    name: "LEON2 board (512 KiB PROM, 1 MiB SRAM)",
    regions: &[
        Region {
            name: "PROM",
            start: 0x0000_0000,
            size: 512 << 10,
            kind: Kind::Rom,
        },
        Region {
            name: "SRAM",
            start: 0x4000_0000,
            size: 1 << 20,
            kind: Kind::Ram,
        },
        Region {
            name: "on-chip registers",
            start: 0x8000_0000,
            size: 0x400,
            kind: Kind::Registers,
        },
    ],
    source: "LEON2 User's Manual 1.0.30 §2.3 (areas); leon2-rtl README (sizes of the reference board)",
};
