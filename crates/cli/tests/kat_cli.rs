//! `cardlab kat` as a user runs it: output, exit codes, bad input.

use std::path::Path;
use std::process::Output;

mod common;
use common::cardlab;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A vectors folder with one AES file whose text is `body`.
fn vectors_with(body: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.toml"),
        "[[file]]\npath = \"t.rsp\"\ncipher = \"aes\"\nformat = \"cavp\"\nsource = \"test\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("t.rsp"), body).unwrap();
    dir
}

const GOOD: &str = "[ENCRYPT]\n\nCOUNT = 0\nKEY = 00000000000000000000000000000000\n\
PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\nCIPHERTEXT = 0336763e966d92595a567cc9ce537f5e\n";

fn run_in(dir: &Path) -> Output {
    cardlab(&["kat", "--vectors", dir.to_str().unwrap()])
}

#[test]
fn json_rows_carry_the_documented_fields() {
    let out = cardlab(&["kat", "-c", "rc6", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3, "one row per RC6 key size");
    for row in rows {
        for field in ["cipher", "key_bits", "file", "vectors", "passed"] {
            assert!(row.get(field).is_some(), "missing {field} in {row}");
        }
        assert_eq!(row["vectors"], row["passed"]);
    }
}

#[test]
fn a_good_file_passes_and_a_wrong_ciphertext_fails_naming_the_vector() {
    let good = vectors_with(GOOD);
    let out = run_in(good.path());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1 passed, 0 failed"),
        "{}",
        stderr(&out)
    );

    let bad = vectors_with(&GOOD.replace("0336763e", "0336763f"));
    let out = run_in(bad.path());
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("first failing vector [ENCRYPT] COUNT = 0"),
        "{err}"
    );
    assert!(err.contains("0 passed, 1 failed"), "{err}");
}

/// The vectors run on every core; the failure reported must still be the
/// first in the file, and the counts those of the whole file.
#[test]
fn the_first_failure_in_file_order_is_named_whatever_ran_first() {
    let body: String = (0..64)
        .map(|i| {
            let vector = GOOD.replace("COUNT = 0", &format!("COUNT = {i}"));
            let vector = vector.strip_prefix("[ENCRYPT]\n").unwrap().to_string();
            match i {
                17 | 50 => vector.replace("0336763e", "0336763f"),
                _ => vector,
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let dir = vectors_with(&format!("[ENCRYPT]\n{body}"));
    for _ in 0..3 {
        let out = run_in(dir.path());
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(
            err.contains("first failing vector [ENCRYPT] COUNT = 17"),
            "{err}"
        );
        assert!(err.contains("62 passed, 2 failed"), "{err}");
    }
}

#[test]
fn malformed_and_missing_files_give_one_line_errors() {
    let bad_hex = vectors_with(&GOOD.replace("KEY = 00", "KEY = zz"));
    let out = run_in(bad_hex.path());
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("t.rsp:4: KEY: bad hex"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    let missing = tempfile::tempdir().unwrap();
    let out = run_in(missing.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("index.toml: cannot read"),
        "{}",
        stderr(&out)
    );

    let wrong_key =
        vectors_with(&GOOD.replace("KEY = 00000000000000000000000000000000", "KEY = 0000"));
    let out = run_in(wrong_key.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("16-bit key is not allowed"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unknown_cipher_is_rejected_with_the_known_names() {
    let out = cardlab(&["kat", "-c", "lucifer"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("unknown cipher 'lucifer'") && err.contains("twofish"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}
