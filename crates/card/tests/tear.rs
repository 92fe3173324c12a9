//! Key updates are atomic: a power cut at any moment of PUT DATA leaves
//! the old key or the new one, never a mix (docs/card.md).
//!
//! Only the EEPROM survives a power cut, so the state a cut at cycle c
//! leaves is the EEPROM before the update with every page programming of
//! the update that finished by c applied and the one under way at c torn
//! (each of its bytes old, new or erased, drawn from a seed). The test
//! runs the update once, takes the chip's log of page programmings, and
//! for each cut point builds that EEPROM, powers a fresh card on it (its
//! start-up completes or rolls back the update) and asks it to encipher a
//! challenge: the answer must be the old key's or the new key's.
//!
//! Cut points: every cycle between two programmings leaves the same
//! EEPROM, so one cut stands for each gap; inside the programming windows
//! the test cuts every STRIDE-th cycle (61) and the first and last cycle of
//! each window, with the cycle as the tear seed. `CARDLAB_TEAR_EVERY=1`
//! cuts at every cycle of every window (docs/card.md gives that count);
//! `CARDLAB_TEAR_BUILD=onthefly` (or `precomputed`) tries one build.

mod common;
use cardlab_card::image::Eeprom;
use cardlab_sim::mcs51::sle66::Sle66;
use common::*;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

const STRIDE: u64 = 61;

/// Boot a fresh card on `eeprom` and encipher `challenge`. What it ends
/// up with is all that is asked, so its EEPROM programs take no time.
fn key_after(eeprom: &Eeprom, build: &str, challenge: &[u8; 16]) -> Vec<u8> {
    let mut c = sle66_instant(build);
    c.restore(eeprom);
    c.power_on().expect("the card boots after the cut");
    assert_eq!(tx(&mut c, &select()).sw(), 0x9000);
    let x = tx(&mut c, &internal_authenticate(challenge));
    assert_eq!(x.sw(), 0x9000, "INTERNAL AUTHENTICATE after the cut");
    x.data().to_vec()
}

fn tear_update(build: &str, old: &[u8], new: &[u8]) -> usize {
    let every = std::env::var("CARDLAB_TEAR_EVERY").is_ok_and(|v| v == "1");
    let mut c = card(build);
    tx(&mut c, &select());
    tx(&mut c, &put_key(old));
    let before = c.eeprom();
    c.chip().log.clear();
    let start = c.cycles();
    assert_eq!(tx(&mut c, &put_key(new)).sw(), 0x9000);
    let end = c.cycles();
    let log = c.chip().log.clone();
    assert!(!log.is_empty(), "the update programs the EEPROM");
    let challenge = *b"tear-test block!";
    let (old_ct, new_ct) = (aes(old, &challenge), aes(new, &challenge));

    let mut cuts: Vec<u64> = vec![start];
    for (i, p) in log.iter().enumerate() {
        // the gap before this window stands for all its cycles
        cuts.push(p.start);
        let step = if every { 1 } else { STRIDE };
        cuts.extend((p.start..p.until).step_by(step as usize));
        cuts.push(p.until - 1);
        cuts.push(p.until);
        if i + 1 == log.len() {
            cuts.push(end);
        }
    }
    let window_cycles: u64 = log.iter().map(|p| p.until - p.start).sum();
    eprintln!(
        "{build}: update {} -> {} bits: {} cycles, {} page programmings, {window_cycles} cycles programming, {} cuts",
        old.len() * 8,
        new.len() * 8,
        end - start,
        log.len(),
        cuts.len()
    );
    // each distinct EEPROM once (by its hash), booted on all cores, a
    // chunk of cuts at a time to bound the memory
    let mut seen = HashSet::new();
    for chunk in cuts.chunks(4096) {
        let states: Vec<(u64, Vec<u8>)> = chunk
            .iter()
            .map(|&at| (at, Sle66::eeprom_after_cut(&before.bytes, &log, at, at)))
            .filter(|(_, bytes)| {
                let mut h = std::hash::DefaultHasher::new();
                bytes.hash(&mut h);
                seen.insert(h.finish())
            })
            .collect();
        states.par_iter().for_each(|(at, bytes)| {
            let eeprom = Eeprom {
                bytes: bytes.clone(),
                ..before.clone()
            };
            let got = key_after(&eeprom, build, &challenge);
            assert!(
                got == old_ct || got == new_ct,
                "{build}: a cut at cycle {} of the update left neither key",
                at - start
            );
        });
    }
    cuts.len()
}

#[test]
fn a_power_cut_during_a_key_update_leaves_the_old_key_or_the_new() {
    let mut total = 0;
    let only = std::env::var("CARDLAB_TEAR_BUILD").ok();
    for build in BUILDS
        .into_iter()
        .filter(|b| only.as_deref().is_none_or(|o| o == *b))
    {
        total += tear_update(build, &[0x11; 16], &[0x22; 32]);
        total += tear_update(build, &[0x33; 24], &[0x44; 16]);
    }
    eprintln!("{total} power cuts tried");
}
