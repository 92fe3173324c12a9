//! `index.html`: the whole report as one self-contained page (inline CSS,
//! inline SVG, no script, nothing fetched), from the same cells as the
//! Markdown and CSV.

use super::{
    RESULT_HEADER, Report, comparison_cells, comparison_header, host_pointer, notes, result_cells,
    tally,
};
use crate::measure::Row;
use crate::report::plot::{Plot, SUMMARY_GROUP, slug};
use crate::report::summary::{SUMMARY_HEADER, headline, loss_text, summarise, summary_rows};
use crate::seeds::{Comparison, Verdict};
use maud::{DOCTYPE, Markup, PreEscaped, html};

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 78rem; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; }
nav ul { columns: 2; column-gap: 2rem; margin-top: 0.3rem; }
nav h3 { margin: 1rem 0 0; font-size: 1rem; }
nav li { break-inside: avoid; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.better { background: #e3f4e8; color: #17582f; }
td.worse { background: #fbe4e1; color: #8c2318; }
td.same { background: #f0f0f0; }
td.missing { color: #888; }
td.fail { background: #c0392b; color: white; font-weight: bold; }
p.assumption { background: #f7f7fb; border-left: 4px solid #99c; padding: 0.4rem 0.8rem; }
p.tally, p.headline { font-weight: bold; }
ul.losses { font-size: 0.9rem; }
ol.notes { font-size: 0.85rem; color: #444; }
figure { margin: 1.2rem 0; }
figcaption { font-size: 0.85rem; color: #444; max-width: 47rem; }
svg { max-width: 100%; height: auto; }
";

/// The CSS class of a comparison verdict.
fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Better | Verdict::SameShape => "better",
        Verdict::Worse | Verdict::OtherShape => "worse",
        Verdict::Equal | Verdict::OtherMachine => "same",
        Verdict::Missing => "missing",
        Verdict::Failed => "fail",
    }
}

fn figure(p: &Plot) -> Markup {
    html! {
        figure id=(p.name) {
            (PreEscaped(&p.svg))
            figcaption { strong { (p.title) } ". " (p.caption) }
        }
    }
}

fn comparison(c: &Comparison, plots: &[&Plot]) -> Markup {
    // Published, ours and the ratio are numbers; the ratio cell carries
    // the verdict's colour.
    let numeric = [4, 5, 6];
    html! {
        section id=(slug(&c.title)) {
            h2 { (c.title) }
            p.assumption { (c.assumption) }
            table {
                thead { tr { @for h in comparison_header(c) { th { (h) } } } }
                tbody {
                    @for l in &c.lines {
                        tr {
                            @for (i, cell) in comparison_cells(c, l).iter().enumerate() {
                                @if i == 6 {
                                    td class={ "num " (verdict_class(l.verdict)) } { (cell) }
                                } @else if numeric.contains(&i) {
                                    td.num { (cell) }
                                } @else {
                                    td { (cell) }
                                }
                            }
                        }
                    }
                }
            }
            @let notes = notes(c);
            @if !notes.is_empty() {
                ol.notes { @for n in notes { li { (n) } } }
            }
            p.tally { (tally(c)) }
            @for p in plots { (figure(p)) }
        }
    }
}

/// A table of ours alone: heading, what it measures, the cells.
fn plain_table(t: &crate::candidates::Table) -> Markup {
    html! {
        section id=(slug(&t.title)) {
            h2 { (t.title) }
            p.assumption { (t.intro) }
            table {
                thead { tr { @for h in &t.header { th { (h) } } } }
                tbody { @for row in &t.rows { tr { @for cell in row { td { (cell) } } } } }
            }
        }
    }
}

/// The page's opening section: the answer, the table per seed and per
/// CPU, the figures we lose with why, and the overview plot.
fn summary(comparisons: &[Comparison], host: &[Comparison], plots: &[&Plot]) -> Markup {
    let s = summarise(comparisons, host);
    html! {
        section id=(slug(SUMMARY_GROUP)) {
            h2 { (SUMMARY_GROUP) }
            p.headline { (headline(&s)) }
            table {
                thead { tr { @for h in SUMMARY_HEADER { th { (h) } } } }
                tbody {
                    @for row in summary_rows(&s) {
                        tr {
                            @for (i, cell) in row.iter().enumerate() {
                                @if i == 0 { td { (cell) } } @else { td.num { (cell) } }
                            }
                        }
                    }
                }
            }
            @if !s.losses.is_empty() {
                p { "The figures we lose:" }
                ul.losses { @for (c, l) in &s.losses { li { (loss_text(c, l)) } } }
            }
            @for p in plots { (figure(p)) }
        }
    }
}

fn results(rows: &[Row]) -> Markup {
    html! {
        section id="every-result" {
            h2 { "Every result" }
            table {
                thead { tr { @for h in RESULT_HEADER { th { (h) } } } }
                tbody {
                    @for r in rows {
                        tr {
                            @for (i, cell) in result_cells(r).iter().enumerate() {
                                @if i == RESULT_HEADER.len() - 1 && !r.verified {
                                    td.fail { (cell) }
                                } @else if (5..12).contains(&i) {
                                    td.num { (cell) }
                                } @else {
                                    td { (cell) }
                                }
                            }
                        }
                    }
                }
            }
            p { (super::result_legend()) }
        }
    }
}

/// The page.
pub fn page(report: &Report, plots: &[Plot], intro: &str) -> String {
    let Report {
        comparisons,
        records,
        rows,
        not_compared,
        ..
    } = *report;
    let of_group = |g: &str| plots.iter().filter(|p| p.group == g).collect::<Vec<_>>();
    let mut other_groups: Vec<&str> = vec![];
    for p in plots {
        let is_table = comparisons
            .iter()
            .chain(records)
            .any(|c| c.title == p.group);
        let is_summary = p.group == SUMMARY_GROUP;
        if !is_table && !is_summary && !other_groups.contains(&p.group.as_str()) {
            other_groups.push(&p.group);
        }
    }
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "cardlab report" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { "cardlab report" }
                (summary(comparisons, report.host, &of_group(SUMMARY_GROUP)))
                p { (intro) }
                nav {
                    h3 { "Seed tables" }
                    ul {
                        @for c in comparisons {
                            li { a href={ "#" (slug(&c.title)) } { (c.title) } " — " (tally(c)) }
                        }
                    }
                    @if !records.is_empty() {
                        h3 { "Published records" }
                        ul {
                            @for c in records {
                                li { a href={ "#" (slug(&c.title)) } { (c.title) } " — " (tally(c)) }
                            }
                        }
                    }
                    @if !report.tables.is_empty() {
                        h3 { "Beyond the papers" }
                        ul {
                            @for t in report.tables { li { a href={ "#" (slug(&t.title)) } { (t.title) } } }
                        }
                    }
                    @if !other_groups.is_empty() {
                        h3 { "Plots" }
                        ul {
                            @for g in &other_groups { li { a href={ "#" (slug(g)) } { (g) } } }
                        }
                    }
                    p { a href="#every-result" { "Every result" } " (" (rows.len()) " rows)" }
                }
                @for c in comparisons { (comparison(c, &of_group(&c.title))) }
                @if let Some(host) = host_pointer(report) {
                    p.host { (host) }
                }
                @for c in records { (comparison(c, &of_group(&c.title))) }
                @for t in report.tables { (plain_table(t)) }
                @for g in &other_groups {
                    section id=(slug(g)) {
                        h2 { (g) }
                        @for p in of_group(g) { (figure(p)) }
                    }
                }
                @if !not_compared.is_empty() {
                    p { "Not compared yet (no simulator or metric for them): " (not_compared.join(", ")) "." }
                }
                (results(rows))
            }
        }
    };
    markup.into_string()
}
