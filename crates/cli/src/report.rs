//! `cardlab report`: build, verify and measure every firmware variant, then
//! print every seed table with our figures beside the published ones and
//! write the report (Markdown, CSV, JSON) to the output folder.

use crate::Failure;
use crate::bench::{FirmwareArg, first_failure, manifests, run_all};
use crate::data::{Data, firmware_root};
use crate::progress::Progress;
use cardlab_card::{Card, cardos};
use cardlab_ciphers::Algorithm;
use cardlab_lab::build::Built;
use cardlab_lab::campaign::Campaign;
use cardlab_lab::manifest::Manifest;
use cardlab_lab::measure::vectors;
use cardlab_lab::report::{
    Report, comparison_cells, comparison_header, files, footnotes, summary, tally, write_all,
};
use cardlab_lab::sweep::{self, SweepPoint};
use cardlab_lab::{hardware, host, leakage, seeds};
use cardlab_sim::mcs51::sle66::Sle66Config;
use cardlab_twofish::measure::{HostFigures, measure_interleaved};
use cardlab_twofish::{Keying, Twofish};
use clap::Args;
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use std::path::PathBuf;

#[derive(Args)]
pub struct ReportArgs {
    /// Folder for index.html, report.md, seeds.csv, results.csv, report.json and plots/ (created if missing).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    #[command(flatten)]
    firmware: FirmwareArg,
}

/// Seed 004 §II-2 measured on the virtual card, if the firmware has its
/// card OS.
fn card_rows(root: &std::path::Path) -> Result<Vec<cardlab_lab::measure::Row>, Failure> {
    let manifest = root.join("mcs51/cardos/cardos.toml");
    if !manifest.exists() {
        return Ok(vec![]);
    }
    cardlab_card::seed004::rows(&manifest, aes).map_err(Failure::Input)
}

/// The oracle's AES of one block, for the card's measurements.
fn aes(key: &[u8], block: &[u8]) -> Vec<u8> {
    let mut b = block.to_vec();
    Algorithm::Aes
        .new_cipher(key)
        .expect("AES key sizes")
        .encrypt_block(&mut b);
    b
}

/// Seed 004 §III on each card whose card OS the firmware has (8051, then
/// AVR), with the AES applets of `applets/`; an applet or native output
/// that disagrees with the oracle stops the report.
fn csod_cards(
    root: &std::path::Path,
    data: &Data,
) -> Result<Vec<cardlab_card::csod::CardFigures>, Failure> {
    if !root.join("applets").is_dir() {
        return Ok(vec![]);
    }
    let applet = |name: &str| {
        cardlab_card::applet::compile(&root.join("applets").join(format!("{name}.c")))
            .map_err(|e| Failure::Input(e.to_string()))
    };
    let (expand, encrypt) = (applet("aes_expand")?, applet("aes_encrypt")?);
    let all =
        vectors(&data.vectors(), Algorithm::Aes, 128).map_err(|e| Failure::Input(e.to_string()))?;
    let known = cardlab_card::csod::known_answers(&all);
    let mut cards = vec![];
    for chip in ["mcs51", "avr"] {
        let manifest = root.join(chip).join("cardos/cardos.toml");
        if !manifest.exists() {
            continue;
        }
        let os = cardos::build(&manifest, "applets").map_err(|e| Failure::Input(e.to_string()))?;
        let instant = Sle66Config {
            instant_programming: true,
            ..Default::default()
        };
        // the second card checks the known answers: its EEPROM takes no time
        let (card, kat_card) = match chip {
            "avr" => (Card::at90sc3232c(&os), Card::at90sc3232c_instant(&os)),
            _ => (Card::new(&os, Default::default()), Card::new(&os, instant)),
        };
        let figures = cardlab_card::csod::measure(card, kat_card, &expand, &encrypt, &known, &aes)
            .map_err(|e| Failure::Finding(e.to_string()))?;
        cards.push(figures);
    }
    Ok(cards)
}

/// Seed 003's cache sweep over the LEON2 AES variants (the images the
/// campaign built), on 16 known-answer and 16 random vectors (enough keys
/// and blocks for the D-cache verdict).
fn cache_sweep(
    manifests: &[Manifest],
    built: &[Built],
    data: &Data,
) -> Result<Vec<SweepPoint>, Failure> {
    let leon2: Vec<(&Manifest, &Built)> = (manifests.iter().zip(built))
        .filter(|(m, _)| m.target.has_caches() && m.algorithm == Algorithm::Aes)
        .collect();
    if leon2.is_empty() {
        return Ok(vec![]);
    }
    let all =
        vectors(&data.vectors(), Algorithm::Aes, 128).map_err(|e| Failure::Input(e.to_string()))?;
    let chosen: Vec<_> = (all.iter().take(16))
        .chain(all.iter().rev().take(16))
        .cloned()
        .collect();
    Ok(sweep::sweep(&leon2, &chosen))
}

/// Every AES variant's leakage campaign, at the report's trace counts
/// (docs/leakage.md); a campaign without a verdict (a wrong output) stops
/// the report.
fn leakage(
    manifests: &[Manifest],
    built: &[Built],
    progress: &Progress,
) -> Result<Vec<leakage::Verdict>, Failure> {
    let chosen: Vec<(&Manifest, &Built)> = (manifests.iter().zip(built))
        .filter(|(m, _)| m.algorithm == Algorithm::Aes && leakage::traced_op(m).is_some())
        .collect();
    progress.say(&format!("leakage: TVLA on {} AES variants", chosen.len()));
    chosen
        .into_iter()
        .map(|(m, b)| {
            let traces = match m.random.is_some() {
                true => leakage::REPORT_MASKED_TRACES,
                false => leakage::REPORT_TRACES,
            };
            leakage::campaign(b, m, &leakage::Plan::new(traces), &|_| {})
                .map_err(|e| Failure::Finding(e.to_string()))
        })
        .collect()
}

/// Seed 001 Tables 1 and 2: each keying option at each key size checked
/// against every Twofish known answer of that size (one instance rekeyed,
/// as the timing rekeys it), then all that pass timed together, round
/// after round, so their ratios hold; or why an option has no figures.
fn host_keying(data: &Data) -> Result<Vec<Result<HostFigures, String>>, Failure> {
    /// One option at one key size: its label, the key it is timed with,
    /// and whether it gave every known answer.
    struct Checked {
        keying: Keying,
        label: String,
        key: Vec<u8>,
        verdict: Result<(), String>,
    }
    let mut checked: Vec<Checked> = vec![];
    for bits in [128, 192, 256] {
        let vectors = vectors(&data.vectors(), Algorithm::Twofish, bits)
            .map_err(|e| Failure::Input(e.to_string()))?;
        for keying in Keying::ALL {
            let label = format!("{keying} {bits}");
            let verdict = check_keying(keying, &vectors).map_err(|e| format!("{label}: {e}"));
            checked.push(Checked {
                keying,
                label,
                key: vectors[0].key.clone(),
                verdict,
            });
        }
    }
    let timed: Vec<(Keying, &[u8])> = (checked.iter())
        .filter(|c| c.verdict.is_ok())
        .map(|c| (c.keying, c.key.as_slice()))
        .collect();
    let mut figures = measure_interleaved(&timed).into_iter();
    Ok(checked
        .iter()
        .map(|c| {
            c.verdict.clone()?;
            figures
                .next()
                .expect("one figure per option timed")
                .map_err(|e| format!("{}: {e}", c.label))?
                .ok_or_else(|| format!("{}: no cycle counter on this machine", c.label))
        })
        .collect())
}

/// Whether `keying` gives every known answer of `vectors` both ways, one
/// instance rekeyed for each; the first that differs otherwise.
fn check_keying(
    keying: Keying,
    vectors: &[cardlab_lab::measure::TestVector],
) -> Result<(), String> {
    let mut t = Twofish::new(keying, &vectors[0].key).map_err(|e| e.to_string())?;
    let wrong = vectors.iter().find(|v| {
        t.set_key(&v.key).expect("a vector's key size");
        let mut b: [u8; 16] = v.pt[..].try_into().expect("16-byte block");
        t.encrypt(&mut b);
        let encrypted = b[..] == v.ct[..];
        t.decrypt(&mut b);
        !encrypted || b[..] != v.pt[..]
    });
    match wrong {
        Some(v) => Err(format!("{} does not match the oracle", v.label)),
        None => Ok(()),
    }
}

/// Seed 001 Table 4 from the Twofish hardware flow's results, if the flow
/// has run in this tree (`hardware/twofish/flow.sh`; scripts/report runs
/// it); None otherwise, and the table stays "not compared".
fn hardware_table(
    data: &Data,
    figures: &[seeds::Figure],
) -> Result<Option<seeds::Comparison>, Failure> {
    let path = data.hardware_results();
    if !path.is_file() {
        return Ok(None);
    }
    let designs = hardware::load(&path).map_err(Failure::Input)?;
    Ok(hardware::table4(figures, &designs))
}

/// The host's processor as /proc/cpuinfo names it, else its architecture.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        });
    model.unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// The line that sets the host timings apart on the terminal: what
/// `cardlab report` prints before it is the same from run to run.
const HOST_HEADING: &str = "Seed 001's host timings (this machine's time-stamp counter; \
     they differ from run to run, as do host.md and host.csv):";

/// One seed table on the terminal: title, assumption, table, notes, tally.
fn print_comparison(c: &seeds::Comparison) {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(comparison_header(c));
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

/// A table of ours alone on the terminal: title, what it measures, cells.
fn print_table(t: &cardlab_lab::candidates::Table) {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(&t.header);
    for row in &t.rows {
        table.add_row(row);
    }
    println!("{}\n{}\n{table}\n", t.title, t.intro);
}

/// The report's answer, last on the terminal where it stays in view: the
/// counts per seed and per CPU and the figures we lose, with why.
fn print_summary(comparisons: &[seeds::Comparison], host: &[seeds::Comparison]) {
    let s = summary::summarise(comparisons, host);
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_header(summary::SUMMARY_HEADER);
    for row in summary::summary_rows(&s) {
        t.add_row(row);
    }
    println!("Summary\n{}\n{t}", summary::headline(&s));
    for (c, l) in &s.losses {
        println!("- {}", summary::loss_text(c, l));
    }
    println!();
}

pub fn run(args: ReportArgs, quiet: bool) -> Result<(), Failure> {
    let input = |e: &dyn std::fmt::Display| Failure::Input(e.to_string());
    if args.out.exists() && !args.out.is_dir() {
        return Err(Failure::Input(format!(
            "{}: not a folder; choose a folder with --out",
            args.out.display()
        )));
    }
    let data = Data::locate()?;
    let root = firmware_root(&data, args.firmware.firmware.as_deref())?;
    let figures = seeds::load(&data.seed_figures()).map_err(|e| input(&e))?;
    let manifests = manifests(&root, &[])?;
    let Campaign { mut rows, built } =
        run_all(&manifests, &data, &root, &Progress::new("report", quiet))?;
    rows.extend(card_rows(&root)?);
    let sweep = cache_sweep(&manifests, &built, &data)?;
    let csod = csod_cards(&root, &data)?;
    let leaks = leakage(&manifests, &built, &Progress::new("report", quiet))?;
    let mut comparisons = seeds::compare(&figures, &rows);
    let hardware = hardware_table(&data, &figures)?;
    if let Some(table4) = &hardware {
        // after the other seed 001 tables
        let at = (comparisons.iter())
            .rposition(|c| c.source == table4.source)
            .map_or(comparisons.len(), |i| i + 1);
        comparisons.insert(at, table4.clone());
    }
    if let Some(iii) = cardlab_card::csod::comparison(&figures, &csod) {
        // after seed 004's other tables
        let at = (comparisons.iter())
            .rposition(|c| c.source == iii.source)
            .map_or(comparisons.len(), |i| i + 1);
        comparisons.insert(at, iii);
    }
    let records = seeds::compare_records(
        &seeds::load(&data.seed_records()).map_err(|e| input(&e))?,
        &rows,
    );
    let host = host_keying(&data)?;
    let host_tables = host::seed001(&figures, &host, &machine());
    let mut candidates = cardlab_lab::candidates::seed000_section7(&rows, &figures);
    candidates.extend(cardlab_card::csod::tables(&csod));
    candidates.push(leakage::table(&leaks));
    let not_compared = seeds::not_compared(
        &(figures.iter())
            .filter(|f| hardware.is_none() || !hardware::covers(f))
            .filter(|f| csod.is_empty() || !cardlab_card::csod::covers(f))
            .cloned()
            .collect::<Vec<_>>(),
    );
    let firmware = data.describe_firmware(&root);
    let report = Report {
        comparisons: &comparisons,
        records: &records,
        tables: &candidates,
        host: &host_tables,
        rows: &rows,
        not_compared: &not_compared,
        firmware: &firmware,
        sweep: &sweep,
        leakage: &leaks,
    };
    let written =
        write_all(&args.out, &files(&report).map_err(|e| input(&e))?).map_err(|e| input(&e))?;
    comparisons.iter().for_each(print_comparison);
    records.iter().for_each(print_comparison);
    candidates.iter().for_each(print_table);
    print_summary(&comparisons, &host_tables);
    if !not_compared.is_empty() {
        println!("Not compared yet: {}.", not_compared.join(", "));
    }
    // Everything above is the same from run to run; the host timings are not.
    if !host_tables.is_empty() {
        println!("\n{HOST_HEADING}\n");
        host_tables.iter().for_each(print_comparison);
    }
    println!(
        "Wrote {} files to {}; open {} in a browser.",
        written.len(),
        args.out.display(),
        args.out.join("index.html").display()
    );
    first_failure(&rows)?;
    match host
        .iter()
        .find_map(|h| h.as_ref().err().filter(|e| e.contains("oracle")))
    {
        Some(wrong) => Err(Failure::Finding(format!("host keying {wrong}"))),
        None => Ok(()),
    }
}
