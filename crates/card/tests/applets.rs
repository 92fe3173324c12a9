//! Applets on the card (docs/card.md "Applets"), in-process: loaded,
//! installed, selected, run and deleted through the GlobalPlatform-style
//! commands of the card OS's `applets` build; hostile applets refused or
//! stopped with their status words, the key file and the other applets
//! intact after each.

mod common;
use cardlab_card::Card;
use cardlab_card::applet::{self, apdu, slot};
use common::*;
use std::path::PathBuf;

const ECHO: &[u8] = b"cardlab.echo";

fn test_applet(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/applets/{name}.c"));
    applet::compile(&path).unwrap()
}

fn sw(card: &mut Card, apdu: &[u8]) -> u16 {
    tx(card, apdu).sw()
}

fn all_ok(card: &mut Card, apdus: &[Vec<u8>]) {
    for a in apdus {
        assert_eq!(sw(card, a), 0x9000, "{}", hex::encode(a));
    }
}

fn program(insns: &[[u8; 8]]) -> Vec<u8> {
    insns.concat()
}

const EXIT: [u8; 8] = [0x95, 0, 0, 0, 0, 0, 0, 0];
fn mov32(dst: u8, imm: i32) -> [u8; 8] {
    slot(0xb4, dst, 0, 0, imm)
}
fn call(helper: i32) -> [u8; 8] {
    slot(0x85, 0, 0, 0, helper)
}

fn powered(make: fn() -> Card) -> Card {
    let mut c = make();
    c.power_on().unwrap();
    c
}

/// A card with the echo applet installed and an AES-128 key in its key file.
fn card_with_echo(make: fn() -> Card) -> Card {
    let mut c = powered(make);
    all_ok(&mut c, &apdu::load_and_install(ECHO, &test_applet("echo")));
    all_ok(&mut c, &[put_key(&[0x42; 16])]);
    c
}

/// The key file and the echo applet still work.
fn intact(c: &mut Card, after: &str) {
    let x = tx(c, &encipher(&[7; 16]));
    assert_eq!(
        x.data(),
        aes(&[0x42; 16], &[7; 16]),
        "key file after {after}"
    );
    assert_eq!(sw(c, &apdu::select(ECHO)), 0x9000, "echo after {after}");
    let x = tx(c, &apdu::run(1, b"ab"));
    assert_eq!(
        (x.data(), x.sw()),
        (&b"bc"[..], 0x9000),
        "echo after {after}"
    );
}

/// Load and install `code` as AID "hostile" and select it: the status word
/// of the LOAD that ends the load, or of the SELECT.
fn load_hostile(c: &mut Card, code: &[u8]) -> u16 {
    let aid = b"cardlab.bad";
    assert_eq!(sw(c, &apdu::install_for_load(aid)), 0x9000);
    for block in apdu::load(code) {
        let w = sw(c, &block);
        if w != 0x9000 {
            return w;
        }
    }
    assert_eq!(sw(c, &apdu::install(aid)), 0x9000);
    sw(c, &apdu::select(aid))
}

#[test]
fn an_applet_is_loaded_installed_selected_run_and_deleted() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        let code = test_applet("echo");
        let mut c = powered(make);
        assert_eq!(sw(&mut c, &apdu::get_status(0x40)), 0x6A88, "nothing yet");
        all_ok(&mut c, &apdu::load_and_install(ECHO, &code));
        let x = tx(&mut c, &apdu::get_status(0x40));
        assert_eq!(x.data(), [&[12u8][..], ECHO, &[0x07, 0x00]].concat());
        assert_eq!(sw(&mut c, &apdu::run(0, b"x")), 0x6985, "nothing selected");
        assert_eq!(sw(&mut c, &apdu::select(ECHO)), 0x9000);
        let x = tx(&mut c, &apdu::run(3, b"\x01\x02\x03"));
        assert_eq!((x.data(), x.sw()), (&[4u8, 5, 6][..], 0x9000));
        // the card OS's own AID deselects the applet
        assert_eq!(sw(&mut c, &select()), 0x9000);
        assert_eq!(sw(&mut c, &apdu::run(0, b"x")), 0x6985);
        // kept across a power cycle
        c.power_off(1);
        c.power_on().unwrap();
        assert_eq!(sw(&mut c, &apdu::select(ECHO)), 0x9000);
        assert_eq!(tx(&mut c, &apdu::run(1, b"\x00")).data(), [1]);
        all_ok(&mut c, &[apdu::delete(ECHO)]);
        assert_eq!(
            sw(&mut c, &apdu::run(0, b"x")),
            0x6985,
            "deleted while selected"
        );
        assert_eq!(sw(&mut c, &apdu::select(ECHO)), 0x6A82);
        assert_eq!(sw(&mut c, &apdu::delete(ECHO)), 0x6A88);
        assert_eq!(sw(&mut c, &apdu::get_status(0x10)), 0x6A88);
    }
}

#[test]
fn the_store_refuses_what_gp_refuses() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        let code = test_applet("echo");
        let mut c = card_with_echo(make);
        // the same AID twice; a fifth applet in four slots
        assert_eq!(sw(&mut c, &apdu::install_for_load(ECHO)), 0x6985);
        for i in 0..3u8 {
            all_ok(
                &mut c,
                &apdu::load_and_install(&[b'x', b'x', b'x', b'x', i], &code),
            );
        }
        assert_eq!(sw(&mut c, &apdu::install_for_load(b"fifth")), 0x6A84);
        assert_eq!(
            tx(&mut c, &apdu::get_status(0x10)).data().len(),
            4 * 2 + 12 + 3 * 5 + 4
        );
        // malformed INSTALL data, unknown load file, INSTALL twice
        assert_eq!(sw(&mut c, &[0x80, 0xE6, 0x02, 0x00, 3, 2, 1, 1]), 0x6A80);
        assert_eq!(sw(&mut c, &apdu::install(b"nobody")), 0x6A88);
        assert_eq!(sw(&mut c, &apdu::install(ECHO)), 0x6985);
        // LOAD with no INSTALL [for load] before it; P1 P2; CLA 80 unknown INS
        assert_eq!(sw(&mut c, &apdu::load(&code)[0]), 0x6985);
        assert_eq!(sw(&mut c, &[0x80, 0xE6, 0x01, 0x00, 1, 0]), 0x6A86);
        assert_eq!(
            sw(&mut c, &[0x80, 0x50, 0x00, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0]),
            0x6D00
        );
        assert_eq!(sw(&mut c, &[0x80, 0xE4, 0x00, 0x00, 3, 0x4F, 1, 1]), 0x6A80);
        intact(&mut c, "refusals");
    }
}

#[test]
fn truncated_and_reordered_loads_leave_the_slot_free() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        let code = test_applet("echo");
        let blocks = apdu::load(&[code.clone(), vec![0; 512]].concat());
        assert!(blocks.len() >= 3);
        let mut c = card_with_echo(make);
        let aid = b"cardlab.torn";
        // reordered: block 1 first
        assert_eq!(sw(&mut c, &apdu::install_for_load(aid)), 0x9000);
        assert_eq!(sw(&mut c, &blocks[1]), 0x6A86);
        assert_eq!(sw(&mut c, &blocks[0]), 0x6985, "the load was ended");
        // truncated: the last block marked last too early
        assert_eq!(sw(&mut c, &apdu::install_for_load(aid)), 0x9000);
        assert_eq!(sw(&mut c, &blocks[0]), 0x9000);
        let mut early = blocks[1].clone();
        early[2] = 0x80;
        assert_eq!(sw(&mut c, &early), 0x6A80);
        // more bytes than announced
        assert_eq!(sw(&mut c, &apdu::install_for_load(aid)), 0x9000);
        let mut header = apdu::load(&code[..8])[0].clone();
        header.extend([0x95, 0, 0, 0, 0, 0, 0, 0]);
        header[4] += 8;
        assert_eq!(sw(&mut c, &header), 0x6A80);
        // a code length that is not whole instructions
        assert_eq!(sw(&mut c, &apdu::install_for_load(aid)), 0x9000);
        assert_eq!(sw(&mut c, &apdu::load(&code[..12])[0]), 0x6A80);
        // a reset in the middle of a load
        assert_eq!(sw(&mut c, &apdu::install_for_load(aid)), 0x9000);
        assert_eq!(sw(&mut c, &blocks[0]), 0x9000);
        c.power_off(2);
        c.power_on().unwrap();
        assert_eq!(sw(&mut c, &blocks[1]), 0x6985);
        assert_eq!(
            tx(&mut c, &apdu::get_status(0x10)).data().len(),
            12 + 3,
            "only echo"
        );
        intact(&mut c, "broken loads");
    }
}

#[test]
fn hostile_programs_are_refused_at_load_with_the_verifier_status() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        let cases: [(&str, Vec<[u8; 8]>, u16); 7] = [
            ("unknown opcode", vec![slot(0x8f, 0, 0, 0, 0), EXIT], 0x6401),
            ("64-bit MUL", vec![slot(0x27, 0, 0, 0, 3), EXIT], 0x6401),
            ("register 11", vec![mov32(11, 1), EXIT], 0x6402),
            ("r10 written", vec![mov32(10, 1), EXIT], 0x6402),
            ("jump outside", vec![slot(0x05, 0, 0, 100, 0), EXIT], 0x6403),
            ("unknown helper", vec![call(9), EXIT], 0x6405),
            ("no EXIT", vec![mov32(0, 1)], 0x6407),
        ];
        let mut c = card_with_echo(make);
        for (what, insns, want) in cases {
            assert_eq!(load_hostile(&mut c, &program(&insns)), want, "{what}");
            intact(&mut c, what);
        }
    }
}

#[test]
fn hostile_runs_stop_with_their_status_and_the_card_works_on() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        let ld = |dst, src, off| slot(0x71, dst, src, off, 0);
        let cases: [(&str, Vec<[u8; 8]>, u16); 11] = [
            (
                "load outside",
                vec![mov32(1, 0x1234), ld(0, 1, 0), EXIT],
                0x6410,
            ),
            ("load below the stack", vec![ld(0, 10, -257), EXIT], 0x6410),
            (
                "store outside",
                vec![mov32(1, 0x1234), slot(0x73, 1, 0, 0, 0), EXIT],
                0x6411,
            ),
            (
                "store into the S-box",
                vec![
                    slot(0x18, 1, 0, 0, 0x10000),
                    [0; 8],
                    slot(0x73, 1, 0, 0, 0),
                    EXIT,
                ],
                0x6411,
            ),
            (
                "division by zero",
                vec![mov32(0, 1), mov32(1, 0), slot(0x3c, 0, 1, 0, 0), EXIT],
                0x6412,
            ),
            ("endless loop", vec![slot(0x05, 0, 0, -1, 0), EXIT], 0x6413),
            (
                "read into the S-box",
                vec![
                    slot(0x18, 1, 0, 0, 0x10000),
                    [0; 8],
                    mov32(2, 4),
                    call(1),
                    EXIT,
                ],
                0x6411,
            ),
            (
                "write past 256 bytes",
                vec![
                    slot(0xbf, 1, 10, 0, 0),
                    slot(0x07, 1, 0, 0, -8),
                    mov32(2, 300),
                    call(2),
                    EXIT,
                ],
                0x6420,
            ),
            (
                "file read past its end",
                vec![
                    mov32(1, 250),
                    slot(0xbf, 2, 10, 0, 0),
                    slot(0x07, 2, 0, 0, -16),
                    mov32(3, 16),
                    call(3),
                    EXIT,
                ],
                0x6421,
            ),
            (
                "file write from outside",
                vec![mov32(1, 0), mov32(2, 0x1234), mov32(3, 16), call(4), EXIT],
                0x6410,
            ),
            (
                "key helper on the S-box",
                vec![slot(0x18, 1, 0, 0, 0x10000), [0; 8], call(5), EXIT],
                0x6411,
            ),
        ];
        let mut c = card_with_echo(make);
        for (what, insns, want) in cases {
            assert_eq!(
                load_hostile(&mut c, &program(&insns)),
                0x9000,
                "{what}: selected"
            );
            assert_eq!(sw(&mut c, &apdu::run(0, b"data")), want, "{what}");
            assert_eq!(sw(&mut c, &apdu::delete(b"cardlab.bad")), 0x9000);
            intact(&mut c, what);
        }
    }
}

#[test]
fn the_key_helper_enciphers_with_the_key_file_without_showing_it() {
    for (chip, make) in applet_cards() {
        eprintln!("{chip}");
        // r1 = a 16-byte buffer on the stack holding the input; key_encipher; write it
        let insns = [
            slot(0xbf, 6, 10, 0, 0),
            slot(0x07, 6, 0, 0, -16),
            slot(0xbf, 1, 6, 0, 0),
            mov32(2, 16),
            call(1),
            slot(0xbf, 1, 6, 0, 0),
            call(5),
            slot(0xbf, 1, 6, 0, 0),
            mov32(2, 16),
            call(2),
            EXIT,
        ];
        let mut c = powered(make);
        assert_eq!(load_hostile(&mut c, &program(&insns)), 0x9000);
        assert_eq!(sw(&mut c, &apdu::run(0, &[9; 16])), 0x6423, "no key yet");
        all_ok(&mut c, &[put_key(&[0x42; 16])]);
        assert_eq!(sw(&mut c, &apdu::select(b"cardlab.bad")), 0x9000);
        let x = tx(&mut c, &apdu::run(0, &[9; 16]));
        assert_eq!(
            (x.data(), x.sw()),
            (&aes(&[0x42; 16], &[9; 16])[..], 0x9000)
        );
    }
}
