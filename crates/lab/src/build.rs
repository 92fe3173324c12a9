//! Building firmware with the target's real toolchain.
//!
//! mcs51: each source through `sdas8051 -plosgff`, then `sdld -n -i -j`
//! into an Intel HEX image with its NoICE symbols. hc05: the same with
//! `sdas6808` (sources start with `.hc05`) and `sdld6808`. arm7tdmi: each source
//! through `arm-none-eabi-as -mcpu=arm7tdmi`, then `arm-none-eabi-ld` with
//! the code at 0x8000 into an ELF executable. The build happens in a fresh
//! temporary folder, so a failed build leaves nothing behind.

use crate::manifest::{Manifest, TableSpan};
use cardlab_sim::target::{Image, Target};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{tool} is not installed ({package}); run scripts/install")]
    Missing {
        tool: &'static str,
        package: &'static str,
    },
    #[error("{file}: {message}")]
    Assembler { file: String, message: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Image(#[from] cardlab_sim::target::TargetError),
    #[error(
        "{manifest}: table symbol '{symbol}' has no size in the image; give the table as [START, END] symbols"
    )]
    UnsizedSymbol { manifest: String, symbol: String },
    #[error("{manifest}: symbol '{symbol}' is not in the image; export it with {hint}")]
    MissingSymbol {
        manifest: String,
        symbol: String,
        hint: String,
    },
}

/// A built variant: the image and where its tables are.
#[derive(Debug, Clone)]
pub struct Built {
    pub image: Image,
    /// Table name → [start, end) in code memory.
    pub tables: Vec<(String, u32, u32)>,
}

impl Built {
    pub fn table_bytes(&self) -> u64 {
        self.tables.iter().map(|(_, s, e)| (e - s) as u64).sum()
    }

    pub fn code_bytes(&self) -> u64 {
        self.image.len() as u64 - self.table_bytes()
    }

    pub fn symbol(&self, name: &str) -> Option<u32> {
        self.image.symbols.get(name).copied()
    }

    /// Whether a code address lies in a table.
    pub fn in_table(&self, addr: u32) -> bool {
        self.tables.iter().any(|&(_, s, e)| (s..e).contains(&addr))
    }
}

/// Run `tool` with `args` in `dir`; its output, or an error naming the
/// tool's package if it is missing and the first error line if it fails.
pub fn run_tool(
    tool: &'static str,
    package: &'static str,
    args: &[&str],
    dir: &Path,
) -> Result<String, BuildError> {
    let out = Command::new(tool)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => BuildError::Missing { tool, package },
            _ => BuildError::Io(e),
        })?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || text.contains("Error") {
        let first = text
            .lines()
            .find(|l| l.contains("rror"))
            .unwrap_or(text.trim())
            .trim()
            .to_string();
        return Err(BuildError::Assembler {
            file: args.last().copied().unwrap_or(tool).to_string(),
            message: first,
        });
    }
    Ok(text)
}

/// Each source assembled by `assemble(output, absolute source path)` where
/// it lives, so its includes resolve beside it; only the outputs go to
/// `dir`. An assembler error names the source as given. Returns the
/// outputs' names.
pub fn assemble_each(
    sources: &[PathBuf],
    extension: &str,
    mut assemble: impl FnMut(&str, &Path) -> Result<String, BuildError>,
) -> Result<Vec<String>, BuildError> {
    let mut outputs = vec![];
    for src in sources {
        let named = |message: String| BuildError::Assembler {
            file: src.display().to_string(),
            message,
        };
        let path = std::path::absolute(src).map_err(|e| named(e.to_string()))?;
        if !path.is_file() {
            return Err(named("no such source file".into()));
        }
        let stem = Path::new(src.file_name().unwrap_or_default());
        let output = stem
            .with_extension(extension)
            .to_string_lossy()
            .into_owned();
        assemble(&output, &path).map_err(|e| match e {
            BuildError::Assembler { message, .. } => named(message),
            other => other,
        })?;
        outputs.push(output);
    }
    Ok(outputs)
}

/// Assemble `sources` with the ASxxxx assembler `assembler` into `dir`
/// and link them with `linker` into `dir/image.ihx` with its NoICE
/// symbols `dir/image.noi`.
fn assemble_asxxxx(
    assembler: &'static str,
    linker: &'static str,
    sources: &[PathBuf],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    // ASxxxx resolves a nested `.include` against its working folder, not
    // the including file's: assemble where the source lives, output to `dir`.
    let rels = assemble_each(sources, "rel", |rel, path| {
        let out = dir.join(rel);
        let args = ["-plosgff", &out.to_string_lossy(), &path.to_string_lossy()];
        run_tool(
            assembler,
            "Debian sdcc",
            &args,
            path.parent().unwrap_or(dir),
        )
    })?;
    let mut args = vec!["-n", "-i", "-j", "image.ihx"];
    args.extend(rels.iter().map(String::as_str));
    run_tool(linker, "Debian sdcc", &args, dir)?;
    Ok(dir.join("image.ihx"))
}

/// Assemble `sources` with sdas8051 into `dir` and link them with sdld
/// into `dir/image.ihx` with its NoICE symbols `dir/image.noi`.
pub fn assemble_mcs51(sources: &[PathBuf], dir: &Path) -> Result<PathBuf, BuildError> {
    assemble_asxxxx("sdas8051", "sdld", sources, dir)
}

/// Assemble `sources` with sdas6808 into `dir` and link them with
/// sdld6808 into `dir/image.ihx` with its NoICE symbols `dir/image.noi`.
/// Each source says `.hc05`, so an HC08-only mnemonic is an assembler
/// error.
pub fn assemble_hc05(sources: &[PathBuf], dir: &Path) -> Result<PathBuf, BuildError> {
    assemble_asxxxx("sdas6808", "sdld6808", sources, dir)
}

/// Each source through a GNU assembler into `dir`, with its own folder on
/// the include path and `options` before it (`%` in an option stands for
/// the object's name). Returns the objects' names.
fn assemble_gnu(
    assembler: &'static str,
    package: &'static str,
    options: &[&str],
    sources: &[PathBuf],
    dir: &Path,
) -> Result<Vec<String>, BuildError> {
    assemble_each(sources, "o", |object, path| {
        let include = path.parent().unwrap_or(Path::new(".")).to_string_lossy();
        let source = path.to_string_lossy();
        let options: Vec<String> = options.iter().map(|o| o.replace('%', object)).collect();
        let mut args: Vec<&str> = options.iter().map(String::as_str).collect();
        args.extend(["-I", &include, "-o", object, &source]);
        run_tool(assembler, package, &args, dir)
    })
}

/// Where `assemble_h8300` links the code (after the H8/300 vector table)
/// and the uninitialised data (the start of the H8/3113's RAM).
pub const H8300_TEXT: u32 = 0x0100;
pub const H8300_BSS: u32 = 0xF580;

/// Assemble `sources` with h8300-hms-as (plain H8/300 is its default) into
/// `dir` and link them with `h8300-hms-ld -m h8300`, code and read-only
/// data from [`H8300_TEXT`] in ROM and `.bss` from [`H8300_BSS`] in RAM,
/// into the COFF executable `dir/image.coff`.
pub fn assemble_h8300(sources: &[PathBuf], dir: &Path) -> Result<PathBuf, BuildError> {
    let package = "Debian binutils-h8300-hms";
    let objects = assemble_gnu("h8300-hms-as", package, &["-ahls=%.lst"], sources, dir)?;
    let (text, bss) = (
        format!("-Ttext={H8300_TEXT:#x}"),
        format!("-Tbss={H8300_BSS:#x}"),
    );
    let mut args = vec!["-m", "h8300", &text, &bss, "-e", "0", "-o", "image.coff"];
    args.extend(objects.iter().map(String::as_str));
    run_tool("h8300-hms-ld", package, &args, dir)?;
    Ok(dir.join("image.coff"))
}

/// Where `assemble_arm7tdmi` links the code.
pub const ARM_TEXT: u32 = 0x8000;

/// Assemble `sources` with arm-none-eabi-as for the ARM7TDMI into `dir` and
/// link them with arm-none-eabi-ld, code from [`ARM_TEXT`], into
/// `dir/image.elf`.
pub fn assemble_arm7tdmi(sources: &[PathBuf], dir: &Path) -> Result<PathBuf, BuildError> {
    assemble_elf(
        ("arm-none-eabi-as", &["-mcpu=arm7tdmi"]),
        ("arm-none-eabi-ld", &["-e", "0"]),
        "Debian binutils-arm-none-eabi",
        ARM_TEXT,
        sources,
        dir,
    )
}

/// Where `assemble_leon2` links the code: the start of the LEON2 board's
/// SRAM, where the RTL reference runs its programs.
pub const LEON2_TEXT: u32 = 0x4000_0000;

/// The C compiler for leon2 and the options every C source gets before
/// the manifest's `cflags`: SPARC V8 code, 32-bit, no hosted library, no
/// position independence (the image is linked at [`LEON2_TEXT`]).
pub const LEON2_CC: &str = "sparc64-linux-gnu-gcc";
pub const LEON2_CC_OPTIONS: &[&str] = &[
    "-m32",
    "-mcpu=v8",
    "-ffreestanding",
    "-fno-pic",
    "-fno-pie",
    "-fno-stack-protector",
    "-fno-asynchronous-unwind-tables",
];

/// Build `sources` for the LEON2 into `dir/image.elf`: assembly through
/// `sparc64-linux-gnu-as -32 -Av8` (a V9 or V8+ opcode is an error), C
/// through [`LEON2_CC`] with [`LEON2_CC_OPTIONS`] and `cflags` (the
/// source's folder and the target folder above it on both the C and the
/// assembler include paths, for `leon2ext.h` and `leon2ext.inc`), linked
/// by `sparc64-linux-gnu-ld -m elf32_sparc` with the code from
/// [`LEON2_TEXT`]; the entry is `_start` if defined, else the start of the
/// code. No library is linked: C code that needs libgcc's helpers fails
/// at the link with the symbol named.
pub fn build_leon2(
    sources: &[PathBuf],
    cflags: &[String],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    let package = "Debian binutils-sparc64-linux-gnu";
    let objects = assemble_each(sources, "o", |object, path| {
        let here = path.parent().unwrap_or(Path::new("."));
        let above = here.parent().unwrap_or(here);
        let out = dir.join(object);
        if crate::manifest::is_c(path) {
            let mut args: Vec<String> = LEON2_CC_OPTIONS.iter().map(|o| o.to_string()).collect();
            args.extend(cflags.iter().cloned());
            for inc in [here, above] {
                args.push(format!("-I{}", inc.display()));
                args.push(format!("-Wa,-I{}", inc.display()));
            }
            args.extend(["-c".into(), "-o".into(), out.display().to_string()]);
            args.push(path.display().to_string());
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run_tool(LEON2_CC, "Debian gcc-sparc64-linux-gnu", &args, dir)
        } else {
            let (here, above) = (here.display().to_string(), above.display().to_string());
            let out = out.display().to_string();
            let source = path.display().to_string();
            let args = [
                "-32", "-Av8", "-I", &here, "-I", &above, "-o", &out, &source,
            ];
            run_tool("sparc64-linux-gnu-as", package, &args, dir)
        }
    })?;
    // -N: one segment from the code's first byte; without it ld maps the
    // ELF headers into a page below LEON2_TEXT, outside the SRAM.
    link_elf(
        "sparc64-linux-gnu-ld",
        &["-m", "elf32_sparc", "-N"],
        package,
        LEON2_TEXT,
        &objects,
        dir,
    )
}

/// A GNU assembler and linker, each with its options, to an ELF
/// executable `dir/image.elf` with its code from `text`.
fn assemble_elf(
    (assembler, as_options): (&'static str, &[&str]),
    (linker, ld_options): (&'static str, &[&str]),
    package: &'static str,
    text: u32,
    sources: &[PathBuf],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    let objects = assemble_gnu(assembler, package, as_options, sources, dir)?;
    link_elf(linker, ld_options, package, text, &objects, dir)
}

/// Link `objects` in `dir` with a GNU linker into `dir/image.elf`, the
/// code from `text`.
fn link_elf(
    linker: &'static str,
    ld_options: &[&str],
    package: &'static str,
    text: u32,
    objects: &[String],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    let text = format!("-Ttext={text:#x}");
    let mut args = ld_options.to_vec();
    args.extend(["--no-warn-rwx-segments", &text, "-o", "image.elf"]);
    args.extend(objects.iter().map(String::as_str));
    run_tool(linker, package, &args, dir)?;
    Ok(dir.join("image.elf"))
}

/// Assemble and link the manifest's sources; check every symbol it names.
pub fn build(m: &Manifest) -> Result<Built, BuildError> {
    let dir = tempfile::tempdir()?;
    let sources: Vec<PathBuf> = m.sources.iter().map(|s| m.dir().join(s)).collect();
    let image_path = match m.target {
        Target::Mcs51 => assemble_mcs51(&sources, dir.path())?,
        Target::Hc05 => assemble_hc05(&sources, dir.path())?,
        Target::H8300 => assemble_h8300(&sources, dir.path())?,
        Target::Arm7tdmi => assemble_arm7tdmi(&sources, dir.path())?,
        Target::Leon2 => build_leon2(&sources, &m.cflags, dir.path())?,
    };
    let image = m.target.read_part(&image_path, m.part.as_deref())?;
    let sym = |name: &str| {
        image
            .symbols
            .get(name)
            .copied()
            .ok_or_else(|| BuildError::MissingSymbol {
                manifest: m.path.display().to_string(),
                symbol: name.to_string(),
                hint: match m.target {
                    Target::Mcs51 | Target::Hc05 => format!("'{name}::' or '{name} == value'"),
                    Target::H8300 | Target::Arm7tdmi | Target::Leon2 => {
                        format!("'.global {name}'")
                    }
                },
            })
    };
    for name in m.ops.values().chain([&m.buffers.key, &m.buffers.block]) {
        sym(name)?;
    }
    let mut tables = vec![];
    for (name, span) in &m.tables {
        let (start, end) = match span {
            TableSpan::Between([start, end]) => (sym(start)?, sym(end)?),
            TableSpan::Sized(symbol) => {
                let start = sym(symbol)?;
                let size = image.symbol_sizes.get(symbol).copied().ok_or_else(|| {
                    BuildError::UnsizedSymbol {
                        manifest: m.path.display().to_string(),
                        symbol: symbol.clone(),
                    }
                })?;
                (start, start + size)
            }
        };
        tables.push((name.clone(), start, end));
    }
    Ok(Built { image, tables })
}
