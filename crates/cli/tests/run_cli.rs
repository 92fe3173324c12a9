//! `cardlab run` as a user runs it, on programs assembled by sdas8051.

use std::process::Output;

mod common;
use common::cardlab;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An XOR sum of 16 bytes: 155 machine cycles by hand count
/// (2 + 1 + 1 + 1 + 16 × 5 + 1 + 1 + 1 + 16 × 4 + 1 + 2).
const XORSUM: &str = "
        .area CSEG (ABS,CODE)
        .org 0x0000
start:: mov  sp,#0x60
        mov  r0,#0x40
        mov  r2,#16
        mov  a,#0x11
fill:   mov  @r0,a
        add  a,#0x13
        inc  r0
        djnz r2,fill
        mov  r0,#0x40
        mov  r2,#16
        clr  a
sum:    xrl  a,@r0
        inc  r0
        djnz r2,sum
        mov  0x30,a
        mov  dptr,#0x1234
done::  sjmp done
; a subroutine: 1 + 1 + 2 (ret) machine cycles
double::
        add  a,acc
        mov  0x31,a
        ret
bad::   .db  0xa5
away::  ljmp 0x4000
";

fn xorsum() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("xorsum.asm");
    std::fs::write(&source, XORSUM).unwrap();
    let path = cardlab_lab::build::assemble(cardlab_sim::mcs51::TARGET, &[source], &[], dir.path())
        .unwrap_or_else(|e| panic!("{e}"));
    (dir, path.to_str().unwrap().to_string())
}

/// `cardlab run -t mcs51 xorsum.ihx ARGS...`
fn run_xorsum(args: &[&str]) -> Output {
    let (_dir, ihx) = xorsum();
    cardlab(&[&["run", "-t", "mcs51", &ihx], args].concat())
}

/// The JSON report of a run that must succeed.
fn json_report(args: &[&str]) -> serde_json::Value {
    let out = run_xorsum(&[&["--format", "json"], args].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn runs_to_the_halt_and_prints_cycles_registers_and_dumps() {
    let out = run_xorsum(&["--dump", "iram:0x30:1", "--dump", "iram:0x40:16"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("cycles        155 (1860 clocks)"),
        "{stdout}"
    );
    assert!(stdout.contains("instructions  121"), "{stdout}");
    assert!(stdout.contains("sp=60 dptr=1234 r0=50"), "{stdout}");
    // 0x11 + 0x13 i for i in 0..16, and their XOR.
    let fill: Vec<u8> = (0..16u8)
        .map(|i| 0x11u8.wrapping_add(0x13u8.wrapping_mul(i)))
        .collect();
    let row: Vec<String> = fill.iter().map(|b| format!("{b:02x}")).collect();
    assert!(
        stdout.contains(&format!("  0040  {}", row.join(" "))),
        "{stdout}"
    );
    let sum = fill.iter().fold(0, |a, b| a ^ b);
    assert!(stdout.contains(&format!("  0030  {sum:02x}")), "{stdout}");
}

#[test]
fn json_has_the_same_fields() {
    let v = json_report(&["--dump", "code:start:3"]);
    assert_eq!(v["stop"], "halted");
    assert_eq!(v["cycles"], 155);
    assert_eq!(v["clocks"], 1860);
    assert_eq!(v["instructions"], 121);
    assert_eq!(v["registers"]["dptr"], 0x1234);
    assert_eq!(v["registers"]["r2"], 0);
    assert_eq!(v["dumps"][0]["space"], "code");
    assert_eq!(
        v["dumps"][0]["bytes"],
        serde_json::json!([0x75, 0x81, 0x60])
    );
}

#[test]
fn call_runs_one_subroutine_and_stops_at_its_return() {
    let v = json_report(&["--call", "double"]);
    assert_eq!(v["cycles"], 4);
    assert_eq!(v["instructions"], 3);
    assert_eq!(
        v["registers"]["sp"], 7,
        "the return popped what the call pushed"
    );
}

#[test]
fn trace_lists_each_instruction_with_its_cycle() {
    let out = run_xorsum(&["--entry", "done", "--trace"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout)
            .lines()
            .filter(|l| l.contains("sjmp"))
            .count(),
        0,
        "halted before executing"
    );
    let out = run_xorsum(&["--trace"]);
    let stdout = text(&out.stdout);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.contains("0000: 75 81 60") && first.contains("mov sp,#0x60") && first.ends_with("+2"),
        "{first}"
    );
    assert_eq!(stdout.lines().filter(|l| l.contains("djnz r2")).count(), 32);
}

#[test]
fn run_time_faults_name_the_pc_and_instruction() {
    let out = run_xorsum(&["--entry", "bad"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("illegal opcode 0xa5 at PC="),
        "{}",
        text(&out.stderr)
    );
    let out = run_xorsum(&["--entry", "away"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("fetch outside the loaded image at PC=0x4000") && err.contains("ljmp 0x4000"),
        "{err}"
    );
    let out = run_xorsum(&["--max-cycles", "100"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("raise --max-cycles"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_input_is_one_line_exit_2_and_no_report() {
    let (dir, ihx) = xorsum();
    let corrupt = dir.path().join("corrupt.ihx");
    std::fs::write(&corrupt, ":0300000002000300\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["-t", "z80", &ihx],
            "unknown target 'z80'; known targets: mcs51",
        ),
        (
            vec!["-t", "mcs51", corrupt.to_str().unwrap()],
            "is not a valid Intel HEX image",
        ),
        (
            vec!["-t", "mcs51", &ihx, "--dump", "eeprom:0:4"],
            "no space 'eeprom' on mcs51; use code, iram, sfr, xram",
        ),
        (
            vec!["-t", "mcs51", &ihx, "--dump", "iram:0xf8:16"],
            "outside iram",
        ),
        (
            vec!["-t", "mcs51", &ihx, "--entry", "nowhere"],
            "'nowhere' is neither a number nor a symbol",
        ),
    ];
    for (args, expected) in cases {
        let out = cardlab(&[&["run"], &args[..]].concat());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(expected) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?} printed a report");
    }
}

#[test]
fn set_writes_inputs_before_the_run() {
    let out = run_xorsum(&[
        "--call",
        "double",
        "--set",
        "sfr:0xe0:21",
        "--dump",
        "iram:0x31:1",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("  0031  42"),
        "{}",
        text(&out.stdout)
    );
    let out = run_xorsum(&["--set", "iram:0x30:zz"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("HEX must be whole bytes"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_reader_that_closed_its_pipe_ends_the_run_without_a_panic() {
    let (_dir, ihx) = xorsum();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardlab"))
        .args(["run", "-t", "mcs51", &ihx, "--format", "json"])
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        !out.status.success(),
        "nothing could be written, yet it succeeded"
    );
}
