//! Speed of the 68HC05 simulator against ucsim's `shc08 -t HC08` on one
//! long program: CRC-16/CCITT-FALSE, bit by bit, over 4 KiB of EPROM read
//! through a RAM trampoline (`LDA page:00,X; RTS`, the HC05's way to a
//! 16-bit pointer), PASSES times: about 21 million instructions. Ours runs
//! with observers off, with the coverage observer, and with the full
//! instruction trace (disassembled and formatted, written to a sink).
//!
//! shc08 runs the same image in one batch process from the same state.
//! Its time is that run less an empty run of the same image (started at
//! the halt), which leaves out its start-up and the loading of the image,
//! the better of two such pairs; its instructions are likewise the
//! difference of its two counts. Ours is the best of five runs of each
//! kind.
//!
//! `cargo bench -p cardlab-sim --bench hc05_vs_shc08`. Both simulators
//! must end with the CRC Rust computes, in the same state, after the same
//! number of instructions, or the figures are not printed.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/hc05_tools/mod.rs"]
mod hc05_tools;

use cardlab_sim::hc05;
use cardlab_sim::observe::{Coverage, Trace};
use cardlab_sim::{Cpu, Observer};
use common::Rng;
use hc05_tools::{Shc08Case, assemble, memory, run_shc08, start_ours};
use std::time::{Duration, Instant};

/// Passes over the 4 KiB.
const PASSES: usize = 72;
const DATA_AT: u16 = 0x1000;
const DATA_LEN: usize = 0x1000;
/// The CRC (big-endian) and the pass counter.
const RESULT: (u16, usize) = (0x50, 2);

const PROGRAM: &str = "
        .hc05
        .area CODE (ABS)
crc_hi  = 0x50
crc_lo  = 0x51
bits    = 0x52
pass    = 0x53
tramp   = 0x58                  ; LDA page:00,X (D6 hh 00); RTS (81)

        .org 0x0400
start:: rsp
        lda  #0xff
        sta  *crc_hi
        sta  *crc_lo
        lda  #PASSES
        sta  *pass
        lda  #0xd6
        sta  *tramp
        clr  *tramp+2
        lda  #0x81
        sta  *tramp+3
pass_next:
        lda  #DATA_PAGE
        sta  *tramp+1
page_next:
        clrx
byte_next:
        jsr  tramp              ; A = the byte at tramp+1:X
        eor  *crc_hi
        sta  *crc_hi
        lda  #8
        sta  *bits
bit:    lsl  *crc_lo
        rol  *crc_hi
        bcc  no_poly
        lda  *crc_hi
        eor  #0x10
        sta  *crc_hi
        lda  *crc_lo
        eor  #0x21
        sta  *crc_lo
no_poly:
        dec  *bits
        bne  bit
        incx
        bne  byte_next
        inc  *tramp+1
        lda  *tramp+1
        cmp  #END_PAGE
        bne  page_next
        dec  *pass
        bne  pass_next
        ldx  *crc_hi
        lda  *crc_lo
halt::  bra  halt

        .org 0xfffe
        .dw  start
";

/// CRC-16/CCITT-FALSE of `data` repeated `passes` times.
fn crc16(data: &[u8], passes: usize) -> u16 {
    let mut crc = 0xFFFFu16;
    for &b in data.iter().cycle().take(data.len() * passes) {
        crc ^= (b as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// Best of five runs: (instructions, cycles, time, X:A). The machine is
/// shared: the best run is the one least disturbed.
fn ours(
    segments: &[(u32, Vec<u8>)],
    case: &Shc08Case,
    observer: impl Fn() -> Option<Box<dyn Observer>>,
) -> (u64, u64, Duration, u16) {
    let mut best = None::<(u64, u64, Duration, u16)>;
    for _ in 0..5 {
        let mut cpu = start_ours(segments, case);
        cpu.set_observer(observer());
        let start = Instant::now();
        cpu.run(u64::MAX, None).expect("runs to halt");
        let time = start.elapsed();
        let r = cpu.regs();
        if best.as_ref().is_none_or(|b| time < b.2) {
            best = Some((
                cpu.instructions(),
                cpu.cycles(),
                time,
                u16::from_be_bytes([r.x, r.a]),
            ));
        }
    }
    best.unwrap()
}

fn rate(instructions: u64, time: Duration) -> f64 {
    instructions as f64 / time.as_secs_f64()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x6805_be4c_0000_0001);
    let data: Vec<u8> = (0..DATA_LEN).map(|_| rng.byte()).collect();
    let mut source = PROGRAM.replace("PASSES", &PASSES.to_string());
    source = source.replace("DATA_PAGE", &format!("{:#04x}", DATA_AT >> 8));
    source = source.replace(
        "END_PAGE",
        &format!("{:#04x}", (DATA_AT as usize + DATA_LEN) >> 8),
    );
    source += &format!("        .org {DATA_AT:#06x}\n");
    for row in data.chunks(16) {
        let bytes: Vec<String> = row.iter().map(|b| format!("0x{b:02x}")).collect();
        source += &format!("        .db  {}\n", bytes.join(","));
    }
    let built = assemble(dir.path(), "speed", &source);
    let image = cardlab_sim::hc05::TARGET.read(&built.ihx).unwrap();
    let (start, halt) = (image.symbols["start"] as u16, image.symbols["halt"] as u16);
    let case = |pc| Shc08Case {
        writes: vec![],
        a: 0,
        x: 0,
        sp: 0xFF,
        ccr: 0xE8,
        pc,
    };
    let expected = crc16(&data, PASSES);

    let (n, cycles, plain, crc) = ours(&image.segments, &case(start), || None);
    assert_eq!(crc, expected, "cardlab's CRC");
    let (_, _, covered, _) = ours(&image.segments, &case(start), || {
        Some(Box::new(Coverage::default()))
    });
    let (_, _, traced, _) = ours(&image.segments, &case(start), || {
        Some(Box::new(Trace::new(
            Box::new(std::io::sink()),
            hc05::disassemble,
            0,
        )))
    });
    let mut cpu = start_ours(&image.segments, &case(start));
    cpu.run(u64::MAX, None).unwrap();
    let ours_state = memory(&cpu, &[RESULT]);

    // shc08: the run to the halt, less an empty run (from the halt); the
    // better of two such pairs.
    let timed = |pc| {
        let t = Instant::now();
        let state = run_shc08(&built.ihx, &[halt], &[case(pc)], &[RESULT]).remove(0);
        (t.elapsed(), state)
    };
    let mut best = None::<(Duration, Duration, Duration)>;
    let (mut empty, mut full) = (None, None);
    for _ in 0..2 {
        let (empty_time, e) = timed(halt);
        let (full_time, f) = timed(start);
        let time = full_time.saturating_sub(empty_time);
        if best.is_none_or(|b| time < b.0) {
            best = Some((time, full_time, empty_time));
        }
        (empty, full) = (Some(e), Some(f));
    }
    let (shc08_time, full_time, empty_time) = best.unwrap();
    let (empty, full) = (empty.unwrap(), full.unwrap());
    // ucsim does not stop at a breakpoint on the PC it starts from: the
    // empty run executes its `BRA *` once.
    assert_eq!(empty.pc, halt);
    let shc08_n = full.instructions - empty.instructions + 1;
    assert_eq!(
        u16::from_be_bytes([full.x, full.a]),
        expected,
        "shc08's CRC"
    );
    assert_eq!(
        full.memory[0], ours_state[0],
        "shc08 and cardlab disagree on RAM"
    );
    assert_eq!(
        (full.pc, full.sp),
        (cpu.regs().pc, cpu.regs().sp),
        "shc08 and cardlab disagree on PC, SP"
    );
    assert_eq!(shc08_n, n, "shc08 and cardlab disagree on instructions");

    let shc08 = rate(n, shc08_time);
    println!(
        "hc05 speed: {n} instructions, {cycles} bus cycles, CRC {crc:#06x} on both simulators"
    );
    println!(
        "  {:<36} {:>8.1} M instructions/s  {:>7.3} s  (run {:.3} s less empty run {:.3} s)",
        "shc08 (ucsim, one batch process)",
        shc08 / 1e6,
        shc08_time.as_secs_f64(),
        full_time.as_secs_f64(),
        empty_time.as_secs_f64()
    );
    for (name, time) in [
        ("cardlab, observers off", plain),
        ("cardlab, coverage observer", covered),
        ("cardlab, trace observer (to a sink)", traced),
    ] {
        let r = rate(n, time);
        println!(
            "  {name:<36} {:>8.1} M instructions/s  {:>7.3} s  {:>6.1}× shc08",
            r / 1e6,
            time.as_secs_f64(),
            r / shc08
        );
    }
}
