//! Unit tests of the LEON2 integer unit: hand-encoded programs in SRAM.

use super::*;

const RAM: u32 = 0x4000_0000;

// Encoders for the few forms the tests need.
fn f3(op: u32, rd: u32, op3: u32, rs1: u32, imm: Option<i32>, rs2: u32) -> u32 {
    let low = match imm {
        Some(k) => 0x2000 | (k as u32 & 0x1FFF),
        None => rs2,
    };
    op << 30 | rd << 25 | op3 << 19 | rs1 << 14 | low
}
fn alu_i(op3: u32, rs1: u32, k: i32, rd: u32) -> u32 {
    f3(2, rd, op3, rs1, Some(k), 0)
}
fn alu_r(op3: u32, rs1: u32, rs2: u32, rd: u32) -> u32 {
    f3(2, rd, op3, rs1, None, rs2)
}
fn mem_i(op3: u32, rd: u32, rs1: u32, k: i32) -> u32 {
    f3(3, rd, op3, rs1, Some(k), 0)
}
fn sethi(k: u32, rd: u32) -> u32 {
    rd << 25 | 4 << 22 | k >> 10
}
fn branch(cond: u32, annul: bool, words: i32) -> u32 {
    (annul as u32) << 29 | cond << 25 | 2 << 22 | (words as u32 & 0x3F_FFFF)
}
const BA: u32 = 8;
const BNE: u32 = 9;
const BE: u32 = 1;
const HALT_CODE: [u32; 2] = [HALT, NOP];
// registers
const G1: u32 = 1;
const G2: u32 = 2;
const G3: u32 = 3;
const O0: u32 = 8;
const O1: u32 = 9;
const SP: u32 = 14;
const O7: u32 = 15;
const L1: u32 = 17;
const L2: u32 = 18;
const I0: u32 = 24;

fn cpu_with(code: &[u32]) -> Leon2 {
    // The pipeline's own cycles: every access hits (the caches are
    // tested against the RTL in tests/leon2_rtl_timing.rs).
    let mut cpu = Leon2::new(Config {
        memory: MemoryConfig::IDEAL,
        ..Config::default()
    });
    cpu.load(RAM, &words(code)).unwrap();
    cpu.boot(RAM);
    cpu
}

fn words(code: &[u32]) -> Vec<u8> {
    code.iter().flat_map(|w| w.to_be_bytes()).collect()
}

/// `main` and the halt from the start of RAM, `handler` at `at`, run.
fn run_with_handler(main: &[u32], at: u32, handler: &[u32]) -> Leon2 {
    let mut cpu = cpu_with(&[main, &HALT_CODE].concat());
    cpu.load(at, &words(handler)).unwrap();
    cpu.run(10_000, None).unwrap();
    cpu
}

fn run(code: &[u32]) -> Leon2 {
    let mut cpu = cpu_with(&[code, &HALT_CODE].concat());
    cpu.run(100_000, None).unwrap();
    cpu
}

#[test]
fn addcc_subcc_and_addx_set_the_icc() {
    let cpu = run(&[
        alu_i(0x02, 0, -1, G1),  // mov -1, %g1
        alu_i(0x10, G1, 1, G2),  // addcc %g1, 1, %g2: Z C
        alu_i(0x08, 0, 5, G3),   // addx %g0, 5, %g3 = 6
        alu_i(0x14, 0, 1, 0),    // subcc %g0, 1, %g0: N C
        alu_r(0x04, G3, G1, O0), // sub %g3, %g1, %o0 = 7
    ]);
    assert_eq!(cpu.reg(G2), 0);
    assert_eq!(cpu.reg(G3), 6);
    assert_eq!(cpu.reg(O0), 7);
    assert_eq!(cpu.psr() & psr::ICC, psr::N | psr::C);
    assert_eq!(cpu.instructions(), 5);
}

#[test]
fn branches_have_delay_slots_and_annul_them() {
    let cpu = run(&[
        alu_i(0x14, 0, 0, 0),  // cmp %g0, 0: Z
        branch(BE, true, 3),   // be,a +3 (taken: slot executed)
        alu_i(0x02, 0, 1, G1), // slot: mov 1, %g1
        alu_i(0x02, 0, 9, G3), // skipped
        branch(BNE, true, 3),  // bne,a (not taken: slot annulled)
        alu_i(0x02, 0, 2, G2), // annulled
        branch(BA, true, 2),   // ba,a +2: slot annulled
        alu_i(0x02, 0, 3, G2), // annulled
        NOP,
    ]);
    assert_eq!((cpu.reg(G1), cpu.reg(G2), cpu.reg(G3)), (1, 0, 0));
    // cmp 1, be 1 + icchold 1, slot 1, bne,a 1 + annulled 1, ba,a 1 +
    // annulled 1, nop 1
    assert_eq!(cpu.cycles(), 9);
    assert_eq!(cpu.instructions(), 6);
}

#[test]
fn call_and_retl_return_through_o7() {
    let cpu = run(&[
        0x4000_0004,           // call +4
        alu_i(0x02, 0, 7, O0), // slot
        branch(BA, false, 6),  // after return: to the halt
        NOP,
        0x81C3_E008,            // retl (+4 words from call)
        alu_i(0x00, O0, 1, O0), // slot
        NOP,
        NOP,
    ]);
    assert_eq!(cpu.reg(O0), 8);
    assert_eq!(cpu.reg(O7), RAM);
    // call 1, slot 1, retl 2, slot 1, ba 1, nop 1
    assert_eq!(cpu.cycles(), 7);
}

#[test]
fn save_restore_and_window_traps_through_tbr() {
    // Traps on, WIM marks window 1 invalid: the first SAVE overflows into a
    // handler at TBR + 0x50 that rotates WIM and retries the SAVE.
    let tba = RAM + 0x1000;
    let main = [
        sethi(tba, G1),
        alu_i(0x33, G1, 0, 0),   // wr %g1, %tbr
        alu_i(0x32, 0, 0x80, 0), // wr 0x80, %wim: window 7 invalid
        alu_i(0x31, 0, 0xA0, 0), // wr 0xa0, %psr: S, ET, CWP 0
        NOP,
        NOP,
        NOP,
        alu_i(0x02, 0, 42, O1),   // mov 42, %o1
        alu_i(0x3C, SP, -96, SP), // save %sp, -96, %sp
        alu_i(0x00, 25, 0, I0),   // mov %i1, %i0 (the caller's %o1)
        alu_i(0x3D, I0, 1, O0),   // restore %i0, 1, %o0
    ];
    // The overflow handler at TBR + 5 * 16 simply clears WIM.
    let handler = [
        alu_i(0x32, 0, 0, 0), // wr 0, %wim
        NOP,
        0x81C4_4000, // jmp %l1 (retry the save)
        0x81CC_8000, // rett %l2
    ];
    let cpu = run_with_handler(&main, tba + 0x50, &handler);
    assert_eq!(cpu.reg(O0), 43);
    assert_eq!(cpu.traps(), 1);
    assert_eq!(cpu.tbr(), tba | 0x50);
    assert_eq!(cpu.psr() & (psr::ET | psr::CWP), psr::ET);
    assert_eq!(cpu.wim(), 0);
}

#[test]
fn ticc_traps_and_rett_returns_after_it() {
    let tba = RAM + 0x2000;
    let main = [
        sethi(tba, G1),
        alu_i(0x33, G1, 0, 0),   // wr %g1, %tbr
        alu_i(0x31, 0, 0xA0, 0), // wr 0xa0, %psr
        NOP,
        NOP,
        NOP,
        alu_i(0x3A, 0, 5, 8),   // ta 5
        alu_i(0x00, O0, 1, O0), // runs after the return
    ];
    let handler = [
        alu_i(0x02, 0, 100, O0), // mov 100, %o0 (the trap window's %o0)
        0x81C4_8000,             // jmp %l2
        0x81CC_A004,             // rett %l2 + 4
    ];
    let cpu = run_with_handler(&main, tba + 0x850, &handler);
    assert_eq!(cpu.tbr() & 0xFF0, 0x850);
    assert_eq!(cpu.reg(O0), 1, "the handler wrote the next window's %o0");
    assert_eq!(cpu.reg(L1), 0, "caller's window untouched");
    // 6 setup, ta 5, mov 1, jmp 2, rett 1, add 1
    assert_eq!(cpu.cycles(), 6 + 5 + 1 + 2 + 1 + 1);
    let _ = L2;
}

#[test]
fn a_trap_with_traps_disabled_is_error_mode() {
    let mut cpu = cpu_with(&[mem_i(0x00, G1, 0, 2), NOP]);
    let err = cpu.step().unwrap_err();
    assert!(matches!(err, SimError::ErrorMode { tt: 0x07, .. }), "{err}");
}

#[test]
fn ldd_std_ldstub_swap() {
    let cpu = run(&[
        sethi(RAM + 0x800, G1),
        alu_i(0x02, 0, 0x11, G2),
        alu_i(0x02, 0, 0x22, G3),
        mem_i(0x07, G2, G1, 0),    // std %g2, [%g1]
        mem_i(0x03, O0, G1, 0),    // ldd [%g1], %o0
        mem_i(0x0D, 4 + 8, G1, 3), // ldstub [%g1 + 3], %o4
        alu_i(0x02, 0, 0x55, 5 + 8),
        mem_i(0x0F, 5 + 8, G1, 4), // swap [%g1 + 4], %o5
        mem_i(0x00, 16, G1, 0),    // ld [%g1], %l0
        mem_i(0x00, 19, G1, 4),    // ld [%g1 + 4], %l3
    ]);
    assert_eq!((cpu.reg(O0), cpu.reg(O1)), (0x11, 0x22));
    assert_eq!(cpu.reg(12), 0x11);
    assert_eq!(cpu.reg(13), 0x22);
    assert_eq!(cpu.reg(16), 0xFF);
    assert_eq!(cpu.reg(19), 0x55);
}

#[test]
fn multiply_divide_and_their_overflow_rules() {
    let cpu = run(&[
        alu_i(0x02, 0, -3, G1),
        alu_i(0x02, 0, 7, G2),
        alu_r(0x0B, G1, G2, G3), // smul: -21, y = -1
        alu_i(0x30, 0, 1, 0),    // wr %g0, 1, %y
        NOP,
        alu_i(0x1E, 0, 1, O0), // udivcc %g0, 1: 2^32 -> 0xffffffff, V
        alu_i(0x30, 0, 0, 0),  // wr %y = 0
        NOP,
        alu_i(0x0F, G1, 2, O1), // sdiv 0x00000000fffffffd / 2 (y = 0: positive)
        NOP,                    // the count ends at the last one's first cycle
    ]);
    assert_eq!(cpu.reg(G3), -21i32 as u32);
    assert_eq!(cpu.reg(O0), u32::MAX);
    assert_eq!(cpu.psr() & psr::ICC, psr::N | psr::V);
    assert_eq!(cpu.reg(O1), 0x7FFF_FFFE);
    let t = Timing::default();
    assert_eq!(
        cpu.cycles(),
        2 + t.multiplier.cycles() as u64 + 2 + t.divide as u64 + 2 + t.divide as u64 + 1
    );
}

#[test]
fn load_use_costs_the_load_delay() {
    let cpu = run(&[
        sethi(RAM, G1),
        mem_i(0x00, G2, G1, 0), // ld [%g1], %g2
        alu_i(0x00, G2, 1, G3), // use: +1
        mem_i(0x00, G2, G1, 0),
        NOP,
        alu_i(0x00, G2, 1, G3), // one between: 0
    ]);
    assert_eq!(cpu.cycles(), 7);
}

#[test]
fn call_enters_a_routine_that_returns_to_the_stub() {
    let mut cpu = cpu_with(&[0x81C3_E008, alu_i(0x00, O0, 1, O0)]);
    cpu.set_reg(O0, 41);
    cpu.call(RAM).unwrap();
    assert_eq!(cpu.reg(SP), 0x4010_0000 - 96);
    cpu.run(100, None).unwrap();
    assert_eq!(cpu.reg(O0), 42);
    // retl 1, its delay slot 1: the count ends when the slot is written
    // back (the word fetched behind it and the stub come after)
    assert_eq!(cpu.cycles(), 2);
    assert!(cpu.halted());
    assert!(cpu.pc() < 0x8_0000, "the stub is in PROM");
}

#[test]
fn fpu_instructions_trap_fp_disabled() {
    let mut cpu = cpu_with(&[alu_r(0x34, 0, 0, 0)]);
    let err = cpu.step().unwrap_err();
    assert!(matches!(err, SimError::ErrorMode { tt: 0x04, .. }), "{err}");
}

#[test]
fn the_extension_runs_sbox_gf2mul_and_gf2mac() {
    // %o0 = 0x00530000, %o1 = 0xAABBCCDD; sbox %o0, (src 2, dst 1), %o1
    let sbox = f3(2, 9, ext::OP3_SBOX, 8, Some(2 | 1 << 2), 0);
    let inv = f3(2, 10, ext::OP3_SBOX, 9, Some(0x10 | 1 | 3 << 2), 0);
    let cpu = run(&[
        0x1100_14C0, // sethi %hi(0x00530000), %o0
        0x132A_AEF3, // sethi %hi(0xAABBCC00), %o1
        0x9212_60DD, // or %o1, 0xDD, %o1
        sbox,        // %o1 = 0xAABBEDDD
        inv,         // %o2 byte 3 = InvS(0xED) = 0x53
    ]);
    assert_eq!(cpu.reg(9), 0xAABB_EDDD);
    assert_eq!(cpu.reg(10) >> 24, 0x53);
    assert_eq!(cpu.cycles(), 5, "sbox issues in one cycle");
    // gf2mul %o0, %o0, %o2 then gf2mac %o0, %o0, %o3: the accumulator
    // returns to 0 (x ^ x), and %y holds the high word
    let cpu = run(&[
        0x1120_0000, // sethi %hi(0x80000000), %o0
        f3(2, 10, ext::OP3_GF2MUL, 8, None, 8),
        0x9740_0000, // rd %y, %o3
        f3(2, 12, ext::OP3_GF2MAC, 8, None, 8),
        0x9B40_0000, // rd %y, %o5
    ]);
    assert_eq!((cpu.reg(10), cpu.reg(11)), (0, 1 << 30));
    assert_eq!((cpu.reg(12), cpu.reg(13)), (0, 0));
    // an sbox immediate with bits above bit 4 is illegal
    let mut cpu = cpu_with(&[f3(2, 9, ext::OP3_SBOX, 8, Some(0x20), 0)]);
    assert!(matches!(
        cpu.run(10, None),
        Err(SimError::ErrorMode {
            tt: tt::ILLEGAL_INSTRUCTION,
            ..
        })
    ));
}

/// Records every cache lookup.
#[derive(Default)]
struct Lookups(Vec<CacheLookup>);
impl Observer for Lookups {
    fn cache(&mut self, l: CacheLookup) {
        self.0.push(l);
    }
}

#[test]
fn the_cache_observer_sees_every_lookup_with_its_outcome() {
    // the reference caches: the code misses once per line, the first load
    // misses, the same word again hits
    let mut cpu = Leon2::new(Config::default());
    let code = [
        sethi(RAM + 0x1000, G1),
        mem_i(0x00, G2, G1, 0),
        mem_i(0x00, G3, G1, 0),
    ];
    cpu.load(RAM, &words(&[&code[..], &HALT_CODE].concat()))
        .unwrap();
    cpu.boot(RAM);
    cpu.set_observer(Some(Box::new(Lookups::default())));
    cpu.run(1000, None).unwrap();
    let seen = crate::observe::downcast::<Lookups>(cpu.take_observer().unwrap()).unwrap();
    let data: Vec<bool> = (seen.0.iter())
        .filter(|l| l.cache == CacheKind::Data)
        .map(|l| l.hit)
        .collect();
    assert_eq!(data, [false, true]);
    let fetches = seen.0.iter().filter(|l| l.cache == CacheKind::Instruction);
    assert_eq!(
        fetches.clone().filter(|l| !l.hit).count(),
        1,
        "one line of code"
    );
    assert_eq!(fetches.count() as u64, cpu.instructions());
}
