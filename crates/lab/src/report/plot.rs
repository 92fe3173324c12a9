//! The report's plots, drawn as SVG by plotters.
//!
//! Each kind of plot is one function from the report's data (comparisons
//! and result rows) to [`Plot`]s; [`all`] lists them in reading order. A
//! plot names the group it belongs to (a seed table's title, or a
//! trade-off heading), and the renderers place it there. Adding a plot is
//! writing one function and naming it in [`all`].

use crate::manifest::Op;
use crate::measure::Row;
use crate::report::summary::on_host;
use crate::seeds::{Comparison, Line, PaperPoint, Verdict, paper_points};
use crate::sweep::SweepPoint;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Serialize;

/// One drawn plot.
#[derive(Debug, Clone, Serialize)]
pub struct Plot {
    /// File stem under `plots/` and the anchor in index.html.
    pub name: String,
    /// The heading it belongs under: a seed table's title or a trade-off group.
    pub group: String,
    pub title: String,
    /// How to read it, one or two sentences.
    pub caption: String,
    #[serde(skip)]
    pub svg: String,
}

/// Every plot of the report, in reading order.
pub fn all(comparisons: &[Comparison], rows: &[Row], sweep: &[SweepPoint]) -> Vec<Plot> {
    let mut plots: Vec<Plot> = overview(comparisons).into_iter().collect();
    // the host tables' ratios compare two machines: no bars for them
    plots.extend(
        (comparisons.iter())
            .filter(|c| !on_host(c))
            .filter_map(ratios),
    );
    plots.extend(comparisons.iter().filter_map(key_memory_classes));
    plots.extend(comparisons.iter().filter_map(hardware_tradeoff));
    plots.extend(cache_sweep(sweep));
    plots.extend(tradeoffs(rows, &paper_points(comparisons)));
    plots
}

/// The heading the cache sweep's plots stand under.
pub const SWEEP_GROUP: &str = "Seed 003 Figures 2 and 3: cycles against cache size on the LEON2";

/// Seed 003's Figures 2 and 3: warm cycles (worst over the vectors)
/// against the I- and D-cache size, one line per variant, for encryption
/// and for decryption.
pub fn cache_sweep(points: &[SweepPoint]) -> Vec<Plot> {
    let verdicts = crate::sweep::verdicts(points);
    let independent: Vec<&str> = (verdicts.iter())
        .filter(|(_, c)| *c == Some(true))
        .map(|(v, _)| v.as_str())
        .collect();
    let dependent: Vec<&str> = (verdicts.iter())
        .filter(|(_, c)| *c == Some(false))
        .map(|(v, _)| v.as_str())
        .collect();
    [("encryption", false), ("decryption", true)]
        .into_iter()
        .filter_map(|(what, decrypts)| {
            let mine: Vec<&SweepPoint> = (points.iter())
                .filter(|p| p.warm && p.op.decrypts() == decrypts && p.run.is_ok())
                .collect();
            let mut variants: Vec<&str> = vec![];
            for p in &mine {
                if !variants.contains(&p.variant.as_str()) {
                    variants.push(&p.variant);
                }
            }
            let cycles = |p: &SweepPoint| p.run.as_ref().map_or(0, |r| r.cycles_max);
            let y_max = mine.iter().map(|p| cycles(p)).max()? as f64 * 1.1;
            let sizes = crate::sweep::SIZES_KIB;
            let x = |kib: u32| sizes.iter().position(|&s| s == kib).unwrap_or(0) as f64;
            let svg = svg(440, |root| {
                let mut chart = ChartBuilder::on(root)
                    .margin(14)
                    .x_label_area_size(40)
                    .y_label_area_size(70)
                    .build_cartesian_2d(-0.2..(sizes.len() as f64 - 0.8), 0.0..y_max)?;
                chart
                    .configure_mesh()
                    .light_line_style(LIGHT)
                    .x_labels(sizes.len())
                    .x_label_formatter(&|v| {
                        sizes
                            .get(v.round() as usize)
                            .map_or(String::new(), |k| format!("{k} KB"))
                    })
                    .y_label_formatter(&|y| format!("{y:.0}"))
                    .x_desc("I-cache and D-cache size, each (direct-mapped, 32-byte lines)")
                    .y_desc(format!("{what} cycles, warm"))
                    .label_style((FONT, 12))
                    .axis_desc_style((FONT, 13))
                    .draw()?;
                for (i, v) in variants.iter().enumerate() {
                    let colour = Palette99::pick(i).to_rgba();
                    let line: Vec<(f64, f64)> = (mine.iter())
                        .filter(|p| p.variant == *v)
                        .map(|p| (x(p.cache_kib), cycles(p) as f64))
                        .collect();
                    line_with_dots(&mut chart, line, colour, v.to_string())?;
                }
                legend(&mut chart, SeriesLabelPosition::UpperRight)?;
                Ok(())
            });
            Some(Plot {
                name: slug(&format!("cache sweep {what}")),
                group: SWEEP_GROUP.to_string(),
                title: format!(
                    "AES-128 {what} cycles against cache size (seed 003 Figure {})",
                    if decrypts { 3 } else { 2 }
                ),
                caption: format!(
                    "Worst-case cycles over the sweep's vectors with warm caches (one unmeasured \
                     call first); sweep.csv has the cold runs and the D-cache misses too. \
                     D-cache hits and misses the same for every key and block at every size: \
                     {}; depending on them: {}.",
                    if independent.is_empty() {
                        "none".into()
                    } else {
                        independent.join(", ")
                    },
                    if dependent.is_empty() {
                        "none".into()
                    } else {
                        dependent.join(", ")
                    }
                ),
                svg,
            })
        })
        .collect()
}

/// Seed 001 Table 3 as the trade-off it is: encryption cycles against
/// code bytes, one line per key-memory class through its code sizes, the
/// paper's points (hollow) and ours (filled) in the class's colour.
pub fn key_memory_classes(c: &Comparison) -> Option<Plot> {
    if (c.source.as_str(), c.reference.as_str()) != ("001", "Table 3") {
        return None;
    }
    /// One row of the table: its class, the paper's (code, cycles), ours.
    struct ClassPoint<'a> {
        class: &'a str,
        paper: (f64, f64),
        ours: Option<(f64, f64)>,
    }
    let mut rows: Vec<ClassPoint> = vec![];
    for cycles in c.lines.iter().filter(|l| l.metric == "encrypt_cycles") {
        let code = c
            .lines
            .iter()
            .find(|l| l.metric == "code_bytes" && l.paper_variant == cycles.paper_variant)?;
        let class = match cycles.paper_variant.find(')') {
            Some(end) => &cycles.paper_variant[..=end],
            None => &cycles.paper_variant,
        };
        let ours = code.ours.zip(cycles.ours);
        rows.push(ClassPoint {
            class,
            paper: (code.published, cycles.published),
            ours,
        });
    }
    let mut classes: Vec<&str> = vec![];
    for r in &rows {
        if !classes.contains(&r.class) {
            classes.push(r.class);
        }
    }
    let all_points = rows
        .iter()
        .flat_map(|r| std::iter::once(r.paper).chain(r.ours));
    let (x_max, y_max) = all_points.fold((0f64, 0f64), |(x, y), (a, b)| (x.max(a), y.max(b)));
    let svg = svg(460, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max * 1.15, 0.0..y_max * 1.1)?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT)
            .x_desc("code bytes (code + tables, encryption and decryption)")
            .y_desc("encryption cycles (6805 bus cycles)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        for (i, class) in classes.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let mine: Vec<&ClassPoint> = rows.iter().filter(|r| r.class == *class).collect();
            let mut paper: Vec<(f64, f64)> = mine.iter().map(|r| r.paper).collect();
            let mut ours: Vec<(f64, f64)> = mine.iter().filter_map(|r| r.ours).collect();
            paper.sort_by(|a, b| a.0.total_cmp(&b.0));
            ours.sort_by(|a, b| a.0.total_cmp(&b.0));
            chart
                .draw_series(LineSeries::new(
                    paper.clone(),
                    colour.mix(0.5).stroke_width(1),
                ))?
                .label(format!("{class}: paper"))
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.stroke_width(1)));
            chart.draw_series(
                paper
                    .iter()
                    .map(|&p| Circle::new(p, 5, colour.stroke_width(2))),
            )?;
            if !ours.is_empty() {
                chart
                    .draw_series(LineSeries::new(ours.clone(), colour.stroke_width(2)))?
                    .label(format!("{class}: ours"))
                    .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
                chart.draw_series(ours.iter().map(|&p| Circle::new(p, 5, colour.filled())))?;
            }
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    });
    Some(Plot {
        name: "twofish-6805-key-memory-classes".into(),
        group: c.title.clone(),
        title: "Twofish on the 6805: encryption cycles against code bytes per key-memory class"
            .into(),
        caption: "Each line is one class of key memory (the RAM, ROM or EEPROM a key \
                  takes) through its code sizes: hollow points the paper's, filled ours \
                  (verified on every Twofish known answer). Down and to the left is better."
            .into(),
        svg,
    })
}

/// Seed 001 Table 4 as the trade-off it is: throughput at the paper's
/// clock against gates, the paper's design points (hollow) and ours
/// (filled), each labelled with its clocks per block.
pub fn hardware_tradeoff(c: &Comparison) -> Option<Plot> {
    if c.title != crate::hardware::TITLE {
        return None;
    }
    let of = |variant: &str, metric: &str| {
        c.lines
            .iter()
            .find(|l| l.paper_variant == variant && l.metric == metric)
    };
    /// One row: its clocks per block, the paper's (gates, Mbit/s), ours.
    struct DesignPoint {
        label: String,
        paper: (f64, f64),
        ours: Option<(f64, f64)>,
    }
    let mut points: Vec<DesignPoint> = vec![];
    for gates in c.lines.iter().filter(|l| l.metric == "gate_count") {
        let speed = of(&gates.paper_variant, "throughput_mbit_per_s")?;
        let clocks = of(&gates.paper_variant, "clocks_per_block")?;
        points.push(DesignPoint {
            label: format!("{:.0}", clocks.published),
            paper: (gates.published, speed.published),
            ours: gates.ours.zip(speed.ours),
        });
    }
    let all = points
        .iter()
        .flat_map(|p| std::iter::once(p.paper).chain(p.ours));
    let (x_max, y_max) = all.fold((0f64, 0f64), |(x, y), (a, b)| (x.max(a), y.max(b)));
    let svg = svg(460, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max * 1.1, 0.0..y_max * 1.15)?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT)
            .x_desc("gates (NAND2 equivalents)")
            .y_desc("throughput at the paper's clock (Mbit/s)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        chart
            .draw_series(
                points
                    .iter()
                    .map(|p| Circle::new(p.paper, 5, PAPER.stroke_width(2))),
            )?
            .label("the paper's design points")
            .legend(|(x, y)| Circle::new((x + 8, y), 4, PAPER.stroke_width(2)));
        chart
            .draw_series(
                points
                    .iter()
                    .filter_map(|p| p.ours)
                    .map(|o| Circle::new(o, 5, BETTER.filled())),
            )?
            .label("ours (verified)")
            .legend(|(x, y)| Circle::new((x + 8, y), 4, BETTER.filled()));
        let style = TextStyle::from((FONT, 11).into_font()).pos(Pos::new(HPos::Left, VPos::Bottom));
        chart.draw_series(points.iter().map(|p| {
            let at = (p.paper.0 + x_max * 0.01, p.paper.1);
            Text::new(format!("{} clocks", p.label), at, style.clone())
        }))?;
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        Ok(())
    });
    Some(Plot {
        name: "twofish-hardware-throughput-gates".into(),
        group: c.title.clone(),
        title: "Twofish in hardware: throughput against gates".into(),
        caption: "Each hollow point is one of the paper's design points, labelled with its \
                  clocks per block; each filled point ours for the same row, at the same clock. \
                  Up and to the left is better."
            .into(),
        svg,
    })
}

const WIDTH: u32 = 760;
const FONT: &str = "sans-serif";
const BETTER: RGBColor = RGBColor(0x2e, 0x8b, 0x57);
const WORSE: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
const SAME: RGBColor = RGBColor(0x80, 0x80, 0x80);
const LIGHT: RGBColor = RGBColor(0xee, 0xee, 0xee);
/// The papers' own points on the trade-off plots (hollow).
const PAPER: RGBColor = RGBColor(0x2b, 0x57, 0x9a);

/// Render `draw` onto a `WIDTH` × `height` SVG and return its text.
/// Plotters fails only on a backend error, which a String backend never
/// has, or on a degenerate range, which the callers rule out.
fn svg(
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> DrawResult,
) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)
            .expect("an SVG string backend does not fail");
        draw(&root).expect("plot ranges are never empty");
        root.present().expect("an SVG string backend does not fail");
    }
    out
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The legend box of every plot, at `position`.
fn legend<'a, 'b: 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, CT>,
    position: SeriesLabelPosition,
) -> DrawResult {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(SAME)
        .label_font((FONT, 11))
        .position(position)
        .draw()?;
    Ok(())
}

/// A labelled line through `points`, each marked with a dot.
fn line_with_dots<'a, 'b: 'a, CT: plotters::coord::CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, CT>,
    points: Vec<(f64, f64)>,
    colour: RGBAColor,
    label: String,
) -> DrawResult {
    chart
        .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?
        .label(label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2)));
    chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
    Ok(())
}

/// A file-name-safe stem, also the page's anchor for a heading.
pub(crate) fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            c if c.is_ascii_alphanumeric() => out.push(c.to_ascii_lowercase()),
            _ if !out.ends_with('-') && !out.is_empty() => out.push('-'),
            _ => {}
        }
    }
    out.trim_end_matches('-').to_string()
}

/// A metric as a reader says it: "key_setup_cycles" → "key setup cycles".
fn metric_words(metric: &str) -> String {
    metric
        .replace("throughput_bytes_per_s", "throughput")
        .replace('_', " ")
}

fn line_label(l: &Line) -> String {
    format!(
        "{}-{} {} ({})",
        l.cipher,
        l.key_bits,
        metric_words(&l.metric),
        l.paper_variant
    )
}

fn verdict_colour(v: Verdict) -> RGBColor {
    match v {
        Verdict::Better | Verdict::SameShape => BETTER,
        Verdict::Worse | Verdict::OtherShape => WORSE,
        _ => SAME,
    }
}

/// (a) Ours ÷ published for every figure of a seed table that has both:
/// a bar per figure from 1.0 to the ratio, 1.0 marked.
pub fn ratios(c: &Comparison) -> Option<Plot> {
    let lines: Vec<(&Line, f64)> = c
        .lines
        .iter()
        .filter_map(|l| l.ratio.filter(|r| *r > 0.0).map(|r| (l, r)))
        .collect();
    if lines.is_empty() {
        return None;
    }
    let n = lines.len();
    let hi = lines.iter().map(|l| l.1).fold(1.0, f64::max) * 1.1;
    // The first line on top: bar i sits in segment n-1-i.
    let label = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(i) if *i < n => line_label(lines[n - 1 - i].0),
        _ => String::new(),
    };
    let svg = svg(70 + 24 * n as u32, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(330)
            // n segments (plotters' integer ranges include their end),
            // two at least: one segment has no label.
            .build_cartesian_2d(0.0..hi, (0..n.max(2) - 1).into_segmented())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(LIGHT)
            .x_labels(12)
            .y_labels(n)
            .y_label_formatter(&label)
            .x_label_formatter(&|x| format!("{x:.2}"))
            .x_desc("ours ÷ published (below 1 is better, except for throughput)")
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        chart.draw_series(lines.iter().enumerate().map(|(i, (l, r))| {
            let at = n - 1 - i;
            // A tie still gets a sliver, so no figure looks missing.
            let (from, to) = match *r {
                r if r < 0.99 => (r, 1.0),
                r if r > 1.01 => (1.0, r),
                _ => (0.985, 1.015),
            };
            Rectangle::new(
                [
                    (from, SegmentValue::Exact(at)),
                    (to, SegmentValue::Exact(at + 1)),
                ],
                verdict_colour(l.verdict).filled(),
            )
        }))?;
        chart.draw_series(LineSeries::new(
            [(1.0, SegmentValue::Exact(0)), (1.0, SegmentValue::Exact(n))],
            BLACK.stroke_width(2),
        ))?;
        Ok(())
    });
    Some(Plot {
        name: format!("ratio-{}", slug(&c.title)),
        group: c.title.clone(),
        title: format!("{}: ours ÷ published", c.title),
        caption: "One bar per published figure, from 1.0 to our ratio: green where ours is \
                  better, red where it is worse, grey where it is the same."
            .into(),
        svg,
    })
}

/// One variant's point on a trade-off plot.
#[derive(Debug, Clone, PartialEq)]
struct Point {
    variant: String,
    rom: u64,
    cycles: u64,
}

/// The points no other point beats on both ROM and cycles, by ROM.
fn pareto_front(points: &[Point]) -> Vec<&Point> {
    let mut sorted: Vec<&Point> = points.iter().collect();
    sorted.sort_by_key(|p| (p.rom, p.cycles));
    let mut front: Vec<&Point> = vec![];
    for p in sorted {
        if front.last().is_none_or(|best| p.cycles < best.cycles) {
            front.push(p);
        }
    }
    front
}

/// What a trade-off plot puts on its cycle axis.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cost {
    /// One operation as measured.
    Op(Op),
    /// Encrypting one block under a new key: `encrypt_with_key_setup`, or
    /// `key_setup` followed by `encrypt`.
    NewKeyBlock,
}

impl Cost {
    fn words(self) -> String {
        match self {
            Cost::Op(op) => op.name().replace('_', " "),
            Cost::NewKeyBlock => "one block under a new key".into(),
        }
    }

    /// The paper's cycles of this cost for one of its implementations,
    /// if it gives them.
    fn paper_cycles(self, p: &PaperPoint) -> Option<f64> {
        match self {
            Cost::Op(op) => p.cycles_of(op),
            Cost::NewKeyBlock => p
                .cycles_of(Op::EncryptWithKeySetup)
                .or_else(|| Some(p.cycles_of(Op::KeySetup)? + p.cycles_of(Op::Encrypt)?)),
        }
    }

    /// The worst-case cycles of this cost for a variant's rows, if they
    /// have it.
    fn cycles(self, rows: &[&Row]) -> Option<u64> {
        let of = |op: Op| rows.iter().find(|r| r.op == op)?.cycles_max;
        match self {
            Cost::Op(op) => of(op),
            Cost::NewKeyBlock => {
                of(Op::EncryptWithKeySetup).or_else(|| Some(of(Op::KeySetup)? + of(Op::Encrypt)?))
            }
        }
    }
}

/// The heading the summary's plot stands under, at the top of the report.
pub const SUMMARY_GROUP: &str = "Summary";

/// A seed table as the overview names it: "seed 000 6.1 (mcs51)".
fn table_label(c: &Comparison) -> String {
    format!("seed {} {} ({})", c.source, c.reference, c.target)
}

/// A ratio as an axis label: 0.05, 0.5, 1, 2.
fn ratio_label(x: f64) -> String {
    let text = format!("{x:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The report at a glance: every ratio ours ÷ published of the simulated
/// seed tables on one logarithmic axis (a half and a double lie equally
/// far from 1), one row per table, a dot per figure in its verdict's
/// colour, spread a little up and down so equal ratios stay visible.
/// A log axis's tick label only at 1, 2 and 5 times a power of ten, so
/// that the ticks between (0.6, 0.7, 0.8, 0.9) do not run into each other.
fn sparse_ratio_label(x: f64) -> String {
    let mantissa = x / 10f64.powf(x.log10().floor());
    if [1.0, 2.0, 5.0, 10.0]
        .iter()
        .any(|m| (mantissa - m).abs() < 1e-6)
    {
        ratio_label(x)
    } else {
        String::new()
    }
}

pub fn overview(comparisons: &[Comparison]) -> Option<Plot> {
    let tables: Vec<(&Comparison, Vec<(f64, Verdict)>)> = (comparisons.iter())
        .filter(|c| !on_host(c))
        .map(|c| {
            let ratios = (c.lines.iter())
                .filter_map(|l| l.ratio.filter(|r| *r > 0.0).map(|r| (r, l.verdict)))
                .collect();
            (c, ratios)
        })
        .filter(|(_, ratios): &(_, Vec<_>)| !ratios.is_empty())
        .collect();
    if tables.is_empty() {
        return None;
    }
    let n = tables.len();
    let every = tables.iter().flat_map(|(_, r)| r.iter().map(|(x, _)| *x));
    let (lo, hi) = every.fold((1.0f64, 1.0f64), |(a, b), r| (a.min(r), b.max(r)));
    let figures: usize = tables.iter().map(|(_, r)| r.len()).sum();
    // The first table on top: row i sits in segment n-1-i.
    let label = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(i) if *i < n => table_label(tables[n - 1 - i].0),
        _ => String::new(),
    };
    let svg = svg(80 + 30 * n as u32, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(190)
            .build_cartesian_2d(
                (lo / 1.4..hi * 1.4).log_scale(),
                (0..n.max(2) - 1).into_segmented(),
            )?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(LIGHT)
            .y_labels(n)
            .y_label_formatter(&label)
            .x_label_formatter(&|x| sparse_ratio_label(*x))
            .x_desc("ours ÷ published, logarithmic (below 1 is better, except for throughput)")
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        chart.draw_series(LineSeries::new(
            [(1.0, SegmentValue::Exact(0)), (1.0, SegmentValue::Exact(n))],
            BLACK.stroke_width(1),
        ))?;
        for (i, (_, ratios)) in tables.iter().enumerate() {
            let at = SegmentValue::CenterOf(n - 1 - i);
            chart.draw_series(ratios.iter().enumerate().map(|(k, &(r, v))| {
                // five lanes, 4 px apart, so dots of equal ratio do not hide each other
                let lane = (k % 5) as i32 * 4 - 8;
                EmptyElement::at((r, at.clone()))
                    + Circle::new((0, lane), 4, verdict_colour(v).mix(0.8).filled())
            }))?;
        }
        Ok(())
    });
    Some(Plot {
        name: "overview-ratios".into(),
        group: SUMMARY_GROUP.into(),
        title: format!("Every ratio ours ÷ published, by seed table ({figures} figures)"),
        caption: "One dot per published figure with a figure of ours, on a logarithmic axis: \
                  green where ours is better, red where it is worse, grey where it is the same \
                  (a throughput is better above 1). A figure published as 0 has no ratio and \
                  no dot. Each seed table's own section has its bars."
            .into(),
        svg,
    })
}

/// (b) and (c): for every target, cipher and key size, cycles against ROM
/// bytes (code + tables) for every variant with the Pareto front drawn,
/// and the papers' implementations that give both beside them: first for
/// a block under a new key, then per operation. A plot needs two of our
/// variants at least.
pub fn tradeoffs(rows: &[Row], papers: &[PaperPoint]) -> Vec<Plot> {
    let mut groups: Vec<(&str, &str, usize)> = vec![];
    for r in rows.iter().filter(|r| r.verified) {
        let g = (r.target, r.cipher.as_str(), r.key_bits);
        if !groups.contains(&g) {
            groups.push(g);
        }
    }
    let mut plots = vec![];
    for (target, cipher, key_bits) in groups {
        let of_group: Vec<&Row> = rows
            .iter()
            .filter(|r| {
                r.verified && r.target == target && r.cipher == cipher && r.key_bits == key_bits
            })
            .collect();
        // The operations in their declared order, after the new-key block.
        let ops: std::collections::BTreeSet<Op> = of_group.iter().map(|r| r.op).collect();
        let costs = std::iter::once(Cost::NewKeyBlock).chain(ops.into_iter().map(Cost::Op));
        let group = format!("Trade-offs: {cipher}-{key_bits} on the {target}");
        let published: Vec<&PaperPoint> = (papers.iter())
            .filter(|p| p.target == target && p.is_cipher(cipher) && p.key_bits == key_bits)
            .collect();
        for cost in costs {
            if let Some(plot) = tradeoff(&group, target, &of_group, &published, cost) {
                plots.push(plot);
            }
        }
    }
    plots
}

/// The paper's implementations of `papers` with a ROM and this cost, as
/// (label, ROM, cycles): labelled with the paper's name for each, and
/// its seed where the plot has points of several.
fn paper_marks(papers: &[&PaperPoint], cost: Cost) -> Vec<(String, f64, f64)> {
    let with_cost: Vec<(&PaperPoint, f64, f64)> = (papers.iter())
        .filter_map(|p| Some((*p, p.rom_bytes?, cost.paper_cycles(p)?)))
        .collect();
    let one_seed = with_cost.windows(2).all(|w| w[0].0.seed == w[1].0.seed);
    (with_cost.into_iter())
        .map(|(p, rom, cycles)| match one_seed {
            true => (p.variant.clone(), rom, cycles),
            false => (format!("{} (seed {})", p.variant, p.seed), rom, cycles),
        })
        .collect()
}

/// The seeds whose implementations [`paper_marks`] places, in order.
fn seeds_of(papers: &[&PaperPoint], cost: Cost) -> Vec<String> {
    let mut seeds: Vec<String> = vec![];
    for p in papers {
        if p.rom_bytes.is_some() && cost.paper_cycles(p).is_some() && !seeds.contains(&p.seed) {
            seeds.push(p.seed.clone());
        }
    }
    seeds
}

/// A point's label beside it: to its right, or to its left in the right
/// third of the plot, where it would run past the edge.
fn point_label(
    text: &str,
    x: f64,
    x_max: f64,
    font: TextStyle<'static>,
) -> Text<'static, (i32, i32), String> {
    let (offset, anchor) = match x > x_max * 0.6 {
        false => ((7, -14), Pos::new(HPos::Left, VPos::Top)),
        true => ((-7, -14), Pos::new(HPos::Right, VPos::Top)),
    };
    Text::new(text.to_string(), offset, font.pos(anchor))
}

fn tradeoff(
    group: &str,
    target: &str,
    rows: &[&Row],
    papers: &[&PaperPoint],
    cost: Cost,
) -> Option<Plot> {
    let mut points: Vec<Point> = vec![];
    for r in rows {
        if points.iter().any(|p| p.variant == r.variant) {
            continue;
        }
        let of_variant: Vec<&Row> = rows
            .iter()
            .copied()
            .filter(|x| x.variant == r.variant)
            .collect();
        if let Some(cycles) = cost.cycles(&of_variant) {
            points.push(Point {
                variant: r.variant.clone(),
                rom: r.code_bytes + r.table_bytes,
                cycles,
            });
        }
    }
    if points.len() < 2 {
        return None;
    }
    let front = pareto_front(&points);
    let marks = paper_marks(papers, cost);
    let x_max = (points.iter().map(|p| p.rom as f64))
        .chain(marks.iter().map(|m| m.1))
        .fold(0.0, f64::max)
        * 1.2;
    let y_max = (points.iter().map(|p| p.cycles as f64))
        .chain(marks.iter().map(|m| m.2))
        .fold(0.0, f64::max)
        * 1.15;
    let step: Vec<(f64, f64)> = front
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let corner = (i > 0).then(|| (p.rom as f64, front[i - 1].cycles as f64));
            corner.into_iter().chain([(p.rom as f64, p.cycles as f64)])
        })
        .chain(front.last().map(|p| (x_max, p.cycles as f64)))
        .collect();
    // Taller where many points share it, so their labels find room.
    let height = (22 * (points.len() + marks.len()) as u32).clamp(420, 640);
    let svg = svg(height, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT)
            .x_desc("ROM bytes (code + tables)")
            .y_desc(format!("cycles ({})", cost.words()))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        chart.draw_series(LineSeries::new(step, BETTER.stroke_width(2)))?;
        chart.draw_series(points.iter().map(|p| {
            let on_front = front.contains(&p);
            let colour = if on_front { BETTER } else { SAME };
            EmptyElement::at((p.rom as f64, p.cycles as f64))
                + Circle::new((0, 0), 5, colour.filled())
                + point_label(
                    &p.variant,
                    p.rom as f64,
                    x_max,
                    (FONT, 12).into_text_style(root),
                )
        }))?;
        chart.draw_series(marks.iter().map(|(label, rom, cycles)| {
            EmptyElement::at((*rom, *cycles))
                + Circle::new((0, 0), 5, PAPER.stroke_width(2))
                + point_label(label, *rom, x_max, (FONT, 11).into_font().color(&PAPER))
        }))?;
        Ok(())
    });
    let what = cost.words();
    Some(Plot {
        name: slug(&format!("{group} {what}")),
        group: group.to_string(),
        title: format!("{what}: cycles against ROM on the {target}"),
        caption: format!(
            "Each filled point is one of our verified variants (worst-case cycles over every \
             vector); the green steps join the variants no other beats on both ROM and \
             cycles: {}. {}",
            front
                .iter()
                .map(|p| p.variant.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            match marks.len() {
                0 => "No seed paper gives both the ROM and these cycles for this cipher here."
                    .to_string(),
                n => format!(
                    "Hollow blue points: the seed papers' own implementations ({n}, seed {}), \
                     at the ROM and cycles they publish, labelled with the paper's name for \
                     each.",
                    seeds_of(papers, cost).join(", ")
                ),
            }
        ),
        svg,
    })
}

/// The heading the leakage plots stand under.
pub const LEAKAGE_GROUP: &str = "Leakage plots";

/// The leakage plots: max |t| against traces for the masked AES variants
/// and one unmasked one on the same CPU, and the t-trace of the first
/// masked variant (else of the first variant).
pub fn leakage(verdicts: &[crate::leakage::Verdict]) -> Vec<Plot> {
    let masked: Vec<&crate::leakage::Verdict> = verdicts.iter().filter(|v| v.masked).collect();
    let reference = masked
        .first()
        .and_then(|m| verdicts.iter().find(|v| !v.masked && v.target == m.target))
        .or_else(|| verdicts.first());
    let curves: Vec<&crate::leakage::Verdict> = masked.iter().copied().chain(reference).collect();
    let mut plots: Vec<Plot> = t_against_traces(&curves).into_iter().collect();
    plots.extend(masked.first().copied().or(reference).and_then(t_trace));
    plots
}

fn t_against_traces(verdicts: &[&crate::leakage::Verdict]) -> Option<Plot> {
    let points = |v: &crate::leakage::Verdict| -> Vec<(f64, f64)> {
        (v.curve.iter())
            .filter_map(|&(n, t, _)| Some((n as f64, t?.clamp(0.1, 1e4))))
            .collect()
    };
    let all: Vec<(f64, f64)> = verdicts.iter().flat_map(|v| points(v)).collect();
    let x_max = all.iter().map(|p| p.0).fold(0.0, f64::max);
    let y_max = all
        .iter()
        .map(|p| p.1)
        .fold(crate::tvla::THRESHOLD, f64::max);
    if all.is_empty() {
        return None;
    }
    let name = |v: &crate::leakage::Verdict| format!("{} {}", v.target, v.variant);
    let svg = svg(420, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(
                (50.0..x_max * 1.5).log_scale(),
                (0.5..y_max * 2.0).log_scale(),
            )?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT)
            .x_desc("traces (fixed and random together)")
            .y_desc("max |t|, first order")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y}"))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        chart.draw_series(LineSeries::new(
            [
                (50.0, crate::tvla::THRESHOLD),
                (x_max * 1.5, crate::tvla::THRESHOLD),
            ],
            RED.stroke_width(1),
        ))?;
        for (i, v) in verdicts.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            line_with_dots(&mut chart, points(v), colour, name(v))?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        Ok(())
    });
    Some(Plot {
        name: "leakage-t-against-traces".into(),
        group: LEAKAGE_GROUP.into(),
        title: "First-order max |t| against traces".into(),
        caption: format!(
            "The largest first-order |t| of any sample as traces accumulate, for {}; the red \
             line is TVLA's threshold of 4.5. Full power model (docs/leakage.md).",
            verdicts
                .iter()
                .map(|v| name(v))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        svg,
    })
}

fn t_trace(v: &crate::leakage::Verdict) -> Option<Plot> {
    let width = v.components.len().max(1);
    let points: Vec<(f64, f64)> = (v.t.iter().enumerate())
        .filter_map(|(i, t)| Some(((i / width) as f64, (*t)?.clamp(-1e3, 1e3))))
        .collect();
    if points.is_empty() {
        return None;
    }
    let bound = points
        .iter()
        .map(|p| p.1.abs())
        .fold(crate::tvla::THRESHOLD * 2.0, f64::max);
    let cycles = v.cycles_per_trace.max(1) as f64;
    let svg = svg(380, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..cycles, -bound * 1.05..bound * 1.05)?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT)
            .x_desc("cycle")
            .y_desc("t, first order")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()?;
        for y in [crate::tvla::THRESHOLD, -crate::tvla::THRESHOLD] {
            chart.draw_series(LineSeries::new(
                [(0.0, y), (cycles, y)],
                RED.stroke_width(1),
            ))?;
        }
        chart.draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, 1, RGBColor(0x33, 0x55, 0x99).filled())),
        )?;
        Ok(())
    });
    Some(Plot {
        name: "leakage-t-trace".into(),
        group: LEAKAGE_GROUP.into(),
        title: format!("First-order t per sample: {} {}", v.target, v.variant),
        caption: format!(
            "Welch's t of every sample that varies, over {} traces, by the cycle it falls in \
             (all five components); data-independent samples are not drawn. The red lines \
             are ±4.5.",
            v.traces
        ),
        svg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(variant: &str, rom: u64, cycles: u64) -> Point {
        Point {
            variant: variant.into(),
            rom,
            cycles,
        }
    }

    #[test]
    fn the_front_keeps_what_nothing_beats_on_both_axes() {
        let points = [
            p("big", 900, 100),
            p("small", 300, 900),
            p("dominated", 800, 950),
            p("middle", 500, 400),
            p("tie", 500, 400),
        ];
        let front: Vec<&str> = pareto_front(&points)
            .iter()
            .map(|p| p.variant.as_str())
            .collect();
        assert_eq!(front, ["small", "middle", "big"]);
    }

    #[test]
    fn a_table_of_one_figure_draws_one_bar() {
        let line = Line {
            cipher: "AES".into(),
            key_bits: 128,
            paper_variant: "fast".into(),
            metric: "encrypt_cycles".into(),
            published: 100.0,
            published_text: "100".into(),
            clock_mhz: None,
            ours_variant: Some("v".into()),
            ours: Some(50.0),
            ours_text: "50".into(),
            ratio: Some(0.5),
            verdict: Verdict::Better,
            timing: None,
            at_clock: None,
            note: String::new(),
            why_worse: None,
        };
        let c = Comparison {
            title: "Seed 9 Table 9".into(),
            source: "009".into(),
            reference: "Table 9".into(),
            target: "mcs51".into(),
            assumption: String::new(),
            lines: vec![line],
        };
        let plot = ratios(&c).unwrap();
        assert_eq!(
            plot.svg.matches("<rect").count(),
            2,
            "background and one bar"
        );
        assert!(plot.svg.contains("AES-128 encrypt cycles (fast)"));
    }

    #[test]
    fn slugs_are_file_names() {
        assert_eq!(
            slug("Seed 000 §6.1: 8051 key agility"),
            "seed-000-6-1-8051-key-agility"
        );
    }
}
