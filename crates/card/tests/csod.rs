//! Seed 004 §III measured on both cards (crates/card/src/csod.rs): every
//! applet and native output is checked against the oracle inside
//! `measure`; here the parts of the time add up and the figures are pinned
//! (the simulators are deterministic: a change in the card OS, the VM or a
//! chip model shows here first).

mod common;
use cardlab_card::applet;
use cardlab_card::csod::{self, CardFigures};
use common::*;
use std::path::PathBuf;

/// The known answers the report checks the applets on.
fn known_answers() -> Vec<cardlab_lab::measure::TestVector> {
    let all = cardlab_lab::measure::vectors(
        &cardlab_lab::repo_root().join("vectors"),
        cardlab_ciphers::Algorithm::Aes,
        128,
    )
    .unwrap();
    csod::known_answers(&all)
}

/// Both cards measured, the applets checked on known answers on each first.
fn measure_both() -> Vec<CardFigures> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/applets");
    let expand = applet::compile(&dir.join("aes_expand.c")).unwrap();
    let encrypt = applet::compile(&dir.join("aes_encrypt.c")).unwrap();
    let vectors = known_answers();
    let instant = instant_applet_cards().map(|(_, make)| make);
    let cards = applet_cards();
    std::thread::scope(|s| {
        let runs: Vec<_> = (cards.iter().zip(instant))
            .map(|((_, make), kat)| {
                let (expand, encrypt, vectors) = (&expand, &encrypt, &vectors);
                s.spawn(move || {
                    csod::measure(make(), kat(), expand, encrypt, vectors, &|k, b| aes(k, b))
                        .unwrap()
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    })
}

#[test]
fn seed_004_iii_on_both_cards() {
    let cards = measure_both();
    for c in &cards {
        for a in [&c.expand, &c.encrypt] {
            let t = a.total();
            // the parts add up to the exchanges' time
            let parts = t.wire_ms + t.eeprom_ms + t.cpu_ms();
            assert!(
                (parts - t.total_ms()).abs() < 1e-6,
                "{} {}",
                c.chip,
                a.applet
            );
            assert!(t.wire_ms > 0.0 && t.eeprom_ms > 0.0 && a.run.cpu_ms() > 0.0);
            // INSTALL, LOAD blocks of 240 bytes with the C4 tag, INSTALL; SELECT, RUN
            assert_eq!(a.load.apdus, 2 + (a.code_bytes + 4).div_ceil(240));
            assert_eq!(a.run.apdus, 2);
        }
        eprintln!("{c:#?}");
    }
    let pins: Vec<(&str, [u64; 4], u64, u64)> = cards
        .iter()
        .map(|c| {
            (
                c.chip,
                c.per_class.map(|x| x.round() as u64),
                c.applet_per_block.round() as u64,
                c.native_per_block.round() as u64,
            )
        })
        .collect();
    assert_eq!(
        pins,
        [
            ("SLE66CX322P", [1013, 936, 1844, 6307], 2598447, 4993),
            ("AT90SC3232C", [536, 513, 881, 1274], 1292036, 24834),
        ]
    );
    let kat = known_answers().len();
    let checked: Vec<usize> = cards.iter().map(|c| c.known_answers).collect();
    assert!(
        kat == 28 && checked == [kat, kat],
        "{checked:?} of {kat} known answers checked"
    );
    let tables = csod::tables(&cards);
    assert_eq!(tables[0].rows.len(), 4);
    assert_eq!(tables[1].rows.len(), 2);
    assert!(
        tables
            .iter()
            .all(|t| t.rows.iter().all(|r| r.len() == t.header.len()))
    );
}
