//! AVR parts as data: the memories of each chip and where its few
//! core-visible I/O registers sit. Everything else in the I/O space is
//! plain storage (no peripheral is modelled).

/// One chip's memories, as the core sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The name the command line takes (lower case).
    pub name: &'static str,
    /// Program memory (flash or ROM) in bytes, a power of two; the PC and
    /// LPM's Z address it by words and bytes.
    pub flash_bytes: u32,
    /// Internal SRAM, first and last data-space address. Below it sit the
    /// 32 registers (0x00-0x1F) and the 64 I/O registers (0x20-0x5F); an
    /// access above it is an error (no external memory interface).
    pub ram: (u16, u16),
    /// EEPROM in bytes (a separate space, reached through EEAR/EEDR/EECR).
    pub eeprom_bytes: u32,
    /// The enhanced core's instructions (MUL, MULS, MULSU, FMUL, FMULS,
    /// FMULSU, MOVW, LPM Rd,Z and LPM Rd,Z+, BREAK, SPM): present on the
    /// ATmega class; on a classic core they are illegal opcodes.
    pub enhanced: bool,
    /// MCUCR's data-space address and its SE (sleep enable) bit: SLEEP
    /// with SE clear is a NOP, with SE set the CPU sleeps until an
    /// interrupt, and no interrupt source is modelled, so the run ends.
    pub sleep_enable: (u16, u8),
    /// The EEPROM's registers and write time, if the program can reach it.
    pub eeprom_port: Option<EepromPort>,
    /// The smart-card I/O line, if the part has one the simulator models.
    pub line: Option<LinePort>,
    /// The clock the lab assumes, for times given in nanoseconds (the
    /// EEPROM's write time).
    pub clock_hz: u64,
    /// Where each figure comes from.
    pub source: &'static str,
}

/// The EEPROM's control registers (data-space addresses) and timing, as
/// the ATmega32 data sheet's "EEPROM Read/Write Access" describes them:
/// EECR bits EERIE (3), EEMWE (2), EEWE (1), EERE (0). Setting EERE reads
/// EEPROM[EEAR] into EEDR and holds the CPU 4 clocks; setting EEWE within 4
/// clocks of EEMWE writes EEDR to EEPROM[EEAR], holds the CPU 2 clocks and
/// keeps EEWE set for the write time; while it is set, reads and writes
/// are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EepromPort {
    pub eecr: u16,
    pub eedr: u16,
    pub eearl: u16,
    pub eearh: u16,
    /// One byte's erase and write, in nanoseconds.
    pub write_ns: u64,
}

/// The ATmega32's EEPROM port: EECR, EEDR, EEARL, EEARH at I/O 0x1C-0x1F;
/// 8448 cycles of the calibrated 1 MHz RC oscillator a byte (data sheet
/// Table 1, "EEPROM Programming Time": 8.5 ms typical), whatever the CPU's
/// clock.
pub const ATMEGA32_EEPROM: EepromPort = EepromPort {
    eecr: 0x3C,
    eedr: 0x3D,
    eearl: 0x3E,
    eearh: 0x3F,
    write_ns: 8_448_000,
};

/// The I/O line of a card chip, as the ATmega32's USART registers (data
/// addresses): UDR holds a received character (reading it takes it) and
/// takes one to send; UCSRA has RXC (bit 7: a character waits in UDR) and
/// UDRE (bit 5: always set, the line takes a character at once). The line's
/// timing is the reader's business (docs/card.md), not the UART's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinePort {
    pub udr: u16,
    pub ucsra: u16,
}

/// UCSRA's bits.
pub const RXC: u8 = 0x80;
pub const UDRE: u8 = 0x20;

impl Part {
    /// The stack pointer after reset: RAMEND, the last SRAM byte.
    pub fn ramend(&self) -> u16 {
        self.ram.1
    }

    /// The size of the data space: registers, I/O and SRAM.
    pub fn data_bytes(&self) -> usize {
        self.ram.1 as usize + 1
    }

    pub fn ram_bytes(&self) -> u32 {
        (self.ram.1 - self.ram.0) as u32 + 1
    }
}

/// The ATmega32: the part simavr models, the reference of the
/// differential tests.
pub const ATMEGA32: Part = Part {
    name: "atmega32",
    flash_bytes: 32 * 1024,
    ram: (0x0060, 0x085F),
    eeprom_bytes: 1024,
    enhanced: true,
    sleep_enable: (0x55, 0x80),
    eeprom_port: Some(ATMEGA32_EEPROM),
    line: None,
    // The factory setting: the internal RC oscillator at 1 MHz.
    clock_hz: 1_000_000,
    source: "ATmega32(L) datasheet (Atmel 2503), memories and register summary: 32 KB flash, 2 KB SRAM at $0060-$085F, 1 KB EEPROM; MCUCR at I/O $35 (data $55), SE = bit 7",
};

/// The Atmel AT90SC3232C, the SecureAVR smart-card chip of seed 004 §III
/// (printed there "AT903232C"). Its data sheet was released under NDA
/// only; docs/avr.md gives the source of each figure and labels the
/// assumptions: 32 KB of program memory and 32 KB of EEPROM from the part
/// name (the AT90SC naming rule); the classic core, from the family's
/// "120 instructions" (the ATmega class has 131; no multiplier); 2 KB of
/// RAM at 0x0060 (the family has "up to 2.5K") and MCUCR where the
/// ATmega32 has it.
pub const AT90SC3232C: Part = Part {
    name: "at90sc3232c",
    flash_bytes: 32 * 1024,
    ram: (0x0060, 0x085F),
    eeprom_bytes: 32 * 1024,
    enhanced: false,
    sleep_enable: (0x55, 0x80),
    // Assumed: the ATmega32's register interface; a byte's erase and
    // program in 2 + 2 ms (the family's later AT90SO4 data); the ISO 7816
    // default reader clock.
    eeprom_port: Some(EepromPort {
        write_ns: 4_000_000,
        ..ATMEGA32_EEPROM
    }),
    // Assumed: the card's I/O line behind the ATmega32's USART registers
    // (UDR I/O 0x0C, UCSRA I/O 0x0B); the AT90SC's ISO 7816 interface is
    // documented under NDA only.
    line: Some(LinePort {
        udr: 0x2C,
        ucsra: 0x2B,
    }),
    clock_hz: 3_571_200,
    source: "Atmel AT90SC family summary (\"120 Powerful Instructions\", up to 64 KB flash, 64 KB EEPROM, 2.5 KB RAM); sizes from the part name; RAM and MCUCR assumed as the ATmega32's (docs/avr.md)",
};

/// Every part, the default first.
pub const PARTS: [&Part; 2] = [&ATMEGA32, &AT90SC3232C];

/// A part by name, case-insensitive.
pub fn part(name: &str) -> Option<&'static Part> {
    PARTS
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
}
