//! The applet VM (`firmware/cardvm`, portable C shared by the card OSes):
//! its host test suite, built with the host's cc and, for the AES applets,
//! clang -target bpf. Every accepted opcode and its edge cases, every
//! hostile program with its status word and the VM usable after it, and
//! the key-expansion and encryption applets on FIPS-197 C.1
//! (firmware/cardvm/README.md).

mod common;
use common::Rng;
use common::vm::{MEM, random_program};
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
    let last = text
        .lines()
        .rev()
        .find(|l| l.contains(" passed, "))
        .unwrap();
    let count = |word: &str| -> u32 {
        let at = last.find(&format!(" {word}")).unwrap();
        last[..at]
            .rsplit(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(count("passed") > 500, "{last}");
    assert_eq!(count("failed"), 0, "{last}");
    if count("skipped") > 0 {
        // Only the applets skip, when clang or llvm-objcopy is missing.
        assert!(
            std::env::var("CI").is_err(),
            "{last}: scripts/install installs clang and llvm"
        );
        eprintln!("skipped: {last}");
    }
}

/// The card's VM against rbpf 0.4 (the reference interpreter on the
/// host): 3,000 random programs of the subset, the result and every byte
/// of memory (the registers stored into it) equal.
#[test]
fn the_applet_vm_computes_what_rbpf_computes() {
    let dir = tempfile::tempdir().unwrap();
    let vm = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/cardvm");
    let batch = dir.path().join("batch");
    let cc = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Werror", "-I"])
        .arg(&vm)
        .arg("-o")
        .arg(&batch)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cardvm/batch.c"))
        .arg(vm.join("cvm.c"))
        .status()
        .expect("cc runs");
    assert!(cc.success());
    let mut rng = Rng(0x5EED_CA4D_1234_5678);
    let cases: Vec<(Vec<u8>, Vec<u8>)> = (0..3000)
        .map(|i| {
            let prog = random_program(&mut rng, 20 + i % 60).concat();
            let mem = (0..MEM).map(|_| rng.next() as u8).collect();
            (prog, mem)
        })
        .collect();
    let mut input = vec![];
    for (prog, mem) in &cases {
        input.extend_from_slice(&((prog.len() / 8) as u16).to_le_bytes());
        input.extend_from_slice(prog);
        input.extend_from_slice(mem);
    }
    let records = dir.path().join("programs.bin");
    std::fs::write(&records, &input).unwrap();
    let out = Command::new(&batch)
        .stdin(std::fs::File::open(&records).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), cases.len());
    for (i, ((prog, mem), line)) in cases.iter().zip(&lines).enumerate() {
        let mut theirs = mem.clone();
        let rbpf = rbpf::EbpfVmRaw::new(Some(prog)).unwrap();
        let r0 = rbpf
            .execute_program(&mut theirs)
            .unwrap_or_else(|e| panic!("program {i}: rbpf: {e}"));
        let mut fields = line.split(' ');
        let status = fields.next().unwrap();
        let ours_r0 = u32::from_str_radix(fields.next().unwrap(), 16).unwrap();
        let ours_mem = hex::decode(fields.next().unwrap()).unwrap();
        let listing: Vec<String> = prog.chunks(8).map(hex::encode).collect();
        let what = format!("program {i} ({})", listing.join(" "));
        assert_eq!(status, "0", "{what}: status");
        assert_eq!(r0 >> 32, 0, "{what}: rbpf's r0 is wider than 32 bits");
        assert_eq!(ours_r0, r0 as u32, "{what}: r0");
        assert_eq!(ours_mem, theirs, "{what}: memory");
    }
}
