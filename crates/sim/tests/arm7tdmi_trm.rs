//! ARM7TDMI cycle timing against the TRM (ARM DDI 0210C, chapter 6, and its
//! §6.20 instruction speed summary; GBATEK's summary gives the same): one
//! row per instruction class, the expected count worked out by hand from
//! the TRM's S/N/I formula, not by the simulator's code. unicorn has no
//! cycle model, so these are the timing's only reference.
//!
//! Also here: the ARM7TDMI behaviours QEMU does not share (or the
//! architecture leaves unpredictable), each checked against the TRM.

mod arm;
#[path = "common/mod.rs"]
mod common;

use arm::{CODE, assemble};
use cardlab_sim::Cpu;
use cardlab_sim::arm7tdmi::bus::RegionSpec;
use cardlab_sim::arm7tdmi::{Arm7tdmi, Config};

/// A CPU in System mode, flags clear, with `source` at CODE, registers from
/// `regs`, the data at 0x1000 counting up from 0x80 (so loads have values).
fn cpu_with(source: &str, regs: &[(usize, u32)], config: Config) -> Arm7tdmi {
    let mut cpu = Arm7tdmi::new(config);
    let data: Vec<u8> = (0..256).map(|i| 0x80u8.wrapping_add(i as u8)).collect();
    cpu.load(0x1000, &data);
    cpu.load(CODE, &assemble(source));
    cpu.set_cpsr(0x1F | if source.contains(".thumb") { 0x20 } else { 0 });
    for &(r, v) in regs {
        cpu.set_reg(r, v);
    }
    cpu.set_reg(15, CODE);
    cpu
}

/// Cycles of the first `n` instructions.
fn cycles(source: &str, regs: &[(usize, u32)], n: usize, config: Config) -> u64 {
    let mut cpu = cpu_with(source, regs, config);
    for _ in 0..n {
        cpu.step().unwrap_or_else(|e| panic!("{source}: {e}"));
    }
    cpu.cycles()
}

struct Row {
    /// TRM section and formula, for the failure message.
    trm: &'static str,
    source: &'static str,
    regs: &'static [(usize, u32)],
    /// Instructions to run.
    n: usize,
    expected: u64,
}

const fn row(trm: &'static str, source: &'static str, expected: u64) -> Row {
    Row {
        trm,
        source,
        regs: &[(1, 0x1000), (2, 0x1004), (3, 0x1000), (13, 0x1100)],
        n: 1,
        expected,
    }
}

const fn with(
    trm: &'static str,
    source: &'static str,
    regs: &'static [(usize, u32)],
    expected: u64,
) -> Row {
    Row {
        trm,
        source,
        regs,
        n: 1,
        expected,
    }
}

const ARM: &[Row] = &[
    row("6.3 data processing: 1S", "add r0, r1, r2", 1),
    row(
        "6.3 data processing, immediate: 1S",
        "orrs r0, r1, #0xff00",
        1,
    ),
    row(
        "6.3 data processing, shift by register: 1S + 1I",
        "add r0, r1, r2, lsl r3",
        2,
    ),
    row(
        "6.3 data processing, Rd = PC: 2S + 1N",
        "mov pc, #0x9000",
        3,
    ),
    row(
        "6.3 data processing, Rd = PC, shift by register: 2S + 1N + 1I",
        "add pc, r1, r2, lsr r0",
        4,
    ),
    row("6.2 condition fails: 1S", "movne r0, r1", 1),
    row("6.4 B: 2S + 1N", "b .+64", 3),
    row("6.4 BL: 2S + 1N", "bl .+64", 3),
    row("6.4 BX: 2S + 1N", "bx r1", 3),
    row("6.5 MRS: 1S", "mrs r0, cpsr", 1),
    row("6.5 MSR: 1S", "msr cpsr_f, r1", 1),
    row("6.7 LDR: 1S + 1N + 1I", "ldr r0, [r1, #4]", 3),
    row("6.7 LDRB: 1S + 1N + 1I", "ldrb r0, [r1], #1", 3),
    row("6.7 LDRH: 1S + 1N + 1I", "ldrh r0, [r1, r2]", 3),
    row("6.7 LDRSB: 1S + 1N + 1I", "ldrsb r0, [r1, #-1]", 3),
    row("6.7 LDR into PC: 2S + 2N + 1I", "ldr pc, [r1]", 5),
    row("6.8 STR: 2N", "str r0, [r1, #8]!", 2),
    row("6.8 STRH: 2N", "strh r0, [r1]", 2),
    row("6.9 LDM, 4 registers: 4S + 1N + 1I", "ldmia r1, {r4-r7}", 6),
    row("6.9 LDM, 1 register: 1S + 1N + 1I", "ldmia r1, {r4}", 3),
    row(
        "6.9 LDM with PC, 2 registers: 3S + 2N + 1I",
        "ldmia r1, {r4, pc}",
        6,
    ),
    row("6.10 STM, 4 registers: 3S + 2N", "stmdb r2!, {r4-r7}", 5),
    row("6.10 STM, 1 register: 2N", "stmia r1, {r4}", 2),
    row("6.11 SWP: 1S + 2N + 1I", "swp r0, r4, [r1]", 4),
    row("6.12 SWI: 2S + 1N", "svc 0", 3),
    with(
        "6.6 MUL, Rs[31:8] zero: 1S + 1I",
        "mul r0, r1, r2",
        &[(2, 0xFF)],
        2,
    ),
    with(
        "6.6 MUL, Rs[31:8] ones: 1S + 1I",
        "mul r0, r1, r2",
        &[(2, 0xFFFF_FF80)],
        2,
    ),
    with(
        "6.6 MUL, Rs[31:16] zero: 1S + 2I",
        "mul r0, r1, r2",
        &[(2, 0x1234)],
        3,
    ),
    with(
        "6.6 MUL, Rs[31:24] zero: 1S + 3I",
        "mul r0, r1, r2",
        &[(2, 0x12_3456)],
        4,
    ),
    with(
        "6.6 MUL, otherwise: 1S + 4I",
        "mul r0, r1, r2",
        &[(2, 0x1234_5678)],
        5,
    ),
    with(
        "6.6 MLA: 1S + (m + 1)I",
        "mla r0, r1, r2, r3",
        &[(2, 0x1234)],
        4,
    ),
    with(
        "6.6 UMULL, Rs = -1 (no early end unsigned): 1S + 5I",
        "umull r0, r4, r1, r2",
        &[(2, 0xFFFF_FFFF)],
        6,
    ),
    with(
        "6.6 SMULL, Rs = -1: 1S + 2I",
        "smull r0, r4, r1, r2",
        &[(2, 0xFFFF_FFFF)],
        3,
    ),
    with(
        "6.6 UMLAL, Rs[31:16] zero: 1S + 4I",
        "umlal r0, r4, r1, r2",
        &[(2, 0x1234)],
        5,
    ),
    with(
        "6.6 SMLAL, otherwise: 1S + 6I",
        "smlal r0, r4, r1, r2",
        &[(2, 0x8123_4567)],
        7,
    ),
];

const THUMB: &[Row] = &[
    row("Thumb ADDS = ARM ADDS: 1S", ".thumb\nadds r0, r1, r2", 1),
    row(
        "Thumb LSLS by register = ARM shift by register: 1S + 1I",
        ".thumb\nlsls r0, r3",
        2,
    ),
    row(
        "Thumb MOV PC = ARM MOV PC: 2S + 1N",
        ".thumb\nmov pc, r1",
        3,
    ),
    row("Thumb BX: 2S + 1N", ".thumb\nbx r1", 3),
    row(
        "Thumb LDR = ARM LDR: 1S + 1N + 1I",
        ".thumb\nldr r0, [r1, #4]",
        3,
    ),
    row(
        "Thumb LDR PC-relative: 1S + 1N + 1I",
        ".thumb\nldr r0, [pc, #16]",
        3,
    ),
    row("Thumb STRH = ARM STRH: 2N", ".thumb\nstrh r0, [r1, #2]", 2),
    row(
        "Thumb PUSH 5 registers = STMDB: 4S + 2N",
        ".thumb\npush {r4-r7, lr}",
        6,
    ),
    row(
        "Thumb POP with PC, 2 registers = LDM with PC: 3S + 2N + 1I",
        ".thumb\npop {r4, pc}",
        6,
    ),
    row(
        "Thumb LDMIA 3 registers: 3S + 1N + 1I",
        ".thumb\nldmia r1!, {r4-r6}",
        5,
    ),
    row("Thumb B: 2S + 1N", ".thumb\nb .+32", 3),
    row("Thumb Bcond not taken (Z clear): 1S", ".thumb\nbeq .+32", 1),
    row(
        "Thumb Bcond taken (Z clear): 2S + 1N",
        ".thumb\nbne .+32",
        3,
    ),
    Row {
        n: 2,
        ..row("Thumb BL, both halves: 3S + 1N", ".thumb\nbl .+64", 4)
    },
    with(
        "Thumb MULS, m from Rd[31:16] zero: 1S + 2I",
        ".thumb\nmuls r0, r2",
        &[(0, 0x1234), (2, 0x1234_5678)],
        3,
    ),
    row("Thumb SWI: 2S + 1N", ".thumb\nsvc 1", 3),
];

fn check(rows: &[Row]) {
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            let got = cycles(r.source, r.regs, r.n, Config::default());
            (got != r.expected).then(|| {
                format!(
                    "{}: {} took {got}, the TRM says {}",
                    r.trm, r.source, r.expected
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_arm_instruction_class_takes_its_trm_cycles() {
    check(ARM);
}

#[test]
fn every_thumb_format_takes_the_cycles_of_its_arm_equivalent() {
    check(THUMB);
}

#[test]
fn wait_states_are_added_to_n_and_s_cycles_by_region() {
    // Code: 32-bit, N + 2, S + 1. Data at 0x1000: 16-bit bus, N + 3, S + 1.
    let config = Config {
        map: vec![
            RegionSpec::zero_wait("ram", 0, 0x1000),
            RegionSpec {
                bus_bits: 16,
                n_wait: 3,
                s_wait: 1,
                ..RegionSpec::zero_wait("data", 0x1000, 0x1000)
            },
            RegionSpec {
                n_wait: 2,
                s_wait: 1,
                ..RegionSpec::zero_wait("code", CODE, 0x1000)
            },
        ],
    };
    let regs = &[(1, 0x1000)];
    // ADD: 1S from code = 1 + 1.
    assert_eq!(cycles("add r0, r1, r1", regs, 1, config.clone()), 2);
    // LDR: S from code (1 + 1), N for the first half of the word (1 + 3)
    // and S for the second (1 + 1), I (1) = 9.
    assert_eq!(cycles("ldr r0, [r1]", regs, 1, config.clone()), 9);
    // LDRB: 2 + one N access (4) + 1 = 7.
    assert_eq!(cycles("ldrb r0, [r1]", regs, 1, config.clone()), 7);
    // B: S (2) + the refill N (1 + 2) and S (2) at the target = 7.
    assert_eq!(cycles("b .+16", regs, 1, config), 7);
}

// ---- behaviours of the ARM7TDMI itself -------------------------------------

/// Run `source` from System mode with `regs` until it halts (`b .`).
fn run(source: &str, regs: &[(usize, u32)]) -> Arm7tdmi {
    let mut cpu = cpu_with(source, regs, Config::default());
    cpu.run(1000, None)
        .unwrap_or_else(|e| panic!("{source}: {e}"));
    cpu
}

fn word(cpu: &Arm7tdmi, addr: u32) -> u32 {
    arm::peek32(cpu, addr)
}

#[test]
fn unaligned_loads_rotate_as_the_trm_says() {
    // TRM 4.9.2: a word load from a non-word address reads the aligned word
    // rotated right by 8 × (address mod 4). Memory at 0x1000: 80 81 82 83.
    let cpu = run("ldr r0, [r1]\nb .", &[(1, 0x1001)]);
    assert_eq!(cpu.reg(0), 0x8083_8281);
    // LDRH at an odd address: the aligned halfword rotated by 8.
    let cpu = run("ldrh r0, [r1]\nb .", &[(1, 0x1001)]);
    assert_eq!(cpu.reg(0), 0x8000_0081);
    // LDRSH at an odd address: the byte there, sign-extended.
    let cpu = run("ldrsh r0, [r1]\nb .", &[(1, 0x1001)]);
    assert_eq!(cpu.reg(0), 0xFFFF_FF81);
    // Stores ignore the low address bits.
    let cpu = run("str r2, [r1]\nb .", &[(1, 0x1003), (2, 0x1122_3344)]);
    assert_eq!(word(&cpu, 0x1000), 0x1122_3344);
}

#[test]
fn the_pc_reads_12_ahead_where_the_trm_says() {
    // TRM 4.5.5 (shift by register) and 4.9.4 (STR), 4.11 (STM): the PC
    // reads as the instruction's address + 12 there, + 8 elsewhere.
    let cpu = run(
        "add r0, pc, r2, lsl r3\nadd r4, pc, #0\nb .",
        &[(2, 0), (3, 0)],
    );
    assert_eq!((cpu.reg(0), cpu.reg(4)), (CODE + 12, CODE + 4 + 8));
    let cpu = run(
        "str pc, [r1]\nstmia r2, {pc}\nb .",
        &[(1, 0x1000), (2, 0x1010)],
    );
    assert_eq!(
        (word(&cpu, 0x1000), word(&cpu, 0x1010)),
        (CODE + 12, CODE + 4 + 12)
    );
}

#[test]
fn block_transfers_follow_the_arm7tdmi_base_rules() {
    // LDM with the base in the list and write-back: the loaded value wins.
    let cpu = run("ldmia r1!, {r0, r1}\nb .", &[(1, 0x1000)]);
    assert_eq!(cpu.reg(1), 0x8786_8584);
    // STM with the base first in the list stores the original base...
    let cpu = run("stmia r1!, {r1, r2}\nb .", &[(1, 0x1000), (2, 7)]);
    assert_eq!((word(&cpu, 0x1000), cpu.reg(1)), (0x1000, 0x1008));
    // ...and with it later in the list, the written-back one.
    let cpu = run("stmia r2!, {r1, r2}\nb .", &[(1, 7), (2, 0x1000)]);
    assert_eq!(word(&cpu, 0x1004), 0x1008);
    // An empty list stores R15 and moves the base by 0x40.
    let cpu = run(".inst 0xe8a20000\nb .", &[(2, 0x1000)]);
    assert_eq!((word(&cpu, 0x1000), cpu.reg(2)), (CODE + 12, 0x1040));
}

#[test]
fn swi_enters_supervisor_mode_and_movs_pc_lr_returns() {
    // TRM 2.8: R14_svc = the next instruction, SPSR_svc = CPSR, mode SVC,
    // IRQ disabled, ARM state, PC = 0x08.
    let mut cpu = cpu_with(
        ".thumb\nsvc 5",
        &[(13, 0x1100), (14, 0x42)],
        Config::default(),
    );
    cpu.load(0x08, &assemble("movs pc, lr")[..4]);
    cpu.step().unwrap();
    assert_eq!(cpu.pc(), 0x08);
    assert_eq!(cpu.cpsr() & 0xFF, 0x93);
    assert_eq!(cpu.reg(14), CODE + 2, "the next instruction (SPSR keeps T)");
    // MOVS PC, LR: CPSR = SPSR (System, Thumb), PC = LR; the System bank's
    // R13 and R14 are back.
    cpu.step().unwrap();
    assert_eq!((cpu.pc(), cpu.cpsr() & 0xFF), (CODE + 2, 0x3F));
    assert_eq!((cpu.reg(13), cpu.reg(14)), (0x1100, 0x42));
}

#[test]
fn mode_changes_swap_the_banked_registers() {
    // System → FIQ: R8-R14 banked; LDM ^ without PC loads the User bank.
    let cpu = run(
        "mov r8, #1\nmov sp, #2\nmsr cpsr_c, #0xd1\nmov r8, #3\nmov sp, #4\n\
         ldmia r1, {r8, sp}^\nmrs r5, cpsr\nmsr cpsr_c, #0xdf\nb .",
        &[(1, 0x1000)],
    );
    assert_eq!(cpu.reg(5) & 0x1F, 0x11, "was in FIQ mode");
    assert_eq!(
        (cpu.reg(8), cpu.reg(13)),
        (0x8382_8180, 0x8786_8584),
        "User bank loaded"
    );
}

#[test]
fn faults_and_the_halt_convention() {
    // An undefined instruction and a coprocessor instruction stop the run.
    let mut cpu = cpu_with(".inst 0xe7f000f0", &[], Config::default());
    let err = cpu.step().unwrap_err().to_string();
    assert!(err.starts_with("undefined instruction"), "{err}");
    let mut cpu = cpu_with("mrc p15, 0, r0, c0, c0, 0", &[], Config::default());
    assert!(cpu.step().is_err());
    // A data access outside the map names the address.
    let mut cpu = cpu_with("ldr r0, [r1]", &[(1, 0x0100_0000 << 2)], Config::default());
    let err = cpu.step().unwrap_err().to_string();
    assert_eq!(err, "read of unmapped address 0x04000000 at PC=0x00008000");
    // `b .` halts, in either state.
    assert!(cpu_with("b .", &[], Config::default()).halted());
    assert!(cpu_with(".thumb\nb .", &[], Config::default()).halted());
}
