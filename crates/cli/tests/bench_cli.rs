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
