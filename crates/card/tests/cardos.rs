//! The card OS on the simulated SLE66CX322P, in-process (no PC/SC): its
//! ATR, every command and status word, AES through the card against the
//! oracle for both builds, and seed 004's EEPROM round-key transfers.

mod common;
use common::*;

const FIPS197: [(&str, &str); 3] = [
    (
        "000102030405060708090a0b0c0d0e0f",
        "69c4e0d86a7b0430d8cdb78070b4c55a",
    ),
    (
        "000102030405060708090a0b0c0d0e0f1011121314151617",
        "dda97ca4864cdfe06eaf70a0ec0d7191",
    ),
    (
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "8ea2b7ca516745bfeafc49904b496089",
    ),
];
const PLAIN: &str = "00112233445566778899aabbccddeeff";

#[test]
fn the_atr_announces_t0_at_f372_d4_with_cardlab_as_historical_bytes() {
    let card = card("onthefly");
    assert_eq!(card.atr(), b"\x3B\x17\x13cardlab");
}

#[test]
fn fips_197_vectors_encipher_and_decipher_through_both_builds() {
    for build in BUILDS {
        let mut c = card(build);
        assert_eq!(tx(&mut c, &select()).sw(), 0x9000, "{build}");
        for (key, ct) in FIPS197 {
            let (key, ct, pt) = (
                hex::decode(key).unwrap(),
                hex::decode(ct).unwrap(),
                hex::decode(PLAIN).unwrap(),
            );
            assert_eq!(tx(&mut c, &put_key(&key)).sw(), 0x9000, "{build} PUT DATA");
            let x = tx(&mut c, &encipher(&pt));
            assert_eq!(
                (x.data(), x.sw()),
                (&ct[..], 0x9000),
                "{build} {} bits",
                key.len() * 8
            );
            let x = tx(&mut c, &decipher(&ct));
            assert_eq!((x.data(), x.sw()), (&pt[..], 0x9000), "{build} decipher");
            // two blocks at once
            let two = [pt.clone(), ct.clone()].concat();
            let x = tx(&mut c, &encipher(&two));
            assert_eq!(
                x.data(),
                [ct.clone(), aes(&key, &ct)].concat(),
                "{build} two blocks"
            );
        }
    }
}

#[test]
fn internal_authenticate_and_get_challenge() {
    let mut c = card("onthefly");
    tx(&mut c, &select());
    let key = [0x42u8; 16];
    tx(&mut c, &put_key(&key));
    let challenge = *b"sixteen byte chl";
    let x = tx(&mut c, &internal_authenticate(&challenge));
    assert_eq!((x.data(), x.sw()), (&aes(&key, &challenge)[..], 0x9000));
    let a = tx(&mut c, &[0x00, 0x84, 0x00, 0x00, 0x08]);
    let b = tx(&mut c, &[0x00, 0x84, 0x00, 0x00, 0x08]);
    assert_eq!((a.data().len(), a.sw()), (8, 0x9000));
    assert_ne!(a.data(), b.data(), "challenges repeat");
}

/// ISO 7816-4's implicit selection: the single application is selected at
/// reset, so a reader may send GET CHALLENGE (or anything else) first;
/// SELECT by its AID still answers 9000, another AID 6A82 and leaves it
/// selected.
#[test]
fn the_application_is_selected_at_power_on() {
    for build in BUILDS {
        let mut c = card(build);
        let x = tx(&mut c, &[0x00, 0x84, 0x00, 0x00, 0x08]);
        assert_eq!(
            (x.data().len(), x.sw()),
            (8, 0x9000),
            "{build} GET CHALLENGE first"
        );
        let key = [0x24u8; 16];
        assert_eq!(tx(&mut c, &put_key(&key)).sw(), 0x9000, "{build} PUT DATA");
        let other_aid = [0x00, 0xA4, 0x04, 0x00, 0x03, 0xA0, 0x00, 0x01];
        assert_eq!(tx(&mut c, &other_aid).sw(), 0x6A82, "{build}");
        let x = tx(&mut c, &encipher(&[0; 16]));
        assert_eq!(
            (x.data(), x.sw()),
            (&aes(&key, &[0; 16])[..], 0x9000),
            "{build}"
        );
        assert_eq!(tx(&mut c, &select()).sw(), 0x9000, "{build} SELECT by AID");
        let x = tx(&mut c, &[0x00, 0x84, 0x00, 0x00, 0x10]);
        assert_eq!((x.data().len(), x.sw()), (16, 0x9000), "{build}");
    }
}

#[test]
fn every_error_has_its_status_word() {
    let mut c = card("onthefly");
    let other_aid = [0x00, 0xA4, 0x04, 0x00, 0x03, 0xA0, 0x00, 0x01];
    assert_eq!(tx(&mut c, &other_aid).sw(), 0x6A82);
    assert_eq!(tx(&mut c, &encipher(&[0; 16])).sw(), 0x6985, "no key yet");
    for (apdu, sw) in [
        (vec![0x90, 0x84, 0x00, 0x00, 0x08], 0x6E00),
        (vec![0x00, 0x12, 0x00, 0x00], 0x6D00),
        (vec![0x00, 0x2A, 0x11, 0x22, 0x10], 0x6A86),
        (put_key(&[0u8; 15]), 0x6700),
        (vec![0x00, 0xA4, 0x07, 0x00, 0x01, 0x00], 0x6A86),
    ] {
        assert_eq!(tx(&mut c, &apdu).sw(), sw, "{}", hex::encode(&apdu));
    }
    tx(&mut c, &put_key(&[7; 16]));
    assert_eq!(
        tx(&mut c, &encipher(&[0; 15])).sw(),
        0x6700,
        "not whole blocks"
    );
}

#[test]
fn the_precomputed_build_programs_one_page_of_nk_words_per_round_key_as_seed_004_counts() {
    for (bits, pages) in [(128, 11), (192, 13), (256, 15)] {
        let mut c = card("precomputed");
        tx(&mut c, &select());
        c.chip().log.clear();
        let key: Vec<u8> = (0..bits / 8).map(|i| i as u8).collect();
        tx(&mut c, &put_key(&key));
        let nk_bytes = bits / 8;
        let round_key_pages = c
            .chip()
            .log
            .iter()
            .filter(|p| p.bytes.len() == nk_bytes)
            .count();
        assert!(
            round_key_pages >= pages,
            "{bits}: {round_key_pages} pages of {nk_bytes} bytes"
        );
    }
}
