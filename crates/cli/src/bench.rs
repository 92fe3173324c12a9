//! `cardlab bench`: build every firmware variant, run it on every vector,
//! verify and measure; print one row per variant × key size × operation.

use crate::Failure;
use cardlab_lab::build::build;
use cardlab_lab::manifest::{Manifest, discover};
use cardlab_lab::measure::{Row, TestVector, measure, vectors};
use cardlab_lab::repo_root;
use clap::{Args, ValueEnum};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

#[derive(Args)]
pub struct BenchArgs {
    /// Only this target (mcs51).
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
fn selected(args: &BenchArgs) -> Result<Vec<Manifest>, Failure> {
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

fn opt(v: Option<u64>) -> String {
    v.map_or("—".into(), |x| x.to_string())
}

fn cells(r: &Row) -> Vec<String> {
    let cycles = match (r.cycles_min, r.cycles_max) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => "—".into(),
    };
    let verdict = match (r.verified, r.constant_time, r.address_trace_constant) {
        (false, ..) => format!("FAIL: {}", r.first_failure.as_deref().unwrap_or("")),
        (true, Some(true), Some(true)) => "constant time, constant addresses".into(),
        (true, Some(true), _) => "constant time (table addresses vary)".into(),
        _ => "timing depends on data".into(),
    };
    vec![
        r.target.to_string(),
        r.cipher.clone(),
        r.key_bits.to_string(),
        r.variant.clone(),
        r.op.name().to_string(),
        cycles,
        r.code_bytes.to_string(),
        r.table_bytes.to_string(),
        match (r.ram_bytes, r.key_destroyed) {
            (Some(ram), Some(true)) => format!("{ram} (+{})", r.key_bits / 8),
            (ram, _) => opt(ram),
        },
        opt(r.accesses_per_block),
        r.vectors_checked.to_string(),
        verdict,
    ]
}

const HEADER: [&str; 12] = [
    "target",
    "cipher",
    "key",
    "variant",
    "operation",
    "cycles",
    "code B",
    "table B",
    "RAM B",
    "accesses",
    "vectors",
    "verdict",
];

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    let rows = run_all(&selected(&args)?)?;
    match args.format {
        Format::Table => {
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header(HEADER);
            for r in &rows {
                t.add_row(cells(r));
            }
            println!("{t}");
            println!(
                "RAM B: (+N) = the key is destroyed; N more bytes keep it. Cycles: the target's own unit (mcs51: machine cycles)."
            );
        }
        Format::Md => {
            println!("| {} |", HEADER.join(" | "));
            println!("|{}|", vec!["---"; HEADER.len()].join("|"));
            for r in &rows {
                println!("| {} |", cells(r).join(" | "));
            }
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(std::io::stdout());
            w.write_record(HEADER)
                .map_err(|e| Failure::Input(e.to_string()))?;
            for r in &rows {
                w.write_record(cells(r))
                    .map_err(|e| Failure::Input(e.to_string()))?;
            }
            w.flush().map_err(|e| Failure::Input(e.to_string()))?;
        }
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("rows serialise")
        ),
    }
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
