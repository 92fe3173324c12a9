//! Every keying option against the oracles: the Twofish known-answer files
//! in vectors/twofish (every pair of ecb_vk, ecb_vt and ecb_tbl: 1,107
//! blocks at 128, 192 and 256 bits, encrypted and decrypted) and, for
//! keys and blocks the files do not reach, the RustCrypto `twofish` crate
//! on seeded random ones. The card's key material against cardlab's
//! word-level reference model.

use cardlab_ciphers::Algorithm;
use cardlab_ciphers::kat::{self, Check, Index};
use cardlab_twofish::card::Material;
use cardlab_twofish::{KeyError, Keying, Twofish};
use cipher::{BlockCipherEncrypt, KeyInit};
use std::path::Path;

fn known_answers() -> Vec<(Vec<u8>, [u8; 16], [u8; 16])> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors");
    let index = Index::load(&dir).unwrap();
    let mut out = vec![];
    for entry in index
        .entries
        .iter()
        .filter(|e| e.algorithm().ok().flatten() == Some(Algorithm::Twofish))
    {
        for v in kat::load_entry(&index, entry).unwrap() {
            if let Check::Pair { key, pt, ct } = &v.check {
                out.push((
                    key.clone(),
                    pt[..].try_into().unwrap(),
                    ct[..].try_into().unwrap(),
                ));
            }
        }
    }
    out
}

fn xorshift(s: &mut u64) -> u8 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s as u8
}

fn check(keying: Keying, key: &[u8], pt: &[u8; 16], ct: &[u8; 16], what: &str) {
    let t = Twofish::new(keying, key).unwrap();
    let mut b = *pt;
    t.encrypt(&mut b);
    assert_eq!(&b, ct, "{keying} encrypt {what}");
    t.decrypt(&mut b);
    assert_eq!(&b, pt, "{keying} decrypt {what}");
}

#[test]
fn every_option_matches_every_known_answer() {
    let kats = known_answers();
    assert!(kats.len() >= 1_107, "{} known answers", kats.len());
    for keying in Keying::ALL.into_iter().filter(|k| k.available()) {
        for (i, (key, pt, ct)) in kats.iter().enumerate() {
            check(keying, key, pt, ct, &format!("known answer {i}"));
        }
    }
}

#[test]
fn every_option_matches_rustcrypto_on_random_keys_and_rekeys_in_place() {
    let mut s = 0x5EED_7F15_u64;
    for bits in [128, 192, 256] {
        for keying in Keying::ALL.into_iter().filter(|k| k.available()) {
            let mut t = Twofish::new(keying, &vec![0; bits / 8]).unwrap();
            for n in 0..200 {
                let key: Vec<u8> = (0..bits / 8).map(|_| xorshift(&mut s)).collect();
                let pt: [u8; 16] = std::array::from_fn(|_| xorshift(&mut s));
                let oracle = twofish::Twofish::new_from_slice(&key).unwrap();
                let mut ct = pt.into();
                oracle.encrypt_block(&mut ct);
                // the same instance, rekeyed: what set_key's timing measures
                t.set_key(&key).unwrap();
                let mut b = pt;
                t.encrypt(&mut b);
                assert_eq!(b[..], ct[..], "{keying} {bits}-bit random key {n}");
                t.decrypt(&mut b);
                assert_eq!(b, pt, "{keying} {bits}-bit decrypt {n}");
            }
        }
    }
}

#[test]
fn a_wrong_key_length_is_refused() {
    assert_eq!(
        Twofish::new(Keying::Full, &[0; 15]).err(),
        Some(KeyError::Length(15))
    );
    assert_eq!(Material::Sboxes.bytes(&[0; 32]), Err(KeyError::Length(32)));
}

#[test]
fn card_key_material_matches_the_reference_model() {
    let mut s = 0xCA4D_u64;
    for _ in 0..20 {
        let key: Vec<u8> = (0..16).map(|_| xorshift(&mut s)).collect();
        let oracle = Algorithm::Twofish.new_cipher(&key).unwrap();
        let rk = oracle.round_keys();
        let k = &rk.part("K").unwrap().words;
        let sw = &rk.part("S").unwrap().words;
        let full = Material::SboxesMds.bytes(&key).unwrap();
        assert_eq!(full.len(), 3256);
        for (i, &w) in k.iter().enumerate() {
            assert_eq!(full[4 * i..4 * i + 4], (w as u32).to_le_bytes(), "K{i}");
        }
        assert_eq!(full[160..176], key[..]);
        assert_eq!(full[176..180], (sw[0] as u32).to_le_bytes());
        assert_eq!(full[180..184], (sw[1] as u32).to_le_bytes());
        // g from the tables equals the oracle's round on a block: rebuild
        // g(X) from the s_j, 0x5B s_j, 0xEF s_j tables and run the rounds.
        let table = |j: usize, c: usize, x: u8| full[184 + 768 * j + 256 * c + x as usize];
        const COL: [[usize; 4]; 4] = [[0, 2, 1, 1], [1, 2, 2, 0], [2, 1, 0, 2], [2, 0, 2, 1]];
        let g = |x: u32| {
            let b = x.to_le_bytes();
            u32::from_le_bytes(std::array::from_fn(|i| {
                (0..4).fold(0, |acc, j| acc ^ table(j, COL[i][j], b[j]))
            }))
        };
        let pt: [u8; 16] = std::array::from_fn(|_| xorshift(&mut s));
        let w = |i: usize| u32::from_le_bytes(pt[4 * i..4 * i + 4].try_into().unwrap());
        let kk = |i: usize| k[i] as u32;
        let mut r: [u32; 4] = std::array::from_fn(|i| w(i) ^ kk(i));
        for n in 0..16 {
            let (t0, t1) = (g(r[0]), g(r[1].rotate_left(8)));
            let f0 = t0.wrapping_add(t1).wrapping_add(kk(2 * n + 8));
            let f1 = t0
                .wrapping_add(t1.wrapping_mul(2))
                .wrapping_add(kk(2 * n + 9));
            r = [
                (r[2] ^ f0).rotate_right(1),
                r[3].rotate_left(1) ^ f1,
                r[0],
                r[1],
            ];
        }
        let ct: Vec<u8> = (0..4)
            .flat_map(|i| (r[(i + 2) % 4] ^ kk(i + 4)).to_le_bytes())
            .collect();
        let mut expected = pt;
        oracle.encrypt_block(&mut expected);
        assert_eq!(ct, expected);
        // the S-box class holds the first of each three tables
        let sboxes = Material::Sboxes.bytes(&key).unwrap();
        for j in 0..4 {
            assert_eq!(
                sboxes[184 + 256 * j..440 + 256 * j],
                full[184 + 768 * j..440 + 768 * j]
            );
        }
        assert_eq!(Material::Subkeys.bytes(&key).unwrap()[..], full[..184]);
    }
}

#[test]
fn interleaved_timing_gives_each_option_its_figures_in_order() {
    use cardlab_twofish::measure::measure_interleaved;
    let (k128, k256, bad) = ([1u8; 16], [2u8; 32], [3u8; 15]);
    let subjects = [
        (Keying::Zero, &k128[..]),
        (Keying::Full, &bad[..]),
        (Keying::Partial, &k256[..]),
    ];
    let figures = measure_interleaved(&subjects);
    assert_eq!(figures.len(), 3);
    assert_eq!(figures[1].as_ref().err(), Some(&KeyError::Length(15)));
    if let (Ok(Some(zero)), Ok(Some(partial))) = (&figures[0], &figures[2]) {
        assert_eq!((zero.keying, zero.key_bits), (Keying::Zero, 128));
        assert_eq!((partial.keying, partial.key_bits), (Keying::Partial, 256));
        // partial keying precomputes at key setup what zero keying leaves to g
        assert!(
            partial.key_setup_cycles > zero.key_setup_cycles,
            "{partial:?} {zero:?}"
        );
    }
}
