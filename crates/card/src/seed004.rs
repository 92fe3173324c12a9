//! Seed 004 §II-2 on the virtual card: how long the SLE66CX322P's EEPROM
//! is busy when the card OS's precomputed build stores the round keys at
//! PUT DATA, for AES-128, -192 and -256, as rows for `cardlab report`.

use crate::session::Card;
use crate::{CardError, cardos};
use cardlab_lab::manifest::{Answer, Op};
use cardlab_lab::measure::Row;
use cardlab_sim::mcs51::sle66::Sle66Config;
use std::path::Path;

/// The build that keeps round keys in EEPROM.
pub const BUILD: &str = "precomputed";
const AID: [u8; 8] = [0xF0, 0x63, 0x61, 0x72, 0x64, 0x6C, 0x61, 0x62];

/// The card OS's round-key area (firmware/mcs51/cardos/README.md, EEPROM
/// layout): pages 0x8200-0x83DF, one per round key.
const ROUND_KEY_PAGES: std::ops::Range<usize> = 0x200 / 32..0x3E0 / 32;

/// One row per key size: the EEPROM busy time of the pages programmed in
/// the round-key area, verified by enciphering FIPS-197's block under the
/// key and comparing with the oracle's answer.
pub fn rows(manifest: &Path, oracle: impl Fn(&[u8], &[u8]) -> Vec<u8>) -> Result<Vec<Row>, String> {
    let image = cardos::build(manifest, BUILD).map_err(|e| e.to_string())?;
    let mut out = vec![];
    for bits in [128usize, 192, 256] {
        let mut row = Row::unmeasured(
            "mcs51",
            "aes".into(),
            bits,
            format!("cardos-{BUILD}"),
            Op::KeySetup,
            vec![Answer {
                source: "004".into(),
                reference: "2-2".into(),
                variant: "round keys moved from EEPROM".into(),
            }],
        );
        let measured = measure(&image, bits, &oracle).map_err(|e| e.to_string())?;
        match measured {
            Ok((ms, cycles)) => {
                row.verified = true;
                row.vectors_checked = 1;
                row.eeprom_ms = Some(ms);
                row.cycles_min = Some(cycles);
                row.cycles_max = Some(cycles);
            }
            Err(why) => row.first_failure = Some(why),
        }
        out.push(row);
    }
    Ok(out)
}

/// (round-key programming ms, PUT DATA cycles), or why the card was wrong.
#[allow(clippy::type_complexity)]
fn measure(
    image: &cardlab_sim::target::Image,
    bits: usize,
    oracle: &impl Fn(&[u8], &[u8]) -> Vec<u8>,
) -> Result<Result<(f64, u64), String>, CardError> {
    let config = Sle66Config::default();
    let mut card = Card::new(image, config);
    card.power_on()?;
    card.transmit(&[&[0x00, 0xA4, 0x04, 0x00, 8][..], &AID].concat())?;
    let key: Vec<u8> = (0..bits / 8).map(|i| i as u8).collect();
    card.chip().log.clear();
    let put = card.transmit(&[&[0x00, 0xDA, 0x01, 0x00, key.len() as u8][..], &key].concat())?;
    let round_keys: Vec<_> = (card.chip().log.iter())
        .filter(|p| ROUND_KEY_PAGES.contains(&p.page))
        .map(|p| p.until - p.start)
        .collect();
    let block = *b"\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff";
    let x = card.transmit(&[&[0x00, 0x2A, 0x84, 0x80, 16][..], &block, &[0]].concat())?;
    let want = oracle(&key, &block);
    if put.sw() != 0x9000 || x.data() != want.as_slice() {
        return Ok(Err(format!(
            "PUT DATA {:04X}, encipher gave {:02x?}, expected {want:02x?}",
            put.sw(),
            x.data()
        )));
    }
    if round_keys.len() != bits / 32 + 7 {
        return Ok(Err(format!(
            "{} round-key pages programmed, not Nr + 1 = {}",
            round_keys.len(),
            bits / 32 + 7
        )));
    }
    let busy: u64 = round_keys.iter().sum();
    Ok(Ok((busy as f64 / config.cycles_per_ms(), put.cycles)))
}
