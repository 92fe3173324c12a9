//! Unit tests of the H8/300 core: hand-assembled programs in RAM.

use super::*;

/// A CPU with `code` at the start of RAM, SP at the top of RAM, run to
/// its halt (`BRA .` at the end of `code`).
fn run(code: &[u8]) -> H8300 {
    let mut cpu = H8300::new(Config::default());
    let at = 0xF580;
    cpu.load(at, code).unwrap();
    cpu.set_pc(at);
    cpu.set_reg16(7, cpu.stack_top());
    cpu.run(10_000, None).unwrap();
    cpu
}

const BRA_SELF: [u8; 2] = [0x40, 0xFE];

fn with_halt(code: &[u8]) -> Vec<u8> {
    [code, &BRA_SELF].concat()
}

#[test]
fn mov_and_add_set_registers_and_flags() {
    // mov.w #0x1234,r2; mov.b #0x7f,r1l; add.b #1,r1l
    let cpu = run(&with_halt(&[
        0x79, 0x02, 0x12, 0x34, 0xF9, 0x7F, 0x89, 0x01,
    ]));
    assert_eq!(cpu.reg16(1) & 0xFF, 0x80);
    assert_eq!(cpu.reg16(2), 0x1234);
    assert_eq!(cpu.ccr() & (N | V | Z | C | H), N | V | H);
    // 4 + 2 + 2 states, the halt not executed.
    assert_eq!(cpu.cycles(), 8);
}

#[test]
fn jsr_and_rts_cost_the_manuals_states() {
    // jsr @sub (8); bra . ; sub: rts (8)
    let code = [0x5E, 0x00, 0xF5, 0x86, 0x40, 0xFE, 0x54, 0x70];
    let cpu = run(&code);
    assert_eq!(cpu.cycles(), 16);
    assert_eq!(cpu.pc(), 0xF584);
    assert_eq!(cpu.reg16(7), cpu.stack_top());
}

#[test]
fn mulxu_and_divxu_take_fourteen_states() {
    // mov.b #200,r1l; mov.w #50,r2 (word: 0x0032); mulxu r1l,r2; divxu r1l,r2
    let code = with_halt(&[0xF9, 200, 0x79, 0x02, 0x00, 0x32, 0x50, 0x92, 0x51, 0x92]);
    let cpu = run(&code);
    // 50 * 200 = 10000; 10000 / 200 = 50 rest 0.
    assert_eq!(cpu.reg16(2), 50);
    assert_eq!(cpu.cycles(), 2 + 4 + 14 + 14);
}

#[test]
fn bit_operations_on_memory_read_and_write_the_byte() {
    // mov.w #0xf600,r2; bset #3,@r2 (8); btst #3,@r2 (6); bld #0,@r2 (6)
    let code = with_halt(&[
        0x79, 0x02, 0xF6, 0x00, 0x7D, 0x20, 0x70, 0x30, 0x7C, 0x20, 0x73, 0x30, 0x7C, 0x20, 0x77,
        0x00,
    ]);
    let mut cpu = H8300::new(Config::default());
    cpu.load(0xF600, &[0x01]).unwrap();
    cpu.load(0xF580, &code).unwrap();
    cpu.set_pc(0xF580);
    cpu.run(1000, None).unwrap();
    assert_eq!(cpu.read(Space::Memory, 0xF600), Some(0x09));
    assert_eq!(
        cpu.ccr() & (Z | C),
        C,
        "bit 3 set: Z clear; bit 0 loaded into C"
    );
    assert_eq!(cpu.cycles(), 4 + 8 + 6 + 6);
}

#[test]
fn an_h8_300h_opcode_is_illegal_at_its_pc() {
    // mov.l er0,er1 = 0f 81 on the /300H (DAA with a non-zero high nibble here)
    let mut cpu = H8300::new(Config::default());
    cpu.load(0xF580, &[0x0F, 0x81]).unwrap();
    cpu.set_pc(0xF580);
    let err = cpu.step().unwrap_err().to_string();
    assert!(err.contains("0f81") && err.contains("0x0000f580"), "{err}");
}

#[test]
fn a_write_to_rom_and_an_unmapped_read_are_typed_errors() {
    // mov.b r1l,@0x0100 ; mov.b @0xc000,r1l
    let mut cpu = H8300::new(Config::default());
    cpu.load(0xF580, &[0x6A, 0x89, 0x01, 0x00, 0x6A, 0x09, 0xC0, 0x00])
        .unwrap();
    cpu.set_pc(0xF580);
    assert!(matches!(
        cpu.step(),
        Err(SimError::ReadOnlyWrite { addr: 0x100, .. })
    ));
    cpu.set_pc(0xF584);
    assert!(matches!(
        cpu.step(),
        Err(SimError::Unmapped {
            addr: 0xC000,
            write: false,
            ..
        })
    ));
}

#[test]
fn calls_return_to_a_stub_in_free_rom_and_sleep_halts() {
    let mut cpu = H8300::new(Config::default());
    // sub: sleep? no: mov.b #1,r0l; rts
    cpu.load(0x0100, &[0xF8, 0x01, 0x54, 0x70]).unwrap();
    cpu.call(0x0100).unwrap();
    cpu.run(1000, None).unwrap();
    assert!(cpu.halted());
    assert_eq!(cpu.reg16(0) & 0xFF, 1);
    assert_eq!(cpu.cycles(), 2 + 8);
    let mut cpu = H8300::new(Config::default());
    cpu.load(0x0100, &[0x01, 0x80]).unwrap();
    cpu.set_pc(0x0100);
    cpu.run(1000, None).unwrap();
    assert!(cpu.halted());
}
