//! The ARM7TDMI as a cardlab target: ELF executables from
//! arm-none-eabi-ld, every segment inside the simulator's memory.

use super::{Arm7tdmi, Config};
use crate::target::{BootOptions, Gnu, Image, Spec, Target, TargetError, Toolchain, load};
use crate::{Cpu, Space};
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "arm7tdmi",
    aliases: &["arm7"],
    summary: "ARM7TDMI (ARMv4T), one clock a cycle, zero-wait 32-bit memory",
    cycle_unit: "clock cycles",
    run_help: "ELF executable from arm-none-eabi-ld, started at its entry point with SP at the top of memory; an odd --entry starts in Thumb state",
    spaces: &[Space::Memory],
    image_kind: "ARM ELF executable (arm-none-eabi-ld)",
    parts: &[],
    has_caches: false,
    // Code from 0x8000.
    toolchain: Toolchain::Gnu(Gnu {
        package: "Debian binutils-arm-none-eabi",
        assembler: "arm-none-eabi-as",
        as_options: &["-mcpu=arm7tdmi"],
        compiler: None,
        linker: "arm-none-eabi-ld",
        ld_options: &["-e", "0", "--no-warn-rwx-segments", "-Ttext=0x8000"],
        output: "image.elf",
    }),
    read,
    boot,
});

/// An ARM ELF executable, symbols from its symbol table.
fn read(path: &Path, _part: Option<&'static str>) -> Result<Image, TargetError> {
    let elf = load::elf(path, crate::elf::Machine::Arm, TARGET.image_kind())?;
    let map = Config::default().map;
    for (addr, bytes) in &elf.segments {
        let inside = map
            .iter()
            .any(|r| addr.wrapping_sub(r.base) as u64 + bytes.len() as u64 <= r.size as u64);
        if !inside {
            let regions: Vec<String> = map
                .iter()
                .map(|r| {
                    format!(
                        "{:#010x}-{:#010x}",
                        r.base,
                        r.base as u64 + r.size as u64 - 1
                    )
                })
                .collect();
            return Err(load::outside(
                path,
                (*addr, bytes.len()),
                TARGET.name(),
                regions.join(", "),
            ));
        }
    }
    Ok(load::elf_image(TARGET, elf))
}

fn boot(image: &Image, _options: &BootOptions) -> Box<dyn Cpu> {
    let mut cpu = Arm7tdmi::new(Config::default());
    for (addr, bytes) in &image.segments {
        cpu.load(*addr, bytes);
    }
    cpu.boot(image.entry);
    Box::new(cpu)
}
