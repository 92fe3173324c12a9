//! The H8/300 as a cardlab target: COFF executables from h8300-hms-ld,
//! S-records or raw binary, on the H8/3113's map.

use super::{Config, H8300, Kind, load as coff};
use crate::target::{BootOptions, Gnu, Image, Spec, Target, TargetError, Toolchain, load};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "h8300",
    aliases: &["h8/300", "h8"],
    summary: "Hitachi H8/300 (plain, not /300H), states, the H8/3113 map",
    cycle_unit: "states",
    run_help: "COFF from h8300-hms-ld (symbols from its symbol table), S-records or raw binary, started at the COFF entry or the reset vector (H'0000)",
    spaces: &[Space::Memory],
    image_kind: "COFF executable (h8300-hms-ld), S-records or raw binary",
    parts: &[],
    has_caches: false,
    // Plain H8/300 is the assembler's default; code and read-only data from
    // H'0100 in ROM (after the vector table), .bss from H'F580 (the start
    // of the H8/3113's RAM).
    toolchain: Toolchain::Gnu(Gnu {
        package: "Debian binutils-h8300-hms",
        assembler: "h8300-hms-as",
        as_options: &["-ahls=%.lst"],
        compiler: None,
        linker: "h8300-hms-ld",
        ld_options: &["-m", "h8300", "-Ttext=0x100", "-Tbss=0xf580", "-e", "0"],
        output: "image.coff",
    }),
    read,
    boot,
});

/// COFF by its magic number (sections, symbols and entry point),
/// S-records by their first character, anything else raw binary from
/// H'0000; without a COFF entry point, execution starts at the reset
/// vector.
fn read(path: &Path, _part: Option<&'static str>) -> Result<Image, TargetError> {
    let data = load::bytes(path)?;
    let (segments, symbols, entry) = if data.starts_with(&coff::H8300_MAGIC.to_be_bytes()) {
        let coff = coff::parse_coff(&data).map_err(|source| TargetError::Coff {
            path: path.to_path_buf(),
            kind: TARGET.image_kind(),
            source,
        })?;
        (coff.segments, coff.symbols, coff.entry)
    } else if data.first() == Some(&b'S') {
        let text = String::from_utf8_lossy(&data);
        let segments = coff::parse_srec(&text).map_err(|source| TargetError::Image {
            path: path.to_path_buf(),
            kind: TARGET.image_kind(),
            source,
        })?;
        (segments, BTreeMap::new(), None)
    } else {
        (vec![(0, data)], BTreeMap::new(), None)
    };
    let mut cpu = H8300::new(Config::default());
    for (addr, bytes) in &segments {
        if cpu.load(*addr, bytes).is_err() {
            let map = cpu.config().map;
            let regions: Vec<String> = map
                .regions
                .iter()
                .filter(|r| r.kind != Kind::Registers)
                .map(|r| format!("{} {:#06x}-{:#06x}", r.name, r.start, r.end))
                .collect();
            return Err(load::outside(
                path,
                (*addr, bytes.len()),
                TARGET.name(),
                format!("{} ({})", regions.join(", "), map.part),
            ));
        }
    }
    cpu.reset();
    Ok(Image {
        target: TARGET,
        segments,
        symbols,
        symbol_sizes: BTreeMap::new(),
        entry: entry.unwrap_or(cpu.pc()),
        part: None,
    })
}

fn boot(image: &Image, _options: &BootOptions) -> Box<dyn Cpu> {
    let mut cpu = H8300::new(Config::default());
    for (addr, bytes) in &image.segments {
        // Checked against the map when the image was read.
        let _ = cpu.load(*addr, bytes);
    }
    cpu.reset();
    cpu.set_pc(image.entry);
    Box::new(cpu)
}
