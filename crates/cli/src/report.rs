//! `cardlab report`: build, verify and measure every firmware variant, then
//! print every seed table with our figures beside the published ones and
//! write the report (Markdown, CSV, JSON) to the output folder.

use crate::Failure;
use crate::bench::{first_failure, run_all};
use cardlab_lab::manifest::discover;
use cardlab_lab::report::{
    COMPARISON_HEADER, comparison_cells, files, footnotes, tally, write_all,
};
use cardlab_lab::{repo_root, seeds};
use clap::Args;
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use std::path::PathBuf;

#[derive(Args)]
pub struct ReportArgs {
    /// Folder for report.md, seeds.csv, results.csv and report.json (created if missing).
    #[arg(long, default_value = "report")]
    out: PathBuf,
}

pub fn run(args: ReportArgs) -> Result<(), Failure> {
    let input = |e: &dyn std::fmt::Display| Failure::Input(e.to_string());
    if args.out.exists() && !args.out.is_dir() {
        return Err(Failure::Input(format!(
            "{}: not a folder; choose a folder with --out",
            args.out.display()
        )));
    }
    let figures = seeds::load(&repo_root().join("seeds/figures.csv")).map_err(|e| input(&e))?;
    let manifests = discover(&repo_root().join("firmware")).map_err(|e| input(&e))?;
    let rows = run_all(&manifests)?;
    let comparisons = seeds::compare(&figures, &rows);
    let not_compared = seeds::not_compared(&figures);
    let written = write_all(
        &args.out,
        &files(&comparisons, &rows, &not_compared).map_err(|e| input(&e))?,
    )
    .map_err(|e| input(&e))?;
    for c in &comparisons {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_header(COMPARISON_HEADER);
        for line in &c.lines {
            t.add_row(comparison_cells(c, line));
        }
        println!(
            "{}\n{}\n{t}\n{}{}\n",
            c.title,
            c.assumption,
            footnotes(c),
            tally(c)
        );
    }
    println!("Not compared yet: {}.", not_compared.join(", "));
    let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
    println!("Wrote {}.", names.join(", "));
    first_failure(&rows)
}
