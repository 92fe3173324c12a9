//! `cardlab bench`: build every firmware variant, run it on every vector,
//! verify and measure; print one row per variant × key size × operation.

use crate::Failure;
use crate::data::{Data, firmware_root, shown};
use crate::progress::Progress;
use cardlab_lab::campaign::{self, Campaign, Job};
use cardlab_lab::manifest::{Filter, Manifest, gather};
use cardlab_lab::measure::Row;
use cardlab_lab::report::{
    RESULT_HEADER, result_cells, result_legend, results_csv, results_markdown,
};
use clap::{Args, ValueEnum};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    firmware: FirmwareArg,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

/// Which variants a command takes: paths and filters (bench, leak).
#[derive(Args)]
pub struct Selection {
    /// Manifests (<variant>.toml) or folders of them, anywhere [default: every variant under the firmware folder].
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Only this target (one of `cardlab run --help`'s).
    #[arg(short, long)]
    target: Option<String>,
    /// Only this cipher.
    #[arg(short, long)]
    cipher: Option<String>,
    /// Only this variant (the manifest's `variant`).
    #[arg(short, long)]
    variant: Option<String>,
}

/// `--firmware DIR`, shared by bench and report.
#[derive(Args)]
pub struct FirmwareArg {
    /// The firmware folder (<target>/<cipher>/<variant>.toml) [default: the checkout's firmware/, else the copy built into cardlab].
    #[arg(long, value_name = "DIR")]
    pub firmware: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Table,
    Md,
    Csv,
    Json,
}

/// The manifests under `root`, or at the given paths (each a manifest or a
/// folder of them).
pub fn manifests(root: &Path, paths: &[PathBuf]) -> Result<Vec<Manifest>, Failure> {
    gather(root, paths).map_err(|e| Failure::Input(e.to_string()))
}

/// The manifests the filters select.
pub fn selected(args: &Selection, root: &Path) -> Result<Vec<Manifest>, Failure> {
    let filter = Filter {
        target: args.target.as_deref(),
        cipher: args.cipher.as_deref(),
        variant: args.variant.as_deref(),
    };
    let chosen: Vec<Manifest> = manifests(root, &args.paths)?
        .into_iter()
        .filter(|m| filter.keeps(m))
        .collect();
    if chosen.is_empty() {
        return Err(Failure::Input(format!(
            "no firmware variant matches under {}; `cardlab bench` with no filter lists them all",
            root.display()
        )));
    }
    Ok(chosen)
}

/// Campaign progress shown with manifest paths relative to the firmware root.
struct Shown<'a> {
    progress: &'a Progress,
    root: &'a Path,
}

impl campaign::Progress for Shown<'_> {
    fn start(&self, jobs: u64) {
        self.progress.set_total(jobs);
    }

    fn finished(&self, job: &Job) {
        self.progress.inc(&format!(
            "{} {} {}",
            shown(&job.manifest.path, self.root),
            job.key_bits,
            job.op.name()
        ));
    }
}

/// Build and measure every variant of `manifests` on all cores, saying
/// where the firmware comes from first.
pub fn run_all(
    manifests: &[Manifest],
    data: &Data,
    root: &Path,
    progress: &Progress,
) -> Result<Campaign, Failure> {
    progress.say(&format!(
        "measuring {} variants from {}",
        manifests.len(),
        data.describe_firmware(root)
    ));
    let shown = Shown { progress, root };
    let measured = campaign::run(manifests, &data.vectors(), &shown)
        .map_err(|e| Failure::Input(e.to_string()))?;
    progress.finish();
    Ok(measured)
}

pub fn run(args: BenchArgs, quiet: bool) -> Result<(), Failure> {
    let data = Data::locate()?;
    let root = firmware_root(&data, args.firmware.firmware.as_deref())?;
    let manifests = selected(&args.selection, &root)?;
    let rows = run_all(&manifests, &data, &root, &Progress::new("bench", quiet))?.rows;
    match args.format {
        Format::Table => {
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header(RESULT_HEADER);
            for r in &rows {
                t.add_row(result_cells(r));
            }
            println!("{t}\n{}", result_legend());
        }
        Format::Md => print!("{}", results_markdown(&rows)),
        Format::Csv => print!(
            "{}",
            results_csv(&rows).map_err(|e| Failure::Input(e.to_string()))?
        ),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("rows serialise")
        ),
    }
    first_failure(&rows)
}

/// A finding naming the first row that failed verification, if any.
pub fn first_failure(rows: &[Row]) -> Result<(), Failure> {
    match rows.iter().find(|r| !r.verified) {
        Some(r) => Err(Failure::Finding(format!(
            "{} {} {}: {}",
            r.variant,
            r.op.name(),
            r.key_bits,
            r.first_failure.as_deref().unwrap_or("failed")
        ))),
        None => Ok(()),
    }
}
