//! `cardlab kat`: the oracles against the known-answer-test files.

use crate::Failure;
use crate::data::Data;
use crate::progress::Progress;
use cardlab_ciphers::Algorithm;
use cardlab_ciphers::kat::{FileReport, Index, KatError, RunOptions, run_entry};
use clap::{Args, ValueEnum};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use rayon::prelude::*;
use std::path::PathBuf;

#[derive(Args)]
pub struct KatArgs {
    /// Only this cipher: aes, des, tdes, twofish, rc6, e2, camellia, serpent, mars, feal or feal-N.
    #[arg(short, long, value_name = "CIPHER")]
    cipher: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    format: OutputFormat,
    /// Folder holding index.toml and the vector files [default: the checkout's vectors/, else the copy built into cardlab].
    #[arg(long, value_name = "DIR", env = "CARDLAB_VECTORS")]
    vectors: Option<PathBuf>,
    /// Run at most two Monte Carlo records per file and key size (a second instead of ten).
    #[arg(long)]
    quick: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    Table,
    Json,
}

/// Which ciphers a `-c` argument selects: a whole family (`feal`) or one cipher.
enum Selection {
    All,
    Family(&'static str),
    One(Algorithm),
}

impl Selection {
    fn parse(name: Option<&str>) -> Result<Selection, Failure> {
        match name {
            None => Ok(Selection::All),
            Some(n) if n.eq_ignore_ascii_case("feal") => Ok(Selection::Family("feal")),
            Some(n) => n
                .parse()
                .map(Selection::One)
                .map_err(|e| Failure::Input(format!("{e}"))),
        }
    }

    fn family(&self) -> Option<&str> {
        match self {
            Selection::All => None,
            Selection::Family(f) => Some(f),
            Selection::One(a) => Some(a.family()),
        }
    }

    /// Whether a report row's cipher (e.g. `feal-8`) is selected.
    fn accepts(&self, cipher: &str) -> bool {
        match self {
            Selection::All => true,
            Selection::Family(f) => cipher.starts_with(f),
            Selection::One(a) => cipher == a.to_string(),
        }
    }
}

pub fn run(args: KatArgs, quiet: bool) -> Result<(), Failure> {
    let selection = Selection::parse(args.cipher.as_deref())?;
    // Keeps an unpacked built-in copy alive while the vectors are read.
    let data = match args.vectors {
        Some(_) => None,
        None => Some(Data::locate()?),
    };
    let dir = match (&args.vectors, &data) {
        (Some(dir), _) => dir.clone(),
        (None, data) => data.as_ref().expect("located above").vectors(),
    };
    let index = Index::load(&dir).map_err(|e| Failure::Input(e.to_string()))?;
    let entries: Vec<_> = index
        .entries
        .iter()
        .filter(|e| selection.family().is_none_or(|f| e.family() == f))
        .collect();
    if entries.is_empty() {
        return Err(Failure::Input(format!(
            "no vector files for cipher '{}' in {}",
            args.cipher.unwrap_or_default(),
            dir.join("index.toml").display()
        )));
    }
    let options = RunOptions {
        max_slow: args.quick.then_some(2),
    };
    let progress = Progress::new("kat", quiet);
    progress.set_total(entries.len() as u64);
    // Every file on every core; the results come back in index order.
    let results: Vec<Result<Vec<FileReport>, KatError>> = entries
        .par_iter()
        .map(|entry| {
            let result = run_entry(&index, entry, options);
            progress.inc(&entry.path.display().to_string());
            result
        })
        .collect();
    let mut reports: Vec<FileReport> = Vec::new();
    for rows in results {
        let rows = rows.map_err(|e| Failure::Input(e.to_string()))?;
        reports.extend(rows.into_iter().filter(|r| selection.accepts(&r.cipher)));
    }
    progress.finish();
    match args.format {
        OutputFormat::Table => print_table(&reports),
        OutputFormat::Json => println!(
            "{}",
            serde_json::to_string_pretty(&reports).expect("reports serialise")
        ),
    }
    summarise(&reports)
}

fn print_table(reports: &[FileReport]) {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header([
        "cipher", "key bits", "file", "vectors", "passed", "skipped", "result",
    ]);
    for r in reports {
        let result = match (&r.first_failure, r.skipped) {
            (Some(_), _) => "FAIL",
            (None, 0) => "ok",
            (None, _) => "ok (quick)",
        };
        table.add_row([
            r.cipher.clone(),
            r.key_bits.to_string(),
            r.file.clone(),
            r.vectors.to_string(),
            r.passed.to_string(),
            r.skipped.to_string(),
            result.to_string(),
        ]);
    }
    println!("{table}");
}

/// The closing line, and the first failure as the error when there is one.
fn summarise(reports: &[FileReport]) -> Result<(), Failure> {
    let vectors: usize = reports.iter().map(|r| r.vectors).sum();
    let passed: usize = reports.iter().map(|r| r.passed).sum();
    let skipped: usize = reports.iter().map(|r| r.skipped).sum();
    let failed = vectors - passed - skipped;
    eprintln!(
        "kat: {passed} passed, {failed} failed, {skipped} skipped ({} file × key-size groups)",
        reports.len()
    );
    match reports.iter().find(|r| r.first_failure.is_some()) {
        Some(r) => Err(Failure::Finding(format!(
            "kat: {} {}-bit, {}: first failing vector {}",
            r.cipher,
            r.key_bits,
            r.file,
            r.first_failure.as_deref().unwrap_or_default()
        ))),
        None => Ok(()),
    }
}
