//! `cardlab bench`: build every firmware variant, run it on every vector,
//! verify and measure; print one row per variant × key size × operation.

use crate::Failure;
use cardlab_lab::build::build;
use cardlab_lab::manifest::{Manifest, discover};
use cardlab_lab::measure::{Row, TestVector, measure, vectors};
use cardlab_lab::repo_root;
use cardlab_lab::report::{
    RESULT_HEADER, RESULT_LEGEND, result_cells, results_csv, results_markdown,
};
use clap::{Args, ValueEnum};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

#[derive(Args)]
pub struct BenchArgs {
    /// Only this target (mcs51, hc05 or arm7tdmi).
    #[arg(short, long)]
    target: Option<String>,
    /// Only this cipher.
    #[arg(short, long)]
    cipher: Option<String>,
    /// Only this variant (the manifest's `variant`).
    #[arg(short, long)]
    variant: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Table,
    Md,
    Csv,
    Json,
}

/// The manifests the filters select.
pub fn selected(args: &BenchArgs) -> Result<Vec<Manifest>, Failure> {
    let all = discover(&repo_root().join("firmware")).map_err(|e| Failure::Input(e.to_string()))?;
    let keep = |m: &Manifest| {
        args.target
            .as_ref()
            .is_none_or(|t| t.eq_ignore_ascii_case(m.target.name()))
            && args
                .cipher
                .as_ref()
                .is_none_or(|c| c.parse() == Ok(m.algorithm))
            && args.variant.as_ref().is_none_or(|v| v == &m.variant)
    };
    let chosen: Vec<Manifest> = all.into_iter().filter(keep).collect();
    if chosen.is_empty() {
        return Err(Failure::Input(
            "no firmware variant matches; `ls firmware/*/*/*.toml` lists them".into(),
        ));
    }
    Ok(chosen)
}

/// Build and measure every selected variant.
pub fn run_all(manifests: &[Manifest]) -> Result<Vec<Row>, Failure> {
    let jobs: usize = manifests
        .iter()
        .map(|m| m.key_bits.len() * m.ops.len())
        .sum();
    let bar = ProgressBar::new(jobs as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}").expect("valid template"),
    );
    let mut cache: BTreeMap<(String, usize), Vec<TestVector>> = BTreeMap::new();
    let mut rows = vec![];
    for m in manifests {
        bar.set_message(format!("building {}", m.path.display()));
        let built = build(m).map_err(|e| Failure::Input(e.to_string()))?;
        for &bits in &m.key_bits {
            let vs = match cache.entry((m.algorithm.to_string(), bits)) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => e.insert(
                    vectors(&repo_root().join("vectors"), m.algorithm, bits)
                        .map_err(|e| Failure::Input(e.to_string()))?,
                ),
            };
            for &op in m.ops.keys() {
                bar.set_message(format!(
                    "{} {} {bits} {}",
                    m.target.name(),
                    m.variant,
                    op.name()
                ));
                rows.push(measure(&built, m, op, bits, vs));
                bar.inc(1);
            }
        }
    }
    bar.finish_and_clear();
    Ok(rows)
}

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    let rows = run_all(&selected(&args)?)?;
    match args.format {
        Format::Table => {
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header(RESULT_HEADER);
            for r in &rows {
                t.add_row(result_cells(r));
            }
            println!("{t}\n{RESULT_LEGEND}");
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
