//! Seed 000 §7: the six AES candidates it chose for its two cards (E2,
//! RC6, Rijndael, Twofish measured in §6; MARS and Serpent "hoped to be
//! completed soon"), side by side per card in the layout of §6.1 and
//! §6.2, ranked by key agility as §6.3 measures it: a new key every
//! block, in bytes per second at the paper's clock.

use crate::manifest::Op;
use crate::measure::Row;
use crate::seeds::Figure;
use serde::Serialize;

/// A table the report prints as it is (no published figure per cell).
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    pub title: String,
    /// What the table measures and assumes, printed above it.
    pub intro: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// One card of seed 000.
struct Card {
    target: &'static str,
    /// The platform as the paper's figures name it.
    platform: &'static str,
    title: &'static str,
    /// §6.3's clock and oscillator periods per cycle of ours.
    clock_mhz: f64,
    clocks_per_cycle: f64,
}

const CARDS: [Card; 2] = [
    Card {
        target: "mcs51",
        platform: "8051",
        title: "Seed 000 §7: the candidates it planned, on the 8051",
        clock_mhz: 3.57,
        clocks_per_cycle: 6.0,
    },
    Card {
        target: "arm7tdmi",
        platform: "ARM",
        title: "Seed 000 §7: the candidates it planned, on the ARM7TDMI",
        clock_mhz: 28.56,
        clocks_per_cycle: 1.0,
    },
];

/// The six candidates: our cipher name and the paper's.
const CANDIDATES: [(&str, &str); 6] = [
    ("e2", "E2"),
    ("rc6", "RC6"),
    ("aes", "AES"),
    ("twofish", "Twofish"),
    ("mars", "MARS"),
    ("serpent", "Serpent"),
];

/// One variant's figures at 128 bits, from its verified rows.
struct Measured<'a> {
    variant: &'a str,
    rows: Vec<&'a Row>,
}

impl Measured<'_> {
    fn op(&self, op: Op) -> Option<&Row> {
        self.rows.iter().copied().find(|r| r.op == op)
    }

    /// Cycles (min, max) of `op`.
    fn cycles(&self, op: Op) -> Option<(u64, u64)> {
        let r = self.op(op)?;
        Some((r.cycles_min?, r.cycles_max?))
    }

    /// A new key every block: key setup then encryption, or encryption
    /// with the key schedule inside; (min, max).
    fn agile(&self) -> Option<(u64, u64)> {
        self.cycles(Op::EncryptWithKeySetup).or_else(|| {
            let (k, e) = (self.cycles(Op::KeySetup)?, self.cycles(Op::Encrypt)?);
            Some((k.0 + e.0, k.1 + e.1))
        })
    }

    fn ram(&self) -> Option<u64> {
        self.rows.iter().filter_map(|r| r.ram_bytes).max()
    }
}

fn range((lo, hi): (u64, u64)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

/// The verified variants of `cipher` at 128 bits on `target`, the one
/// with the fewest cycles for a new key every block first.
fn variants<'a>(rows: &'a [Row], target: &str, cipher: &str) -> Vec<Measured<'a>> {
    let mut out: Vec<Measured> = vec![];
    for r in rows
        .iter()
        .filter(|r| r.target == target && r.cipher == cipher && r.key_bits == 128)
    {
        match out.iter_mut().find(|m| m.variant == r.variant) {
            Some(m) => m.rows.push(r),
            None => out.push(Measured {
                variant: &r.variant,
                rows: vec![r],
            }),
        }
    }
    out.retain(|m| m.rows.iter().all(|r| r.verified) && m.agile().is_some());
    out.sort_by_key(|m| m.agile().map(|a| a.1));
    out
}

/// Both cards' tables, with the paper's §6.3 figure where it has one.
pub fn seed000_section7(rows: &[Row], figures: &[Figure]) -> Vec<Table> {
    let header = [
        "rank",
        "cipher",
        "our variant",
        "code B",
        "table B",
        "ROM B",
        "RAM B",
        "key setup",
        "encryption",
        "new key every block",
        "B/s, new key every block",
        "paper's B/s (§6.3)",
        "ours / paper's",
    ];
    CARDS
        .iter()
        .filter_map(|card| {
            let mut lines: Vec<(f64, Vec<String>)> = vec![];
            for (ours, paper) in CANDIDATES {
                let Some(best) = variants(rows, card.target, ours).into_iter().next() else {
                    continue;
                };
                let agile = best.agile().expect("kept only with a figure");
                let rate = |cycles: u64| {
                    16.0 * card.clock_mhz * 1e6 / (cycles as f64 * card.clocks_per_cycle)
                };
                let bytes_per_s = rate(agile.1);
                let published = figures.iter().find(|f| {
                    f.seed() == "000"
                        && f.reference == "6.3"
                        && f.platform == card.platform
                        && f.cipher.eq_ignore_ascii_case(paper)
                });
                let first = &best.rows[0];
                let key_setup = match best.cycles(Op::KeySetup) {
                    Some(k) => range(k),
                    None => "in encryption".into(),
                };
                let encryption = best
                    .cycles(Op::Encrypt)
                    .or(best.cycles(Op::EncryptWithKeySetup))
                    .map_or("—".into(), range);
                lines.push((
                    bytes_per_s,
                    vec![
                        paper.into(),
                        best.variant.into(),
                        first.code_bytes.to_string(),
                        first.table_bytes.to_string(),
                        (first.code_bytes + first.table_bytes).to_string(),
                        best.ram().map_or("—".into(), |r| r.to_string()),
                        key_setup,
                        encryption,
                        range(agile),
                        format!("{bytes_per_s:.0}"),
                        published.map_or("not measured".into(), |f| format!("{}", f.value)),
                        published.map_or("—".into(), |f| format!("{:.2}", bytes_per_s / f.value)),
                    ],
                ));
            }
            if lines.is_empty() {
                return None;
            }
            lines.sort_by(|a, b| b.0.total_cmp(&a.0));
            let rows = lines
                .into_iter()
                .enumerate()
                .map(|(i, (_, cells))| std::iter::once((i + 1).to_string()).chain(cells).collect())
                .collect();
            Some(Table {
                title: card.title.into(),
                intro: format!(
                    "Seed 000 measured four of the six candidates it chose (§6) and left MARS and \
                     Serpent for later. Here all six as we measured them at 128 bits, each \
                     cipher's variant with the fewest cycles for a new key every block \
                     (verified on every known answer and 64 random vectors), ranked by that \
                     key agility in bytes per second at §6.3's {} MHz and {} oscillator \
                     period{} per cycle; cycles are the worst over the vectors, a range where \
                     they depend on the data. ROM is code and tables; RAM every byte the \
                     variant writes, stack included. The paper's own key agility stands beside \
                     ours where it measured it. No MARS or Serpent figure on these CPUs was \
                     found in a primary source (seeds/candidates-anchors.md lists what was \
                     searched); one secondary summary quotes about 70,000 machine cycles for \
                     Serpent on an unnamed 8-bit microcontroller (Journot, 2000), too loose \
                     for a ratio.",
                    card.clock_mhz,
                    card.clocks_per_cycle,
                    if card.clocks_per_cycle == 1.0 {
                        ""
                    } else {
                        "s"
                    }
                ),
                header: header.iter().map(|h| h.to_string()).collect(),
                rows,
            })
        })
        .collect()
}
