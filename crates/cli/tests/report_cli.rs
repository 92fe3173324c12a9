//! `cardlab report` as a user runs it.

mod common;
use common::cardlab;

#[test]
fn the_report_prints_and_writes_every_seed_table() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = cardlab(&["report", "--out", out_dir.to_str().unwrap()]);
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
    ] {
        assert!(stdout.contains(title), "{title} missing:\n{stdout}");
    }
    let md = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
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
}

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
