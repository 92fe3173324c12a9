//! Where cardlab finds its data: the firmware tree, the known-answer
//! vectors and the seed papers' figures.
//!
//! In order: a cardlab checkout holding the current folder (looked for
//! upwards from it); the checkout holding the binary (`target/release/
//! cardlab` inside it); `../share/cardlab/` beside the binary, the layout
//! of a packaged install; else the copy built into the binary when it was
//! compiled, unpacked into a temporary folder for the run (what
//! `cargo install --path crates/cli` gives). `--firmware` and `--vectors`
//! override their part. The commands say which they use, so a binary never
//! measures one tree while the user thinks of another.

use crate::Failure;
use include_dir::{Dir, include_dir};
use std::path::{Path, PathBuf};

static FIRMWARE: Dir = include_dir!("$CARGO_MANIFEST_DIR/../../firmware");
static VECTORS: Dir = include_dir!("$CARGO_MANIFEST_DIR/../../vectors");
static SEEDS: Dir = include_dir!("$CARGO_MANIFEST_DIR/../../seeds");

/// How the data was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A checkout of the repository (or an installed share/cardlab folder).
    Folder,
    /// The copy inside the binary.
    Embedded,
}

/// The three data folders of one run.
pub struct Data {
    /// Holds the firmware/, vectors/ and seeds/ folders.
    root: PathBuf,
    pub origin: Origin,
    /// Keeps the unpacked embedded copy alive for the run.
    _unpacked: Option<tempfile::TempDir>,
}

/// Whether `dir` holds cardlab's three data folders.
fn holds_data(dir: &Path) -> bool {
    dir.join("firmware").is_dir()
        && dir.join("vectors/index.toml").is_file()
        && dir.join("seeds/figures.csv").is_file()
}

/// The nearest folder at or above `start` that holds the data.
fn upwards(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|d| holds_data(d))
        .map(Path::to_path_buf)
}

impl Data {
    /// Find the data as the module documentation says.
    pub fn locate() -> Result<Data, Failure> {
        let folder = |root: PathBuf| Data {
            root,
            origin: Origin::Folder,
            _unpacked: None,
        };
        if let Some(root) = std::env::current_dir().ok().as_deref().and_then(upwards) {
            return Ok(folder(root));
        }
        let exe = std::env::current_exe().and_then(std::fs::canonicalize).ok();
        if let Some(exe_dir) = exe.as_deref().and_then(Path::parent) {
            if let Some(root) = upwards(exe_dir) {
                return Ok(folder(root));
            }
            let share = exe_dir.join("../share/cardlab");
            if holds_data(&share) {
                return Ok(folder(share));
            }
        }
        Data::unpack()
    }

    /// The copy built into the binary, in a temporary folder.
    fn unpack() -> Result<Data, Failure> {
        let fail = |e: std::io::Error| {
            Failure::Input(format!(
                "cannot unpack the built-in firmware and vectors: {e}; set TMPDIR to a writable folder"
            ))
        };
        let dir = tempfile::Builder::new()
            .prefix("cardlab-data-")
            .tempdir()
            .map_err(fail)?;
        for (name, tree) in [
            ("firmware", &FIRMWARE),
            ("vectors", &VECTORS),
            ("seeds", &SEEDS),
        ] {
            let to = dir.path().join(name);
            std::fs::create_dir_all(&to).map_err(fail)?;
            tree.extract(&to).map_err(fail)?;
        }
        Ok(Data {
            root: dir.path().to_path_buf(),
            origin: Origin::Embedded,
            _unpacked: Some(dir),
        })
    }

    pub fn firmware(&self) -> PathBuf {
        self.root.join("firmware")
    }

    pub fn vectors(&self) -> PathBuf {
        self.root.join("vectors")
    }

    pub fn seed_figures(&self) -> PathBuf {
        self.root.join("seeds/figures.csv")
    }

    /// What the Twofish hardware flow (`hardware/twofish/flow.sh`) last
    /// measured, if it ran in this tree.
    pub fn hardware_results(&self) -> PathBuf {
        self.root.join(cardlab_lab::hardware::RESULTS)
    }

    /// Records published outside the seed papers.
    pub fn seed_records(&self) -> PathBuf {
        self.root.join("seeds/records.csv")
    }

    /// A firmware folder as the user should read it in messages and in the
    /// report: the folder, or for the built-in copy, what it is.
    pub fn describe_firmware(&self, firmware: &Path) -> String {
        match self.origin {
            Origin::Embedded if firmware == self.firmware() => format!(
                "the firmware built into cardlab {}",
                env!("CARGO_PKG_VERSION")
            ),
            _ => firmware.display().to_string(),
        }
    }
}

/// `path` as shown to the user: relative to `root` when inside it.
pub fn shown(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `--firmware DIR` checked, or the located tree.
pub fn firmware_root(data: &Data, given: Option<&Path>) -> Result<PathBuf, Failure> {
    match given {
        None => Ok(data.firmware()),
        Some(dir) if dir.is_dir() => std::path::absolute(dir)
            .map_err(|e| Failure::Input(format!("--firmware {}: {e}", dir.display()))),
        Some(dir) => Err(Failure::Input(format!(
            "--firmware {}: not a folder; give the folder holding <target>/<cipher>/<variant>.toml manifests",
            dir.display()
        ))),
    }
}
