//! `cardlab report` as a user runs it.

mod common;
use cardlab_lab::report::HOST_FILES;
use common::cardlab;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Every file under `dir` (relative name → bytes).
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let name = p.strip_prefix(dir).unwrap().display().to_string();
                out.insert(name, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// How many of seeds.csv's simulated lines have `verdict`.
fn seeds_csv_lines(out_dir: &Path, verdict: &str) -> usize {
    let mut seeds = csv::Reader::from_path(out_dir.join("seeds.csv")).unwrap();
    let header = seeds.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    seeds
        .records()
        .map(|r| r.unwrap())
        .filter(|r| &r[col("target")] != "host" && &r[col("verdict")] == verdict)
        .count()
}

/// "key=N" out of a line of "key=N" words.
fn count(line: &str, key: &str) -> usize {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        .parse()
        .unwrap()
}

/// index.html as a strict HTML5 parser and as Chromium see it: both must
/// find every table and every plot of the report.
fn check_page(out_dir: &Path) {
    let page = out_dir.join("index.html");
    let plots = std::fs::read_dir(out_dir.join("plots")).unwrap().count();
    let md = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
    // One table per seed table, and the table of every result; the
    // trade-off, cache-sweep and leakage-plot headings hold plots only.
    let plots_only = [
        cardlab_lab::report::plot::SWEEP_GROUP,
        cardlab_lab::report::plot::LEAKAGE_GROUP,
    ]
    .map(|g| md.matches(format!("\n## {g}").as_str()).count());
    let tables = md.matches("\n## ").count()
        - md.matches("\n## Trade-offs").count()
        - plots_only.iter().sum::<usize>();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check_html.py");
    let parsed = Command::new("/usr/bin/python3")
        .args([script, page.to_str().unwrap()])
        .output()
        .expect("Debian's python3 runs (scripts/install installs python3-html5lib)");
    let stdout = String::from_utf8_lossy(&parsed.stdout);
    assert!(
        parsed.status.success(),
        "index.html is not valid HTML5: {}",
        String::from_utf8_lossy(&parsed.stderr)
    );
    assert_eq!(count(&stdout, "tables"), tables, "{stdout}");
    assert_eq!(count(&stdout, "svgs"), plots, "{stdout}");
    assert_eq!(count(&stdout, "figures"), plots, "{stdout}");
    // The summary comes straight after the title, its plot first of all.
    assert!(stdout.contains("lead=summary "), "{stdout}");
    assert!(stdout.contains("first_figure=overview-ratios"), "{stdout}");

    let url = format!("file://{}", page.display());
    let rendered = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            &url,
        ])
        .output()
        .expect("chromium runs (scripts/install installs it)");
    let dom = String::from_utf8_lossy(&rendered.stdout);
    assert!(rendered.status.success(), "chromium failed on {url}");
    assert_eq!(dom.matches("<svg").count(), plots, "plots rendered");
    assert_eq!(dom.matches("<table").count(), tables, "tables rendered");
    let at = |what: &str| {
        dom.find(what)
            .unwrap_or_else(|| panic!("no {what} rendered"))
    };
    let summary = at("<section id=\"summary\"");
    assert_eq!(summary, at("<section"), "the summary is the first section");
    let after = summary + dom[summary..].find("</section>").unwrap();
    for first in ["<table", "<svg", "<figure", "<p"] {
        let pos = at(first);
        assert!(
            summary < pos && pos < after,
            "the first {first} is the summary's"
        );
    }
    assert!(dom[summary..after].contains("id=\"overview-ratios\""));
    assert!(
        dom[summary..after].contains(&headline(out_dir)),
        "{}",
        &dom[summary..after]
    );
}

/// The summary's answer as seeds.csv's simulated lines add it up.
fn headline(out_dir: &Path) -> String {
    let mut seeds = csv::Reader::from_path(out_dir.join("seeds.csv")).unwrap();
    let header = seeds.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut counts = BTreeMap::new();
    for r in seeds.records().map(|r| r.unwrap()) {
        if &r[col("target")] != "host" {
            *counts.entry(r[col("verdict")].to_string()).or_insert(0) += 1;
        }
    }
    let n = |v: &str| counts.get(v).copied().unwrap_or(0);
    format!(
        "{} published figures compared with ours: ours beat {}, tie {} and lose {}.",
        n("better") + n("same") + n("worse"),
        n("better"),
        n("same"),
        n("worse")
    )
}

#[test]
fn the_report_prints_and_writes_every_seed_table() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = cardlab(&["report", "--quiet", "--out", out_dir.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for title in [
        "Seed 000 §6.1: 8051",
        "Seed 000 §6.3: 8051",
        "Seed 004 Table 1",
        "Seed 002 Table 2: MC68HC705B16",
        "Seed 002 Table 3: Hitachi H8/3113",
        "Seed 001 footnote 1",
    ] {
        assert!(stdout.contains(title), "{title} missing:\n{stdout}");
    }
    let md = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
    assert!(
        md.starts_with(&format!(
            "# cardlab report\n\n## Summary\n\n{}",
            headline(&out_dir)
        )),
        "{md}"
    );
    // Every figure we lose is listed with its reason.
    let losses = md.split("## Seed").next().unwrap().lines();
    let losses: Vec<&str> = losses.filter(|l| l.starts_with("- Seed")).collect();
    let worse = seeds_csv_lines(&out_dir, "worse");
    assert_eq!(losses.len(), worse, "{losses:?}");
    assert!(
        losses.iter().all(|l| !l.contains("no reason recorded")),
        "{losses:?}"
    );
    assert!(md.contains("## Seed 000 §6.1: 8051"));
    assert!(md.contains("## Every result"));

    // One seeds.csv line per published figure, each fast line with a ratio.
    let mut seeds = csv::Reader::from_path(out_dir.join("seeds.csv")).unwrap();
    let header = seeds.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let fast: Vec<csv::StringRecord> = seeds
        .records()
        .map(|r| r.unwrap())
        .filter(|r| &r[col("our_variant")] == "fast")
        .collect();
    assert!(fast.len() >= 6, "{fast:?}");
    for r in &fast {
        let ratio: f64 = r[col("ratio")].parse().unwrap();
        let (ours, published): (f64, f64) = (
            r[col("ours")].parse().unwrap(),
            r[col("published")].parse().unwrap(),
        );
        assert!((ratio - ours / published).abs() < 1e-9, "{r:?}");
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("report.json")).unwrap())
            .unwrap();
    assert!(
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["verified"] == true)
    );
    assert!(out_dir.join("results.csv").exists());
    check_page(&out_dir);
    assert!(
        stdout.contains(&format!("open {}", out_dir.join("index.html").display())),
        "{stdout}"
    );
    // --quiet: no progress on stderr.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The same report again, on all cores again: every file but the host
    // timings' the same byte for byte, and everything printed before them.
    let again = dir.path().join("again");
    let second_run = cardlab(&["report", "--quiet", "--out", again.to_str().unwrap()]);
    assert!(second_run.status.success());
    let (first, second) = (tree(&out_dir), tree(&again));
    assert_eq!(
        first.keys().collect::<Vec<_>>(),
        second.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &first {
        if !HOST_FILES.contains(&name.as_str()) {
            assert!(*bytes == second[name], "{name} differs between two runs");
        }
    }
    let printed = |o: &std::process::Output, dir: &Path| {
        let text = String::from_utf8_lossy(&o.stdout).replace(dir.to_str().unwrap(), "OUT");
        let (simulated, host) = text
            .split_once(HOST_HEADING)
            .expect("the host timings printed");
        (simulated.to_string(), host.to_string())
    };
    let (printed_first, host_first) = printed(&out, &out_dir);
    let (printed_again, _) = printed(&second_run, &again);
    assert_eq!(
        printed_first, printed_again,
        "printed differently before the host timings"
    );
    // The host timings are where the claim says, and nowhere else.
    assert!(host_first.contains("Seed 001 Table 1"), "{host_first}");
    assert!(
        !printed_first.contains("Seed 001 Table 1: "),
        "{printed_first}"
    );
    let host_csv = String::from_utf8_lossy(&first["host.csv"]).into_owned();
    assert!(host_csv.lines().count() > 20, "{host_csv}");
    let host_table = "are time-stamp-counter cycles of cardlab";
    assert!(String::from_utf8_lossy(&first["host.md"]).contains(host_table));
    for (name, bytes) in &first {
        if !HOST_FILES.contains(&name.as_str()) {
            let text = String::from_utf8_lossy(bytes);
            assert!(!text.contains(host_table), "{name} holds host timings");
            assert!(!text.contains(",host,"), "{name} holds host timings");
            assert!(
                !text.contains("\"target\": \"host\""),
                "{name} holds host timings"
            );
        }
    }
}

/// The line `cardlab report` prints before seed 001's host timings.
const HOST_HEADING: &str = "Seed 001's host timings (";

#[test]
fn an_output_path_that_is_a_file_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("taken");
    std::fs::write(&file, "keep me").unwrap();
    let out = cardlab(&["report", "--out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--out"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
}
