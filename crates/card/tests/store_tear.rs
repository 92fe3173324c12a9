//! The applet store is tear-proof: a power cut at any moment of loading,
//! installing or deleting an applet leaves the store as before or as after
//! that command, never half (docs/card.md "Applets"), and leaves the other
//! applets and the key file alone.
//!
//! The command sequence runs once on a card restored from a fixed EEPROM to
//! find where the EEPROM is busy; then for each cut point a fresh card
//! restored from the same EEPROM replays it with the power cut at that cycle
//! (the byte or page being programmed torn, each byte old, new or erased
//! from the cycle as seed), boots again and is examined. Between two
//! programmings the EEPROM does not change, so one cut stands for each gap;
//! inside a programming the test cuts at its first and last cycle, the one
//! after, and cycles spread between: 24 in an SLE66 page program (up to 32
//! bytes torn at once), 3 in an AT90SC byte write (one byte: old, new or
//! erased).

mod common;
use cardlab_card::applet::{self, apdu};
use cardlab_card::image::Eeprom;
use cardlab_card::{Card, CardError};
use common::*;
use rayon::prelude::*;
use std::path::PathBuf;

/// Cuts spread inside one programming, by the chip's name.
fn steps(chip: &str) -> u64 {
    if chip == "SLE66CX322P" { 24 } else { 3 }
}
const ECHO: &[u8] = b"cardlab.echo";
const KEEP: &[u8] = b"cardlab.keep";
const KEY: [u8; 16] = [0x42; 16];

fn echo() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/applets/echo.c");
    applet::compile(&path).unwrap()
}

fn runs(c: &mut Card, aid: &[u8]) -> bool {
    tx(c, &apdu::select(aid)).sw() == 0x9000 && {
        let x = tx(c, &apdu::run(1, b"ab"));
        assert_eq!(
            (x.data(), x.sw()),
            (&b"bc"[..], 0x9000),
            "{aid:?} runs wrong"
        );
        true
    }
}

/// The load files the card lists, by AID.
fn listed(c: &mut Card) -> Vec<Vec<u8>> {
    let x = tx(c, &apdu::get_status(0x10));
    let mut out = vec![];
    let mut d = x.data();
    while let [n, rest @ ..] = d {
        let n = *n as usize;
        assert!(rest.len() >= n + 2, "GET STATUS: {}", hex::encode(x.data()));
        out.push(rest[..n].to_vec());
        d = &rest[n + 2..];
    }
    out
}

/// The store after a cut, as the next session finds it: `state` is
/// whether ECHO is listed, and if so it must be whole.
fn examine(c: &mut Card) -> bool {
    let list = listed(c);
    let present = list.iter().any(|a| a == ECHO);
    let whole: Vec<&[u8]> = if present {
        vec![KEEP, ECHO]
    } else {
        vec![KEEP]
    };
    assert_eq!(list, whole, "the load files listed after the cut");
    if present {
        // loaded whole; installed or not (INSTALL is its own command)
        let w = tx(c, &apdu::install(ECHO)).sw();
        assert!(w == 0x9000 || w == 0x6985, "INSTALL after the cut: {w:04X}");
        assert!(runs(c, ECHO), "a listed applet that does not select");
    } else {
        assert_eq!(tx(c, &apdu::select(ECHO)).sw(), 0x6A82);
    }
    assert!(runs(c, KEEP), "the other applet");
    let x = tx(c, &encipher(&[7; 16]));
    assert_eq!(x.data(), aes(&KEY, &[7; 16]), "the key file");
    present
}

/// Cut `ops` at every point of interest; the states the cuts left (ECHO
/// present or not) and how many cuts were tried.
fn tear(
    blank: fn() -> Card,
    before: &Eeprom,
    ops: &[Vec<u8>],
    examine: fn(&mut Card) -> bool,
) -> (Vec<bool>, usize) {
    let mut c = blank();
    c.restore(before);
    c.power_on().unwrap();
    c.hardware().take_eeprom_windows();
    let start = c.cycles();
    for op in ops {
        tx(&mut c, op);
    }
    let end = c.cycles();
    let windows = c.hardware().take_eeprom_windows();
    assert!(!windows.is_empty());
    let mut cuts = vec![start, end];
    for &(s, u) in &windows {
        cuts.extend([s, u - 1, u]);
        let n = steps(c.hardware().name());
        cuts.extend((1..n).map(|k| s + (u - s) * k / n));
    }
    cuts.sort();
    cuts.dedup();
    let states = cuts
        .par_iter()
        .map(|&at| {
            let mut c = blank();
            c.restore(before);
            c.power_on().unwrap();
            c.cut_power_at(at, at);
            for op in ops {
                match c.transmit(op) {
                    Ok(_) => {}
                    Err(CardError::PowerCut(_)) => break,
                    Err(e) => panic!("cut at {at}: {e}"),
                }
            }
            c.power_on().expect("the card boots after the cut");
            examine(&mut c)
        })
        .collect();
    (states, cuts.len())
}

#[test]
fn a_power_cut_while_loading_or_deleting_leaves_the_store_as_before_or_after() {
    for (chip, blank) in applet_cards() {
        tear_store(chip, blank);
    }
}

fn tear_store(chip: &str, blank: fn() -> Card) {
    let code = echo();
    let mut c = blank();
    c.power_on().unwrap();
    for a in apdu::load_and_install(KEEP, &code) {
        assert_eq!(tx(&mut c, &a).sw(), 0x9000);
    }
    assert_eq!(tx(&mut c, &put_key(&KEY)).sw(), 0x9000);
    let empty = c.eeprom();

    let (states, n) = tear(blank, &empty, &apdu::load_and_install(ECHO, &code), examine);
    assert!(
        states.contains(&false) && states.contains(&true),
        "both outcomes seen"
    );
    eprintln!(
        "{chip} load: {n} cuts, {} left the applet",
        states.iter().filter(|s| **s).count()
    );

    for a in apdu::load_and_install(ECHO, &code) {
        assert_eq!(tx(&mut c, &a).sw(), 0x9000);
    }
    let loaded = c.eeprom();
    let (states, n) = tear(blank, &loaded, &[apdu::delete(ECHO)], examine);
    assert!(
        states.contains(&false) && states.contains(&true),
        "both outcomes seen"
    );
    eprintln!(
        "{chip} delete: {n} cuts, {} left the applet",
        states.iter().filter(|s| **s).count()
    );
}

/// The key file after a cut: the old key's answer (false) or the new
/// key's (true), nothing else.
fn which_key(c: &mut Card) -> bool {
    let x = tx(c, &encipher(&[7; 16]));
    assert_eq!(x.sw(), 0x9000, "encipher after the cut");
    if x.data() == aes(&KEY, &[7; 16]) {
        return false;
    }
    assert_eq!(
        x.data(),
        aes(&[0x24; 32], &[7; 16]),
        "neither key after the cut"
    );
    true
}

/// The AVR card's key update (the 8051 card's: tests/tear.rs): the shared
/// commit protocol of firmware/cardos/keyfile.c on byte-wise EEPROM.
#[test]
fn a_power_cut_during_a_key_update_on_the_avr_card_leaves_the_old_key_or_the_new() {
    let blank = applet_cards()[1].1;
    let mut c = blank();
    c.power_on().unwrap();
    assert_eq!(tx(&mut c, &put_key(&KEY)).sw(), 0x9000);
    let (states, n) = tear(blank, &c.eeprom(), &[put_key(&[0x24; 32])], which_key);
    assert!(
        states.contains(&false) && states.contains(&true),
        "both outcomes seen"
    );
    eprintln!(
        "AVR key update: {n} cuts, {} left the new key",
        states.iter().filter(|s| **s).count()
    );
}
