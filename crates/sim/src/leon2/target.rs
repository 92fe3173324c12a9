//! The LEON2 as a cardlab target: big-endian SPARC ELF32 executables,
//! every segment inside the board's PROM or SRAM; firmware in assembly or
//! C, linked at the start of SRAM where the RTL reference runs programs.

use super::{Config, Leon2};
use crate::target::{
    BootOptions, Compiler, Gnu, Image, Spec, Target, TargetError, Toolchain, load,
};
use crate::{Cpu, Space};
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "leon2",
    aliases: &["sparc"],
    summary: "Gaisler LEON2 (SPARC V8 integer unit), clock cycles, the reference board's PROM and SRAM",
    cycle_unit: "clock cycles",
    run_help: "SPARC ELF32 from sparc64-linux-gnu-ld -m elf32_sparc, started at its entry point in supervisor mode, traps disabled, %sp 96 bytes below the top of SRAM",
    spaces: &[Space::Memory],
    image_kind: "SPARC ELF32 executable (sparc64-linux-gnu-ld -m elf32_sparc)",
    parts: &[],
    has_caches: true,
    toolchain: Toolchain::Gnu(Gnu {
        package: "Debian binutils-sparc64-linux-gnu",
        // A V9 or V8+ opcode is an assembler error.
        assembler: "sparc64-linux-gnu-as",
        as_options: &["-32", "-Av8"],
        // SPARC V8 code, 32-bit, no hosted library, no position
        // independence (the image is linked at 0x40000000). No library is
        // linked: C that needs libgcc's helpers fails at the link with the
        // symbol named.
        compiler: Some(Compiler {
            program: "sparc64-linux-gnu-gcc",
            package: "Debian gcc-sparc64-linux-gnu",
            options: &[
                "-m32",
                "-mcpu=v8",
                "-ffreestanding",
                "-fno-pic",
                "-fno-pie",
                "-fno-stack-protector",
                "-fno-asynchronous-unwind-tables",
            ],
        }),
        linker: "sparc64-linux-gnu-ld",
        // -N: one segment from the code's first byte; without it ld maps
        // the ELF headers into a page below the code, outside the SRAM.
        ld_options: &[
            "-m",
            "elf32_sparc",
            "-N",
            "--no-warn-rwx-segments",
            "-Ttext=0x40000000",
        ],
        output: "image.elf",
    }),
    read,
    boot,
});

/// A SPARC ELF32 executable, symbols from its symbol table.
fn read(path: &Path, _part: Option<&'static str>) -> Result<Image, TargetError> {
    let elf = load::elf(path, crate::elf::Machine::Sparc, TARGET.image_kind())?;
    let map = Config::default().map;
    if let Some((addr, bytes)) = elf
        .segments
        .iter()
        .find(|(a, b)| !map.loadable(*a, b.len()))
    {
        return Err(load::outside(
            path,
            (*addr, bytes.len()),
            TARGET.name(),
            format!("{} ({})", map.text(), map.name),
        ));
    }
    Ok(load::elf_image(TARGET, elf))
}

fn boot(image: &Image, options: &BootOptions) -> Box<dyn Cpu> {
    let mut config = Config::default();
    if let Some(memory) = options.leon2_memory {
        config.memory = memory;
    }
    let mut cpu = Leon2::new(config);
    for (addr, bytes) in &image.segments {
        // Checked against the map when the image was read.
        let _ = cpu.load(*addr, bytes);
    }
    cpu.boot(image.entry);
    Box::new(cpu)
}
