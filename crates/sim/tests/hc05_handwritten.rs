//! Whole hand-written programs (there is no C compiler for the 6805 here),
//! assembled by sdas6808 (`.hc05`) and linked by sdld6808:
//!
//! - `crc16`: CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, bit
//!   by bit) over a buffer in RAM2 whose length the caller puts in RAM1;
//! - `mul_pairs`: sixteen 16×16 → 32-bit products built on MUL (four
//!   partial products and a carry chain), pairs read from RAM2 and
//!   products written back there;
//! - `isort`: insertion sort of 32 bytes in RAM1, in place;
//! - `lookup`: a 256-byte permutation in EPROM indexed by X: the Pearson
//!   hash of a 128-byte RAM2 buffer through it, the buffer translated in
//!   place, and the 16-bit sum of the translated bytes.
//!
//! Each runs from random RAM and registers (and from chosen edge inputs)
//! to its `BRA *` on our simulator and on ucsim's `shc08 -t HC08` in one
//! batch process: all of RAM1 and RAM2, A, X, SP, HINZC and PC must
//! agree; the results must equal what Rust computes from the same inputs
//! (so a wrong program fails as well as a wrong simulator); and our cycle
//! count must equal the listing's `[n]` summed over the instructions we
//! executed. Without shc08 the shc08 comparison is skipped with a note;
//! the Rust and listing checks still run.

mod common;
mod hc05_tools;

use cardlab_sim::Cpu;
use cardlab_sim::observe::{Coverage, downcast};
use common::Rng;
use hc05_tools::{
    Shc08Case, assemble, listed_cycles, listing, memory, run_shc08, shc08_missing, start_ours,
};

const RAM: [(u16, usize); 2] = [(0x0050, 176), (0x0250, 176)];
const TABLE_AT: u16 = 0x1000;
/// Each program's entry and the label of its `BRA *`.
const ENDS: [(&str, &str); 4] = [
    ("crc16", "crc_done"),
    ("mul_pairs", "mp_done"),
    ("isort", "is_done"),
    ("lookup", "tl_done"),
];
/// Random inputs per program, besides the edge inputs.
const RANDOM_RUNS: usize = 3;

const PROGRAMS: &str = "
        .hc05
        .area CODE (ABS)

; ---- CRC-16/CCITT-FALSE over crc_len bytes at crc_buf ----------------------
crc_hi   = 0x50
crc_lo   = 0x51
crc_bits = 0x52
crc_len  = 0x53                 ; 1..176, set by the caller
crc_buf  = 0x0250

        .org 0x0400
crc16:: lda  #0xff
        sta  *crc_hi
        sta  *crc_lo
        clrx
crc_next:
        lda  crc_buf,x
        jsr  crc_byte
        incx
        cpx  *crc_len
        bne  crc_next
        ldx  *crc_hi
        lda  *crc_lo
crc_done::
        bra  crc_done

; crc ^= A << 8, then eight shifts left, XOR 0x1021 when a 1 falls out.
; Keeps X.
crc_byte:
        eor  *crc_hi
        sta  *crc_hi
        lda  #8
        sta  *crc_bits
crc_bit:
        lsl  *crc_lo
        rol  *crc_hi
        bcc  crc_no_poly
        lda  *crc_hi
        eor  #0x10
        sta  *crc_hi
        lda  *crc_lo
        eor  #0x21
        sta  *crc_lo
crc_no_poly:
        dec  *crc_bits
        bne  crc_bit
        rts

; ---- 16 x 16 -> 32 products of sixteen pairs ------------------------------
; mp_in + 4 k: a (big-endian), b; mp_out + 4 k: a * b, big-endian.
m_i     = 0x60
m_ah    = 0x61
m_al    = 0x62
m_bh    = 0x63
m_bl    = 0x64
m_p     = 0x65                  ; 0x65-0x68, big-endian
mp_in   = 0x0250
mp_out  = 0x0290

        .org 0x0500
mul_pairs::
        clrx
mp_next:
        stx  *m_i
        lda  mp_in,x
        sta  *m_ah
        lda  mp_in+1,x
        sta  *m_al
        lda  mp_in+2,x
        sta  *m_bh
        lda  mp_in+3,x
        sta  *m_bl
        jsr  mul16
        ldx  *m_i
        lda  *m_p
        sta  mp_out,x
        lda  *m_p+1
        sta  mp_out+1,x
        lda  *m_p+2
        sta  mp_out+2,x
        lda  *m_p+3
        sta  mp_out+3,x
        txa
        add  #4
        tax
        cpx  #64
        bne  mp_next
        ldx  *m_p+2
        lda  *m_p+3
mp_done::
        bra  mp_done

; m_p = (m_ah:m_al) * (m_bh:m_bl): al*bl and ah*bh side by side, then the
; two cross products added in the middle with the carry into the top byte.
mul16:  lda  *m_al
        ldx  *m_bl
        mul
        sta  *m_p+3
        stx  *m_p+2
        lda  *m_ah
        ldx  *m_bh
        mul
        sta  *m_p+1
        stx  *m_p
        lda  *m_al
        ldx  *m_bh
        mul
        bsr  mul_mid
        lda  *m_ah
        ldx  *m_bl
        mul
mul_mid:                        ; m_p+1:m_p+2 += X:A, carry into m_p
        add  *m_p+2
        sta  *m_p+2
        txa
        adc  *m_p+1
        sta  *m_p+1
        bcc  mul_mid_done
        inc  *m_p
mul_mid_done:
        rts

; ---- insertion sort of 32 unsigned bytes at sbuf ----------------------------
is_i    = 0x6a
is_key  = 0x6b
sbuf    = 0x70                  ; 0x70-0x8f

        .org 0x0600
isort:: ldx  #1
is_outer:
        stx  *is_i
        lda  sbuf,x
        sta  *is_key
is_inner:                       ; X = j + 1
        lda  sbuf-1,x
        cmp  *is_key
        bls  is_put             ; sbuf[j] <= key: the key goes at j + 1
        sta  sbuf,x
        decx
        bne  is_inner
is_put: lda  *is_key
        sta  sbuf,x
        ldx  *is_i
        incx
        cpx  #32
        bne  is_outer
        lda  *sbuf
        ldx  *sbuf+31
is_done::
        bra  is_done

; ---- table lookups through the 256-byte permutation tl_table -----------------
; h = T[h ^ b] over the buffer (Pearson), then b = T[b] in place, summed.
tl_sum  = 0x90                  ; 0x90-0x91, big-endian
tl_h    = 0x92
tl_i    = 0x93
tl_buf  = 0x0250                ; 128 bytes
tl_len  = 128

        .org 0x0700
lookup::
        clr  *tl_h
        clr  *tl_sum
        clr  *tl_sum+1
        clrx
tl_next:
        stx  *tl_i
        lda  tl_buf,x
        eor  *tl_h
        tax
        lda  tl_table,x
        sta  *tl_h
        ldx  *tl_i
        lda  tl_buf,x
        tax
        lda  tl_table,x
        ldx  *tl_i
        sta  tl_buf,x
        add  *tl_sum+1
        sta  *tl_sum+1
        bcc  tl_no_carry
        inc  *tl_sum
tl_no_carry:
        incx
        cpx  #tl_len
        bne  tl_next
        ldx  *tl_h
        lda  *tl_sum+1
tl_done::
        bra  tl_done

        .org 0xfffe
        .dw  crc16
";

/// CRC-16/CCITT-FALSE.
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc = 0xFFFFu16;
    for &b in bytes {
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

/// A permutation of 0..=255 (Fisher-Yates from the seeded generator).
fn permutation(rng: &mut Rng) -> Vec<u8> {
    let mut t: Vec<u8> = (0..=255).collect();
    for i in (1..256).rev() {
        t.swap(i, rng.below(i as u64 + 1) as usize);
    }
    t
}

/// One run: the state both simulators start from, and the program it runs.
struct Run {
    program: &'static str,
    /// RAM1 then RAM2, as the run starts.
    ram: [Vec<u8>; 2],
    a: u8,
    x: u8,
    ccr: u8,
}

impl Run {
    fn random(program: &'static str, rng: &mut Rng) -> Run {
        Run {
            program,
            ram: [
                (0..176).map(|_| rng.byte()).collect(),
                (0..176).map(|_| rng.byte()).collect(),
            ],
            a: rng.byte(),
            x: rng.byte(),
            // V = 1 (the HC05 has none; see tests/hc05_shc08.rs), HINZC random.
            ccr: 0xE0 | (rng.byte() & 0x1F),
        }
    }

    fn set(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i as u16;
            let (k, start) = if a < 0x100 { (0, 0x50) } else { (1, 0x250) };
            self.ram[k][(a - start) as usize] = b;
        }
    }

    fn get(ram: &[Vec<u8>], addr: u16, len: usize) -> Vec<u8> {
        let (k, start) = if addr < 0x100 { (0, 0x50) } else { (1, 0x250) };
        ram[k][(addr - start) as usize..][..len].to_vec()
    }

    /// Bytes of the input state.
    fn input(&self, addr: u16, len: usize) -> Vec<u8> {
        Run::get(&self.ram, addr, len)
    }
}

/// The runs: random inputs for each program, then edge inputs.
fn runs(rng: &mut Rng) -> Vec<Run> {
    let mut runs = vec![];
    for (program, _) in ENDS {
        for _ in 0..RANDOM_RUNS {
            let mut run = Run::random(program, rng);
            if program == "crc16" {
                run.set(0x53, &[rng.range(1, 176) as u8]);
            }
            runs.push(run);
        }
    }
    // CRC-16/CCITT-FALSE's check value is that of "123456789"; the whole
    // of RAM2 as the longest buffer.
    let mut run = Run::random("crc16", rng);
    run.set(0x53, &[9]);
    run.set(0x0250, b"123456789");
    runs.push(run);
    let mut run = Run::random("crc16", rng);
    run.set(0x53, &[176]);
    runs.push(run);
    // Products at the ends of the range and every carry out of the middle.
    let mut run = Run::random("mul_pairs", rng);
    let pairs: [(u16, u16); 8] = [
        (0xFFFF, 0xFFFF),
        (0, 0xFFFF),
        (0xFFFF, 1),
        (0x8000, 0x8000),
        (0x00FF, 0xFF00),
        (0xFF00, 0x00FF),
        (0x0101, 0xFFFF),
        (0xFFFE, 0xFFFD),
    ];
    for (k, (a, b)) in pairs.iter().enumerate() {
        run.set(
            0x0250 + 4 * k as u16,
            &[a.to_be_bytes(), b.to_be_bytes()].concat(),
        );
    }
    runs.push(run);
    // Sorted backwards, and few distinct values (equal keys stop the scan).
    let mut run = Run::random("isort", rng);
    run.set(
        0x70,
        &(0..32).map(|i| 0xFF - 8 * i as u8).collect::<Vec<u8>>(),
    );
    runs.push(run);
    let mut run = Run::random("isort", rng);
    let few: Vec<u8> = (0..32)
        .map(|_| rng.pick(&[0x00, 0x7F, 0x80, 0xFF]))
        .collect();
    run.set(0x70, &few);
    runs.push(run);
    // A buffer of zeros: the hash walks the table through T[h].
    let mut run = Run::random("lookup", rng);
    run.set(0x0250, &[0; 128]);
    runs.push(run);
    runs
}

/// Check a run's results against Rust: the RAM it writes and A, X.
fn check_results(run: &Run, table: &[u8], ram: &[Vec<u8>], a: u8, x: u8, what: &str) {
    let out = |addr, len| Run::get(ram, addr, len);
    match run.program {
        "crc16" => {
            let len = run.input(0x53, 1)[0] as usize;
            let crc = crc16(&run.input(0x0250, len));
            if run.input(0x0250, len) == b"123456789" {
                assert_eq!(crc, 0x29B1, "the catalogue's check value");
            }
            assert_eq!(out(0x50, 2), crc.to_be_bytes(), "{what}: CRC in RAM");
            assert_eq!(u16::from_be_bytes([x, a]), crc, "{what}: CRC in X:A");
        }
        "mul_pairs" => {
            let input = run.input(0x0250, 64);
            let products: Vec<u8> = input
                .chunks(4)
                .flat_map(|p| {
                    let a = u16::from_be_bytes([p[0], p[1]]) as u32;
                    let b = u16::from_be_bytes([p[2], p[3]]) as u32;
                    (a * b).to_be_bytes()
                })
                .collect();
            assert_eq!(out(0x0290, 64), products, "{what}: products");
            assert_eq!(out(0x0250, 64), input, "{what}: operands kept");
            assert_eq!(
                [x, a],
                products[62..64],
                "{what}: last product's low half in X:A"
            );
        }
        "isort" => {
            let mut sorted = run.input(0x70, 32);
            sorted.sort_unstable();
            assert_eq!(out(0x70, 32), sorted, "{what}: sorted bytes");
            assert_eq!((a, x), (sorted[0], sorted[31]), "{what}: A = min, X = max");
        }
        "lookup" => {
            let input = run.input(0x0250, 128);
            let hash = input.iter().fold(0u8, |h, &b| table[(h ^ b) as usize]);
            let translated: Vec<u8> = input.iter().map(|&b| table[b as usize]).collect();
            let sum: u16 = translated.iter().map(|&t| t as u16).sum();
            assert_eq!(out(0x0250, 128), translated, "{what}: translated buffer");
            let [hi, lo] = sum.to_be_bytes();
            assert_eq!(out(0x90, 3), [hi, lo, hash], "{what}: sum and hash in RAM");
            assert_eq!(
                (a, x),
                (sum as u8, hash),
                "{what}: A = sum low byte, X = hash"
            );
        }
        p => unreachable!("{p}"),
    }
}

#[test]
fn handwritten_programs_match_rust_shc08_and_the_listing_cycles() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x6805_c0de_5eed_0004);
    let table = permutation(&mut rng);
    let mut source = PROGRAMS.to_string();
    source += &format!("        .org {TABLE_AT:#06x}\ntl_table::\n");
    for row in table.chunks(16) {
        let bytes: Vec<String> = row.iter().map(|b| format!("0x{b:02x}")).collect();
        source += &format!("        .db  {}\n", bytes.join(","));
    }
    let built = assemble(dir.path(), "handwritten", &source);
    let listed = listing(&built.listing);
    let image = cardlab_sim::hc05::TARGET.read(&built.ihx).unwrap();
    let runs = runs(&mut rng);
    let cases: Vec<Shc08Case> = runs
        .iter()
        .map(|r| Shc08Case {
            writes: RAM
                .iter()
                .zip(&r.ram)
                .map(|(&(s, _), bytes)| (s, bytes.clone()))
                .collect(),
            a: r.a,
            x: r.x,
            sp: 0xFF,
            ccr: r.ccr,
            pc: image.symbols[r.program] as u16,
        })
        .collect();
    let done = |program: &str| {
        let (_, end) = ENDS.iter().find(|(p, _)| *p == program).unwrap();
        image.symbols[*end] as u16
    };
    let theirs = match shc08_missing() {
        Some(why) => {
            println!("shc08 not compared: {why}");
            None
        }
        None => {
            let breaks: Vec<u16> = runs.iter().map(|r| done(r.program)).collect();
            Some(run_shc08(&built.ihx, &breaks, &cases, &RAM))
        }
    };
    let mut counts = std::collections::BTreeMap::<&str, (u32, u64, u64)>::new();
    for (k, (run, case)) in runs.iter().zip(&cases).enumerate() {
        let what = format!("run {k} ({})", run.program);
        let mut cpu = start_ours(&image.segments, case);
        cpu.set_observer(Some(Box::new(Coverage::default())));
        cpu.run(10_000_000, None)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let r = cpu.regs();
        assert_eq!(r.pc, done(run.program), "{what}: halted at its end");
        let ram = memory(&cpu, &RAM);
        check_results(run, &table, &ram, r.a, r.x, &what);
        if let Some(theirs) = &theirs {
            let t = &theirs[k];
            assert_eq!(ram, t.memory, "{what}: RAM against shc08");
            assert_eq!(
                (r.a, r.x, r.sp, r.ccr & 0x1F, r.pc),
                (t.a, t.x, t.sp, t.ccr & 0x1F, t.pc),
                "{what}: a x sp hinzc pc against shc08"
            );
        }
        let coverage = downcast::<Coverage>(cpu.take_observer().unwrap()).unwrap();
        assert_eq!(
            cpu.cycles(),
            listed_cycles(&listed, &coverage, &what),
            "{what}: cycles against the listing"
        );
        let c = counts.entry(run.program).or_default();
        *c = (c.0 + 1, c.1 + cpu.instructions(), c.2 + cpu.cycles());
    }
    for (program, (n, instructions, cycles)) in &counts {
        println!("{program}: {n} runs, {instructions} instructions, {cycles} cycles");
    }
    assert_eq!(runs.len(), 4 * RANDOM_RUNS + 6);
}
