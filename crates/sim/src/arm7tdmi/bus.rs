//! The memory map and the bus-cycle accounting of the ARM7TDMI.
//!
//! ARM7TDMI TRM (DDI 0210C) §3.3: every bus cycle is non-sequential (N),
//! sequential (S), internal (I) or a coprocessor cycle. Memory adds wait
//! states to N and S cycles, never to I cycles. A region with a 16-bit bus
//! serves a word in two accesses, the second sequential. The instruction
//! handlers charge their cycles through [`Bus`] in the order of the TRM's
//! chapter 6 tables, with the attribution GBATEK's summary uses: the
//! prefetch (S, or N before a data access) at the code's region, data
//! accesses at the data's region, refills at the branch target's.

use crate::Access;

/// One region of the memory map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionSpec {
    pub name: String,
    pub base: u32,
    pub size: u32,
    /// 16 or 32.
    pub bus_bits: u8,
    /// Wait states added to an N cycle.
    pub n_wait: u32,
    /// Wait states added to an S cycle.
    pub s_wait: u32,
}

impl RegionSpec {
    /// Zero-wait 32-bit memory: the on-chip RAM and ROM a card CPU runs
    /// its crypto from, and the default of the whole map.
    pub fn zero_wait(name: &str, base: u32, size: u32) -> Self {
        RegionSpec {
            name: name.to_string(),
            base,
            size,
            bus_bits: 32,
            n_wait: 0,
            s_wait: 0,
        }
    }

    fn contains(&self, addr: u32) -> bool {
        addr.wrapping_sub(self.base) < self.size
    }
}

struct Region {
    spec: RegionSpec,
    data: Vec<u8>,
}

/// Cycle counts by kind since reset.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BusCycles {
    pub s: u64,
    pub n: u64,
    pub i: u64,
    /// Wait states added by the memory map.
    pub waits: u64,
}

impl BusCycles {
    pub fn total(&self) -> u64 {
        self.s + self.n + self.i + self.waits
    }
}

/// What the bus logs of an instruction for the observers: its data
/// accesses, byte by byte, and each store's old and new value.
#[derive(Debug, Clone, Copy)]
pub enum Logged {
    Access(Access),
    WriteBack { old: u32, new: u32 },
}

/// The memory map, the cycle counters, and the data accesses of the
/// instruction being executed (for the observers).
pub struct Bus {
    regions: Vec<Region>,
    pub cycles: BusCycles,
    /// Data accesses and stores of the current instruction, when an
    /// observer wants them.
    pub log: Option<Vec<Logged>>,
}

/// Why a data access failed: nothing is mapped at the address.
#[derive(Debug, Clone, Copy)]
pub struct Unmapped {
    pub addr: u32,
    pub write: bool,
}

impl Bus {
    pub fn new(map: &[RegionSpec]) -> Self {
        Bus {
            regions: map
                .iter()
                .map(|spec| Region {
                    spec: spec.clone(),
                    // calloc: pages are zeroed by the OS when first touched,
                    // so a large map costs nothing until used.
                    data: vec![0; spec.size as usize],
                })
                .collect(),
            cycles: BusCycles::default(),
            log: None,
        }
    }

    pub fn map(&self) -> impl Iterator<Item = &RegionSpec> {
        self.regions.iter().map(|r| &r.spec)
    }

    fn region(&self, addr: u32) -> Option<&Region> {
        self.regions.iter().find(|r| r.spec.contains(addr))
    }

    fn region_mut(&mut self, addr: u32) -> Option<&mut Region> {
        self.regions.iter_mut().find(|r| r.spec.contains(addr))
    }

    /// Whether `len` bytes from `addr` are all mapped.
    pub fn mapped(&self, addr: u32, len: u32) -> bool {
        self.region(addr)
            .is_some_and(|r| addr.wrapping_sub(r.spec.base) + len <= r.spec.size)
    }

    // ---- raw memory, no cycles and no observer -----------------------

    pub fn peek8(&self, addr: u32) -> Option<u8> {
        let r = self.region(addr)?;
        Some(r.data[(addr - r.spec.base) as usize])
    }

    pub fn poke8(&mut self, addr: u32, value: u8) -> bool {
        match self.region_mut(addr) {
            Some(r) => {
                let at = (addr - r.spec.base) as usize;
                r.data[at] = value;
                true
            }
            None => false,
        }
    }

    /// Little-endian read of `N` bytes at `addr` (already aligned by the
    /// caller); `None` if any byte is unmapped.
    pub fn peek<const N: usize>(&self, addr: u32) -> Option<u32> {
        let r = self.region(addr)?;
        let at = (addr - r.spec.base) as usize;
        let bytes = r.data.get(at..at + N)?;
        Some(bytes.iter().rev().fold(0, |v, &b| (v << 8) | b as u32))
    }

    pub fn load_bytes(&mut self, addr: u32, bytes: &[u8]) -> bool {
        bytes
            .iter()
            .enumerate()
            .all(|(i, &b)| self.poke8(addr.wrapping_add(i as u32), b))
    }

    // ---- cycles ------------------------------------------------------

    /// Internal cycles: never wait.
    pub fn idle(&mut self, count: u32) {
        self.cycles.i += count as u64;
    }

    /// One access of `bytes` at `addr`, sequential or not: its wait states
    /// from the region (a word on a 16-bit bus is two accesses).
    fn charge(&mut self, addr: u32, bytes: u32, sequential: bool) {
        let (n_wait, s_wait, halves) = match self.region(addr) {
            Some(r) => (
                r.spec.n_wait,
                r.spec.s_wait,
                bytes == 4 && r.spec.bus_bits == 16,
            ),
            None => (0, 0, false),
        };
        let first = if sequential { s_wait } else { n_wait };
        if sequential {
            self.cycles.s += 1;
        } else {
            self.cycles.n += 1;
        }
        self.cycles.waits += first as u64;
        if halves {
            self.cycles.s += 1;
            self.cycles.waits += s_wait as u64;
        }
    }

    /// An instruction fetch of `bytes` (4 in ARM state, 2 in Thumb) at `addr`.
    pub fn fetch(&mut self, addr: u32, bytes: u32, sequential: bool) {
        self.charge(addr, bytes, sequential);
    }

    // ---- data accesses: cycles, observer, value -----------------------

    fn record(&mut self, addr: u32, bytes: u32, value: u32, write: bool) {
        if let Some(log) = self.log.as_mut() {
            for i in 0..bytes {
                log.push(Logged::Access(Access {
                    space: crate::Space::Memory,
                    addr: addr.wrapping_add(i),
                    value: (value >> (8 * i)) as u8,
                    write,
                }));
            }
        }
    }

    /// A data read of 1, 2 or 4 bytes at `addr` (aligned by the caller).
    pub fn read(&mut self, addr: u32, bytes: u32, sequential: bool) -> Result<u32, Unmapped> {
        let value = match bytes {
            1 => self.peek::<1>(addr),
            2 => self.peek::<2>(addr),
            _ => self.peek::<4>(addr),
        }
        .ok_or(Unmapped { addr, write: false })?;
        self.charge(addr, bytes, sequential);
        self.record(addr, bytes, value, false);
        Ok(value)
    }

    /// A data write of 1, 2 or 4 bytes at `addr` (aligned by the caller).
    pub fn write(
        &mut self,
        addr: u32,
        bytes: u32,
        value: u32,
        sequential: bool,
    ) -> Result<(), Unmapped> {
        if !self.mapped(addr, bytes) {
            return Err(Unmapped { addr, write: true });
        }
        if self.log.is_some() {
            let old = (0..bytes).fold(0, |w, i| {
                w | (self.peek::<1>(addr.wrapping_add(i)).unwrap_or(0) << (8 * i))
            });
            if let Some(log) = self.log.as_mut() {
                log.push(Logged::WriteBack { old, new: value });
            }
        }
        for i in 0..bytes {
            self.poke8(addr.wrapping_add(i), (value >> (8 * i)) as u8);
        }
        self.charge(addr, bytes, sequential);
        self.record(addr, bytes, value, true);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_on_a_16_bit_bus_with_waits_costs_two_accesses() {
        let mut bus = Bus::new(&[RegionSpec {
            bus_bits: 16,
            n_wait: 3,
            s_wait: 1,
            ..RegionSpec::zero_wait("rom", 0x1000, 0x100)
        }]);
        bus.fetch(0x1000, 4, false); // N + S: 1+3 + 1+1
        bus.fetch(0x1004, 2, true); // S: 1+1
        bus.idle(2);
        let c = bus.cycles;
        assert_eq!((c.n, c.s, c.i, c.waits), (1, 2, 2, 5));
        assert_eq!(c.total(), 10);
    }

    #[test]
    fn unmapped_data_accesses_fail_and_cost_nothing() {
        let mut bus = Bus::new(&[RegionSpec::zero_wait("ram", 0, 16)]);
        assert!(bus.read(14, 4, false).is_err());
        assert!(bus.write(16, 1, 0, false).is_err());
        assert_eq!(bus.cycles.total(), 0);
        bus.write(12, 4, 0x1122_3344, false).unwrap();
        assert_eq!(bus.read(12, 2, false).unwrap(), 0x3344);
        assert_eq!(bus.peek8(15), Some(0x11));
    }
}
