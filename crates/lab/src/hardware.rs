//! Seed 001 Table 4, Twofish in hardware: the design points of
//! `hardware/twofish/` as its flow (`flow.sh`: Icarus Verilog simulation,
//! yosys and abc synthesis to a gate-equivalent library) measured them in
//! `results/results.csv`, beside the paper's gates, clocks per block,
//! startup clocks and throughput. A design point is compared only if its
//! cores gave every known answer and every random vector of the run.

use crate::seeds::{Comparison, Figure, Line, Verdict, explain_worse, verdict};
use serde::Deserialize;
use std::path::Path;

const SEED: &str = "001";
const REFERENCE: &str = "Table 4";
const PLATFORM: &str = "hardware";
pub const TITLE: &str = "Seed 001 Table 4: Twofish in hardware (128-bit key)";

/// Where the flow writes its results, under the data root.
pub const RESULTS: &str = "hardware/twofish/results/results.csv";

/// Whether a published figure is one of Table 4's.
pub fn covers(f: &Figure) -> bool {
    f.seed() == SEED && f.reference == REFERENCE && f.platform == PLATFORM
}

/// One design point as the flow measured it (the columns the report
/// reads; results.csv has more).
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Design {
    pub design: String,
    /// The gate count of the paper's row it stands for.
    pub paper_gates: f64,
    pub kat_vectors_passed: u32,
    pub kat_vectors_total: u32,
    pub random_vectors_passed: u32,
    pub random_vectors_total: u32,
    /// Clocks from start to done of one block (of a batch, interleaved).
    pub clocks_per_block: f64,
    /// Clocks from key load to the first block accepted.
    pub startup_clocks: f64,
    /// Gate equivalents in all, memory as flip-flops included.
    pub total_ge: f64,
    /// The same without the key-dependent S-box memory.
    pub logic_ge: f64,
    pub memory_bits: f64,
    pub logic_depth: f64,
    pub clock_mhz_assumed: f64,
    pub throughput_mbit_s_at_paper_clock: f64,
    pub throughput_mbit_s_at_our_clock: f64,
}

impl Design {
    /// Whether every vector of the run passed.
    pub fn verified(&self) -> bool {
        self.kat_vectors_total > 0
            && self.kat_vectors_passed == self.kat_vectors_total
            && self.random_vectors_passed == self.random_vectors_total
    }
}

/// The flow's results, or why they cannot be read.
pub fn load(path: &Path) -> Result<Vec<Design>, String> {
    let mut reader =
        csv::Reader::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
    reader
        .deserialize()
        .collect::<Result<Vec<Design>, _>>()
        .map_err(|e| format!("{}: {e}; rerun hardware/twofish/flow.sh", path.display()))
}

/// Ours for a published figure of the design point `d`, with what the
/// line should add to the paper's note.
fn ours(d: &Design, metric: &str) -> Option<(f64, String)> {
    Some(match metric {
        "gate_count" if d.memory_bits > 0.0 => (
            d.total_ge,
            format!(
                "{:.0} GE of logic + {:.0} bits of S-box memory as flip-flops",
                d.logic_ge, d.memory_bits
            ),
        ),
        "gate_count" => (d.total_ge, String::new()),
        "clocks_per_block" => (d.clocks_per_block, String::new()),
        "startup_clocks" => (d.startup_clocks, String::new()),
        "throughput_mbit_per_s" => (
            d.throughput_mbit_s_at_paper_clock,
            format!(
                "ours at the paper's clock; at our clock ({:.1} MHz, logic depth {:.0}): {:.0} Mbit/s",
                d.clock_mhz_assumed, d.logic_depth, d.throughput_mbit_s_at_our_clock
            ),
        ),
        _ => return None,
    })
}

fn line(f: &Figure, gates: Option<f64>, designs: &[Design]) -> Line {
    let mut line = Line::unanswered(f);
    let Some(d) = designs.iter().find(|d| Some(d.paper_gates) == gates) else {
        return line;
    };
    line.ours_variant = Some(d.design.clone());
    if !d.verified() {
        line.ours_text = format!(
            "FAIL: {} of {} known answers, {} of {} random vectors",
            d.kat_vectors_passed,
            d.kat_vectors_total,
            d.random_vectors_passed,
            d.random_vectors_total
        );
        line.verdict = Verdict::Failed;
        return line;
    }
    let Some((value, note)) = ours(d, &f.metric) else {
        return line;
    };
    line.ours = Some(value);
    line.ours_text = format!("{value:.0}");
    line.ratio = Some(value / f.value);
    line.verdict = verdict(f, value);
    if !note.is_empty() {
        line.note = [line.note.as_str(), note.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("; ");
    }
    explain_worse(f, &mut line);
    line
}

/// Table 4 with ours beside, if the paper's figures are in `figures`.
pub fn table4(figures: &[Figure], designs: &[Design]) -> Option<Comparison> {
    let published: Vec<&Figure> = figures.iter().filter(|f| covers(f)).collect();
    let gates_of = |variant: &str| {
        published
            .iter()
            .find(|g| g.variant == variant && g.metric == "gate_count")
            .map(|g| g.value)
    };
    let lines: Vec<Line> = published
        .iter()
        .map(|f| line(f, gates_of(&f.variant), designs))
        .collect();
    (!lines.is_empty()).then(|| Comparison {
        title: TITLE.into(),
        source: SEED.into(),
        reference: REFERENCE.into(),
        target: PLATFORM.into(),
        assumption: "Ours are Verilog cores of our own (hardware/twofish/), simulated with Icarus \
                     Verilog on every 128-bit Twofish known answer and random keys, clocks per \
                     block and startup clocks counted by the testbench; gates are yosys + abc \
                     mapped to a gate-equivalent library written as data (NAND2 = 1; areas from \
                     the NanGate FreePDK45 open cell library, docs/hardware.md), memory built \
                     from flip-flops. Throughput = 128 × clock × interleave ÷ clocks per block at \
                     the paper's clock; the clock our logic depth allows under a stated \
                     0.25 µm assumption is in the note. The paper's gates are estimates."
            .into(),
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(variant: &str, metric: &str, value: f64) -> Figure {
        Figure {
            source: "001_x.txt".into(),
            reference: REFERENCE.into(),
            platform: PLATFORM.into(),
            clock_mhz: Some(40.0),
            cipher: "Twofish".into(),
            key_bits: 128,
            variant: variant.into(),
            metric: metric.into(),
            value,
            note: String::new(),
        }
    }

    fn design(passed: u32) -> Design {
        Design {
            design: "h1".into(),
            paper_gates: 14000.0,
            kat_vectors_passed: passed,
            kat_vectors_total: 305,
            random_vectors_passed: 32,
            random_vectors_total: 32,
            clocks_per_block: 72.0,
            startup_clocks: 5.0,
            total_ge: 9000.0,
            logic_ge: 9000.0,
            memory_bits: 0.0,
            logic_depth: 80.0,
            clock_mhz_assumed: 90.0,
            throughput_mbit_s_at_paper_clock: 71.1,
            throughput_mbit_s_at_our_clock: 160.0,
        }
    }

    #[test]
    fn each_figure_meets_the_design_point_of_its_row() {
        let figures = [
            figure("1 h block 14000 gates", "gate_count", 14000.0),
            figure("1 h block 14000 gates", "clocks_per_block", 72.0),
            figure("1 h block 14000 gates", "startup_clocks", 4.0),
            figure("1 h block 14000 gates", "throughput_mbit_per_s", 71.0),
            figure("1 h block 19000 gates", "gate_count", 19000.0),
        ];
        let c = table4(&figures, &[design(305)]).unwrap();
        let got: Vec<(Option<f64>, Verdict)> =
            c.lines.iter().map(|l| (l.ours, l.verdict)).collect();
        assert_eq!(
            got,
            [
                (Some(9000.0), Verdict::Better),
                (Some(72.0), Verdict::Equal),
                (Some(5.0), Verdict::Worse),
                (Some(71.1), Verdict::Better),
                (None, Verdict::Missing),
            ]
        );
        assert!(c.lines[3].note.contains("at our clock (90.0 MHz"));
        // a core that missed a vector gives no figure
        let c = table4(&figures, &[design(304)]).unwrap();
        assert_eq!(c.lines[0].verdict, Verdict::Failed);
        assert!(
            c.lines[0].ours_text.contains("304 of 305"),
            "{}",
            c.lines[0].ours_text
        );
    }
}
