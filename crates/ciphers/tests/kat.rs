//! Every vector file in `vectors/index.toml`, run against the oracles.

use cardlab_ciphers::kat::{FileReport, Index, RunOptions, run_entry};
use std::path::PathBuf;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors")
}

fn run_all(options: RunOptions) -> Vec<FileReport> {
    let index = Index::load(&vectors_dir()).expect("index loads");
    let mut all = Vec::new();
    for entry in &index.entries {
        all.extend(run_entry(&index, entry, options).unwrap_or_else(|e| panic!("{e}")));
    }
    all
}

fn assert_all_pass(reports: &[FileReport]) {
    let failures: Vec<String> = reports
        .iter()
        .filter_map(|r| {
            r.first_failure
                .as_ref()
                .map(|f| format!("{} {} {}: {f}", r.cipher, r.key_bits, r.file))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failing groups:\n{}",
        failures.len(),
        failures.join("\n")
    );
    for r in reports {
        assert_eq!(r.passed + r.skipped, r.vectors, "{r:?}");
        assert!(r.passed > 0, "{r:?}");
    }
}

/// All vectors, with at most two Monte Carlo records per file and key size
/// (a 10,000-operation record each), as `cardlab kat --quick` runs them.
#[test]
fn every_vector_file_passes() {
    let reports = run_all(RunOptions { max_slow: Some(2) });
    assert_all_pass(&reports);
    // Every cipher and key size the seed papers use is covered by some file.
    for (cipher, bits) in [
        ("aes", 128),
        ("aes", 192),
        ("aes", 256),
        ("des", 64),
        ("tdes", 128),
        ("tdes", 192),
        ("twofish", 128),
        ("twofish", 192),
        ("twofish", 256),
        ("rc6", 128),
        ("rc6", 192),
        ("rc6", 256),
        ("e2", 128),
        ("e2", 192),
        ("e2", 256),
        ("camellia", 128),
        ("camellia", 192),
        ("camellia", 256),
        ("serpent", 128),
        ("serpent", 192),
        ("serpent", 256),
        ("mars", 128),
        ("mars", 192),
        ("mars", 256),
        ("feal-8", 64),
        ("feal-32", 128),
    ] {
        assert!(
            reports
                .iter()
                .any(|r| r.cipher == cipher && r.key_bits == bits && r.passed > 0),
            "no passing vectors for {cipher}-{bits}"
        );
    }
}

/// The full Monte Carlo run, about 40 million block operations: seconds
/// now that every cipher does its key-dependent work once per key.
#[test]
fn every_vector_file_passes_in_full() {
    let reports = run_all(RunOptions { max_slow: None });
    assert_all_pass(&reports);
    assert!(reports.iter().all(|r| r.skipped == 0));
}
