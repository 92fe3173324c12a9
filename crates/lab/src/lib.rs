//! The lab: firmware manifests, building with the real toolchains, running
//! every vector on a simulator, verifying against the oracle, measuring, and
//! comparing with the seed papers' figures.
//!
//! The lab knows the cipher and the calling convention, never an opcode:
//! everything it learns about a run comes through the `Cpu` trait and the
//! observers.

pub mod build;
pub mod campaign;
pub mod candidates;
pub mod hardware;
pub mod host;
pub mod leakage;
pub mod manifest;
pub mod measure;
pub mod report;
pub mod seeds;
pub mod sweep;
pub mod tvla;

use std::path::PathBuf;

/// The repository root, as built (firmware/, vectors/, seeds/ live there).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}
