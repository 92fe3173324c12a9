//! The card chips a session can power: the SLE66CX322P-like 8051 card of
//! seed 004 §II and the AT90SC3232C AVR card of seed 004 §III, each a
//! simulated CPU with its I/O line and EEPROM behind one trait, so that the
//! reader side (T=0, timing, vpcd) is the same for both.

use crate::image::Eeprom;
use cardlab_sim::avr::{self, AT90SC3232C, Avr};
use cardlab_sim::mcs51::Mcs51;
use cardlab_sim::mcs51::sle66::{Sle66, Sle66Config};
use cardlab_sim::target::Image;
use cardlab_sim::{Cpu, SimError, Space};
use std::any::Any;

/// EEPROM endurance is counted per 32-byte block on both chips (the
/// SLE66's page; on the AT90SC, whose writes are byte-wise, the block the
/// byte is in), so both card images have the same shape.
pub const BLOCK: usize = 32;

/// A card chip as the reader and the lab see it.
pub trait Chip {
    /// The name of the chip, as the command line and card images give it.
    fn name(&self) -> &'static str;
    /// Cold reset: the core restarts with `noise` in its RAM; the EEPROM
    /// keeps its contents.
    fn reset(&mut self, noise: &mut dyn FnMut() -> u8);
    fn step(&mut self) -> Result<(), SimError>;
    /// Clock cycles since the last reset.
    fn cycles(&self) -> u64;
    fn pc(&self) -> u32;
    fn cycles_per_ms(&self) -> f64;
    fn send_to_card(&mut self, bytes: &[u8]);
    fn take_from_card(&mut self) -> Vec<u8>;
    fn unread_from_card(&mut self) -> usize;
    /// The card polled for a character that is not there.
    fn waiting(&mut self) -> bool;
    /// EEPROM programming operations started (SLE66: page programs;
    /// AT90SC: byte writes) and the cycles they kept it busy, since the
    /// chip was made.
    fn eeprom_work(&mut self) -> (u64, u64);
    /// The EEPROM's busy windows (start, end cycle) since the last call.
    fn take_eeprom_windows(&mut self) -> Vec<(u64, u64)>;
    /// Power cut now: what was being programmed is torn (`seed` chooses
    /// each byte's fate); whether anything was.
    fn power_cut(&mut self, seed: u64) -> bool;
    fn eeprom(&mut self) -> Eeprom;
    /// Put an EEPROM image in place (unpowered).
    fn restore(&mut self, eeprom: &Eeprom);
    fn as_any(&mut self) -> &mut dyn Any;
}

/// The 8051 card: an `mcs51` core with the SLE66 device attached.
pub struct Sle66Chip {
    cpu: Mcs51,
    config: Sle66Config,
}

impl Sle66Chip {
    pub fn new(image: &Image, config: Sle66Config) -> Sle66Chip {
        let mut cpu = Mcs51::new(config.core());
        for (addr, bytes) in &image.segments {
            cpu.load_code(*addr as u16, bytes);
        }
        cpu.attach(Box::new(Sle66::new(config)));
        Sle66Chip { cpu, config }
    }

    pub fn device(&mut self) -> &mut Sle66 {
        self.cpu
            .device::<Sle66>()
            .expect("the card's chip is an SLE66")
    }
}

impl Chip for Sle66Chip {
    fn name(&self) -> &'static str {
        "SLE66CX322P"
    }

    fn reset(&mut self, noise: &mut dyn FnMut() -> u8) {
        self.cpu.reset();
        for (space, len) in [(Space::Iram, 256), (Space::Xram, 0x1400)] {
            for a in 0..len {
                self.cpu.write(space, a, noise());
            }
        }
    }

    fn step(&mut self) -> Result<(), SimError> {
        self.cpu.step().map(|_| ())
    }

    fn cycles(&self) -> u64 {
        self.cpu.cycles()
    }

    fn pc(&self) -> u32 {
        self.cpu.pc()
    }

    fn cycles_per_ms(&self) -> f64 {
        self.config.cycles_per_ms()
    }

    fn send_to_card(&mut self, bytes: &[u8]) {
        self.device().send_to_card(bytes)
    }

    fn take_from_card(&mut self) -> Vec<u8> {
        self.device().take_from_card()
    }

    fn unread_from_card(&mut self) -> usize {
        self.device().unread_from_card()
    }

    fn waiting(&mut self) -> bool {
        self.device().waiting()
    }

    fn eeprom_work(&mut self) -> (u64, u64) {
        let d = self.device();
        (d.programs, d.busy_cycles)
    }

    fn take_eeprom_windows(&mut self) -> Vec<(u64, u64)> {
        let log = std::mem::take(&mut self.device().log);
        log.iter().map(|p| (p.start, p.until)).collect()
    }

    fn power_cut(&mut self, seed: u64) -> bool {
        let now = self.cpu.cycles();
        self.device().power_cut(now, seed)
    }

    fn eeprom(&mut self) -> Eeprom {
        let d = self.device();
        Eeprom {
            bytes: d.eeprom().to_vec(),
            page_programs: d.page_programs().to_vec(),
        }
    }

    fn restore(&mut self, eeprom: &Eeprom) {
        self.device().restore(&eeprom.bytes, &eeprom.page_programs)
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

/// The AVR card: the AT90SC3232C part (classic core, its I/O line and
/// byte-wise EEPROM) at the ISO 7816 default clock, one cycle a clock.
pub struct At90scChip {
    cpu: Avr,
    /// EEPROM writes and their busy cycles, in all and per 32-byte block.
    writes: u64,
    busy: u64,
    blocks: Vec<u32>,
    windows: Vec<(u64, u64)>,
}

/// The AT90SC3232C with EEPROM writes that take no time, for tests that
/// ask only what the EEPROM ends up holding.
static AT90SC3232C_INSTANT: avr::Part = avr::Part {
    eeprom_port: Some(avr::EepromPort {
        write_ns: 0,
        ..avr::ATMEGA32_EEPROM
    }),
    ..AT90SC3232C
};

impl At90scChip {
    /// The chip with the card OS `image` in flash; `instant`: EEPROM writes
    /// take no time.
    pub fn new(image: &Image, instant: bool) -> At90scChip {
        let part = if instant {
            &AT90SC3232C_INSTANT
        } else {
            &AT90SC3232C
        };
        let mut cpu = Avr::new(avr::Config { part });
        for (addr, bytes) in &image.segments {
            cpu.load_flash(*addr, bytes)
                .expect("the card OS fits the AT90SC3232C's flash");
        }
        At90scChip {
            cpu,
            writes: 0,
            busy: 0,
            blocks: vec![0; AT90SC3232C.eeprom_bytes as usize / BLOCK],
            windows: vec![],
        }
    }

    /// Fold the simulator's log of EEPROM writes into the counters.
    fn settle(&mut self) {
        for w in self.cpu.eeprom_log.drain(..) {
            self.writes += 1;
            self.busy += w.until - w.start;
            self.blocks[w.addr / BLOCK] += 1;
            self.windows.push((w.start, w.until));
        }
    }
}

impl Chip for At90scChip {
    fn name(&self) -> &'static str {
        "AT90SC3232C"
    }

    fn reset(&mut self, noise: &mut dyn FnMut() -> u8) {
        self.settle();
        self.cpu.reset();
        let (first, last) = AT90SC3232C.ram;
        for a in first..=last {
            self.cpu.write(Space::Memory, a as u32, noise());
        }
    }

    fn step(&mut self) -> Result<(), SimError> {
        self.cpu.step().map(|_| ())
    }

    fn cycles(&self) -> u64 {
        self.cpu.cycles()
    }

    fn pc(&self) -> u32 {
        self.cpu.pc()
    }

    fn cycles_per_ms(&self) -> f64 {
        AT90SC3232C.clock_hz as f64 / 1000.0
    }

    fn send_to_card(&mut self, bytes: &[u8]) {
        self.cpu.send_to_card(bytes)
    }

    fn take_from_card(&mut self) -> Vec<u8> {
        self.cpu.take_from_card()
    }

    fn unread_from_card(&mut self) -> usize {
        self.cpu.unread_from_card()
    }

    fn waiting(&mut self) -> bool {
        self.cpu.waiting()
    }

    fn eeprom_work(&mut self) -> (u64, u64) {
        self.settle();
        (self.writes, self.busy)
    }

    fn take_eeprom_windows(&mut self) -> Vec<(u64, u64)> {
        self.settle();
        std::mem::take(&mut self.windows)
    }

    fn power_cut(&mut self, seed: u64) -> bool {
        self.settle();
        self.cpu.power_cut(seed)
    }

    fn eeprom(&mut self) -> Eeprom {
        self.settle();
        Eeprom {
            bytes: self.cpu.eeprom().to_vec(),
            page_programs: self.blocks.clone(),
        }
    }

    fn restore(&mut self, eeprom: &Eeprom) {
        self.cpu
            .load_eeprom(0, &eeprom.bytes)
            .expect("an image of the AT90SC3232C's EEPROM");
        self.blocks.clone_from(&eeprom.page_programs);
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}
