//! Seed 004 §III ("CSOD", cipher system on demand) on both virtual cards:
//! the AES key-expansion and encryption applets of `firmware/applets/`
//! loaded over the reader into the card's applet store and run by its VM,
//! each part of the time measured apart (the wire at the ATR's rate, the
//! EEPROM's programming time from the chip model, the card's own cycles at
//! its clock), the VM's cycles per bytecode instruction by class, and the
//! applet's cycles per block against the card's native AES. Every applet
//! and native output is checked against the AES oracle.

use crate::applet::{apdu, slot};
use crate::session::{Card, CardError, Exchange};
use cardlab_lab::candidates::Table;
use cardlab_lab::measure::TestVector;
use cardlab_lab::seeds::{Comparison, Figure, Line, explain_worse, verdict};

/// The seed's figures this module answers: §III of seed 004.
pub fn covers(f: &Figure) -> bool {
    f.seed() == "004" && f.reference == "III"
}

/// AES-128 of one block: `oracle(key, block)`.
pub type Oracle = dyn Fn(&[u8], &[u8]) -> Vec<u8>;

/// FIPS-197 C.1.
const KEY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const PLAIN: [u8; 16] = [
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
];
/// Blocks per RUN for the cycles-per-block figures (the most one RUN takes).
const BLOCKS: usize = 15;
/// Instructions of one class per micro-applet (the VM's cost by class).
const CLASS_RUN: usize = 200;

/// What a series of exchanges cost, summed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Cost {
    pub apdus: usize,
    pub characters: usize,
    pub wire_ms: f64,
    /// The card's time, EEPROM waits included.
    pub card_ms: f64,
    pub eeprom_ms: f64,
    pub eeprom_writes: u64,
    pub cycles: u64,
}

impl Cost {
    fn of(x: &Exchange) -> Cost {
        Cost {
            apdus: 1,
            characters: x.characters,
            wire_ms: x.wire_ms,
            card_ms: x.card_ms,
            eeprom_ms: x.eeprom_ms,
            eeprom_writes: x.eeprom_writes,
            cycles: x.cycles,
        }
    }

    fn plus(self, o: Cost) -> Cost {
        Cost {
            apdus: self.apdus + o.apdus,
            characters: self.characters + o.characters,
            wire_ms: self.wire_ms + o.wire_ms,
            card_ms: self.card_ms + o.card_ms,
            eeprom_ms: self.eeprom_ms + o.eeprom_ms,
            eeprom_writes: self.eeprom_writes + o.eeprom_writes,
            cycles: self.cycles + o.cycles,
        }
    }

    /// The characters' time at ISO/IEC 7816-3's default rate (F = 372,
    /// D = 1) on the same 3.5712 MHz clock.
    pub fn wire_ms_default_rate(&self) -> f64 {
        self.characters as f64 * 12.0 * 372.0 / (crate::session::IO_CLOCK_MHZ * 1000.0)
    }

    /// The card's time without its EEPROM waits.
    pub fn cpu_ms(&self) -> f64 {
        self.card_ms - self.eeprom_ms
    }

    pub fn total_ms(&self) -> f64 {
        self.wire_ms + self.card_ms
    }
}

/// One applet sent, stored and run once, as the seed times it.
#[derive(Debug, Clone, PartialEq)]
pub struct AppletTime {
    pub applet: &'static str,
    pub code_bytes: usize,
    /// INSTALL [for load], the LOAD blocks, INSTALL [for install].
    pub load: Cost,
    /// SELECT (the program verified) and RUN.
    pub run: Cost,
}

impl AppletTime {
    pub fn total(&self) -> Cost {
        self.load.plus(self.run)
    }
}

/// Everything §III measures on one card.
#[derive(Debug, Clone, PartialEq)]
pub struct CardFigures {
    pub chip: &'static str,
    pub clock_mhz: f64,
    pub expand: AppletTime,
    pub encrypt: AppletTime,
    /// Card cycles per bytecode instruction: ALU, JMP, LD/ST, CALL (of
    /// helper 1 with nothing to read).
    pub per_class: [f64; 4],
    /// Cycles per further block of `BLOCKS` in one command: the encryption
    /// applet's RUN and the card OS's native PSO ENCIPHER.
    pub applet_per_block: f64,
    pub native_per_block: f64,
    /// Known-answer blocks the applets enciphered right (all of them).
    pub known_answers: usize,
}

/// What went wrong measuring: the card failed, or answered wrong.
#[derive(Debug, thiserror::Error)]
pub enum CsodError {
    #[error(transparent)]
    Card(#[from] CardError),
    #[error("{chip}: {what}")]
    Wrong { chip: &'static str, what: String },
}

/// Send `apdus`, each answered 9000; their cost and the last response.
fn send(
    card: &mut Card,
    chip: &'static str,
    apdus: &[Vec<u8>],
) -> Result<(Cost, Vec<u8>), CsodError> {
    let mut cost = Cost::default();
    let mut last = vec![];
    for a in apdus {
        let x = card.transmit(a)?;
        if x.sw() != 0x9000 {
            return Err(CsodError::Wrong {
                chip,
                what: format!("{} answered {:04X}", hex(a), x.sw()),
            });
        }
        cost = cost.plus(Cost::of(&x));
        last = x.data().to_vec();
    }
    Ok((cost, last))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

/// A block sequence for the per-block figures: fixed, not secret.
fn blocks(n: usize) -> Vec<u8> {
    (0..16 * n).map(|i| (i * 7 + 3) as u8).collect()
}

/// The micro-applets of the per-class figures: `n` instructions of one
/// class between the same prologue and EXIT.
fn class_program(class: usize, n: usize) -> Vec<u8> {
    let mut p = vec![slot(0xb4, 2, 0, 0, 0)]; // r2 = 0: helper 1 reads nothing
    let body = match class {
        0 => slot(0x04, 0, 0, 0, 1),   // ALU: w0 += 1
        1 => slot(0x05, 0, 0, 0, 0),   // JMP: ja +0
        2 => slot(0x61, 0, 10, -4, 0), // LD/ST: w0 = *(u32 *)(r10 - 4)
        _ => slot(0x85, 0, 0, 0, 1),   // CALL: helper 1
    };
    p.extend(std::iter::repeat_n(body, n));
    p.push(slot(0x95, 0, 0, 0, 0));
    p.concat()
}

/// Load and install `code` as `aid`; the cost of the loading.
fn install(
    card: &mut Card,
    chip: &'static str,
    aid: &[u8],
    code: &[u8],
) -> Result<Cost, CsodError> {
    let (cost, _) = send(card, chip, &apdu::load_and_install(aid, code))?;
    Ok(cost)
}

/// The known answers the applets are checked on before they are timed:
/// NIST's GFSbox and KeySbox files (every S-box input through the cipher,
/// 21 keys through the key schedule), each (key, plaintext) once (the
/// files' DECRYPT halves repeat the ENCRYPT ones). Every vector of the lab
/// would take minutes of the 8051's VM for what the chip-independent
/// applets show on these.
pub fn known_answers(all: &[TestVector]) -> Vec<TestVector> {
    let mut seen = std::collections::HashSet::new();
    (all.iter())
        .filter(|v| v.label.contains("GFSbox128") || v.label.contains("KeySbox128"))
        .filter(|v| seen.insert((v.key.clone(), v.pt.clone())))
        .cloned()
        .collect()
}

/// Every vector through the applets on `card` (unpowered; its EEPROM may
/// program instantly, only the answers are asked): the key expansion for
/// each key, then its blocks, 15 to a RUN. The blocks checked.
pub fn check_known_answers(
    mut card: Card,
    expand: &[u8],
    encrypt: &[u8],
    vectors: &[TestVector],
) -> Result<usize, CsodError> {
    card.power_on()?;
    let chip = card.hardware().name();
    install(&mut card, chip, b"aes_expand", expand)?;
    install(&mut card, chip, b"aes_encrypt", encrypt)?;
    let mut checked = 0;
    for same_key in vectors.chunk_by(|a, b| a.key == b.key) {
        send(
            &mut card,
            chip,
            &[apdu::select(b"aes_expand"), apdu::run(0, &same_key[0].key)],
        )?;
        for run in same_key.chunks(BLOCKS) {
            let input: Vec<u8> = run.iter().flat_map(|v| v.pt.clone()).collect();
            let (_, out) = send(
                &mut card,
                chip,
                &[apdu::select(b"aes_encrypt"), apdu::run(0, &input)],
            )?;
            let want: Vec<u8> = run.iter().flat_map(|v| v.ct.clone()).collect();
            if out != want {
                return Err(CsodError::Wrong {
                    chip,
                    what: format!(
                        "{}: the applets gave {}, expected {}",
                        run[0].label,
                        hex(&out),
                        hex(&want)
                    ),
                });
            }
            checked += run.len();
        }
    }
    Ok(checked)
}

/// Measure §III on a freshly made card (`card`, not yet powered) with the
/// applets' bytecode, after checking them on `vectors` on `kat_card` (a
/// card of the same chip); `oracle(key, block)` is AES.
pub fn measure(
    mut card: Card,
    kat_card: Card,
    expand: &[u8],
    encrypt: &[u8],
    vectors: &[TestVector],
    oracle: &Oracle,
) -> Result<CardFigures, CsodError> {
    let known_answers = check_known_answers(kat_card, expand, encrypt, vectors)?;
    card.power_on()?;
    let chip = card.hardware().name();
    let wrong = |what: String| CsodError::Wrong { chip, what };
    // the card's own key, for the native figure
    send(
        &mut card,
        chip,
        &[[&[0x00, 0xDA, 0x01, 0x00, 16][..], &KEY].concat()],
    )?;

    let mut timed = |applet: &'static str, code: &[u8], input: &[u8]| {
        let load = install(&mut card, chip, applet.as_bytes(), code)?;
        let (run, out) = send(
            &mut card,
            chip,
            &[apdu::select(applet.as_bytes()), apdu::run(0, input)],
        )?;
        Ok::<_, CsodError>((
            AppletTime {
                applet,
                code_bytes: code.len(),
                load,
                run,
            },
            out,
        ))
    };
    let (expand, out) = timed("aes_expand", expand, &KEY)?;
    if !out.is_empty() {
        return Err(wrong(format!("the key expansion answered {}", hex(&out))));
    }
    let (encrypt, out) = timed("aes_encrypt", encrypt, &PLAIN)?;
    if out != oracle(&KEY, &PLAIN) {
        return Err(wrong(format!("the encryption applet gave {}", hex(&out))));
    }

    // cycles per further block: applet, then native
    let per_block = |card: &mut Card, command: &dyn Fn(&[u8]) -> Vec<u8>| {
        let mut cycles = vec![];
        for n in [1, BLOCKS] {
            let input = blocks(n);
            let (cost, out) = send(card, chip, &[command(&input)])?;
            let want: Vec<u8> = input.chunks(16).flat_map(|b| oracle(&KEY, b)).collect();
            if out != want {
                return Err(wrong(format!("{n} blocks enciphered wrong")));
            }
            cycles.push(cost.cycles);
        }
        Ok::<_, CsodError>((cycles[1] - cycles[0]) as f64 / (BLOCKS - 1) as f64)
    };
    let applet_per_block = per_block(&mut card, &|input| apdu::run(0, input))?;
    let native_per_block = per_block(&mut card, &|input| {
        [
            &[0x00, 0x2A, 0x84, 0x80, input.len() as u8][..],
            input,
            &[0],
        ]
        .concat()
    })?;

    // the VM's cost per instruction class: n of a class against none
    send(&mut card, chip, &[apdu::delete(b"aes_expand")])?;
    let mut per_class = [0.0; 4];
    for (class, cost) in per_class.iter_mut().enumerate() {
        let mut cycles = [0u64; 2];
        for (i, n) in [0, CLASS_RUN].into_iter().enumerate() {
            let aid = format!("class.{class}.{n}");
            install(&mut card, chip, aid.as_bytes(), &class_program(class, n))?;
            send(&mut card, chip, &[apdu::select(aid.as_bytes())])?;
            cycles[i] = send(&mut card, chip, &[apdu::run(0, b"")])?.0.cycles;
            send(&mut card, chip, &[apdu::delete(aid.as_bytes())])?;
        }
        *cost = (cycles[1] - cycles[0]) as f64 / CLASS_RUN as f64;
    }
    Ok(CardFigures {
        chip,
        clock_mhz: (card.cycles_per_ms() * 10.0).round() / 10_000.0,
        expand,
        encrypt,
        per_class,
        applet_per_block,
        native_per_block,
        known_answers,
    })
}

/// Seed 004 §III with ours beside: the paper's figures against the AVR
/// card's (the paper's chip), totals in ms.
pub fn comparison(figures: &[Figure], cards: &[CardFigures]) -> Option<Comparison> {
    let published: Vec<&Figure> = figures.iter().filter(|f| covers(f)).collect();
    let avr = cards.iter().find(|c| c.chip == "AT90SC3232C");
    let lines: Vec<Line> = published
        .iter()
        .map(|f| {
            let mut line = Line::unanswered(f);
            let applet = match f.variant.contains("key schedule") {
                true => avr.map(|c| &c.expand),
                false => avr.map(|c| &c.encrypt),
            };
            if let Some(a) = applet {
                let t = a.total();
                let ms = t.total_ms();
                line.ours_variant = Some(a.applet.into());
                line.ours = Some(ms);
                line.ours_text = format!("{ms:.0}");
                line.ratio = Some(ms / f.value);
                line.verdict = verdict(f, ms);
                line.note = format!(
                    "{}; ours: wire {:.0} ms ({} characters), EEPROM {:.0} ms ({} byte writes), card CPU {:.0} ms",
                    f.note,
                    t.wire_ms,
                    t.characters,
                    t.eeprom_ms,
                    t.eeprom_writes,
                    t.cpu_ms()
                );
                explain_worse(f, &mut line);
            }
            line
        })
        .collect();
    (!lines.is_empty()).then(|| Comparison {
        title: "Seed 004 §III: AES applets sent to the card and run by its VM".into(),
        source: "004".into(),
        reference: "III".into(),
        target: "avr".into(),
        assumption: "Ours: the applets of firmware/applets (C compiled by clang to eBPF) loaded \
                     over T=0 into the AVR card's applet store (INSTALL, LOAD, INSTALL), then \
                     SELECT and one RUN (the key; one block), on the simulated AT90SC3232C at \
                     3.5712 MHz (the ISO 7816 default clock; the paper gives none), EEPROM \
                     4 ms a byte (assumed, docs/avr.md); wire at the ATR's rate (F = 372, \
                     D = 4, 3.5712 MHz). Each part apart in the next table; the applets' \
                     outputs checked first on NIST's AES-128 GFSbox and KeySbox known answers."
            .into(),
        lines,
    })
}

/// The time apart, both cards, and the VM's figures.
pub fn tables(cards: &[CardFigures]) -> Vec<Table> {
    let ms = |x: f64| format!("{x:.1}");
    let mut time = Table {
        title: "Seed 004 §III on both cards: where the time goes".into(),
        intro: "Each applet loaded (INSTALL, LOAD blocks of 240 bytes, INSTALL), selected (the \
                program verified) and run once (the key; one block), after the applets \
                enciphered NIST's AES-128 GFSbox and KeySbox known answers right on that card; \
                wire at the ATR's rate (F = 372, D = 4 at 3.5712 MHz, 12 etu a character), and at ISO 7816-3's default D = 1 for \
                comparison; EEPROM from each chip's model (SLE66CX322P: a 32-byte page in \
                4.5-4.6 ms; AT90SC3232C: 4 ms a byte); card CPU = the card's cycles at its \
                clock, its EEPROM waits taken out."
            .into(),
        header: [
            "card (clock)",
            "applet",
            "code bytes",
            "APDUs",
            "wire ms",
            "wire ms at D = 1",
            "EEPROM ms",
            "card CPU ms",
            "of it RUN",
            "total s",
        ]
        .map(String::from)
        .to_vec(),
        rows: vec![],
    };
    for c in cards {
        for a in [&c.expand, &c.encrypt] {
            let t = a.total();
            time.rows.push(vec![
                format!("{} ({} MHz)", c.chip, c.clock_mhz),
                a.applet.into(),
                a.code_bytes.to_string(),
                t.apdus.to_string(),
                ms(t.wire_ms),
                ms(t.wire_ms_default_rate()),
                ms(t.eeprom_ms),
                ms(t.cpu_ms()),
                ms(a.run.cpu_ms()),
                format!("{:.2}", t.total_ms() / 1000.0),
            ]);
        }
    }
    let vm = Table {
        title: "The card VM: cycles per bytecode instruction, and against native AES".into(),
        intro: format!(
            "Cycles of a RUN of {CLASS_RUN} instructions of one class less a RUN of none, per \
             instruction (ALU: add; JMP: ja +0; LD/ST: a 32-bit load from the stack; CALL: \
             helper 1 with nothing to read); per block: a RUN (or PSO ENCIPHER) of {BLOCKS} \
             blocks less one of 1, per further block, every output checked."
        ),
        header: [
            "card",
            "ALU",
            "JMP",
            "LD/ST",
            "CALL",
            "applet cycles/block",
            "native cycles/block",
            "applet / native",
            "known answers checked",
        ]
        .map(String::from)
        .to_vec(),
        rows: cards
            .iter()
            .map(|c| {
                let mut row = vec![c.chip.to_string()];
                row.extend(c.per_class.iter().map(|x| format!("{x:.0}")));
                row.push(format!("{:.0}", c.applet_per_block));
                row.push(format!("{:.0}", c.native_per_block));
                row.push(format!("{:.0}", c.applet_per_block / c.native_per_block));
                row.push(c.known_answers.to_string());
                row
            })
            .collect(),
    };
    vec![time, vm]
}
