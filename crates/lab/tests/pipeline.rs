//! The whole pipeline on real firmware: build with sdas8051/sdld, run every
//! AES-128 vector, verify, measure. Cycle counts are pinned so a
//! regression in the firmware or the simulator shows.

use cardlab_lab::build::build;
use cardlab_lab::manifest::{Manifest, Op};
use cardlab_lab::measure::{measure, vectors};
use cardlab_lab::repo_root;

fn fast() -> Manifest {
    Manifest::load(&repo_root().join("firmware/mcs51/aes/fast.toml")).unwrap()
}

#[test]
fn aes_fast_verifies_and_its_figures_are_pinned() {
    let m = fast();
    let built = build(&m).unwrap();
    let vs = vectors(&repo_root().join("vectors"), m.algorithm, 128).unwrap();
    assert!(vs.len() > 500, "only {} vectors", vs.len());
    let row = measure(&built, &m, Op::EncryptWithKeySetup, 128, &vs);
    assert!(row.verified, "{:?}", row.first_failure);
    assert_eq!((row.cycles_min, row.cycles_max), (Some(2377), Some(2377)));
    assert_eq!(row.constant_time, Some(true));
    assert_eq!(
        row.address_trace_constant,
        Some(false),
        "S-box reads depend on the data"
    );
    assert_eq!((row.code_bytes, row.table_bytes), (414, 512));
    // state 16 + key 16 + R2, R3, R5, R6, R7 + 4 stack bytes (the
    // caller's return address and the ACALL of add_round_key)
    assert_eq!(row.ram_bytes, Some(41));
    assert_eq!(row.key_ram_bytes, Some(16));
    assert_eq!(row.key_destroyed, Some(true));
    assert_eq!(row.rom_check, None);
}

#[test]
fn a_wrong_ciphertext_is_a_fail_row_naming_the_vector() {
    // The same firmware with the last AddRoundKey of byte 15 left out.
    let m = fast();
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(m.dir().join("fast.asm")).unwrap();
    let broken = source.replacen("        ARK     15\n", "", 1);
    assert_ne!(broken, source);
    std::fs::write(dir.path().join("fast.asm"), broken).unwrap();
    std::fs::copy(&m.path, dir.path().join("fast.toml")).unwrap();
    let m = Manifest::load(&dir.path().join("fast.toml")).unwrap();
    let built = build(&m).unwrap();
    let vs = vectors(&repo_root().join("vectors"), m.algorithm, 128).unwrap();
    let row = measure(&built, &m, Op::EncryptWithKeySetup, 128, &vs);
    assert!(!row.verified);
    assert_eq!(row.cycles_max, None, "a failing run gives no figures");
    let failure = row.first_failure.unwrap();
    assert!(
        failure.contains("gave") && failure.contains("expected"),
        "{failure}"
    );
}

#[test]
fn an_assembler_error_names_the_file() {
    let m = fast();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fast.asm"), "        mov a,@r9\n").unwrap();
    std::fs::copy(&m.path, dir.path().join("fast.toml")).unwrap();
    let m = Manifest::load(&dir.path().join("fast.toml")).unwrap();
    let err = build(&m).unwrap_err().to_string();
    assert!(err.contains("fast.asm") && err.contains("rror"), "{err}");
}
