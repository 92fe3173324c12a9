//! Building firmware with the target's real toolchain, as its
//! [`Toolchain`] describes it: sdcc's ASxxxx assembler and linker into
//! Intel HEX with NoICE symbols, or GNU binutils (and a C compiler where
//! the target has one) into an ELF or COFF executable. The build happens
//! in a fresh temporary folder, so a failed build leaves nothing behind.

use crate::manifest::{Manifest, TableSpan};
use cardlab_sim::target::{Gnu, Image, Target, Toolchain};
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
    (assembler, linker, package): (&'static str, &'static str, &'static str),
    sources: &[PathBuf],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    // ASxxxx resolves a nested `.include` against its working folder, not
    // the including file's: assemble where the source lives, output to `dir`.
    let rels = assemble_each(sources, "rel", |rel, path| {
        let out = dir.join(rel);
        let args = ["-plosgff", &out.to_string_lossy(), &path.to_string_lossy()];
        run_tool(assembler, package, &args, path.parent().unwrap_or(dir))
    })?;
    let mut args = vec!["-n", "-i", "-j", "image.ihx"];
    args.extend(rels.iter().map(String::as_str));
    run_tool(linker, package, &args, dir)?;
    Ok(dir.join("image.ihx"))
}

/// Each source through the GNU toolchain `gnu` into `dir` (C and
/// preprocessed assembly through its compiler with `cflags`, if it has
/// one), the source's folder and the folder above it on the include
/// paths, for the target's shared headers; then one link into
/// `dir/<gnu.output>`.
fn build_gnu(
    gnu: &Gnu,
    sources: &[PathBuf],
    cflags: &[String],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    let objects = assemble_each(sources, "o", |object, path| {
        let here = path.parent().unwrap_or(Path::new("."));
        let above = here.parent().unwrap_or(here);
        let includes = [here, above].map(|p| p.display().to_string());
        let source = path.display().to_string();
        match gnu.compiler {
            Some(cc) if crate::manifest::is_compiled(path) => {
                let mut args: Vec<String> = cc.options.iter().map(|o| o.to_string()).collect();
                args.extend(cflags.iter().cloned());
                for inc in &includes {
                    args.push(format!("-I{inc}"));
                    args.push(format!("-Wa,-I{inc}"));
                }
                args.extend(["-c".into(), "-o".into(), object.into(), source]);
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                run_tool(cc.program, cc.package, &args, dir)
            }
            _ => {
                let options: Vec<String> = gnu
                    .as_options
                    .iter()
                    .map(|o| o.replace('%', object))
                    .collect();
                let mut args: Vec<&str> = options.iter().map(String::as_str).collect();
                for inc in &includes {
                    args.extend(["-I", inc]);
                }
                args.extend(["-o", object, &source]);
                run_tool(gnu.assembler, gnu.package, &args, dir)
            }
        }
    })?;
    let mut args = gnu.ld_options.to_vec();
    args.extend(["-o", gnu.output]);
    args.extend(objects.iter().map(String::as_str));
    run_tool(gnu.linker, gnu.package, &args, dir)?;
    Ok(dir.join(gnu.output))
}

/// Build `sources` for `target` with its toolchain into `dir` (C sources
/// get `cflags`); returns the image's path.
pub fn assemble(
    target: Target,
    sources: &[PathBuf],
    cflags: &[String],
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    match *target.toolchain() {
        Toolchain::Asxxxx {
            assembler,
            linker,
            package,
        } => assemble_asxxxx((assembler, linker, package), sources, dir),
        Toolchain::Gnu(ref gnu) => build_gnu(gnu, sources, cflags, dir),
    }
}

/// Assemble and link the manifest's sources; check every symbol it names.
pub fn build(m: &Manifest) -> Result<Built, BuildError> {
    let dir = tempfile::tempdir()?;
    let sources: Vec<PathBuf> = m.sources.iter().map(|s| m.dir().join(s)).collect();
    let image_path = assemble(m.target, &sources, &m.cflags, dir.path())?;
    let image = m.target.read_part(&image_path, m.part.as_deref())?;
    let sym = |name: &str| {
        image
            .symbols
            .get(name)
            .copied()
            .ok_or_else(|| BuildError::MissingSymbol {
                manifest: m.path.display().to_string(),
                symbol: name.to_string(),
                hint: m.target.toolchain().export_hint(name),
            })
    };
    for name in m
        .ops
        .values()
        .chain([&m.buffers.key, &m.buffers.block])
        .chain(m.random.as_ref().map(|r| &r.buffer))
    {
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
