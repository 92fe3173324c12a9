//! Rendering results and seed comparisons, and writing them to disk.
//!
//! The terminal, Markdown and CSV all come from the same cells, so a figure
//! reads the same wherever it is shown. Files are written to a temporary
//! name in the output folder and renamed into place: a reader sees the old
//! report or the new one, never half of one.

use crate::measure::{Row, cycles_text, ram_text, timing_text};
use crate::seeds::{Comparison, Line, Verdict};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Column names of a result row.
pub const RESULT_HEADER: [&str; 12] = [
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
        opt(r.accesses_per_block),
        r.vectors_checked.to_string(),
        verdict,
    ]
}

/// What a result table means, printed under it.
pub const RESULT_LEGEND: &str = "RAM B: (+N) = the key is destroyed; N more bytes keep it. \
    Cycles: the target's own unit (mcs51: machine cycles; hc05: bus cycles; arm7tdmi: clock cycles).";

/// Column names of a seed comparison.
pub const COMPARISON_HEADER: [&str; 9] = [
    "cipher",
    "key",
    "paper's variant",
    "metric",
    "published",
    "ours",
    "ours / published",
    "our variant",
    "secret independence",
];

fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
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
        Some(i) => format!("{} [{}]", number(l.published), i + 1),
        None => number(l.published),
    };
    vec![
        l.cipher.clone(),
        l.key_bits.to_string(),
        l.paper_variant.clone(),
        l.metric.clone(),
        published,
        l.ours_text.clone(),
        ratio,
        l.ours_variant.clone().unwrap_or_else(|| "—".into()),
        l.timing.clone().unwrap_or_default(),
    ]
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

/// Markdown of result rows alone (`cardlab bench --format md`).
pub fn results_markdown(rows: &[Row]) -> String {
    let mut out = String::new();
    md_table(&mut out, &RESULT_HEADER, rows.iter().map(result_cells));
    out
}

/// The whole report as Markdown: every seed table, then every result row.
pub fn markdown(comparisons: &[Comparison], rows: &[Row], not_compared: &[String]) -> String {
    let mut out = String::from("# cardlab report\n\n");
    out.push_str(
        "Every figure of ours comes from a run whose outputs all matched the reference \
         cipher. Ratio = ours / published: below 1 is better for cycles and bytes, above 1 \
         for throughput.\n\n",
    );
    for c in comparisons {
        out.push_str(&format!("## {}\n\n{}\n\n", c.title, c.assumption));
        md_table(
            &mut out,
            &COMPARISON_HEADER,
            c.lines.iter().map(|l| comparison_cells(c, l)),
        );
        let notes: String = footnotes(c).lines().map(|n| format!("{n}  \n")).collect();
        out.push_str(&format!("\n{notes}{}\n\n", tally(c)));
    }
    if !not_compared.is_empty() {
        out.push_str(&format!(
            "Not compared yet (no simulator or metric for them): {}.\n\n",
            not_compared.join(", ")
        ));
    }
    out.push_str("## Every result\n\n");
    out.push_str(&results_markdown(rows));
    out.push_str(&format!("\n{RESULT_LEGEND}\n"));
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
        "clock_mhz",
        "ours",
        "ours_text",
        "ratio",
        "verdict",
        "our_variant",
        "secret_independence",
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
                text(l.clock_mhz),
                text(l.ours),
                l.ours_text.clone(),
                text(l.ratio),
                l.verdict.word().to_string(),
                l.ours_variant.clone().unwrap_or_default(),
                l.timing.clone().unwrap_or_default(),
                l.note.clone(),
            ])?;
        }
    }
    finish(w)
}

/// Everything the report writes, as (file name, contents).
pub fn files(
    comparisons: &[Comparison],
    rows: &[Row],
    not_compared: &[String],
) -> Result<Vec<(&'static str, String)>, csv::Error> {
    #[derive(Serialize)]
    struct Json<'a> {
        comparisons: &'a [Comparison],
        results: &'a [Row],
        not_compared: &'a [String],
    }
    let json = serde_json::to_string_pretty(&Json {
        comparisons,
        results: rows,
        not_compared,
    })
    .expect("results serialise");
    Ok(vec![
        ("report.md", markdown(comparisons, rows, not_compared)),
        ("seeds.csv", comparisons_csv(comparisons)?),
        ("results.csv", results_csv(rows)?),
        ("report.json", json + "\n"),
    ])
}

#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}; choose a writable folder with --out")]
pub struct WriteError {
    path: PathBuf,
    source: std::io::Error,
}

/// Write every file into `dir` (created if missing): each goes to a
/// temporary file first, and only when all are written are they renamed
/// into place.
pub fn write_all(dir: &Path, files: &[(&str, String)]) -> Result<Vec<PathBuf>, WriteError> {
    let fail = |path: &Path| {
        let path = path.to_path_buf();
        move |source| WriteError { path, source }
    };
    std::fs::create_dir_all(dir).map_err(fail(dir))?;
    let mut staged = vec![];
    for (name, contents) in files {
        let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail(dir))?;
        tmp.write_all(contents.as_bytes())
            .and_then(|_| tmp.flush())
            .map_err(fail(tmp.path()))?;
        staged.push((tmp, dir.join(name)));
    }
    staged
        .into_iter()
        .map(|(tmp, path)| {
            tmp.persist(&path)
                .map_err(|e| fail(&path)(e.error))
                .map(|_| path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_all_replaces_files_and_leaves_no_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("report");
        write_all(&out, &[("a.md", "one".into())]).unwrap();
        write_all(&out, &[("a.md", "two".into()), ("b.csv", "x".into())]).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.md")).unwrap(), "two");
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.md", "b.csv"]);
    }

    #[test]
    fn write_all_names_an_unwritable_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, "").unwrap();
        let e = write_all(&file, &[("a.md", "x".into())]).unwrap_err();
        assert!(e.to_string().contains("not-a-folder"), "{e}");
    }
}
