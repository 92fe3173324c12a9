//! What every CLI test file needs: run the built `cardlab` binary.

use std::process::{Command, Output};

/// Run `cardlab` with `args` and collect its exit status and output.
pub fn cardlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlab"))
        .args(args)
        .output()
        .expect("cardlab runs")
}

/// The JSON a successful command printed; a failure shows its stderr.
#[allow(dead_code)] // not every test file parses JSON
pub fn json_of(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `cardlab run --format json ARGS...`, which must succeed.
#[allow(dead_code)]
pub fn run_json(args: &[&str]) -> serde_json::Value {
    json_of(&cardlab(&[&["run", "--format", "json"], args].concat()))
}
