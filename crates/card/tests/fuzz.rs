//! 100,000 seeded random and mutated APDUs against the card in-process
//! (its EEPROM programs taking no time: only what they leave is asked):
//! never a crash or a mute card, every reply ends in a status word, and
//! the key file always holds the last key a PUT DATA loaded. An APDU whose
//! ISO 7816-4 case contradicts what the card expects of its INS (SELECT
//! with Le but no data, GET CHALLENGE with data) stalls or garbles a T=0
//! line on any card: the reader resets the card, which must then work as
//! before (counted); any other line error fails the test.

mod common;
use common::*;

const APDUS: usize = 100_000;

/// A command: random bytes, or a valid command with one field mutated.
fn apdu(rng: &mut Rng, key: &[u8]) -> Vec<u8> {
    let r = rng.next();
    let valid = [
        select(),
        vec![0x00, 0x84, 0x00, 0x00, 0x08],
        encipher(&[0xA5; 16]),
        decipher(&[0x5A; 32]),
        internal_authenticate(&[1; 16]),
        vec![0x00, 0xC0, 0x00, 0x00, 0x10],
        put_key(key),
    ];
    match r % 4 {
        // random length 4 to 40, random bytes, CLA 00 half the time
        0 => {
            let n = 4 + (r >> 8) as usize % 37;
            let mut a = rng.bytes(n);
            if r & 0x100 != 0 {
                a[0] = 0;
            }
            a
        }
        // a valid command, one byte changed
        1 | 2 => {
            let mut a = valid[(r >> 8) as usize % valid.len()].clone();
            let i = (r >> 16) as usize % a.len();
            a[i] = (r >> 24) as u8;
            a
        }
        // a valid command, cut or extended
        _ => {
            let mut a = valid[(r >> 8) as usize % valid.len()].clone();
            let n = 4 + (r >> 16) as usize % (a.len() + 4);
            a.resize(n, (r >> 32) as u8);
            a
        }
    }
}

/// Whether the APDU's ISO 7816-4 case (data in, data out) contradicts
/// what the card OS's INS does with the T=0 header's P3: GET CHALLENGE
/// and GET RESPONSE send data (P3 = Le), the others take it (P3 = Lc).
fn case_contradicts_ins(cmd: &cardlab_card::t0::Command) -> bool {
    let sends = matches!(cmd.header[1], 0x84 | 0xC0);
    let takes = matches!(cmd.header[1], 0xA4 | 0xDA | 0x2A | 0x88);
    (sends && !cmd.data.is_empty())
        || (takes && cmd.data.is_empty() && cmd.le.is_some_and(|l| l > 0))
}

#[test]
fn fuzzed_apdus_never_crash_the_card_or_corrupt_its_key() {
    // what the key file holds is all that is asked: EEPROM programs take no time
    let mut c = sle66_instant("onthefly");
    c.power_on().unwrap();
    let mut key = vec![0x5Au8; 16];
    tx(&mut c, &select());
    tx(&mut c, &put_key(&key));
    let mut rng = Rng(0xF022_CA4D);
    let challenge = *b"fuzz check block";
    let mut sws = std::collections::BTreeMap::new();
    let (mut i, mut refused, mut stalled) = (0, 0, 0);
    while i < APDUS {
        let a = apdu(&mut rng, &key);
        // lengths no reader would send (Lc beyond the data) stay at the reader
        let Ok(cmd) = cardlab_card::t0::Command::parse(&a) else {
            refused += 1;
            continue;
        };
        i += 1;
        let x = match c.transmit(&a) {
            Ok(x) => x,
            // the APDU's case contradicts its INS: the line stalls or both
            // sides send, the reader resets the card, which must come back
            // whole; only then
            Err(cardlab_card::CardError::Stalled(_) | cardlab_card::CardError::Protocol(_))
                if case_contradicts_ins(&cmd) =>
            {
                stalled += 1;
                // as an application would after a reset
                tx(&mut c, &select());
                continue;
            }
            Err(e) => panic!("APDU {i} {}: {e}", hex::encode(&a)),
        };
        let sw = x.sw();
        assert!(
            matches!(sw >> 8, 0x61..=0x6F | 0x90..=0x9F),
            "APDU {i} {}: reply {} has no status word",
            hex::encode(&a),
            hex::encode(&x.response)
        );
        *sws.entry(sw).or_insert(0) += 1;
        if cmd.header == [0x00, 0xDA, 0x01, 0x00] && sw == 0x9000 {
            key = cmd.data.clone();
        }
        if i % 2000 == 0 {
            tx(&mut c, &select());
            let x = tx(&mut c, &internal_authenticate(&challenge));
            assert_eq!(x.data(), aes(&key, &challenge), "key file after APDU {i}");
        }
    }
    let sws: Vec<String> = sws.iter().map(|(sw, n)| format!("{sw:04X} {n}")).collect();
    eprintln!(
        "{APDUS} APDUs sent ({refused} malformed ones refused by the reader, {stalled} whose case contradicts their INS stalled or garbled the line and reset the card); status words: {}",
        sws.join(", ")
    );
}
