//! An SLE66CX322P-like card chip around the 8051 core (seed 004 §II:
//! Infineon's 8051-based smart-card controller with 136 KB ROM, 32 KB
//! EEPROM and 5 KB RAM): the XDATA map, the EEPROM with its page latch and
//! programming time, and the I/O line on the serial port. docs/card.md is
//! the programmer's view; this module is that document as hardware.
//!
//! XDATA: RAM 0x0000-0x13FF (plain XRAM), nothing at 0x1400-0x7FFF (reads
//! 0xFF, writes dropped), EEPROM 0x8000-0xFFFF in 1024 pages of 32 bytes.
//! A MOVX write to the EEPROM latches the byte; `EECON` = 0x01 programs
//! the latched bytes of one page in `t = K + (N·p + offset) / f_sys` ms
//! (the data-sheet formula seed 004 quotes: K = 4.48, p = 0.06, offset =
//! 0.27, N the bytes programmed, f_sys in MHz), during which `EESTAT`
//! reads BUSY. Power cut during programming leaves each latched byte old,
//! new or erased (seeded), as a real EEPROM cell may be.

use super::{Config, Device, INTEL, Timing, sfr};
use std::collections::VecDeque;

/// EEPROM control: 0x01 program the latched page, 0x02 clear the latch.
pub const EECON: u8 = 0xD9;
/// EEPROM status: [`BUSY`], [`ERR`], [`LATCHED`].
pub const EESTAT: u8 = 0xDA;
pub const BUSY: u8 = 0x01;
pub const ERR: u8 = 0x02;
pub const LATCHED: u8 = 0x04;
/// Serial port data register.
pub const SBUF: u8 = 0x99;
/// SCON bits: receive and transmit flags.
pub const RI: u8 = 0x01;
pub const TI: u8 = 0x02;

pub const RAM_END: u16 = 0x1400;
pub const EEPROM_START: u16 = 0x8000;
pub const EEPROM_BYTES: usize = 0x8000;
pub const PAGE_BYTES: usize = 32;
pub const PAGES: usize = EEPROM_BYTES / PAGE_BYTES;
/// What an erased EEPROM cell reads.
pub const ERASED: u8 = 0xFF;

/// The chip's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sle66Config {
    /// The system clock, MHz (seed 004: 15).
    pub f_sys_mhz: f64,
    /// Clocks per machine cycle of the core. Seed 004 does not say; its
    /// own figures count one cycle a clock (8460 cycles = 0.56 ms at
    /// 15 MHz), so 1 here, a parameter.
    pub clocks_per_cycle: u32,
    /// The programming-time formula's constants (ms, ms·MHz).
    pub k_ms: f64,
    pub p: f64,
    pub offset: f64,
    /// Programming takes no time: for checks that ask only what a card
    /// ends up with (the tear test's boots), never for a measurement.
    pub instant_programming: bool,
}

impl Default for Sle66Config {
    fn default() -> Self {
        Sle66Config {
            f_sys_mhz: 15.0,
            clocks_per_cycle: 1,
            k_ms: 4.48,
            p: 0.06,
            offset: 0.27,
            instant_programming: false,
        }
    }
}

impl Sle66Config {
    /// The 8051 core configuration of the part: 256 bytes of IRAM, the
    /// Intel instruction timings at this part's clocks per cycle.
    pub fn core(&self) -> Config {
        Config {
            iram_size: 256,
            timing: Timing {
                name: "sle66cx322p",
                clocks_per_cycle: self.clocks_per_cycle,
                ..INTEL
            },
        }
    }

    /// Milliseconds to program `n` bytes of a page.
    pub fn program_ms(&self, n: usize) -> f64 {
        self.k_ms + (n as f64 * self.p + self.offset) / self.f_sys_mhz
    }

    /// Machine cycles per millisecond.
    pub fn cycles_per_ms(&self) -> f64 {
        self.f_sys_mhz * 1000.0 / self.clocks_per_cycle as f64
    }
}

/// A page programming: which bytes of which page, from when until when
/// (machine cycles).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Programming {
    pub page: usize,
    /// (offset in the page, new value)
    pub bytes: Vec<(usize, u8)>,
    pub start: u64,
    pub until: u64,
}

/// The chip's peripherals.
pub struct Sle66 {
    pub config: Sle66Config,
    eeprom: Vec<u8>,
    /// Programs per page (endurance).
    page_programs: Vec<u32>,
    latch_page: Option<usize>,
    latch: Vec<(usize, u8)>,
    programming: Option<Programming>,
    err: bool,
    rx: VecDeque<u8>,
    rx_byte: u8,
    scon: u8,
    tx: Vec<u8>,
    waiting: bool,
    /// Page programs started, and the cycles they kept the EEPROM busy.
    pub programs: u64,
    pub busy_cycles: u64,
    /// Every page programming started, in order (for replaying a power cut
    /// at any cycle without running again).
    pub log: Vec<Programming>,
}

impl Sle66 {
    /// A chip with its EEPROM erased.
    pub fn new(config: Sle66Config) -> Sle66 {
        Sle66 {
            config,
            eeprom: vec![ERASED; EEPROM_BYTES],
            page_programs: vec![0; PAGES],
            latch_page: None,
            latch: vec![],
            programming: None,
            err: false,
            rx: VecDeque::new(),
            rx_byte: 0,
            scon: 0,
            tx: vec![],
            waiting: false,
            programs: 0,
            busy_cycles: 0,
            log: vec![],
        }
    }

    pub fn eeprom(&self) -> &[u8] {
        &self.eeprom
    }

    pub fn page_programs(&self) -> &[u32] {
        &self.page_programs
    }

    /// Put a saved EEPROM image and its page counters in place.
    pub fn restore(&mut self, eeprom: &[u8], page_programs: &[u32]) {
        self.eeprom.copy_from_slice(&eeprom[..EEPROM_BYTES]);
        self.page_programs.copy_from_slice(&page_programs[..PAGES]);
    }

    /// Characters for the card to receive.
    pub fn send_to_card(&mut self, bytes: &[u8]) {
        self.rx.extend(bytes);
        self.waiting = false;
    }

    /// Characters the card sent since the last call.
    pub fn take_from_card(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.tx)
    }

    /// How many characters the card has sent that nobody has taken yet.
    pub fn unread_from_card(&self) -> usize {
        self.tx.len()
    }

    /// Whether the card polled for a character when there was none.
    pub fn waiting(&self) -> bool {
        self.waiting && self.rx.is_empty()
    }

    /// Whether a page is programming at `now`.
    pub fn busy(&mut self, now: u64) -> bool {
        self.settle(now);
        self.programming.is_some()
    }

    /// Finish a programming whose time is up.
    fn settle(&mut self, now: u64) {
        if let Some(p) = self.programming.take_if(|p| now >= p.until) {
            for (i, v) in p.bytes {
                self.eeprom[p.page * PAGE_BYTES + i] = v;
            }
        }
    }

    /// Power is cut at `now`: a page still programming is left torn, each
    /// of its latched bytes old, new or erased as `seed` draws; the latch,
    /// the I/O line and the flags are lost. Returns whether a page tore.
    pub fn power_cut(&mut self, now: u64, seed: u64) -> bool {
        self.settle(now);
        let torn = self
            .programming
            .take()
            .map(|p| tear(&mut self.eeprom, &p, seed));
        self.latch.clear();
        self.latch_page = None;
        self.err = false;
        self.rx.clear();
        self.tx.clear();
        self.scon = 0;
        self.waiting = false;
        torn.is_some()
    }

    /// The EEPROM as a power cut at cycle `at` would leave it, had the
    /// run started from `before`: every programming of `log` finished by
    /// then, and the one under way torn as `seed` draws.
    pub fn eeprom_after_cut(before: &[u8], log: &[Programming], at: u64, seed: u64) -> Vec<u8> {
        let mut e = before.to_vec();
        for p in log.iter().take_while(|p| p.start <= at) {
            if at >= p.until {
                for &(i, v) in &p.bytes {
                    e[p.page * PAGE_BYTES + i] = v;
                }
            } else {
                tear(&mut e, p, seed);
            }
        }
        e
    }

    fn eestat(&self) -> u8 {
        (if self.programming.is_some() { BUSY } else { 0 })
            | (if self.err { ERR } else { 0 })
            | (if self.latch.is_empty() { 0 } else { LATCHED })
    }

    fn start_programming(&mut self, now: u64) {
        let Some(page) = self.latch_page.filter(|_| self.programming.is_none()) else {
            self.err = true;
            return;
        };
        let ms = self.config.program_ms(self.latch.len());
        let cycles = match self.config.instant_programming {
            true => 0,
            false => (ms * self.config.cycles_per_ms()).ceil() as u64,
        };
        let programming = Programming {
            page,
            bytes: std::mem::take(&mut self.latch),
            start: now,
            until: now + cycles,
        };
        self.log.push(programming.clone());
        self.programming = Some(programming);
        self.page_programs[page] += 1;
        self.latch_page = None;
        self.programs += 1;
        self.busy_cycles += cycles;
        self.err = false;
    }
}

impl Device for Sle66 {
    fn read_sfr(&mut self, addr: u8, bits: u8, now: u64) -> Option<u8> {
        match addr {
            // a look at RI (not at TI alone) takes the next character
            sfr::SCON if bits & RI != 0 => {
                if self.scon & RI == 0 {
                    match self.rx.pop_front() {
                        Some(b) => {
                            self.rx_byte = b;
                            self.scon |= RI;
                        }
                        None => self.waiting = true,
                    }
                }
                Some(self.scon)
            }
            _ => self.peek_sfr(addr, now),
        }
    }

    fn peek_sfr(&mut self, addr: u8, now: u64) -> Option<u8> {
        match addr {
            sfr::SCON => Some(self.scon),
            SBUF => Some(self.rx_byte),
            EESTAT => {
                self.settle(now);
                Some(self.eestat())
            }
            EECON => Some(0),
            _ => None,
        }
    }

    fn write_sfr(&mut self, addr: u8, value: u8, now: u64) -> bool {
        match addr {
            sfr::SCON => self.scon = value,
            SBUF => {
                self.tx.push(value);
                self.scon |= TI;
            }
            EECON => {
                self.settle(now);
                match value {
                    0x01 => self.start_programming(now),
                    0x02 => {
                        self.latch.clear();
                        self.latch_page = None;
                        self.err = false;
                    }
                    _ => self.err = true,
                }
            }
            EESTAT => {}
            _ => return false,
        }
        true
    }

    fn read_xram(&mut self, addr: u16, now: u64) -> Option<u8> {
        match addr {
            ..RAM_END => None,
            RAM_END..EEPROM_START => Some(0xFF),
            _ => {
                self.settle(now);
                Some(self.eeprom[(addr - EEPROM_START) as usize])
            }
        }
    }

    fn write_xram(&mut self, addr: u16, value: u8, now: u64) -> bool {
        match addr {
            ..RAM_END => return false,
            RAM_END..EEPROM_START => {}
            _ => {
                self.settle(now);
                let offset = (addr - EEPROM_START) as usize;
                let page = offset / PAGE_BYTES;
                if self.programming.is_some() || self.latch_page.is_some_and(|p| p != page) {
                    self.err = true;
                } else {
                    self.latch_page = Some(page);
                    let i = offset % PAGE_BYTES;
                    self.latch.retain(|&(j, _)| j != i);
                    self.latch.push((i, value));
                }
            }
        }
        true
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// Leave each byte of an interrupted programming old, new or erased.
fn tear(eeprom: &mut [u8], p: &Programming, seed: u64) {
    let mut x = seed | 1;
    for &(i, v) in &p.bytes {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let cell = &mut eeprom[p.page * PAGE_BYTES + i];
        *cell = match x % 3 {
            0 => *cell,
            1 => v,
            _ => ERASED,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_004_programming_times_come_out_of_the_formula() {
        // 11 pages of 16 bytes (AES-128 round keys), 13 of 24, 15 of 32
        let c = Sle66Config::default();
        for (n, pages, ms) in [(16, 11, 50.182), (24, 13, 59.722), (32, 15, 69.39)] {
            let total = c.program_ms(n) * pages as f64;
            assert!((total - ms).abs() < 5e-4, "{n}: {total}");
        }
    }

    #[test]
    fn a_page_programs_through_the_latch_and_keeps_busy_for_its_time() {
        let mut chip = Sle66::new(Sle66Config::default());
        for i in 0..16 {
            assert!(chip.write_xram(0x8020 + i, i as u8, 0));
        }
        assert_eq!(
            chip.read_xram(0x8020, 0),
            Some(ERASED),
            "latched, not written"
        );
        chip.write_sfr(EECON, 0x01, 100);
        let cycles = (4.562f64 * 15_000.0).ceil() as u64;
        assert_eq!(chip.peek_sfr(EESTAT, 100 + cycles - 1), Some(BUSY));
        assert_eq!(chip.peek_sfr(EESTAT, 100 + cycles), Some(0));
        assert_eq!(chip.read_xram(0x802F, 100 + cycles), Some(15));
        assert_eq!(chip.page_programs()[1], 1);
        // a byte of another page in the same latch is refused
        chip.write_xram(0x8000, 1, 200_000);
        chip.write_xram(0x8040, 2, 200_000);
        assert_eq!(chip.peek_sfr(EESTAT, 200_000), Some(ERR | LATCHED));
    }

    #[test]
    fn a_power_cut_while_programming_tears_the_page() {
        let mut chip = Sle66::new(Sle66Config::default());
        for i in 0..32 {
            chip.write_xram(0x8000 + i, 0x00, 0);
        }
        chip.write_sfr(EECON, 0x01, 0);
        assert!(chip.power_cut(10, 7));
        let page = &chip.eeprom()[..32];
        assert!(page.contains(&0x00) && page.contains(&ERASED), "{page:?}");
        assert!(!chip.busy(1_000_000));
    }

    #[test]
    fn the_serial_port_hands_over_characters_one_at_a_time() {
        let mut chip = Sle66::new(Sle66Config::default());
        assert_eq!(chip.read_sfr(sfr::SCON, RI, 0), Some(0));
        assert!(chip.waiting());
        chip.send_to_card(&[0xA4, 0x04]);
        assert_eq!(chip.read_sfr(sfr::SCON, RI, 0), Some(RI));
        assert_eq!(chip.read_sfr(SBUF, 0xFF, 0), Some(0xA4));
        assert_eq!(
            chip.read_sfr(sfr::SCON, RI, 0),
            Some(RI),
            "not again until RI is cleared"
        );
        chip.write_sfr(sfr::SCON, 0, 0);
        chip.read_sfr(sfr::SCON, RI, 0);
        assert_eq!(chip.read_sfr(SBUF, 0xFF, 0), Some(0x04));
        chip.write_sfr(SBUF, 0x90, 0);
        assert_eq!(chip.take_from_card(), [0x90]);
    }
}
