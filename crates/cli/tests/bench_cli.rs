//! `cardlab bench` as a user runs it.

mod common;
use common::cardlab;

#[test]
fn json_rows_carry_the_design_fields() {
    let out = cardlab(&[
        "bench", "-t", "mcs51", "-c", "aes", "-v", "fast", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &rows[0];
    for field in [
        "target",
        "cipher",
        "key_bits",
        "variant",
        "op",
        "cycles_min",
        "cycles_max",
        "code_bytes",
        "table_bytes",
        "ram_bytes",
        "key_destroyed",
        "vectors_checked",
        "verified",
        "constant_time",
    ] {
        assert!(row.get(field).is_some(), "missing {field}");
    }
    assert_eq!(row["verified"], true);
    assert_eq!(row["op"], "encrypt_with_key_setup");
}

#[test]
fn a_filter_matching_nothing_is_bad_input() {
    let out = cardlab(&["bench", "-v", "no-such-variant"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no firmware variant matches"));
}

/// The repository's firmware/ folder.
fn firmware() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../firmware")
}

/// JSON rows of a successful `cardlab bench ... --format json`.
fn json_rows(out: &std::process::Output) -> Vec<serde_json::Value> {
    serde_json::from_value(common::json_of(out)).unwrap()
}

/// A copy of the MCS-51 AES folder in `dir` with a variant "mine": the
/// repository's "fast" with one NOP (one machine cycle) at its entry.
fn my_variant(dir: &std::path::Path) -> std::path::PathBuf {
    let aes = dir.join("mcs51/aes");
    std::fs::create_dir_all(&aes).unwrap();
    for e in std::fs::read_dir(firmware().join("mcs51/aes")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "asm" || x == "inc") {
            std::fs::copy(&p, aes.join(p.file_name().unwrap())).unwrap();
        }
    }
    let inc = aes.join("enc128.inc");
    let text = std::fs::read_to_string(&inc).unwrap();
    assert!(text.contains("aes_encrypt::\n"));
    std::fs::write(
        &inc,
        text.replace("aes_encrypt::\n", "aes_encrypt::\n        nop\n"),
    )
    .unwrap();
    let manifest = std::fs::read_to_string(firmware().join("mcs51/aes/fast.toml")).unwrap();
    let mine = aes.join("mine.toml");
    std::fs::write(
        &mine,
        manifest.replace("variant = \"fast\"", "variant = \"mine\""),
    )
    .unwrap();
    mine
}

fn cycles(row: &serde_json::Value) -> u64 {
    row["cycles_max"].as_u64().unwrap()
}

#[test]
fn a_variant_outside_the_repository_is_measured_by_path_or_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mine = my_variant(dir.path());
    let ours = json_rows(&cardlab(&[
        "bench", "-q", "-t", "mcs51", "-v", "fast", "--format", "json",
    ]));
    let by_path = json_rows(&cardlab(&[
        "bench",
        "-q",
        mine.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert_eq!(by_path.len(), 1);
    assert_eq!(by_path[0]["variant"], "mine");
    assert_eq!(by_path[0]["verified"], true);
    assert_eq!(
        cycles(&by_path[0]),
        cycles(&ours[0]) + 1,
        "the NOP is measured"
    );

    let by_root = json_rows(&cardlab(&[
        "bench",
        "-q",
        "--firmware",
        dir.path().to_str().unwrap(),
        "--format",
        "json",
    ]));
    let variants: Vec<&str> = by_root
        .iter()
        .map(|r| r["variant"].as_str().unwrap())
        .collect();
    assert_eq!(variants, ["mine"], "only the manifests under --firmware");
}

#[test]
fn a_copied_binary_measures_the_firmware_built_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("cardlab");
    std::fs::copy(env!("CARGO_BIN_EXE_cardlab"), &exe).unwrap();
    let out = std::process::Command::new(&exe)
        .args([
            "bench", "-t", "mcs51", "-c", "aes", "-v", "fast", "--format", "json",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let copied = json_rows(&out);
    assert!(
        stderr.contains("the firmware built into cardlab"),
        "{stderr}"
    );
    let ours = json_rows(&cardlab(&[
        "bench", "-q", "-t", "mcs51", "-v", "fast", "--format", "json",
    ]));
    assert_eq!(
        copied, ours,
        "the built-in copy is the repository's firmware"
    );
}

#[test]
fn progress_without_a_terminal_is_plain_lines() {
    // The test harness's stderr is a pipe, not a terminal.
    let out = cardlab(&["bench", "-t", "mcs51", "-c", "aes", "-v", "fast"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let firmware = std::fs::canonicalize(firmware()).unwrap();
    assert!(
        stderr.contains(&format!(
            "bench: measuring 1 variants from {}",
            firmware.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("bench: 1/1 done in"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "no terminal escapes: {stderr}");
}

#[test]
fn a_path_that_is_no_manifest_is_bad_input() {
    let out = cardlab(&["bench", "README.md"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("README.md: not a manifest"), "{stderr}");
    let out = cardlab(&["bench", "--firmware", "no/such/folder"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--firmware no/such/folder: not a folder")
    );
}
