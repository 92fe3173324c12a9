//! Building a card OS from its manifest, in a temporary folder: the 8051
//! card's (`firmware/mcs51/cardos/cardos.toml`) with sdcc (its C through
//! `sdcc -mmcs51 -c` with the build's options, its hand-written ciphers
//! through `sdas8051`, linked by sdcc into an Intel HEX image with its
//! NoICE symbols), the AVR card's (`firmware/avr/cardos/cardos.toml`) with
//! avr-gcc into an ELF image.

use cardlab_lab::build::{BuildError, assemble_each, run_tool};
use cardlab_sim::target::Image;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    name: String,
    target: String,
    chip: String,
    build: Sources,
    builds: BTreeMap<String, Build>,
}

/// One build of the card OS: what it adds to `[build]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Build {
    /// sdcc options (memory model, defines) for every compile and the link.
    options: Vec<String>,
    #[serde(default)]
    c: Vec<PathBuf>,
    #[serde(default)]
    asm: Vec<PathBuf>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sources {
    /// C sources, the one with `main` first.
    c: Vec<PathBuf>,
    #[serde(default)]
    asm: Vec<PathBuf>,
    /// sdas8051 options (8051).
    #[serde(rename = "as", default)]
    as_options: Vec<String>,
    /// sdcc options, compiling and linking (8051).
    #[serde(default)]
    sdcc: Vec<String>,
    /// avr-gcc options, compiling and linking (AVR).
    #[serde(default)]
    cc: Vec<String>,
    /// Options for the link only.
    link: Vec<String>,
    output: String,
    /// The Intel HEX build.sh also writes (AVR); not needed here.
    #[serde(default)]
    #[allow(dead_code)]
    hex: Option<String>,
    /// The fixed-address tables, [START, END] symbols.
    #[serde(default)]
    tables: Vec<[String; 2]>,
}

#[derive(Debug, Error)]
pub enum CardosError {
    #[error("{path}: {message}; see docs/card.md")]
    Manifest { path: PathBuf, message: String },
    #[error("{path}: no build '{name}'; the builds are {known}")]
    UnknownBuild {
        path: PathBuf,
        name: String,
        known: String,
    },
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Image(#[from] cardlab_sim::target::TargetError),
}

/// The (target, chip) pairs a card OS can be built for.
const CHIPS: [(&str, &str); 2] = [("mcs51", "sle66cx322p"), ("avr", "at90sc3232c")];

/// The builds `manifest` offers, in order.
pub fn builds(manifest: &Path) -> Result<Vec<String>, CardosError> {
    Ok(load(manifest)?.builds.into_keys().collect())
}

fn load(path: &Path) -> Result<Manifest, CardosError> {
    let invalid = |message: String| CardosError::Manifest {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| invalid(e.to_string()))?;
    let m: Manifest = toml::from_str(&text).map_err(|e| invalid(e.message().to_string()))?;
    if !CHIPS.contains(&(m.target.as_str(), m.chip.as_str())) {
        return Err(invalid(format!(
            "{} is for {} / {}; the card chips are mcs51 sle66cx322p and avr at90sc3232c",
            m.name, m.target, m.chip
        )));
    }
    Ok(m)
}

/// Build `name` of the card OS described by `manifest`.
pub fn build(manifest: &Path, name: &str) -> Result<Image, CardosError> {
    let m = load(manifest)?;
    let b = m
        .builds
        .get(name)
        .ok_or_else(|| CardosError::UnknownBuild {
            path: manifest.to_path_buf(),
            name: name.to_string(),
            known: m.builds.keys().cloned().collect::<Vec<_>>().join(", "),
        })?;
    let here = manifest.parent().unwrap_or(Path::new("."));
    let dir = tempfile::tempdir().map_err(BuildError::Io)?;
    let out = dir.path();
    let image = match m.target.as_str() {
        "avr" => build_avr(&m, b, here, out)?,
        _ => build_mcs51(&m, b, here, out)?,
    };
    // the ciphers read their tables at fixed addresses: they must be there
    if let Some(missing) =
        (m.build.tables.iter().flatten()).find(|s| !image.symbols.contains_key(*s))
    {
        return Err(CardosError::Manifest {
            path: manifest.to_path_buf(),
            message: format!("table symbol '{missing}' is not in the image"),
        });
    }
    Ok(image)
}

/// sdcc and sdas8051: the C, then the assembly, linked by sdcc.
fn build_mcs51(m: &Manifest, b: &Build, here: &Path, out: &Path) -> Result<Image, CardosError> {
    let c: Vec<PathBuf> = (m.build.c.iter().chain(&b.c))
        .map(|s| here.join(s))
        .collect();
    let mut rels = assemble_each(&c, "rel", |rel, path| {
        let mut args: Vec<String> = m.build.sdcc.clone();
        args.extend(b.options.iter().cloned());
        args.extend(["-c".into(), path.display().to_string(), "-o".into()]);
        args.push(out.join(rel).display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_tool("sdcc", "Debian sdcc", &args, here)
    })?;
    let asm: Vec<PathBuf> = (m.build.asm.iter().chain(&b.asm))
        .map(|s| here.join(s))
        .collect();
    rels.extend(assemble_each(&asm, "rel", |rel, path| {
        let mut args: Vec<String> = m.build.as_options.clone();
        args.push(out.join(rel).display().to_string());
        args.push(path.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_tool("sdas8051", "Debian sdcc", &args, here)
    })?);
    let mut args: Vec<String> = m.build.sdcc.clone();
    args.extend(b.options.iter().cloned());
    args.extend(m.build.link.iter().cloned());
    args.push("-Wl-j".into());
    args.extend(["-o".into(), m.build.output.clone()]);
    args.extend(rels);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_tool("sdcc", "Debian sdcc", &args, out)?;
    Ok(cardlab_sim::mcs51::TARGET.read(&out.join(&m.build.output))?)
}

/// avr-gcc: each C source, then the link into an ELF image.
fn build_avr(m: &Manifest, b: &Build, here: &Path, out: &Path) -> Result<Image, CardosError> {
    let c: Vec<PathBuf> = (m.build.c.iter().chain(&b.c))
        .map(|s| here.join(s))
        .collect();
    let objects = assemble_each(&c, "o", |obj, path| {
        let mut args: Vec<String> = m.build.cc.clone();
        args.extend(b.options.iter().cloned());
        args.extend(["-c".into(), path.display().to_string(), "-o".into()]);
        args.push(out.join(obj).display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_tool("avr-gcc", "Debian gcc-avr", &args, here)
    })?;
    let mut args: Vec<String> = m.build.cc.clone();
    args.extend(b.options.iter().cloned());
    args.extend(m.build.link.iter().cloned());
    args.extend(["-o".into(), out.join(&m.build.output).display().to_string()]);
    args.extend(objects.iter().map(|o| out.join(o).display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_tool("avr-gcc", "Debian gcc-avr", &args, here)?;
    Ok(cardlab_sim::avr::TARGET.read_part(&out.join(&m.build.output), Some("at90sc3232c"))?)
}
