//! What every CLI test file needs: run the built `cardlab` binary.

use std::process::{Command, Output};

/// Run `cardlab` with `args` and collect its exit status and output.
pub fn cardlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlab"))
        .args(args)
        .output()
        .expect("cardlab runs")
}
