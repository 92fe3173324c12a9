//! `cardlab leak`: the controls TVLA must pass on every CPU, SCALib's
//! t-test on the exported traces, and bad input.

mod common;

use common::{cardlab, json_of};
use std::path::PathBuf;
use std::process::Command;

/// Every unmasked AES variant, on every CPU, fails first order within
/// 10^3 traces.
#[test]
fn every_unmasked_aes_variant_leaks_first_order_within_a_thousand_traces() {
    let out = json_of(&cardlab(&[
        "leak", "-q", "-c", "aes", "-n", "1000", "--format", "json",
    ]));
    let verdicts = out.as_array().unwrap();
    let unmasked: Vec<_> = verdicts.iter().filter(|v| v["masked"] == false).collect();
    let targets: std::collections::BTreeSet<&str> = unmasked
        .iter()
        .map(|v| v["target"].as_str().unwrap())
        .collect();
    assert_eq!(
        targets.into_iter().collect::<Vec<_>>(),
        ["arm7tdmi", "avr", "h8300", "hc05", "leon2", "mcs51"]
    );
    for v in unmasked {
        let name = format!("{} {}", v["target"], v["variant"]);
        assert_eq!(v["first_order"]["leaks"], true, "{name}");
        assert!(v["traces_to_leak"].as_u64().unwrap() <= 1000, "{name}");
        assert!(v["first_order"]["at"]["instruction"].is_string(), "{name}");
    }
}

/// The Python of the project's venv (scripts/install), or $CARDLAB_PYTHON.
fn python() -> PathBuf {
    if let Ok(p) = std::env::var("CARDLAB_PYTHON") {
        return p.into();
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python3")
}

fn scalib_agrees(target: &str, variant: &str) {
    let probe = Command::new(python())
        .args(["-c", "import scalib"])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        let why = format!(
            "{} cannot import scalib: scripts/install puts scalib==0.6.4 in .venv",
            python().display()
        );
        assert!(std::env::var("CI").is_err(), "{why}");
        eprintln!("skipped: {why}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = cardlab(&[
        "leak",
        "-q",
        "-t",
        target,
        "-c",
        "aes",
        "-v",
        variant,
        "-n",
        "1500",
        "--export",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/leak/scalib_check.py");
    let check = Command::new(python())
        .arg(script)
        .arg(dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(said.contains("order 2"), "{said}");
}

#[test]
fn scalib_computes_the_same_t_on_exported_8051_traces() {
    scalib_agrees("mcs51", "fast");
}

#[test]
fn scalib_computes_the_same_t_on_exported_arm_traces() {
    scalib_agrees("arm7tdmi", "ttable");
}

#[test]
fn the_export_holds_what_the_tools_load() {
    let dir = tempfile::tempdir().unwrap();
    let out = cardlab(&[
        "leak",
        "-q",
        "-t",
        "h8300",
        "-c",
        "aes",
        "-v",
        "precomputed",
        "-n",
        "10",
        "--components",
        "value,data-bus",
        "--export",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "traces.npy",
        "inputs.npy",
        "labels.npy",
        "map.json",
        "t1.npy",
        "t2.npy",
    ] {
        assert!(dir.path().join(f).exists(), "{f}");
    }
    let npy = std::fs::read(dir.path().join("traces.npy")).unwrap();
    let header = String::from_utf8_lossy(&npy[..128]);
    assert!(header.contains("'descr': '<i2'"), "{header}");
    assert!(header.contains("'shape': (10, "), "{header}");
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("map.json")).unwrap()).unwrap();
    assert_eq!(map["components"], serde_json::json!(["value", "data-bus"]));
    let first = &map["samples"][1];
    assert_eq!(
        (first["sample"].as_u64(), first["component"].as_str()),
        (Some(1), Some("data-bus"))
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["leak", "--components", "noise"],
            "unknown component 'noise'",
        ),
        (
            &["leak", "-c", "aes", "-t", "mcs51", "--export", "/tmp/x"],
            "--export writes one variant's traces",
        ),
        (
            &["leak", "-t", "mcs51", "-v", "fast", "-n", "2"],
            "give --traces 4 or more",
        ),
        (
            &["leak", "--bivariate", "4", "--cycles", "9..3"],
            "not a cycle range",
        ),
    ];
    for (args, says) in cases {
        let out = cardlab(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
