//! `cardlab run -t arm7tdmi` on a C program built by arm-none-eabi-gcc.

mod common;
use common::cardlab;

/// The sum of squares 1..=n, kept in `result` and returned (n volatile, so
/// the compiler cannot fold the loop).
const PROGRAM: &str = "
unsigned result;
volatile unsigned n = 100;
int main(void) {
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++) s += i * i;
    result = s;
    return (int)s;
}
";

/// Build the program (ARM or Thumb) into `dir`; the ELF's path.
fn build(dir: &std::path::Path, mode: &str) -> String {
    // The start-up of the simulator's C tests: call main, then `b .`.
    let crt0 = concat!(env!("CARGO_MANIFEST_DIR"), "/../sim/tests/arm/c/crt0-sim.s");
    std::fs::copy(crt0, dir.join("crt0.s")).unwrap();
    std::fs::write(dir.join("sum.c"), PROGRAM).unwrap();
    let elf = dir.join(format!("sum{mode}.elf"));
    let status = std::process::Command::new("arm-none-eabi-gcc")
        .current_dir(dir)
        .args([
            "-mcpu=arm7tdmi",
            mode,
            "-mthumb-interwork",
            "-O2",
            "-nostdlib",
        ])
        .args([
            "-Wl,--no-warn-rwx-segments",
            "-Wl,-Ttext=0x8000",
            "crt0.s",
            "sum.c",
            "-o",
        ])
        .arg(&elf)
        .status()
        .expect("arm-none-eabi-gcc is not installed; run scripts/install");
    assert!(status.success());
    elf.to_str().unwrap().to_string()
}

#[test]
fn runs_a_c_program_to_its_halt_in_either_state() {
    let dir = tempfile::tempdir().unwrap();
    for mode in ["-marm", "-mthumb"] {
        let elf = build(dir.path(), mode);
        let out = cardlab(&[
            "run",
            "-t",
            "arm7tdmi",
            &elf,
            "--dump",
            "mem:result:4",
            "--format",
            "json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["target"], "arm7tdmi");
        assert_eq!(v["stop"], "halted");
        assert_eq!(v["registers"]["r0"], 338_350, "{mode}");
        assert_eq!(v["dumps"][0]["space"], "mem");
        assert_eq!(
            v["dumps"][0]["bytes"],
            serde_json::json!(338_350u32.to_le_bytes())
        );
        assert!(
            v["cycles"].as_u64().unwrap() > 300,
            "{mode}: {}",
            v["cycles"]
        );
    }
}

#[test]
fn the_text_report_and_the_trace_show_arm_and_thumb_code() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build(dir.path(), "-mthumb");
    let out = cardlab(&["run", "-t", "arm7tdmi", &elf, "--trace"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("ldr\tr1, [pc, #"),
        "the ARM start-up: {stdout}"
    );
    assert!(stdout.contains("bx\tr1"), "{stdout}");
    assert!(stdout.contains("adds\t"), "Thumb code: {stdout}");
    assert!(stdout.contains("halted at pc=0x"), "{stdout}");
    assert!(stdout.contains("r0=000529ae"), "{stdout}");
}

#[test]
fn wrong_images_and_spaces_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build(dir.path(), "-marm");
    let not_elf = dir.path().join("crt0.s");
    for (args, expected) in [
        (
            vec!["run", "-t", "arm7tdmi", not_elf.to_str().unwrap()],
            "is not a valid ARM ELF executable (arm-none-eabi-ld)",
        ),
        (
            vec!["run", "-t", "arm7tdmi", &elf, "--dump", "iram:0:4"],
            "no space 'iram' on arm7tdmi; use mem",
        ),
        (
            vec!["run", "-t", "arm7tdmi", &elf, "--dump", "mem:0x3ffffff:4"],
            "is outside mem on this target",
        ),
    ] {
        let out = cardlab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(expected) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}
