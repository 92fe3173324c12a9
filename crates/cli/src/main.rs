//! `cardlab`: assemble, run and measure block-cipher firmware on simulated
//! smart-card CPUs, and check everything against reference ciphers.

mod bench;
mod card;
mod data;
mod kat;
mod leak;
mod progress;
mod report;
mod run;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cardlab",
    version,
    about = "A cycle-accurate lab for block ciphers on smart-card CPUs"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress output on stderr (results and errors still print).
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Build, verify and measure the firmware variants; one row per variant, key size and operation.
    Bench(bench::BenchArgs),
    /// Be a smart card: the card OS on the simulated SLE66CX322P, in vpcd's reader for PC/SC software, or sent --apdu in-process.
    Card(card::CardArgs),
    /// Check the reference ciphers against every known-answer-test file.
    Kat(kat::KatArgs),
    /// Simulated power traces, fixed vs random input, judged by TVLA (first and second order); or exported as numpy arrays.
    Leak(leak::LeakArgs),
    /// Every seed table with our verified figures beside the published ones; writes report.md, CSV and JSON.
    Report(report::ReportArgs),
    /// Run a program image on a simulated CPU until it halts; print cycles, registers and memory.
    Run(run::RunArgs),
}

/// How a command ended: a finding (exit 1) or a usage or input error (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The command ran and found something wrong (a vector did not match).
    #[error("{0}")]
    Finding(String),
    /// The command could not run: bad input, unreadable file.
    #[error("{0}")]
    Input(String),
}

/// A reader that stops early (`cardlab run ... | head`) ends cardlab
/// quietly, as it ends every other Unix filter, instead of a panic in the
/// next print: Rust ignores SIGPIPE by default, so the write would fail
/// and `print!` panic.
fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of one signal, before any
    // thread exists, touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    default_sigpipe();
    let command = Cli::command().mut_subcommand("run", run::describe_targets);
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Bench(args) => bench::run(args, cli.quiet),
        Command::Card(args) => card::run(args, cli.quiet),
        Command::Kat(args) => kat::run(args, cli.quiet),
        Command::Leak(args) => leak::run(args, cli.quiet),
        Command::Report(args) => report::run(args, cli.quiet),
        Command::Run(args) => run::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Finding(m)) => {
            eprintln!("cardlab: {m}");
            ExitCode::from(1)
        }
        Err(Failure::Input(m)) => {
            eprintln!("cardlab: error: {m}");
            ExitCode::from(2)
        }
    }
}
