//! Rendering results and seed comparisons, and writing them to disk.
//!
//! The terminal, Markdown, CSV and HTML all come from the same cells, so a
//! figure reads the same wherever it is shown; the plots come from
//! [`plot`]. Files are written to a temporary name in the output folder
//! and renamed into place: a reader sees the old report or the new one,
//! never half of one.

pub mod html;
pub mod plot;
pub mod summary;

use crate::measure::{Row, cycles_text, ram_text, timing_text};
use crate::seeds::{Comparison, Line, Verdict};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Column names of a result row.
pub const RESULT_HEADER: [&str; 13] = [
    "target",
    "cipher",
    "key",
    "variant",
    "operation",
    "cycles",
    "code B",
    "table B",
    "RAM B",
    "kept B",
    "accesses",
    "vectors",
    "verdict",
];

fn opt(v: Option<u64>) -> String {
    v.map_or("—".into(), |x| x.to_string())
}

/// One result row as printed.
pub fn result_cells(r: &Row) -> Vec<String> {
    let cycles = match (r.cycles_min, r.cycles_max) {
        (Some(a), Some(b)) => cycles_text(a, b),
        _ => "—".into(),
    };
    let verdict = match r.verified {
        false => format!("FAIL: {}", r.first_failure.as_deref().unwrap_or("")),
        true => timing_text(
            r.constant_time == Some(true),
            r.address_trace_constant == Some(true),
        )
        .into(),
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
            (Some(ram), destroyed) => ram_text(ram, destroyed == Some(true), r.key_bits),
            (None, _) => opt(None),
        },
        opt(r.kept_ram_bytes),
        opt(r.accesses_per_block),
        r.vectors_checked.to_string(),
        verdict,
    ]
}

/// What a result table means, printed under it: the columns, and each
/// target's cycle unit (targets that share a unit named together).
pub fn result_legend() -> String {
    let mut units: Vec<(&str, Vec<&str>)> = vec![];
    for t in cardlab_sim::target::ALL {
        let unit = t.spec().cycle_unit;
        match units.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, names)) => names.push(t.name()),
            None => units.push((unit, vec![t.name()])),
        }
    }
    let units: Vec<String> = units
        .iter()
        .map(|(unit, names)| format!("{}: {unit}", names.join(", ")))
        .collect();
    format!(
        "RAM B: (+N) = the key is destroyed; N more bytes keep it. \
    Kept B: for an operation after key_setup, the bytes key setup wrote that the operation \
    read (round keys): the RAM a card keeps per key. \
    Cycles: the target's own unit ({}).",
        units.join("; ")
    )
}

/// Column names of a seed comparison; the last only where a line has it
/// (see [`comparison_header`]).
const COMPARISON_COLUMNS: [&str; 10] = [
    "cipher",
    "key",
    "paper's variant",
    "metric",
    "published",
    "ours",
    "ours / published",
    "our variant",
    "secret independence",
    "at the paper's clock",
];

/// Whether a comparison shows its figures at the paper's clock.
fn has_clock_column(c: &Comparison) -> bool {
    c.lines.iter().any(|l| l.at_clock.is_some())
}

/// The column names of a comparison.
pub fn comparison_header(c: &Comparison) -> &'static [&'static str] {
    match has_clock_column(c) {
        true => &COMPARISON_COLUMNS,
        false => &COMPARISON_COLUMNS[..COMPARISON_COLUMNS.len() - 1],
    }
}

/// The paper's notes of a comparison, each once, numbered from 1 in order
/// of first use.
pub fn notes(c: &Comparison) -> Vec<&str> {
    let mut out: Vec<&str> = vec![];
    for l in &c.lines {
        if !l.note.is_empty() && !out.contains(&l.note.as_str()) {
            out.push(&l.note);
        }
    }
    out
}

/// One comparison line as printed: the paper's note as a footnote mark
/// into [`notes`], the verdict in the ratio cell.
pub fn comparison_cells(c: &Comparison, l: &Line) -> Vec<String> {
    let ratio = match (l.ratio, l.verdict) {
        (Some(r), v) => format!("{r:.2} ({})", v.word()),
        (None, v) => v.word().to_string(),
    };
    let published = match notes(c).iter().position(|n| *n == l.note) {
        Some(i) => format!("{} [{}]", l.published_text, i + 1),
        None => l.published_text.clone(),
    };
    let mut cells = vec![
        l.cipher.clone(),
        l.key_bits.to_string(),
        l.paper_variant.clone(),
        l.metric.clone(),
        published,
        l.ours_text.clone(),
        ratio,
        l.ours_variant.clone().unwrap_or_else(|| "—".into()),
        l.timing.clone().unwrap_or_default(),
    ];
    if has_clock_column(c) {
        cells.push(l.at_clock.clone().unwrap_or_default());
    }
    cells
}

/// The footnotes under a comparison, one line each: "[1] text".
pub fn footnotes(c: &Comparison) -> String {
    notes(c)
        .iter()
        .enumerate()
        .map(|(i, n)| format!("[{}] {n}\n", i + 1))
        .collect()
}

/// A one-line tally: "12 figures: 10 better, 1 worse, 1 not implemented".
pub fn tally(c: &Comparison) -> String {
    let count = |v: Verdict| c.lines.iter().filter(|l| l.verdict == v).count();
    let parts: Vec<String> = [
        Verdict::Better,
        Verdict::Equal,
        Verdict::Worse,
        Verdict::Missing,
        Verdict::Failed,
        Verdict::OtherMachine,
        Verdict::SameShape,
        Verdict::OtherShape,
    ]
    .into_iter()
    .filter(|&v| count(v) > 0)
    .map(|v| format!("{} {}", count(v), v.word()))
    .collect();
    format!("{} figures: {}", c.lines.len(), parts.join(", "))
}

fn md_table(out: &mut String, header: &[&str], rows: impl Iterator<Item = Vec<String>>) {
    let escape = |s: &str| s.replace('|', "\\|");
    out.push_str(&format!("| {} |\n", header.join(" | ")));
    out.push_str(&format!("|{}|\n", vec!["---"; header.len()].join("|")));
    for cells in rows {
        let cells: Vec<String> = cells.iter().map(|c| escape(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
}

/// Everything one report shows.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    /// The seed tables measured on the simulators.
    pub comparisons: &'a [Comparison],
    /// Records published outside the seed papers, with ours beside
    /// (`seeds/records.csv`); not counted in the seed summary.
    pub records: &'a [Comparison],
    /// Tables of ours alone, printed as they are (seed 000 §7).
    pub tables: &'a [crate::candidates::Table],
    /// Seed 001's tables timed on this machine: written apart, to
    /// [`HOST_FILES`], as they differ from run to run.
    pub host: &'a [Comparison],
    pub rows: &'a [Row],
    /// Seed tables no variant or simulator answers yet.
    pub not_compared: &'a [String],
    /// Where the measured firmware came from, as the reader should see it.
    pub firmware: &'a str,
    /// The LEON2 cache sweep (seed 003 Figures 2 and 3), if run.
    pub sweep: &'a [crate::sweep::SweepPoint],
    /// The leakage campaigns of the AES variants (docs/leakage.md).
    pub leakage: &'a [crate::leakage::Verdict],
}

/// The files that hold the host timings, and nothing else does: every
/// other file of a report is the same byte for byte from run to run.
pub const HOST_FILES: [&str; 2] = ["host.md", "host.csv"];

/// Where the host tables are, said where they would otherwise stand.
pub fn host_pointer(report: &Report) -> Option<String> {
    let titles: Vec<&str> = report.host.iter().map(|c| c.title.as_str()).collect();
    (!titles.is_empty()).then(|| {
        format!(
            "{}: this machine's time-stamp counter, which differs from run to run, so they \
             are kept apart in {}; every other file of this report is the same byte for byte \
             from run to run.",
            titles.join("; "),
            HOST_FILES.join(" and ")
        )
    })
}

/// One seed table as Markdown: its heading, assumption, table, notes,
/// tally and its plots.
fn comparison_markdown(c: &Comparison, plots: &[plot::Plot]) -> String {
    let mut out = format!("## {}\n\n{}\n\n", c.title, c.assumption);
    md_table(
        &mut out,
        comparison_header(c),
        c.lines.iter().map(|l| comparison_cells(c, l)),
    );
    let notes: String = footnotes(c).lines().map(|n| format!("{n}  \n")).collect();
    out.push_str(&format!("\n{notes}{}\n\n", tally(c)));
    for p in plots.iter().filter(|p| p.group == c.title) {
        out.push_str(&format!("![{}](plots/{}.svg)\n\n", p.title, p.name));
    }
    out
}

/// host.md: seed 001's host tables, as report.md would show them.
pub fn host_markdown(host: &[Comparison]) -> String {
    let mut out = "# cardlab report: seed 001's host timings\n\n".to_string();
    out.push_str(
        "Time-stamp-counter cycles of this machine, measured round after round over every \
         keying option together so their ratios hold; the cycles themselves differ from run \
         to run. report.md and index.html have every simulated seed table.\n\n",
    );
    for c in host {
        out.push_str(&comparison_markdown(c, &[]));
    }
    out
}

/// The report's opening paragraph.
fn intro(report: &Report) -> String {
    format!(
        "Every figure of ours comes from a run whose outputs all matched the reference \
         cipher. Ratio = ours / published: below 1 is better for cycles and bytes, above 1 \
         for throughput. Firmware measured: {}.",
        report.firmware
    )
}

/// The summary that opens report.md: the answer, the table per seed and
/// per CPU, the figures we lose with why, and the overview plot.
fn summary_markdown(report: &Report, plots: &[plot::Plot]) -> String {
    let s = summary::summarise(report.comparisons, report.host);
    let mut out = format!(
        "## {}\n\n{}\n\n",
        plot::SUMMARY_GROUP,
        summary::headline(&s)
    );
    md_table(
        &mut out,
        &summary::SUMMARY_HEADER,
        summary::summary_rows(&s).into_iter(),
    );
    out.push('\n');
    if !s.losses.is_empty() {
        out.push_str("The figures we lose:\n\n");
        for (c, l) in &s.losses {
            out.push_str(&format!("- {}\n", summary::loss_text(c, l)));
        }
        out.push('\n');
    }
    for p in plots.iter().filter(|p| p.group == plot::SUMMARY_GROUP) {
        out.push_str(&format!("![{}](plots/{}.svg)\n\n", p.title, p.name));
    }
    out
}

/// Markdown of result rows alone (`cardlab bench --format md`).
pub fn results_markdown(rows: &[Row]) -> String {
    let mut out = String::new();
    md_table(&mut out, &RESULT_HEADER, rows.iter().map(result_cells));
    out
}

/// The whole report as Markdown: every seed table with its plots, the
/// trade-off plots, then every result row. Plots are linked from `plots/`.
pub fn markdown(report: &Report, plots: &[plot::Plot]) -> String {
    let image = |p: &plot::Plot| format!("![{}](plots/{}.svg)\n\n", p.title, p.name);
    let mut out = "# cardlab report\n\n".to_string();
    out.push_str(&summary_markdown(report, plots));
    out.push_str(&format!("{}\n\n", intro(report)));
    for c in report.comparisons {
        out.push_str(&comparison_markdown(c, plots));
    }
    if let Some(host) = host_pointer(report) {
        out.push_str(&format!("{host}\n\n"));
    }
    for c in report.records {
        out.push_str(&comparison_markdown(c, plots));
    }
    for t in report.tables {
        out.push_str(&format!("## {}\n\n{}\n\n", t.title, t.intro));
        let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
        md_table(&mut out, &header, t.rows.iter().cloned());
        out.push('\n');
    }
    let mut group = "";
    for p in plots.iter().filter(|p| {
        p.group != plot::SUMMARY_GROUP
            && !(report.comparisons.iter().chain(report.records)).any(|c| c.title == p.group)
    }) {
        if p.group != group {
            group = &p.group;
            out.push_str(&format!("## {group}\n\n"));
        }
        out.push_str(&image(p));
    }
    if !report.not_compared.is_empty() {
        out.push_str(&format!(
            "Not compared yet (no simulator or metric for them): {}.\n\n",
            report.not_compared.join(", ")
        ));
    }
    out.push_str("## Every result\n\n");
    out.push_str(&results_markdown(report.rows));
    out.push_str(&format!("\n{}\n", result_legend()));
    out
}

/// CSV of result rows.
pub fn results_csv(rows: &[Row]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(vec![]);
    w.write_record(RESULT_HEADER)?;
    for r in rows {
        w.write_record(result_cells(r))?;
    }
    finish(w)
}

/// The text a CSV writer over a buffer has produced.
fn finish(w: csv::Writer<Vec<u8>>) -> Result<String, csv::Error> {
    Ok(String::from_utf8(w.into_inner().map_err(|e| e.into_error())?).expect("UTF-8 cells"))
}

/// CSV of every comparison line, one published figure per line.
pub fn comparisons_csv(comparisons: &[Comparison]) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(vec![]);
    w.write_record([
        "source",
        "ref",
        "target",
        "cipher",
        "key_bits",
        "paper_variant",
        "metric",
        "published",
        "published_text",
        "clock_mhz",
        "ours",
        "ours_text",
        "ratio",
        "verdict",
        "our_variant",
        "secret_independence",
        "at_the_papers_clock",
        "note",
    ])?;
    let text = |x: Option<f64>| x.map_or(String::new(), |x| x.to_string());
    for c in comparisons {
        for l in &c.lines {
            w.write_record([
                c.source.clone(),
                c.reference.clone(),
                c.target.clone(),
                l.cipher.clone(),
                l.key_bits.to_string(),
                l.paper_variant.clone(),
                l.metric.clone(),
                l.published.to_string(),
                l.published_text.clone(),
                text(l.clock_mhz),
                text(l.ours),
                l.ours_text.clone(),
                text(l.ratio),
                l.verdict.word().to_string(),
                l.ours_variant.clone().unwrap_or_default(),
                l.timing.clone().unwrap_or_default(),
                l.at_clock.clone().unwrap_or_default(),
                l.note.clone(),
            ])?;
        }
    }
    finish(w)
}

/// The folder under the output folder that holds the plots.
pub const PLOTS: &str = "plots";

/// Everything the report writes, as (path relative to the output folder,
/// contents): report.md, seeds.csv, records.csv, the [`HOST_FILES`], results.csv,
/// sweep.csv, report.json, index.html and one SVG per plot under [`PLOTS`].
pub fn files(report: &Report) -> Result<Vec<(String, String)>, csv::Error> {
    #[derive(Serialize)]
    struct Json<'a> {
        firmware: &'a str,
        comparisons: &'a [Comparison],
        records: &'a [Comparison],
        tables: &'a [crate::candidates::Table],
        results: &'a [Row],
        not_compared: &'a [String],
        leakage: &'a [crate::leakage::Verdict],
        plots: &'a [plot::Plot],
    }
    let mut plots = plot::all(report.comparisons, report.rows, report.sweep);
    plots.extend(plot::leakage(report.leakage));
    let json = serde_json::to_string_pretty(&Json {
        firmware: report.firmware,
        comparisons: report.comparisons,
        records: report.records,
        tables: report.tables,
        results: report.rows,
        not_compared: report.not_compared,
        leakage: report.leakage,
        plots: &plots,
    })
    .expect("results serialise");
    let mut out = vec![
        ("report.md".to_string(), markdown(report, &plots)),
        ("seeds.csv".into(), comparisons_csv(report.comparisons)?),
        ("records.csv".into(), comparisons_csv(report.records)?),
        (HOST_FILES[0].into(), host_markdown(report.host)),
        (HOST_FILES[1].into(), comparisons_csv(report.host)?),
        ("results.csv".into(), results_csv(report.rows)?),
        ("sweep.csv".into(), crate::sweep::csv(report.sweep)?),
        ("report.json".into(), json + "\n"),
        (
            "index.html".into(),
            html::page(report, &plots, &intro(report)),
        ),
    ];
    out.extend(
        plots
            .into_iter()
            .map(|p| (format!("{PLOTS}/{}.svg", p.name), p.svg)),
    );
    Ok(out)
}

#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}; choose a writable folder with --out")]
pub struct WriteError {
    path: PathBuf,
    source: std::io::Error,
}

/// Write every file into `dir` (created if missing, as are the folders
/// the names go through): each goes to a temporary file first, and only
/// when all are written are they renamed into place. Then any SVG left in
/// [`PLOTS`] from an earlier report is removed, so the folder holds exactly
/// this report's plots.
pub fn write_all(dir: &Path, files: &[(String, String)]) -> Result<Vec<PathBuf>, WriteError> {
    let fail = |path: &Path| {
        let path = path.to_path_buf();
        move |source| WriteError { path, source }
    };
    let mut staged = vec![];
    for (name, contents) in files {
        let path = dir.join(name);
        let folder = path.parent().unwrap_or(dir);
        std::fs::create_dir_all(folder).map_err(fail(folder))?;
        let mut tmp = tempfile::NamedTempFile::new_in(folder).map_err(fail(folder))?;
        tmp.write_all(contents.as_bytes())
            .and_then(|_| tmp.flush())
            .map_err(fail(tmp.path()))?;
        staged.push((tmp, path));
    }
    let written: Vec<PathBuf> = staged
        .into_iter()
        .map(|(tmp, path)| {
            tmp.persist(&path)
                .map_err(|e| fail(&path)(e.error))
                .map(|_| path)
        })
        .collect::<Result<_, _>>()?;
    let plots = dir.join(PLOTS);
    if let Ok(entries) = std::fs::read_dir(&plots) {
        for stale in entries.flatten().map(|e| e.path()) {
            if stale.extension().is_some_and(|e| e == "svg") && !written.contains(&stale) {
                std::fs::remove_file(&stale).map_err(fail(&stale))?;
            }
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_all_replaces_files_and_leaves_no_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("report");
        let file = |name: &str, text: &str| (name.to_string(), text.to_string());
        write_all(
            &out,
            &[file("a.md", "one"), file("plots/old.svg", "<svg/>")],
        )
        .unwrap();
        write_all(
            &out,
            &[
                file("a.md", "two"),
                file("b.csv", "x"),
                file("plots/new.svg", "<svg/>"),
            ],
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.md")).unwrap(), "two");
        let plots: Vec<String> = std::fs::read_dir(out.join("plots"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(plots, ["new.svg"]);
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.md", "b.csv", "plots"]);
    }

    #[test]
    fn write_all_names_an_unwritable_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, "").unwrap();
        let e = write_all(&file, &[("a.md".into(), "x".into())]).unwrap_err();
        assert!(e.to_string().contains("not-a-folder"), "{e}");
    }
}
