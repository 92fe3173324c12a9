//! The card OS built once per build, and the APDUs the tests send.
#![allow(dead_code)]

use cardlab_card::{Card, Exchange, cardos};
use cardlab_ciphers::Algorithm;
use cardlab_sim::mcs51::sle66::Sle66Config;
use cardlab_sim::target::Image;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

pub const BUILDS: [&str; 2] = ["onthefly", "precomputed"];
pub const AID: [u8; 8] = [0xF0, 0x63, 0x61, 0x72, 0x64, 0x6C, 0x61, 0x62];

pub fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/mcs51/cardos/cardos.toml")
}

/// The card OS image of `build`, built once per test process.
pub fn image(build: &str) -> Image {
    static IMAGES: OnceLock<Mutex<HashMap<String, Image>>> = OnceLock::new();
    let images = IMAGES.get_or_init(Default::default);
    let mut images = images.lock().unwrap();
    images
        .entry(build.to_string())
        .or_insert_with(|| cardos::build(&manifest(), build).unwrap())
        .clone()
}

/// A powered card of `build` with an erased EEPROM.
pub fn card(build: &str) -> Card {
    let mut card = Card::new(&image(build), Sle66Config::default());
    card.power_on().unwrap();
    card
}

pub fn tx(card: &mut Card, apdu: &[u8]) -> Exchange {
    card.transmit(apdu)
        .unwrap_or_else(|e| panic!("{}: {e}", hex::encode(apdu)))
}

pub fn select() -> Vec<u8> {
    [&[0x00, 0xA4, 0x04, 0x00, AID.len() as u8][..], &AID].concat()
}

pub fn put_key(key: &[u8]) -> Vec<u8> {
    [&[0x00, 0xDA, 0x01, 0x00, key.len() as u8][..], key].concat()
}

pub fn encipher(data: &[u8]) -> Vec<u8> {
    [
        &[0x00, 0x2A, 0x84, 0x80, data.len() as u8][..],
        data,
        &[0x00],
    ]
    .concat()
}

pub fn decipher(data: &[u8]) -> Vec<u8> {
    [
        &[0x00, 0x2A, 0x80, 0x84, data.len() as u8][..],
        data,
        &[0x00],
    ]
    .concat()
}

pub fn internal_authenticate(challenge: &[u8; 16]) -> Vec<u8> {
    [&[0x00, 0x88, 0x00, 0x00, 0x10][..], challenge, &[0x00]].concat()
}

/// AES of one block under `key` by the oracle.
pub fn aes(key: &[u8], block: &[u8]) -> Vec<u8> {
    let mut b = block.to_vec();
    Algorithm::Aes
        .new_cipher(key)
        .unwrap()
        .encrypt_block(&mut b);
    b
}

/// The AVR card OS's build `build`, built once per test process.
pub fn avr_image(build: &str) -> Image {
    static IMAGES: OnceLock<Mutex<HashMap<String, Image>>> = OnceLock::new();
    let images = IMAGES.get_or_init(Default::default);
    let mut images = images.lock().unwrap();
    let manifest =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/avr/cardos/cardos.toml");
    images
        .entry(build.to_string())
        .or_insert_with(|| cardos::build(&manifest, build).unwrap())
        .clone()
}

/// Makes a card, unpowered.
pub type MakeCard = fn() -> Card;

/// The two cards with applets, unpowered: the 8051 card's `applets` build
/// on the SLE66CX322P and the AVR card's on the AT90SC3232C.
pub fn applet_cards() -> [(&'static str, MakeCard); 2] {
    [
        ("SLE66CX322P", || {
            Card::new(&image("applets"), Sle66Config::default())
        }),
        ("AT90SC3232C", || Card::at90sc3232c(&avr_image("applets"))),
    ]
}
