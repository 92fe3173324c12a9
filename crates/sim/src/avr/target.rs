//! The AVR as a cardlab target: ELF executables from avr-gcc/avr-ld (or
//! Intel HEX), linked for a part in [`super::part::PARTS`], started at
//! their entry point (the reset vector, flash 0) with SP at RAMEND.

use super::{Avr, Config, part};
use crate::target::{
    BootOptions, Compiler, Gnu, Image, Spec, Target, TargetError, Toolchain, load,
};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "avr",
    aliases: &["avr5", "atmega"],
    summary: "Atmel AVR, AVRe+ core (ATmega class, 16-bit PC), clock cycles",
    cycle_unit: "clock cycles",
    run_help: "ELF executable from avr-gcc or avr-ld (or Intel HEX), started at its entry point with SP at RAMEND; data and EEPROM symbols as addresses in their own space",
    spaces: &[Space::Memory, Space::Code, Space::Eeprom],
    image_kind: "AVR ELF executable (avr-gcc, avr-ld) or Intel HEX image",
    parts: &["atmega32", "at90sc3232c"],
    has_caches: false,
    // Assembly through avr-as, C and preprocessed assembly through
    // avr-gcc; avr-gcc links (libgcc's helpers available) with no start-up
    // files: the first object's code sits at the reset vector.
    toolchain: Toolchain::Gnu(Gnu {
        package: "Debian binutils-avr",
        assembler: "avr-as",
        as_options: &["-mmcu=atmega32"],
        compiler: Some(Compiler {
            program: "avr-gcc",
            package: "Debian gcc-avr",
            options: &["-mmcu=atmega32"],
        }),
        linker: "avr-gcc",
        ld_options: &["-mmcu=atmega32", "-nostartfiles"],
        output: "image.elf",
    }),
    read,
    boot,
});

/// Where avr-ld places the data space and the EEPROM in its 32-bit
/// addresses (the avr5 linker script's `data` and `eeprom` regions).
const DATA_OFFSET: u32 = 0x80_0000;
const EEPROM_OFFSET: u32 = 0x81_0000;

/// An ELF (by its magic number) or Intel HEX image, every segment inside
/// the part's flash, SRAM or EEPROM; data and EEPROM symbols as addresses
/// in their own space.
fn read(path: &Path, part_name: Option<&'static str>) -> Result<Image, TargetError> {
    let part = part_name
        .and_then(part::part)
        .unwrap_or(Config::default().part);
    let bytes = load::bytes(path)?;
    let (segments, mut symbols, sizes, entry) = if bytes.starts_with(b"\x7fELF") {
        let elf = load::elf(path, crate::elf::Machine::Avr, TARGET.image_kind())?;
        (elf.segments, elf.symbols, elf.sizes, elf.entry)
    } else {
        let text = String::from_utf8_lossy(&bytes);
        let image = load::ihx(path, &text, TARGET.image_kind())?;
        (load::segments(image), BTreeMap::new(), BTreeMap::new(), 0)
    };
    for symbol in symbols.values_mut() {
        if (DATA_OFFSET..EEPROM_OFFSET).contains(symbol) {
            *symbol -= DATA_OFFSET;
        } else if (EEPROM_OFFSET..EEPROM_OFFSET + 0x1_0000).contains(symbol) {
            *symbol -= EEPROM_OFFSET;
        }
    }
    let mut cpu = Avr::new(Config { part });
    for (addr, data) in &segments {
        if place(&mut cpu, *addr, data).is_err() {
            return Err(load::outside(
                path,
                (*addr, data.len()),
                TARGET.name(),
                format!(
                    "flash 0x0000-{:#06x}, SRAM {:#06x}-{:#06x} (at {DATA_OFFSET:#x}), EEPROM 0x000-{:#05x} (at {EEPROM_OFFSET:#x}) ({})",
                    part.flash_bytes - 1,
                    part.ram.0,
                    part.ram.1,
                    part.eeprom_bytes - 1,
                    part.name
                ),
            ));
        }
    }
    Ok(Image {
        target: TARGET,
        segments,
        symbols,
        symbol_sizes: sizes,
        entry,
        part: part_name,
    })
}

/// Put a segment where avr-ld's address says: flash, SRAM or EEPROM.
fn place(cpu: &mut Avr, addr: u32, data: &[u8]) -> Result<(), u32> {
    if addr >= EEPROM_OFFSET {
        cpu.load_eeprom(addr - EEPROM_OFFSET, data)
    } else if addr >= DATA_OFFSET {
        let start = addr - DATA_OFFSET;
        let (first, last) = cpu.config().part.ram;
        if start < first as u32 || start as u64 + data.len() as u64 > last as u64 + 1 {
            return Err(addr);
        }
        for (i, &b) in data.iter().enumerate() {
            cpu.write(Space::Memory, start + i as u32, b);
        }
        Ok(())
    } else {
        cpu.load_flash(addr, data)
    }
}

fn boot(image: &Image, _options: &BootOptions) -> Box<dyn Cpu> {
    let part = image
        .part
        .and_then(part::part)
        .unwrap_or(Config::default().part);
    let mut cpu = Avr::new(Config { part });
    for (addr, data) in &image.segments {
        // Checked against the part when the image was read.
        let _ = place(&mut cpu, *addr, data);
    }
    cpu.set_pc(image.entry);
    Box::new(cpu)
}
