//! The report's opening answer: how many published figures were compared
//! and how many ours beat, tie and lose, in all, per seed and per CPU, and
//! the figures we lose, each with its one-line reason.
//!
//! Seed 001's host tables compare this machine with the paper's Pentium
//! Pro, not two implementations on one CPU, so they are counted apart.

use crate::seeds::{Comparison, Line, Verdict};

/// How a group of published figures came out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    pub better: usize,
    pub same: usize,
    pub worse: usize,
    /// No variant of ours answers the figure yet.
    pub missing: usize,
    /// A variant answering it failed verification.
    pub failed: usize,
}

impl Count {
    fn add(&mut self, v: Verdict) {
        match v {
            Verdict::Better => self.better += 1,
            Verdict::Equal => self.same += 1,
            Verdict::Worse => self.worse += 1,
            Verdict::Failed => self.failed += 1,
            // host verdicts never reach here (see `summarise`)
            _ => self.missing += 1,
        }
    }

    /// Figures with a figure of ours beside them.
    pub fn compared(&self) -> usize {
        self.better + self.same + self.worse
    }
}

/// The summary of a report.
#[derive(Debug, Clone)]
pub struct Summary<'a> {
    /// Every figure on a CPU cardlab simulates.
    pub all: Count,
    /// Per seed ("seed 000") in seed order, then per CPU ("mcs51") in
    /// order of first appearance in the report.
    pub groups: Vec<(String, Count)>,
    /// The figures we lose, in report order, with their table.
    pub losses: Vec<(&'a Comparison, &'a Line)>,
    /// Figures measured on this machine against the paper's (host tables).
    pub host_figures: usize,
}

/// Whether a comparison's figures were measured on the host, not simulated.
pub fn on_host(c: &Comparison) -> bool {
    c.target == "host"
}

/// The index of `key`'s count in `groups`, added at the end if new.
fn count_of(groups: &mut Vec<(String, Count)>, key: &str) -> usize {
    match groups.iter().position(|(k, _)| k == key) {
        Some(i) => i,
        None => {
            groups.push((key.to_string(), Count::default()));
            groups.len() - 1
        }
    }
}

/// Count the simulated comparisons' verdicts, in all, per seed and per
/// CPU; the host tables' figures are only counted.
pub fn summarise<'a>(comparisons: &'a [Comparison], host: &[Comparison]) -> Summary<'a> {
    let simulated: Vec<&Comparison> = comparisons.iter().filter(|c| !on_host(c)).collect();
    let mut all = Count::default();
    let mut seeds: Vec<(String, Count)> = vec![];
    let mut cpus: Vec<(String, Count)> = vec![];
    let mut losses = vec![];
    for c in &simulated {
        let seed = format!("seed {}", c.source);
        let seed_count = count_of(&mut seeds, &seed);
        let cpu_count = count_of(&mut cpus, &c.target);
        for l in &c.lines {
            for count in [&mut all, &mut seeds[seed_count].1, &mut cpus[cpu_count].1] {
                count.add(l.verdict);
            }
            if l.verdict == Verdict::Worse {
                losses.push((*c, l));
            }
        }
    }
    seeds.sort_by(|a, b| a.0.cmp(&b.0));
    Summary {
        all,
        groups: seeds.into_iter().chain(cpus).collect(),
        losses,
        host_figures: (comparisons.iter().filter(|c| on_host(c)))
            .chain(host)
            .map(|c| c.lines.len())
            .sum(),
    }
}

/// Column names of the summary table.
pub const SUMMARY_HEADER: [&str; 7] = [
    "figures of",
    "compared",
    "better",
    "same",
    "worse",
    "not implemented",
    "FAIL",
];

/// One row of the summary table.
pub fn summary_cells(name: &str, c: &Count) -> Vec<String> {
    vec![
        name.to_string(),
        c.compared().to_string(),
        c.better.to_string(),
        c.same.to_string(),
        c.worse.to_string(),
        c.missing.to_string(),
        c.failed.to_string(),
    ]
}

/// Every row of the summary table: all, then each group.
pub fn summary_rows(s: &Summary) -> Vec<Vec<String>> {
    std::iter::once(summary_cells("every simulated seed table", &s.all))
        .chain(s.groups.iter().map(|(name, c)| summary_cells(name, c)))
        .collect()
}

/// The summary's first sentence: the answer.
pub fn headline(s: &Summary) -> String {
    let a = &s.all;
    let mut out = format!(
        "{} published figures compared with ours: ours beat {}, tie {} and lose {}.",
        a.compared(),
        a.better,
        a.same,
        a.worse
    );
    if a.missing > 0 {
        out.push_str(&format!(" {} more are not implemented yet.", a.missing));
    }
    if a.failed > 0 {
        out.push_str(&format!(
            " {} have no figure: a variant answering them FAILED verification.",
            a.failed
        ));
    }
    if s.host_figures > 0 {
        out.push_str(&format!(
            " Seed 001's {} host figures time this machine against the paper's Pentium Pro \
             and are not counted (host.md, host.csv).",
            s.host_figures
        ));
    }
    out
}

/// One figure we lose, in one line: where, what, both figures, why.
pub fn loss_text(c: &Comparison, l: &Line) -> String {
    format!(
        "{}: {}-{} {} ({}), ours {} against {}: {}",
        c.title,
        l.cipher,
        l.key_bits,
        l.metric.replace('_', " "),
        l.paper_variant,
        l.ours_text,
        l.published_text,
        l.why_worse.as_deref().unwrap_or("no reason recorded yet")
    )
}
