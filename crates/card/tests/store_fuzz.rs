//! 100,000 seeded sequences of card-content-management commands (INSTALL,
//! LOAD, DELETE, GET STATUS, SELECT, RUN), valid ones mutated, reordered
//! and cut short, against the applet store in-process: never a crash, a
//! mute card or a reply without a status word, and the store never
//! corrupted: every listed applet well formed, whole (it selects), the
//! applet the fuzz never names and the key file intact. EEPROM programs
//! take no time here (what the store ends up holding is all that is asked).
//! Half the sequences go to each card (the 8051 and the AVR).
//! `CARDLAB_STORE_FUZZ=N` runs N sequences.

mod common;
use cardlab_card::applet::{self, apdu};
use cardlab_card::{Card, CardError};
use common::*;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

const SEQUENCES: usize = 100_000;
const CHUNKS: u64 = 16;
const KEEP: &[u8] = b"cardlab.keep";
const KEY: [u8; 16] = [0x42; 16];
const AIDS: [&[u8]; 5] = [
    b"fuzz.one",
    b"fuzz.two",
    b"fuzz.three",
    b"fuzz.four",
    b"fuzz.five",
];

/// One sequence: a valid piece of card-content management, then mutated.
fn sequence(r: &mut Rng, code: &[u8]) -> Vec<Vec<u8>> {
    let aid = AIDS[r.index(AIDS.len())];
    let mut code = code.to_vec();
    if r.index(3) == 0 {
        for _ in 0..1 + r.index(3) {
            let i = r.index(code.len());
            let v = r.next() as u8;
            code[i] = v;
        }
    }
    let len = r.index(40);
    let input = r.bytes(len);
    let mut seq = match r.index(6) {
        0 | 1 => apdu::load_and_install(aid, &code),
        2 => vec![apdu::select(aid), apdu::run(r.next() as u8, &input)],
        3 => vec![apdu::delete(aid)],
        4 => vec![apdu::get_status([0x10, 0x20, 0x40][r.index(3)])],
        _ => {
            let n = 4 + r.index(30);
            let mut a = r.bytes(n);
            a[0] = 0x80;
            vec![a]
        }
    };
    match r.index(8) {
        // one byte of one command changed
        0 | 1 => {
            let a = r.index(seq.len());
            let i = r.index(seq[a].len());
            let v = r.next() as u8;
            seq[a][i] = v;
        }
        // one command dropped, or two swapped
        2 if seq.len() > 1 => {
            let a = r.index(seq.len());
            seq.remove(a);
        }
        3 if seq.len() > 1 => {
            let a = r.index(seq.len());
            let b = r.index(seq.len());
            seq.swap(a, b);
        }
        // cut short
        4 => {
            let keep = 1 + r.index(seq.len());
            seq.truncate(keep);
        }
        _ => {}
    }
    seq
}

/// Whether the APDU's ISO 7816-4 case contradicts its INS: these commands
/// take data (P3 = Lc), so a case-2 APDU (Le, no data) stalls the line.
fn case_contradicts_ins(cmd: &cardlab_card::t0::Command) -> bool {
    let takes = matches!(cmd.header[1], 0xA4 | 0xE6 | 0xE8 | 0xE4 | 0xF2 | 0x3A);
    takes && cmd.data.is_empty() && cmd.le.is_some_and(|l| l > 0)
}

/// The store is whole: GET STATUS well formed, at most four load files,
/// each selects (it was verified when loaded), KEEP runs, the key is kept.
fn check(c: &mut Card, when: &str) {
    let x = tx(c, &apdu::get_status(0x10));
    assert!(
        x.sw() == 0x9000 || x.sw() == 0x6A88,
        "{when}: GET STATUS {:04X}",
        x.sw()
    );
    let mut d = x.data();
    let mut aids = vec![];
    while let [n, rest @ ..] = d {
        let n = *n as usize;
        assert!(
            (5..=16).contains(&n) && rest.len() >= n + 2,
            "{when}: {}",
            hex::encode(x.data())
        );
        aids.push(rest[..n].to_vec());
        d = &rest[n + 2..];
    }
    assert!(
        aids.len() <= 4 && aids.iter().any(|a| a == KEEP),
        "{when}: {aids:?}"
    );
    let installed = tx(c, &apdu::get_status(0x40)).data().to_vec();
    for aid in &aids {
        let listed = installed.windows(aid.len()).any(|w| w == aid.as_slice());
        let w = tx(c, &apdu::select(aid)).sw();
        assert_eq!(
            w,
            if listed { 0x9000 } else { 0x6A82 },
            "{when}: SELECT {aid:?}"
        );
    }
    assert_eq!(tx(c, &apdu::select(KEEP)).sw(), 0x9000);
    let x = tx(c, &apdu::run(1, b"ab"));
    assert_eq!(x.data(), b"bc", "{when}: KEEP");
    let x = tx(c, &encipher(&[7; 16]));
    assert_eq!(x.data(), aes(&KEY, &[7; 16]), "{when}: key file");
}

/// `n` sequences from `seed` on one card: (status word counts, commands
/// sent, commands that stalled the line).
fn fuzz(
    make: fn() -> Card,
    seed: u64,
    n: usize,
    code: &[u8],
) -> (BTreeMap<u16, usize>, usize, usize) {
    let mut c = make();
    c.power_on().unwrap();
    for a in apdu::load_and_install(KEEP, code) {
        assert_eq!(tx(&mut c, &a).sw(), 0x9000);
    }
    assert_eq!(tx(&mut c, &put_key(&KEY)).sw(), 0x9000);
    let mut r = Rng(seed);
    let (mut sws, mut sent, mut stalled) = (BTreeMap::new(), 0, 0);
    for i in 0..n {
        for a in sequence(&mut r, code) {
            let Ok(cmd) = cardlab_card::t0::Command::parse(&a) else {
                continue; // malformed: the reader refuses it
            };
            sent += 1;
            match c.transmit(&a) {
                Ok(x) => {
                    let sw = x.sw();
                    assert!(
                        matches!(sw >> 8, 0x61..=0x6F | 0x90..=0x9F),
                        "{}: reply {} has no status word",
                        hex::encode(&a),
                        hex::encode(&x.response)
                    );
                    *sws.entry(sw).or_default() += 1;
                }
                Err(CardError::Stalled(_) | CardError::Protocol(_))
                    if case_contradicts_ins(&cmd) =>
                {
                    stalled += 1
                }
                Err(e) => panic!("seed {seed:#x} sequence {i}: {}: {e}", hex::encode(&a)),
            }
        }
        if i % 500 == 499 {
            check(&mut c, &format!("seed {seed:#x} after sequence {i}"));
        }
    }
    check(&mut c, "at the end");
    (sws, sent, stalled)
}

#[test]
fn fuzzed_card_content_management_never_crashes_the_card_or_corrupts_the_store() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/applets/echo.c");
    let code = applet::compile(&path).unwrap();
    let total: usize = std::env::var("CARDLAB_STORE_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SEQUENCES);
    // half the sequences on each card, EEPROM writes instant
    let cards = instant_applet_cards().map(|(_, make)| make);
    let per = total.div_ceil(CHUNKS as usize);
    let results: Vec<_> = (0..CHUNKS)
        .into_par_iter()
        .map(|k| fuzz(cards[k as usize % 2], 0x5707_E000 + k, per, &code))
        .collect();
    let mut sws = BTreeMap::new();
    let (mut sent, mut stalled) = (0, 0);
    for (s, n, st) in results {
        for (sw, k) in s {
            *sws.entry(sw).or_insert(0) += k;
        }
        sent += n;
        stalled += st;
    }
    let sws: Vec<String> = sws.iter().map(|(sw, n)| format!("{sw:04X} {n}")).collect();
    eprintln!(
        "{} sequences, {sent} commands ({stalled} whose case contradicts their INS stalled the line); status words: {}",
        per * CHUNKS as usize,
        sws.join(", ")
    );
}
