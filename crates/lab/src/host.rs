//! Seed 001 Tables 1 and 2 on the machine running the report: Twofish's
//! keying options (crates/twofish) in host cycles beside the paper's
//! Pentium Pro clocks. The machines differ, so the raw ratio says little;
//! what must carry over is the shape of the trade-off, which each option
//! states as its key setup and its encryption against zero keying's (and
//! Table 2's big-table partial keying against plain partial keying).

use crate::seeds::{Comparison, Figure, Line, Verdict};
use cardlab_twofish::Keying;
use cardlab_twofish::measure::HostFigures;

/// The seed tables measured here.
const SEED: &str = "001";
const PLATFORM: &str = "Pentium Pro/II";
const TABLES: [(&str, &str); 2] = [
    (
        "Table 1",
        "Seed 001 Table 1: Twofish's keying options on the host",
    ),
    (
        "Table 2",
        "Seed 001 Table 2: partial keying with 256 KB of fixed tables on the host",
    ),
];

/// Whether a published figure is one of the host tables'.
pub fn covers(f: &Figure) -> bool {
    f.seed() == SEED && f.platform == PLATFORM && TABLES.iter().any(|(r, _)| *r == f.reference)
}

/// The keying option a paper row names ("ASM partial keying with 256 KB
/// fixed tables").
fn keying_of(paper_variant: &str) -> Option<Keying> {
    let v = paper_variant.to_ascii_lowercase();
    Some(if v.contains("256 kb") {
        Keying::Partial256k
    } else if v.contains("compiled") {
        Keying::Compiled
    } else if v.contains("full") {
        Keying::Full
    } else if v.contains("partial") {
        Keying::Partial
    } else if v.contains("minimal") {
        Keying::Minimal
    } else if v.contains("zero") {
        Keying::Zero
    } else {
        return None;
    })
}

fn cycles_of(f: &HostFigures, metric: &str) -> Option<u64> {
    match metric {
        "key_setup_cycles" => Some(f.key_setup_cycles),
        "encrypt_cycles" => Some(f.encrypt_cycles),
        _ => None,
    }
}

/// Ours for (option, key size, metric): cycles, or why there are none.
type Measured<'a> = &'a [Result<HostFigures, String>];

fn ours(measured: Measured, keying: Keying, bits: usize, metric: &str) -> Result<u64, String> {
    let found = measured.iter().find(|m| match m {
        Ok(f) => (f.keying, f.key_bits) == (keying, bits),
        Err(e) => e.starts_with(&format!("{keying} {bits}:")),
    });
    match found {
        Some(Ok(f)) => cycles_of(f, metric).ok_or_else(|| format!("no {metric}")),
        Some(Err(e)) => Err(e.clone()),
        None => Err("not measured".into()),
    }
}

/// A published figure beside ours.
fn raw_line(f: &Figure, measured: Measured) -> Line {
    let mut line = Line::unanswered(f);
    let Some(keying) = keying_of(&f.variant) else {
        return line;
    };
    line.ours_variant = Some(keying.name().into());
    match ours(measured, keying, f.key_bits, &f.metric) {
        Ok(v) => {
            line.ours = Some(v as f64);
            line.ours_text = v.to_string();
            line.ratio = Some(v as f64 / f.value);
            line.verdict = Verdict::OtherMachine;
        }
        Err(e) => {
            line.ours_text = format!("FAIL: {e}");
            line.verdict = Verdict::Failed;
        }
    }
    line
}

/// The shape: `f`'s option against `base`'s, on the paper's figures and
/// on ours. "Same shape" when both sides fall on the same side of 1 (or
/// both within 5 % of it).
fn shape_line(f: &Figure, base: &Figure, measured: Measured) -> Option<Line> {
    let (k, b) = (keying_of(&f.variant)?, keying_of(&base.variant)?);
    let published = f.value / base.value;
    let mut line = Line::unanswered(f);
    line.metric = format!("{} ÷ {} keying's", f.metric, b.name());
    line.published = published;
    line.published_text = format!("{published:.2}");
    line.ours_variant = Some(format!("{k} ÷ {b}"));
    line.note = String::new();
    match (
        ours(measured, k, f.key_bits, &f.metric),
        ours(measured, b, f.key_bits, &f.metric),
    ) {
        (Ok(x), Ok(y)) => {
            let r = x as f64 / y as f64;
            line.ours = Some(r);
            line.ours_text = format!("{r:.2}");
            line.ratio = Some(r / published);
            let side = |v: f64| {
                if (v - 1.0).abs() <= 0.05 {
                    0
                } else if v > 1.0 {
                    1
                } else {
                    -1
                }
            };
            line.verdict = match side(r) == side(published) {
                true => Verdict::SameShape,
                false => Verdict::OtherShape,
            };
        }
        (Err(e), _) | (_, Err(e)) => {
            line.ours_text = format!("FAIL: {e}");
            line.verdict = Verdict::Failed;
        }
    }
    Some(line)
}

/// Tables 1 and 2 with ours: every published figure, then (at the
/// paper's key size of most rows, 128 bits) each option against the
/// baseline: zero keying in Table 1, plain partial keying in Table 2.
/// `measured` holds each option's figures or why it has none;
/// `machine` names the host as the report should.
pub fn seed001(figures: &[Figure], measured: Measured, machine: &str) -> Vec<Comparison> {
    TABLES
        .iter()
        .filter_map(|(reference, title)| {
            let published: Vec<&Figure> = figures
                .iter()
                .filter(|f| covers(f) && f.reference == *reference)
                .collect();
            if published.is_empty() {
                return None;
            }
            let mut lines: Vec<Line> = published.iter().map(|f| raw_line(f, measured)).collect();
            let table1: Vec<&Figure> = figures
                .iter()
                .filter(|f| covers(f) && f.reference == "Table 1" && f.key_bits == 128)
                .collect();
            let base_keying = match *reference {
                "Table 2" => Keying::Partial,
                _ => Keying::Zero,
            };
            for f in published.iter().filter(|f| f.key_bits == 128) {
                let base = table1
                    .iter()
                    .find(|b| keying_of(&b.variant) == Some(base_keying) && b.metric == f.metric);
                if let Some(base) = base
                    && keying_of(&f.variant) != Some(base_keying)
                {
                    lines.extend(shape_line(f, base, measured));
                }
            }
            Some(Comparison {
                title: title.to_string(),
                source: SEED.into(),
                reference: reference.to_string(),
                target: "host".into(),
                assumption: format!(
                    "The paper's figures are Pentium Pro clocks of hand-written assembly; ours \
                     are time-stamp-counter cycles of cardlab's Rust implementations \
                     (crates/twofish: compiled keying writes the subkeys into x86-64 code \
                     generated by dynasmrt) on this machine ({machine}), the median of {} \
                     calls after as many untimed ones, every option first checked against \
                     every Twofish known answer. The machines differ, so ours ÷ published \
                     compares CPUs, not implementations; the lines \"÷ zero keying's\" (Table \
                     2: \"÷ partial keying's\") give the shape of the trade-off, each option's \
                     key setup and encryption against the baseline's, on both sides.",
                    cardlab_twofish::measure::RUNS
                ),
                lines,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(reference: &str, variant: &str, bits: usize, metric: &str, value: f64) -> Figure {
        Figure {
            source: "001_x.txt".into(),
            reference: reference.into(),
            platform: PLATFORM.into(),
            clock_mhz: None,
            cipher: "Twofish".into(),
            key_bits: bits,
            variant: variant.into(),
            metric: metric.into(),
            value,
            note: String::new(),
        }
    }

    fn host(keying: Keying, ks: u64, enc: u64) -> Result<HostFigures, String> {
        Ok(HostFigures {
            keying,
            key_bits: 128,
            key_setup_cycles: ks,
            encrypt_cycles: enc,
        })
    }

    #[test]
    fn each_option_is_set_against_zero_keying_on_both_sides() {
        let figures = [
            figure(
                "Table 1",
                "ASM full keying",
                128,
                "key_setup_cycles",
                7600.0,
            ),
            figure("Table 1", "ASM full keying", 128, "encrypt_cycles", 315.0),
            figure(
                "Table 1",
                "ASM zero keying",
                128,
                "key_setup_cycles",
                1250.0,
            ),
            figure("Table 1", "ASM zero keying", 128, "encrypt_cycles", 860.0),
            figure("Table 1", "ASM zero keying", 256, "encrypt_cycles", 1420.0),
        ];
        // full: more key setup and faster encryption than zero keying, as
        // published; the 256-bit zero keying failed
        let measured = [
            host(Keying::Full, 4000, 300),
            host(Keying::Zero, 2000, 500),
            Err("zero 256: gave 00".to_string()),
        ];
        let c = &seed001(&figures, &measured, "test")[0];
        assert_eq!(c.lines.len(), 5 + 2);
        let full_ks = &c.lines[0];
        assert_eq!(
            (full_ks.ours, full_ks.verdict),
            (Some(4000.0), Verdict::OtherMachine)
        );
        assert_eq!(c.lines[4].verdict, Verdict::Failed);
        let shape: Vec<(&str, f64, f64, Verdict)> = c.lines[5..]
            .iter()
            .map(|l| (l.metric.as_str(), l.published, l.ours.unwrap(), l.verdict))
            .collect();
        assert_eq!(
            shape,
            [
                (
                    "key_setup_cycles ÷ zero keying's",
                    7600.0 / 1250.0,
                    2.0,
                    Verdict::SameShape
                ),
                (
                    "encrypt_cycles ÷ zero keying's",
                    315.0 / 860.0,
                    0.6,
                    Verdict::SameShape
                ),
            ]
        );
        // an encryption slower than zero keying's has the other shape
        let measured = [host(Keying::Full, 4000, 900), host(Keying::Zero, 2000, 500)];
        let c = &seed001(&figures, &measured, "test")[0];
        assert_eq!(c.lines[6].verdict, Verdict::OtherShape);
    }

    #[test]
    fn the_papers_names_map_to_options() {
        assert_eq!(
            keying_of("ASM partial keying with 256 KB fixed tables"),
            Some(Keying::Partial256k)
        );
        assert_eq!(keying_of("ASM compiled keying"), Some(Keying::Compiled));
        assert_eq!(keying_of("ASM minimal keying"), Some(Keying::Minimal));
        assert_eq!(keying_of("byte serial"), None);
    }
}
