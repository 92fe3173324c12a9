//! The AES applets of `firmware/applets/` (seed 004 §III): compiled by
//! clang, run on the card's VM through the card OS and on rbpf 0.4 on the
//! host with the same helpers; every output checked against the AES oracle
//! and the two interpreters' outputs against each other.

mod common;
use cardlab_card::Card;
use cardlab_card::applet::{self, apdu};
use common::*;
use std::cell::RefCell;
use std::path::PathBuf;

const APPLETS: [&str; 3] = ["aes_expand", "aes_encrypt", "aes_decrypt"];

fn code(name: &str) -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/applets");
    applet::compile(&dir.join(format!("{name}.c"))).unwrap()
}

fn aid(name: &str) -> Vec<u8> {
    name.as_bytes().to_vec()
}

/// Runs applets by name with an input; their output and the status word
/// (9000, or 64xx as the card gives it).
trait Runner {
    fn run(&mut self, name: &str, input: &[u8]) -> (Vec<u8>, u16);
}

struct OnCard(Card);

impl OnCard {
    fn new(make: fn() -> Card) -> OnCard {
        let mut c = make();
        c.power_on().unwrap();
        for name in APPLETS {
            for a in apdu::load_and_install(&aid(name), &code(name)) {
                assert_eq!(tx(&mut c, &a).sw(), 0x9000, "{name}: {}", hex::encode(&a));
            }
        }
        OnCard(c)
    }
}

impl Runner for OnCard {
    fn run(&mut self, name: &str, input: &[u8]) -> (Vec<u8>, u16) {
        assert_eq!(tx(&mut self.0, &apdu::select(&aid(name))).sw(), 0x9000);
        let x = tx(&mut self.0, &apdu::run(0, input));
        (x.data().to_vec(), x.sw())
    }
}

/// rbpf with the card's helpers (firmware/applets/cardlab_applet.h). rbpf
/// runs the applet on host addresses, so the S-boxes are put at the applet
/// addresses the card lends them at (0x10000, 0x10100), a page mapped there.
mod on_rbpf {
    use super::*;

    #[derive(Default)]
    pub struct State {
        input: Vec<u8>,
        pos: usize,
        output: Vec<u8>,
        pub file: Vec<u8>,
    }

    thread_local! {
        pub static STATE: RefCell<State> = RefCell::new(State { file: vec![0xFF; 256], ..State::default() });
    }

    unsafe fn bytes<'a>(addr: u64, len: u64) -> &'a mut [u8] {
        unsafe { std::slice::from_raw_parts_mut(addr as *mut u8, len as usize) }
    }

    fn read(buf: u64, len: u64, _: u64, _: u64, _: u64) -> u64 {
        STATE.with_borrow_mut(|s| {
            let n = (len as usize).min(s.input.len() - s.pos);
            unsafe { bytes(buf, n as u64) }.copy_from_slice(&s.input[s.pos..s.pos + n]);
            s.pos += n;
            n as u64
        })
    }

    fn write(buf: u64, len: u64, _: u64, _: u64, _: u64) -> u64 {
        STATE.with_borrow_mut(|s| s.output.extend_from_slice(unsafe { bytes(buf, len) }));
        len
    }

    fn file_read(off: u64, buf: u64, len: u64, _: u64, _: u64) -> u64 {
        STATE.with_borrow(|s| {
            unsafe { bytes(buf, len) }.copy_from_slice(&s.file[off as usize..(off + len) as usize])
        });
        len
    }

    fn file_write(off: u64, buf: u64, len: u64, _: u64, _: u64) -> u64 {
        STATE.with_borrow_mut(|s| {
            s.file[off as usize..(off + len) as usize].copy_from_slice(unsafe { bytes(buf, len) })
        });
        len
    }

    /// The AES S-box and its inverse, at 0x10000 and 0x10100.
    fn map_sboxes() {
        static MAPPED: std::sync::Once = std::sync::Once::new();
        MAPPED.call_once(|| {
            let page = unsafe {
                libc::mmap(
                    0x10000 as *mut libc::c_void,
                    4096,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED_NOREPLACE,
                    -1,
                    0,
                )
            };
            assert_eq!(
                page as usize, 0x10000,
                "cannot map the S-box page at 0x10000"
            );
            let (sbox, inv) = (unsafe { bytes(0x10000, 256) }, unsafe {
                bytes(0x10100, 256)
            });
            for x in 0..=255u8 {
                sbox[x as usize] = super::sbox(x);
                inv[super::sbox(x) as usize] = x;
            }
        });
    }

    pub struct OnRbpf(pub Vec<(String, Vec<u8>)>);

    impl Runner for OnRbpf {
        fn run(&mut self, name: &str, input: &[u8]) -> (Vec<u8>, u16) {
            let prog = &self.0.iter().find(|(n, _)| n == name).unwrap().1;
            run_on_rbpf(prog, input)
        }
    }

    /// `prog` on rbpf with the card's helpers 1-4, `input` as its data: the
    /// output it writes.
    pub fn run_on_rbpf(prog: &[u8], input: &[u8]) -> (Vec<u8>, u16) {
        {
            map_sboxes();
            let mut vm = rbpf::EbpfVmNoData::new(Some(prog)).unwrap();
            let helpers: [(u32, rbpf::ebpf::Helper); 4] =
                [(1, read), (2, write), (3, file_read), (4, file_write)];
            for (i, h) in helpers {
                vm.register_helper(i, h).unwrap();
            }
            vm.register_allowed_memory(0x10000..0x10200);
            STATE.with_borrow_mut(|s| {
                s.input = input.to_vec();
                s.pos = 0;
                s.output.clear();
            });
            let r0 = vm.execute_program().unwrap();
            let out = STATE.with_borrow(|s| s.output.clone());
            // the card answers 9000 whatever r0 is; an applet's refusal is r0 = 1
            assert!(r0 >> 32 == 0, "r0 {r0:#x}");
            (out, 0x9000)
        }
    }
}

/// FIPS-197's S-box: the multiplicative inverse in GF(2^8), then the affine map.
fn sbox(x: u8) -> u8 {
    let mul = |mut a: u8, mut b: u8| {
        let mut p = 0u8;
        while b != 0 {
            if b & 1 != 0 {
                p ^= a;
            }
            a = (a << 1) ^ if a & 0x80 != 0 { 0x1b } else { 0 };
            b >>= 1;
        }
        p
    };
    let inv = (1..=255u8).find(|&y| mul(x, y) == 1).unwrap_or(0);
    inv ^ inv.rotate_left(1) ^ inv.rotate_left(2) ^ inv.rotate_left(3) ^ inv.rotate_left(4) ^ 0x63
}

/// Keys and blocks: FIPS-197 C.1, then from a fixed xorshift.
fn cases() -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = vec![(
        hex::decode("000102030405060708090a0b0c0d0e0f").unwrap(),
        hex::decode("00112233445566778899aabbccddeeff").unwrap(),
    )];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for blocks in [1, 2, 15] {
        let key = rng.bytes(16);
        out.push((key, rng.bytes(16 * blocks)));
    }
    out
}

/// Expand, encipher, decipher each case; checked against the oracle.
fn aes_through(runner: &mut dyn Runner) -> Vec<(Vec<u8>, u16)> {
    let mut seen = vec![];
    for (key, plain) in cases() {
        assert_eq!(runner.run("aes_expand", &key), (vec![], 0x9000));
        let want: Vec<u8> = plain.chunks(16).flat_map(|b| aes(&key, b)).collect();
        let (ct, sw) = runner.run("aes_encrypt", &plain);
        assert_eq!(
            (hex::encode(&ct), sw),
            (hex::encode(&want), 0x9000),
            "encipher"
        );
        let (pt, sw) = runner.run("aes_decrypt", &ct);
        assert_eq!((pt.clone(), sw), (plain.clone(), 0x9000), "decipher");
        seen.extend([(ct, sw), (pt, sw)]);
    }
    // refused lengths: r0 = 1, nothing written
    assert_eq!(runner.run("aes_encrypt", &[0; 17]), (vec![], 0x9000));
    assert_eq!(runner.run("aes_expand", &[0; 15]), (vec![], 0x9000));
    seen
}

#[test]
fn the_aes_applets_agree_with_the_oracle_on_the_card_and_on_rbpf() {
    let programs = APPLETS.iter().map(|n| (n.to_string(), code(n))).collect();
    let on_rbpf = aes_through(&mut on_rbpf::OnRbpf(programs));
    for (chip, make) in applet_cards() {
        let on_card = aes_through(&mut OnCard::new(make));
        assert_eq!(on_card, on_rbpf, "{chip}");
    }
}

/// Random programs of the subset (tests/common: every ALU32 operation, END,
/// loads and stores of every width, forward branches) on each card's VM and
/// on rbpf: the same 128 bytes of memory after each (64 bytes of random
/// data read in, every register stored after them, written out).
#[test]
fn random_programs_compute_on_the_card_what_rbpf_computes() {
    use common::vm::{random_program, slot};
    let mut rng = Rng(0xCA4D_0000_7E57_0001);
    let programs: Vec<(Vec<u8>, Vec<u8>)> = (0..240)
        .map(|i| {
            // r1 = r10 - 128; read 64 bytes there; the program; write 128
            let mut p = vec![
                slot(0xbf, 1, 10, 0, 0),
                slot(0x07, 1, 0, 0, -128),
                slot(0xb4, 2, 0, 0, 64),
                slot(0x85, 0, 0, 0, 1),
            ];
            let body = random_program(&mut rng, 20 + i % 40);
            p.extend(&body[..body.len() - 1]);
            p.extend([
                slot(0xb4, 2, 0, 0, 128),
                slot(0x85, 0, 0, 0, 2),
                slot(0x95, 0, 0, 0, 0),
            ]);
            (p.concat(), rng.bytes(64))
        })
        .collect();
    let want: Vec<Vec<u8>> = programs
        .iter()
        .map(|(p, mem)| on_rbpf::run_on_rbpf(p, mem).0)
        .collect();
    assert!(want.iter().all(|w| w.len() == 128));
    for (chip, make) in instant_applet_cards() {
        let mut c = make();
        c.power_on().unwrap();
        for (i, ((prog, mem), want)) in programs.iter().zip(&want).enumerate() {
            let aid = b"random.prog";
            for a in apdu::load_and_install(aid, prog) {
                assert_eq!(tx(&mut c, &a).sw(), 0x9000, "{chip} program {i}");
            }
            assert_eq!(tx(&mut c, &apdu::select(aid)).sw(), 0x9000);
            let x = tx(&mut c, &apdu::run(0, mem));
            let listing: Vec<String> = prog.chunks(8).map(hex::encode).collect();
            assert_eq!(
                (hex::encode(x.data()), x.sw()),
                (hex::encode(want), 0x9000),
                "{chip} program {i}: {}",
                listing.join(" ")
            );
            assert_eq!(tx(&mut c, &apdu::delete(aid)).sw(), 0x9000);
        }
    }
}

/// Every AES-128 vector of the lab (the known-answer files and the random
/// vectors) through the applets on rbpf with the card's helpers: the cards
/// run the same bytecode (the report checks them on the GFSbox and KeySbox
/// files, and the random programs above tie their VMs to rbpf).
#[test]
fn the_aes_applets_give_every_known_answer_on_rbpf() {
    let vectors = cardlab_lab::measure::vectors(
        &cardlab_lab::repo_root().join("vectors"),
        cardlab_ciphers::Algorithm::Aes,
        128,
    )
    .unwrap();
    let mut rbpf = on_rbpf::OnRbpf(APPLETS.iter().map(|n| (n.to_string(), code(n))).collect());
    let mut checked = 0;
    for same_key in vectors.chunk_by(|a, b| a.key == b.key) {
        assert_eq!(rbpf.run("aes_expand", &same_key[0].key), (vec![], 0x9000));
        for run in same_key.chunks(15) {
            let input: Vec<u8> = run.iter().flat_map(|v| v.pt.clone()).collect();
            let want: Vec<u8> = run.iter().flat_map(|v| v.ct.clone()).collect();
            assert_eq!(rbpf.run("aes_encrypt", &input).0, want, "{}", run[0].label);
            assert_eq!(rbpf.run("aes_decrypt", &want).0, input, "{}", run[0].label);
            checked += run.len();
        }
    }
    assert!(checked > 700, "{checked}");
}
