//! The 68HC05 as a cardlab target: Intel HEX or S19 images from sdld6808,
//! linked for one of the parts in [`super::map::PARTS`], started at the
//! reset vector.

use super::{Config, Hc05, MemoryMap, map};
use crate::mcs51::ihx;
use crate::target::{BootOptions, Image, Spec, Target, TargetError, Toolchain, load};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "hc05",
    aliases: &["6805", "68hc05"],
    summary: "Motorola 68HC05, 2 oscillator periods per bus cycle",
    cycle_unit: "bus cycles",
    run_help: "Intel HEX or S19 from sdld6808, symbols from the .noi or .map beside it, started at the reset vector (0xFFFE)",
    spaces: &[Space::Memory],
    image_kind: "Intel HEX or S19 image (sdld6808 -i or -s)",
    parts: &["mc68hc705b16", "st16cf54"],
    has_caches: false,
    toolchain: Toolchain::Asxxxx {
        assembler: "sdas6808",
        linker: "sdld6808",
        package: "Debian sdcc",
    },
    read,
    boot,
});

/// The memory map of `part` (the default part's if None).
fn memory_map(part: Option<&str>) -> &'static MemoryMap {
    part.and_then(map::part).unwrap_or(Config::default().map)
}

/// The 68HC05 on `part`'s map.
fn config(part: Option<&str>) -> Config {
    Config {
        map: memory_map(part),
        ..Config::default()
    }
}

/// An Intel HEX or S19 image (by its first character), every segment in
/// the part's ROM, EEPROM or RAM; symbols from the `.noi` beside it or else
/// the linker map (`.map`); entry at the reset vector's target.
fn read(path: &Path, part: Option<&'static str>) -> Result<Image, TargetError> {
    let text = load::text(path)?;
    let image = if text.trim_start().starts_with('S') {
        crate::srec::parse_s19(&text).map_err(|source| TargetError::Image {
            path: path.to_path_buf(),
            kind: TARGET.image_kind(),
            source,
        })?
    } else {
        load::ihx(path, &text, TARGET.image_kind())?
    };
    let map = memory_map(part);
    for (addr, bytes) in &image.segments {
        if !map.loadable(map.reduce(*addr as u32), bytes.len()) {
            return Err(load::outside(
                path,
                (*addr as u32, bytes.len()),
                TARGET.name(),
                format!("{} ({})", map.loadable_text(), map.part),
            ));
        }
    }
    let beside = |ext: &str| Some(path.with_extension(ext)).filter(|p| p.exists());
    let symbols = match (beside("noi"), beside("map")) {
        (Some(noi), _) => ihx::parse_noi(&load::text(&noi)?),
        (None, Some(m)) => super::load::parse_map(&load::text(&m)?),
        (None, None) => BTreeMap::new(),
    };
    let mut image = Image {
        target: TARGET,
        segments: load::segments(image),
        symbols,
        symbol_sizes: BTreeMap::new(),
        entry: 0,
        part,
    };
    image.entry = boot(&image, &BootOptions::default()).pc();
    Ok(image)
}

fn boot(image: &Image, _options: &BootOptions) -> Box<dyn Cpu> {
    let mut cpu = Hc05::new(config(image.part));
    for (addr, bytes) in &image.segments {
        // Checked against the map when the image was read.
        let _ = cpu.load(*addr, bytes);
    }
    cpu.reset();
    Box::new(cpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_part_names_are_the_maps() {
        let names: Vec<String> = map::PARTS.iter().map(|m| m.part.to_lowercase()).collect();
        assert_eq!(names, TARGET.spec().parts);
    }

    #[test]
    fn loads_an_s19_image_with_its_map_symbols_and_reset_vector() {
        let dir = tempfile::tempdir().unwrap();
        // LDA #$11 at 0x0300; the reset vector written at 0xFFFE.
        let s19 = "S1050300A61140\nS105FFFE0300FA\nS9030000FC\n";
        std::fs::write(dir.path().join("p.s19"), s19).unwrap();
        std::fs::write(
            dir.path().join("p.map"),
            "     00000300  start     |    00000302  done\n",
        )
        .unwrap();
        let program = TARGET.load(&dir.path().join("p.s19")).unwrap();
        assert_eq!(program.symbols["start"], 0x300);
        assert_eq!(program.cpu.pc(), 0x300, "reset vector at 0xFFFE (0x3FFE)");
        assert_eq!(program.cpu.disassemble(0x300).0, "lda #0x11");
        assert_eq!(program.cpu.clocks_per_cycle(), 2);
    }

    #[test]
    fn an_image_outside_rom_names_the_loadable_regions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ram.s19");
        std::fs::write(&path, "S1050080A611C3\n").unwrap();
        let err = TARGET.load(&path).err().unwrap().to_string();
        assert!(
            err.contains("segment at 0x00000080") && err.contains("EPROM 0x0300-0x3dff"),
            "{err}"
        );
    }

    #[test]
    fn an_image_is_read_for_its_part() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("st16.s19");
        // LDA $E000 at 0x4000, in the ST16CF54's user ROM: outside the B16's map
        std::fs::write(&path, "S1064000C6E00013\n").unwrap();
        let b16 = TARGET.load(&path).err().unwrap().to_string();
        assert!(b16.contains("(MC68HC705B16)"), "{b16}");
        let mut cpu = TARGET
            .load_with(&path, Some("st16cf54"), &BootOptions::default())
            .unwrap()
            .cpu;
        cpu.write(Space::Memory, 0xE000, 0x5A);
        cpu.set_pc(0x4000);
        cpu.step().unwrap();
        assert_eq!(cpu.read(Space::Memory, 0xE000), Some(0x5A));
        assert_eq!(cpu.disassemble(0x4000).0, "lda 0xe000");
        let unknown = TARGET.read_part(&path, Some("sc21")).err().unwrap();
        assert_eq!(
            unknown.to_string(),
            "hc05 has no part 'sc21'; known parts: mc68hc705b16, st16cf54"
        );
        assert!(crate::mcs51::TARGET.part("st16cf54").is_err());
    }
}
