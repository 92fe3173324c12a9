//! The AVR card OS (firmware/avr/cardos) on simavr, the reference AVR
//! simulator: its own test script drives the classic-core image behind a
//! T=0 reader on simavr's ATmega32 (ATR, every status word, AES-128/192/256
//! against FIPS-197, boot recovery, the applet store with the AES applets),
//! so the card OS is checked on a simulator that is not ours.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_avr_card_os_passes_its_checks_on_simavr() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../firmware/avr/cardos/test/test-simavr.py");
    let out = Command::new("python3")
        .arg(&script)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text
        .lines()
        .rev()
        .find(|l| l.contains(" passed, "))
        .unwrap_or("");
    assert!(
        out.status.success() && last.ends_with(" 0 failed"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let passed: u32 = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 170, "{last}");
}
