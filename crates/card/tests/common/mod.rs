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

/// The card OS image of `build` for the 8051 card, built once per test
/// process.
pub fn image(build: &str) -> Image {
    built("mcs51", build)
}

/// The AVR card OS's build `build`, built once per test process.
pub fn avr_image(build: &str) -> Image {
    built("avr", build)
}

/// `firmware/<target>/cardos`'s build `build`, built once per process.
fn built(target: &str, build: &str) -> Image {
    static IMAGES: OnceLock<Mutex<HashMap<(String, String), Image>>> = OnceLock::new();
    let images = IMAGES.get_or_init(Default::default);
    let mut images = images.lock().unwrap();
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../firmware/{target}/cardos/cardos.toml"));
    images
        .entry((target.to_string(), build.to_string()))
        .or_insert_with(|| cardos::build(&manifest, build).unwrap())
        .clone()
}

/// An unpowered 8051 card of `build` whose EEPROM programs take no time:
/// for tests that ask only what the EEPROM ends up holding.
pub fn sle66_instant(build: &str) -> Card {
    let config = Sle66Config {
        instant_programming: true,
        ..Sle66Config::default()
    };
    Card::new(&image(build), config)
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

/// The same two cards with EEPROM programs that take no time: for tests
/// that ask only what the EEPROM ends up holding.
pub fn instant_applet_cards() -> [(&'static str, MakeCard); 2] {
    [
        ("SLE66CX322P", || sle66_instant("applets")),
        ("AT90SC3232C", || {
            Card::at90sc3232c_instant(&avr_image("applets"))
        }),
    ]
}

/// xorshift64, seeded: the tests' random APDUs, programs and data, the
/// same on every machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
    /// `n` bytes, each the low byte of the next number.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    pub fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}

/// Random programs of the VM's 32-bit eBPF subset, for the differential
/// tests against rbpf (tests/cardvm.rs on the host VM, tests/applets_aes.rs
/// on the cards).
pub mod vm {
    use super::Rng;
    pub use cardlab_card::applet::slot;

    /// The registers a random program computes with: r1 holds the memory's
    /// address (a host pointer on rbpf, an applet address on the card VM), so
    /// it is only ever a base; r10 is the frame pointer.
    pub const REGS: [u8; 9] = [0, 2, 3, 4, 5, 6, 7, 8, 9];
    /// Bytes of memory lent to the program: random data in the first 64, the
    /// registers stored after it at the end (tests/cardvm/batch.c's MEM).
    pub const MEM: usize = 128;

    /// A random straight-and-forward program of the 32-bit subset: registers
    /// set, `body` instructions of every ALU32 operation (K and X; division
    /// and modulo by non-zero constants only, where eBPF's x/0 = 0 and the
    /// card's status word part ways), END, loads and stores of every width
    /// through r1, and forward JMP32/JA branches; then every register stored
    /// to memory, and EXIT.
    pub fn random_program(rng: &mut Rng, body: usize) -> Vec<[u8; 8]> {
        let mut p: Vec<[u8; 8]> = REGS
            .iter()
            .map(|&r| slot(0xb4, r, 0, 0, rng.next() as i32))
            .collect();
        let start = p.len();
        for i in 0..body {
            let (dst, src) = (rng.pick(&REGS), rng.pick(&REGS));
            let left = (body - i) as i16; // slots to the epilogue, this one included
            let s = match rng.below(10) {
                0 | 1 => slot(
                    rng.pick(&[0x04, 0x14, 0x24, 0x44, 0x54, 0xa4, 0xb4]),
                    dst,
                    0,
                    0,
                    rng.next() as i32,
                ),
                2 => slot(
                    rng.pick(&[0x64, 0x74, 0xc4]),
                    dst,
                    0,
                    0,
                    rng.below(32) as i32,
                ),
                3 => slot(
                    rng.pick(&[0x34, 0x94]),
                    dst,
                    0,
                    0,
                    (rng.next() as i32 >> rng.below(31)) | 1,
                ),
                4 | 5 => slot(
                    rng.pick(&[0x0c, 0x1c, 0x2c, 0x4c, 0x5c, 0xac, 0xbc, 0x6c, 0x7c, 0xcc]),
                    dst,
                    src,
                    0,
                    0,
                ),
                6 => match rng.below(3) {
                    0 => slot(0x84, dst, 0, 0, 0),
                    _ => slot(rng.pick(&[0xd4, 0xdc]), dst, 0, 0, rng.pick(&[16, 32])),
                },
                7 => {
                    let (op, size) = rng.pick(&[(0x61, 4), (0x69, 2), (0x71, 1)]);
                    slot(op, dst, 1, (rng.below(64 / size) * size) as i16, 0)
                }
                8 => {
                    let (stx, st, size) =
                        rng.pick(&[(0x63, 0x62, 4), (0x6b, 0x6a, 2), (0x73, 0x72, 1)]);
                    let off = (rng.below(64 / size) * size) as i16;
                    match rng.below(2) {
                        0 => slot(stx, 1, src, off, 0),
                        _ => slot(st, 1, 0, off, rng.next() as i32),
                    }
                }
                _ => {
                    let off = rng.below(left as u64) as i16;
                    match rng.below(6) {
                        0 => slot(0x05, 0, 0, off, 0),
                        k => {
                            let op = rng.pick(&[
                                0x16, 0x26, 0x36, 0x46, 0x56, 0x66, 0x76, 0xa6, 0xb6, 0xc6, 0xd6,
                            ]);
                            match k % 2 {
                                0 => slot(op, dst, 0, off, rng.next() as i32 >> rng.below(32)),
                                _ => slot(op | 0x08, dst, src, off, 0),
                            }
                        }
                    }
                }
            };
            p.push(s);
        }
        debug_assert_eq!(p.len(), start + body);
        for (k, &r) in REGS.iter().enumerate() {
            p.push(slot(0x63, 1, r, (64 + 4 * k) as i16, 0));
        }
        p.push(slot(0x95, 0, 0, 0, 0));
        p
    }
}
