//! `cardlab run -t avr` on what avr-gcc and avr-as build: a C program with
//! avr-libc's start-up code on both parts, a hand-assembled subroutine
//! whose clocks are the AVR Instruction Set Manual's (DS40002198, AVRe
//! column; summed in the comments, never taken from the simulator), the
//! EEPROM space, Intel HEX, and the errors.

mod common;
use common::{cardlab, run_json as json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A C program: a checksum over a 32-bit LCG, kept in `result`; an
/// initialised EEPROM array.
const C_PROGRAM: &str = "
#include <stdint.h>
__attribute__((section(\".eeprom\"))) uint8_t table[4] = {0xca, 0xfe, 0xba, 0xbe};
volatile uint32_t result;
int main(void)
{
    uint32_t x = 1, sum = 0;
    for (uint16_t i = 0; i < 100; i++) {
        x = x * 1664525UL + 1013904223UL;
        sum += x >> 7;
    }
    result = sum;
    return 0;
}
";

/// The same computation in Rust.
fn expected() -> u32 {
    let (mut x, mut sum) = (1u32, 0u32);
    for _ in 0..100 {
        x = x.wrapping_mul(1664525).wrapping_add(1013904223);
        sum = sum.wrapping_add(x >> 7);
    }
    sum
}

fn avr_gcc(dir: &Path, mcu: &str, source: &str, name: &str) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).unwrap();
    let elf = dir.join(format!("{name}.elf"));
    let out = Command::new("avr-gcc")
        .args([&format!("-mmcu={mcu}"), "-O2", "-o"])
        .arg(&elf)
        .arg(&c)
        .output()
        .expect("avr-gcc must be installed (Debian gcc-avr, avr-libc; scripts/install)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    elf
}

fn result_of(v: &serde_json::Value) -> u32 {
    let bytes: Vec<u8> = serde_json::from_value(v["dumps"][0]["bytes"].clone()).unwrap();
    u32::from_le_bytes(bytes.try_into().unwrap())
}

#[test]
fn an_avr_gcc_program_runs_on_both_parts() {
    let dir = tempfile::tempdir().unwrap();
    // The ATmega32 (MUL and MOVW in libgcc's multiply), then the card's
    // classic core, built for a classic avr3 part.
    let mega = avr_gcc(dir.path(), "atmega32", C_PROGRAM, "mega");
    let classic = avr_gcc(dir.path(), "at43usb355", C_PROGRAM, "classic");
    let v = json(&[
        "-t",
        "avr",
        mega.to_str().unwrap(),
        "--dump",
        "mem:result:4",
    ]);
    assert_eq!(
        (&v["target"], &v["stop"]),
        (&"avr".into(), &"halted".into())
    );
    assert_eq!(result_of(&v), expected());
    let card = json(&[
        "-t",
        "avr",
        "--part",
        "at90sc3232c",
        classic.to_str().unwrap(),
        "--dump",
        "mem:result:4",
        "--dump",
        "eeprom:table:4",
    ]);
    assert_eq!(card["stop"], "halted");
    assert_eq!(result_of(&card), expected());
    assert_eq!(
        card["dumps"][1]["bytes"],
        serde_json::json!([0xca, 0xfe, 0xba, 0xbe])
    );
    assert!(
        card["cycles"].as_u64() > v["cycles"].as_u64(),
        "no hardware multiplier: slower"
    );
    // The ATmega32 build on the card part stops at its first MUL.
    let out = cardlab(&[
        "run",
        "-t",
        "avr",
        "--part",
        "at90sc3232c",
        mega.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("undefined instruction m") && stderr.contains("at90sc3232c's classic core"),
        "{stderr}"
    );
}

const ASM: &str = "
        .text
        .global start, twice, done
start:  ldi     r16, 3          ; 1
loop:   dec     r16             ; 1   x3
        brne    loop            ; 2, 2, 1
        sts     0x0100, r16     ; 2
done:   rjmp    done
twice:  lds     r24, 0x0100     ; 2
        lsl     r24             ; 1
        push    r24             ; 2
        pop     r25             ; 2
        sts     0x0101, r25     ; 2
        ret                     ; 4
";

fn assembled(dir: &Path) -> PathBuf {
    let source = dir.join("prog.s");
    std::fs::write(&source, ASM).unwrap();
    cardlab_lab::build::assemble(cardlab_sim::avr::TARGET, &[source], &[], dir)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_program_and_a_call_take_the_manuals_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let elf = assembled(dir.path());
    let elf = elf.to_str().unwrap();
    let v = json(&["-t", "avr", elf, "--dump", "mem:0x100:1"]);
    assert_eq!(v["cycles"], 1 + 3 + (2 + 2 + 1) + 2);
    assert_eq!(v["instructions"], 1 + 6 + 1);
    assert_eq!(v["dumps"][0]["bytes"], serde_json::json!([0]));
    let call = json(&[
        "-t",
        "avr",
        elf,
        "--call",
        "twice",
        "--set",
        "mem:0x100:15",
        "--dump",
        "mem:0x101:1",
    ]);
    assert_eq!(call["cycles"], 2 + 1 + 2 + 2 + 2 + 4);
    assert_eq!(call["dumps"][0]["bytes"], serde_json::json!([0x2a]));
    assert_eq!(call["registers"]["r25"], 0x2a);
}

#[test]
fn intel_hex_and_the_trace() {
    let dir = tempfile::tempdir().unwrap();
    let elf = assembled(dir.path());
    let hex = dir.path().join("prog.hex");
    let out = Command::new("avr-objcopy")
        .args(["-O", "ihex"])
        .arg(&elf)
        .arg(&hex)
        .output()
        .expect("avr-objcopy (Debian binutils-avr)");
    assert!(out.status.success());
    let from_hex = json(&["-t", "avr", hex.to_str().unwrap()]);
    let from_elf = json(&["-t", "avr", elf.to_str().unwrap()]);
    assert_eq!(from_hex["cycles"], from_elf["cycles"]);
    let out = cardlab(&["run", "-t", "avr", elf.to_str().unwrap(), "--trace"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ldi r16, 0x03"), "{text}");
    assert!(text.contains("brne 0x0002"), "{text}");
    assert!(text.contains("sts 0x0100, r16"), "{text}");
}

#[test]
fn bad_input_names_the_thing_and_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let elf = assembled(dir.path());
    let elf = elf.to_str().unwrap();
    let out = cardlab(&["run", "-t", "avr", "--part", "atmega8", elf]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("avr has no part 'atmega8'; known parts: atmega32, at90sc3232c"),
        "{stderr}"
    );
    // A load above the SRAM names the address and the PC.
    let source = dir.path().join("far.s");
    std::fs::write(
        &source,
        "ldi r30, 0x60\nldi r31, 0x08\nld r0, Z\nrjmp .-2\n",
    )
    .unwrap();
    let far =
        cardlab_lab::build::assemble(cardlab_sim::avr::TARGET, &[source], &[], dir.path()).unwrap();
    let out = cardlab(&["run", "-t", "avr", far.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("read of unmapped address 0x00000860 at PC=0x00000004"),
        "{stderr}"
    );
    // An image for another CPU.
    let bogus = dir.path().join("bogus.elf");
    std::fs::write(&bogus, b"\x7fELF\x01\x01\x01").unwrap();
    let out = cardlab(&["run", "-t", "avr", bogus.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("is not a valid AVR ELF executable"),
        "{stderr}"
    );
}
