//! The applet VM (`firmware/cardvm`, portable C shared by the card OSes):
//! its host test suite, built with the host's cc and, for the AES applets,
//! clang -target bpf. Every accepted opcode and its edge cases, every
//! hostile program with its status word and the VM usable after it, and
//! the key-expansion and encryption applets on FIPS-197 C.1
//! (firmware/cardvm/README.md).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_applet_vm_passes_its_host_tests_and_runs_the_aes_applets() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/cardvm/test");
    let build = tempfile::tempdir().unwrap();
    let out = Command::new("make")
        .arg("-C")
        .arg(&dir)
        .arg(format!("B={}", build.path().display()))
        .output()
        .expect("make runs (scripts/install installs build-essential)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = text.lines().rev().find(|l| l.contains(" passed, ")).unwrap();
    let count = |word: &str| -> u32 {
        let at = last.find(&format!(" {word}")).unwrap();
        last[..at].rsplit(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
    };
    assert!(count("passed") > 500, "{last}");
    assert_eq!(count("failed"), 0, "{last}");
    if count("skipped") > 0 {
        // Only the applets skip, when clang or llvm-objcopy is missing.
        assert!(std::env::var("CI").is_err(), "{last}: scripts/install installs clang and llvm");
        eprintln!("skipped: {last}");
    }
}
