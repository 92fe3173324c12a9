//! Building the card OS (`firmware/mcs51/cardos/cardos.toml`) with sdcc:
//! its C sources through `sdcc -mmcs51 -c` with the build's defines, its
//! assembly (the hand-written ciphers) through `sdas8051`, linked by sdcc
//! into an Intel HEX image with its NoICE symbols, in a temporary folder.

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
    /// sdas8051 options.
    #[serde(rename = "as")]
    as_options: Vec<String>,
    /// sdcc options, compiling and linking.
    sdcc: Vec<String>,
    /// sdcc options for the link only.
    link: Vec<String>,
    output: String,
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
    if m.target != "mcs51" || m.chip != "sle66cx322p" {
        return Err(invalid(format!(
            "{} is for {} / {}; the virtual card is an mcs51 sle66cx322p",
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
    let image = cardlab_sim::mcs51::TARGET.read(&out.join(&m.build.output))?;
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
