use super::*;

/// A CPU with `words` at flash 0, run to its halt.
fn run(words: &[u16]) -> Avr {
    let mut cpu = Avr::new(Config::default());
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    cpu.load_flash(0, &bytes).unwrap();
    cpu.run(10_000, None).unwrap();
    cpu
}

#[test]
fn ldi_add_sets_carry_half_carry_and_zero() {
    // ldi r16, 0x88 ; ldi r17, 0x78 ; add r16, r17 ; rjmp .-2
    let cpu = run(&[0xE808, 0xE718, 0x0F01, HALT]);
    assert_eq!(cpu.reg(16), 0);
    assert_eq!(cpu.sreg(), sreg::C | sreg::Z | sreg::H);
    assert_eq!(cpu.cycles(), 3);
    assert_eq!(cpu.pc(), 6);
}

#[test]
fn call_pushes_the_return_address_high_byte_at_the_lower_address() {
    // call 0x0004 (word 4) ; rjmp .-2 ; nop ; ret at word 4? layout:
    // 0: call 4 | 2: rjmp .-2 | 3: nop | 4: ret
    let cpu = run(&[0x940E, 0x0004, HALT, 0x0000, 0x9508]);
    assert_eq!(cpu.pc(), 4, "returned to the word after the call");
    let top = ATMEGA32.ramend() as u32;
    assert_eq!(
        cpu.read(Space::Memory, top),
        Some(0x02),
        "low byte pushed first"
    );
    assert_eq!(cpu.read(Space::Memory, top - 1), Some(0x00));
    assert_eq!(cpu.sp(), ATMEGA32.ramend());
    assert_eq!(cpu.cycles(), 4 + 4);
}

#[test]
fn skips_pass_over_two_word_instructions_for_three_clocks() {
    // cpse r0, r0 ; lds r16, 0x0060 ; rjmp .-2
    let cpu = run(&[0x1000, 0x9100, 0x0060, HALT]);
    assert_eq!(cpu.cycles(), 3);
    assert_eq!(cpu.pc(), 6);
}

#[test]
fn branches_cost_one_more_when_taken() {
    // ldi r16, 3 ; loop: dec r16 ; brne loop ; rjmp .-2
    let cpu = run(&[0xE003, 0x950A, 0xF7F1, HALT]);
    assert_eq!(cpu.cycles(), 1 + 3 + 2 * 2 + 1);
}

#[test]
fn an_access_above_sram_names_the_address_and_pc() {
    // ldi r26, 0x60 ; ldi r27, 0x08 ; ld r0, X+ (0x0860: just past SRAM)
    let mut cpu = Avr::new(Config::default());
    let words: [u16; 4] = [0xE6A0, 0xE0B8, 0x900D, HALT];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    cpu.load_flash(0, &bytes).unwrap();
    let err = cpu.run(100, None).unwrap_err();
    assert_eq!(
        err,
        SimError::Unmapped {
            pc: 4,
            addr: 0x0860,
            write: false
        }
    );
}

#[test]
fn sreg_and_sp_are_io_registers() {
    // ldi r16, 0xFF ; out 0x3f, r16 ; ldi r17, 0x12 ; out 0x3e, r17 ; in r18, 0x3d
    let cpu = run(&[0xEF0F, 0xBF0F, 0xE112, 0xBF1E, 0xB72D, HALT]);
    assert_eq!(cpu.sreg(), 0xFF);
    assert_eq!(cpu.sp(), 0x125F);
    assert_eq!(cpu.reg(18), 0x5F);
}

#[test]
fn sleep_halts_only_with_se_set() {
    // sleep (SE clear: a NOP) ; ldi r16, 0x80 ; out 0x35, r16 ; sleep ; nop
    let mut cpu = run(&[0x9588, 0xE800, 0xBF05, 0x9588, 0x0000, HALT]);
    assert!(cpu.halted());
    assert_eq!(cpu.pc(), 8, "asleep after the second SLEEP");
    assert_eq!(cpu.run(100, None), Ok(Stop::Halted));
}

#[test]
fn calls_return_to_a_stub_in_free_flash() {
    // 0: ldi r24, 7 ; ret
    let mut cpu = Avr::new(Config::default());
    cpu.load_flash(0, &[0x87, 0xE0, 0x08, 0x95]).unwrap();
    cpu.call(0).unwrap();
    assert_eq!(cpu.run(100, None), Ok(Stop::Halted));
    assert_eq!(cpu.reg(24), 7);
    assert_eq!(cpu.cycles(), 1 + 4);
    assert_eq!(cpu.pc(), ATMEGA32.flash_bytes - 2);
}

#[test]
fn every_two_word_instruction_fetches_its_second_word() {
    // lds r16, <unloaded word>: the second word is not in the image
    let mut cpu = Avr::new(Config::default());
    cpu.load_flash(0, &[0x00, 0x91]).unwrap();
    let err = cpu.run(100, None).unwrap_err();
    assert!(
        matches!(err, SimError::FetchOutsideImage { pc: 0, .. }),
        "{err:?}"
    );
}

#[test]
fn the_part_names_are_the_parts() {
    let names: Vec<&str> = PARTS.iter().map(|p| p.name).collect();
    assert_eq!(names, TARGET.spec().parts);
}

#[test]
fn the_classic_card_core_has_no_multiplier() {
    // mul r16, r17 on the card part
    let mut cpu = Avr::new(Config {
        part: &part::AT90SC3232C,
    });
    cpu.load_flash(0, &[0x01, 0x9F, 0xFF, 0xCF]).unwrap();
    let err = cpu.run(100, None).unwrap_err();
    assert!(
        matches!(err, SimError::UndefinedInstruction { pc: 0, .. }),
        "{err:?}"
    );
}

/// Words for: EEAR = `addr`, then `body`, then `rjmp .-2`.
fn eeprom_program(addr: u16, body: &[u16]) -> Vec<u16> {
    // ldi r16, lo ; out EEARL (0x1e), r16 ; ldi r16, hi ; out EEARH (0x1f), r16
    let mut w = vec![
        0xE000 | ((addr & 0xF0) << 4) | (addr & 0x0F),
        0xBB0E,
        0xE000 | ((addr >> 4) & 0xF00) | ((addr >> 8) & 0x0F),
        0xBB0F,
    ];
    w.extend_from_slice(body);
    w.push(HALT);
    w
}

#[test]
fn an_eeprom_read_holds_the_cpu_four_clocks() {
    let mut cpu = Avr::new(Config::default());
    cpu.write(Space::Eeprom, 0x123, 0xA5);
    // sbi EECR (0x1c), EERE ; in r17, EEDR (0x1d)
    let words = eeprom_program(0x123, &[0x9AE0, 0xB31D]);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    cpu.load_flash(0, &bytes).unwrap();
    cpu.run(1000, None).unwrap();
    assert_eq!(cpu.reg(17), 0xA5);
    assert_eq!(cpu.cycles(), 4 + (2 + 4) + 1);
}

#[test]
fn an_eeprom_write_needs_eemwe_holds_two_clocks_and_keeps_eewe_for_its_time() {
    // ldi r17, 0x3c ; out EEDR, r17 ; sbi EECR, EEMWE ; sbi EECR, EEWE ;
    // loop: sbic EECR, EEWE ; rjmp loop
    let body = [0xE31C, 0xBB1D, 0x9AE2, 0x9AE1, 0x99E1, 0xCFFE];
    let words = eeprom_program(0x3FF, &body);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut cpu = Avr::new(Config::default());
    cpu.load_flash(0, &bytes).unwrap();
    cpu.run(100_000, None).unwrap();
    assert_eq!(cpu.read(Space::Eeprom, 0x3FF), Some(0x3C));
    // 8448 clocks of the 1 MHz factory clock from the write's start; the
    // poll loop (SBIC 1 + RJMP 2) runs until EEWE reads clear.
    let write_started = 4 + 1 + 1 + 2;
    assert!(cpu.cycles() >= write_started + 8448, "{}", cpu.cycles());
    assert!(
        cpu.cycles() < write_started + 2 + 8448 + 3 + 2,
        "{}",
        cpu.cycles()
    );
    // EEWE without EEMWE four clocks before it writes nothing.
    let body = [0xE31C, 0xBB1D, 0x9AE1];
    let words = eeprom_program(0x10, &body);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut cpu = Avr::new(Config::default());
    cpu.load_flash(0, &bytes).unwrap();
    cpu.run(1000, None).unwrap();
    assert_eq!(cpu.read(Space::Eeprom, 0x10), Some(0xFF));
    assert_eq!(cpu.cycles(), 4 + 1 + 1 + 2);
}

fn card_cpu(words: &[u16]) -> Avr {
    let mut cpu = Avr::new(Config {
        part: &part::AT90SC3232C,
    });
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    cpu.load_flash(0, &bytes).unwrap();
    cpu
}

/// Steps until the card polls RXC with nothing to receive.
fn until_waiting(cpu: &mut Avr) {
    for _ in 0..1000 {
        if cpu.waiting() {
            return;
        }
        cpu.step().unwrap();
    }
    panic!("the card never waited");
}

#[test]
fn the_card_line_hands_over_characters_and_takes_them_one_at_a_time() {
    // loop: sbis UCSRA (0x0b), RXC ; rjmp loop ; in r24, UDR (0x0c) ;
    //       inc r24 ; out UDR, r24 ; rjmp loop
    let mut cpu = card_cpu(&[0x9B5F, 0xCFFE, 0xB18C, 0x9583, 0xB98C, 0xCFFA]);
    until_waiting(&mut cpu);
    assert_eq!(cpu.unread_from_card(), 0);
    cpu.send_to_card(&[1, 0x41, 0xFF]);
    assert!(!cpu.waiting());
    until_waiting(&mut cpu);
    assert_eq!(cpu.take_from_card(), [2, 0x42, 0x00]);
    // UDRE always set, RXC only with a character there
    assert_eq!(cpu.read(Space::Memory, 0x2B), Some(0x20));
    cpu.send_to_card(&[9]);
    assert_eq!(cpu.read(Space::Memory, 0x2B), Some(0xA0));
    assert_eq!(
        cpu.read(Space::Memory, 0x2C),
        Some(9),
        "a peek takes nothing"
    );
}

#[test]
fn a_power_cut_during_an_eeprom_write_leaves_the_byte_old_new_or_erased() {
    // EEDR = 0x3c ; EEMWE ; EEWE ; rjmp .-2
    let body = [0xE31C, 0xBB1D, 0x9AE2, 0x9AE1];
    let mut seen = vec![];
    for seed in 0..3 {
        let mut cpu = card_cpu(&eeprom_program(0x40, &body));
        cpu.write(Space::Eeprom, 0x40, 0x11);
        for _ in 0..12 {
            cpu.step().unwrap();
        }
        assert_eq!(cpu.eeprom_log.len(), 1);
        let w = cpu.eeprom_log[0];
        // 4 ms at the card's 3.5712 MHz
        assert_eq!((w.addr, w.until - w.start), (0x40, 14_284));
        assert!(cpu.power_cut(seed), "torn");
        seen.push(cpu.read(Space::Eeprom, 0x40).unwrap());
        assert!(!cpu.power_cut(seed), "nothing left to tear");
    }
    assert_eq!(seen, [0x11, 0x3C, 0xFF]);
    // after the write's time the byte is simply new
    let mut cpu = card_cpu(&eeprom_program(0x40, &body));
    while cpu.cycles() < 15_000 {
        cpu.step().unwrap();
    }
    assert!(!cpu.power_cut(0));
    assert_eq!(cpu.read(Space::Eeprom, 0x40), Some(0x3C));
}
