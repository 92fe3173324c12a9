//! The 8051 as a cardlab target: Intel HEX images from sdld with their
//! NoICE symbols, built by sdcc's ASxxxx tools.

use super::{Config, Mcs51, ihx};
use crate::target::{BootOptions, Image, Spec, Target, TargetError, Toolchain, load};
use crate::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::Path;

pub const TARGET: Target = Target(&Spec {
    name: "mcs51",
    aliases: &["8051", "8052"],
    summary: "Intel MCS-51 (8051/8052), 12 oscillator periods per machine cycle",
    cycle_unit: "machine cycles",
    run_help: "Intel HEX from sdld, symbols from the .noi beside it, started at 0",
    spaces: &[Space::Code, Space::Iram, Space::Sfr, Space::Xram],
    image_kind: "Intel HEX image (sdld -i)",
    parts: &[],
    has_caches: false,
    toolchain: Toolchain::Asxxxx {
        assembler: "sdas8051",
        linker: "sdld",
        package: "Debian sdcc",
    },
    read,
    boot,
});

/// An Intel HEX image; symbols from the NoICE file beside it (`sdld -j`
/// writes `name.noi`), if there is one. Execution starts at 0.
fn read(path: &Path, _part: Option<&'static str>) -> Result<Image, TargetError> {
    let image = load::ihx(path, &load::text(path)?, TARGET.image_kind())?;
    let noi = path.with_extension("noi");
    let symbols = if noi.exists() {
        ihx::parse_noi(&load::text(&noi)?)
    } else {
        BTreeMap::new()
    };
    Ok(Image {
        target: TARGET,
        segments: load::segments(image),
        symbols,
        symbol_sizes: BTreeMap::new(),
        entry: 0,
        part: None,
    })
}

fn boot(image: &Image, _options: &BootOptions) -> Box<dyn Cpu> {
    let mut cpu = Mcs51::new(Config::default());
    for (addr, bytes) in &image.segments {
        cpu.load_code(*addr as u16, bytes);
    }
    Box::new(cpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_an_image_with_its_symbols() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.ihx");
        std::fs::write(&path, ":03000000020003F8\n:00000001FF\n").unwrap();
        std::fs::write(dir.path().join("p.noi"), "DEF start 0x3\n").unwrap();
        let program = TARGET.load(&path).unwrap();
        assert_eq!(program.symbols["start"], 3);
        assert_eq!(program.image_bytes, 3);
        assert_eq!(program.cpu.disassemble(0).0, "ljmp 0x0003");
    }

    #[test]
    fn a_corrupt_image_names_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.ihx");
        std::fs::write(&path, ":03000000020003F9\n").unwrap();
        let err = TARGET.load(&path).err().unwrap().to_string();
        assert!(
            err.contains("bad.ihx is not a valid Intel HEX image") && err.contains("line 1"),
            "{err}"
        );
    }
}
