//! C programs (tests/arm/c/programs.c) built by arm-none-eabi-gcc for the
//! ARM7TDMI, in ARM and in Thumb state at -O2 and -Os: main's result on our
//! simulator must equal qemu-arm's (QEMU's ARMv4T model TI925T, Linux user
//! mode). Results, not cycles: QEMU has no cycle model.

use std::path::{Path, PathBuf};
use std::process::Command;

fn c_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/arm/c")
}

/// Build programs.c with the start-up `crt` ("sim" or "linux") and `flags`.
fn build(dir: &Path, crt: &str, flags: &[&str]) -> PathBuf {
    let out = dir.join(format!("{crt}{}.elf", flags.join("")));
    let text = if crt == "sim" { "0x8000" } else { "0x10000" };
    let c = c_dir();
    let status = Command::new("arm-none-eabi-gcc")
        .args([
            "-mcpu=arm7tdmi",
            "-mthumb-interwork",
            "-ffreestanding",
            "-nostdlib",
        ])
        .args(["-nostartfiles", "-Wl,--no-warn-rwx-segments"])
        .arg(format!("-Wl,-Ttext={text}"))
        .args(flags)
        .arg(c.join(format!("crt0-{crt}.s")))
        .arg(c.join("programs.c"))
        .args(["-lgcc", "-o"])
        .arg(&out)
        .status()
        .expect(
            "arm-none-eabi-gcc is not installed; run scripts/install (Debian gcc-arm-none-eabi)",
        );
    assert!(status.success(), "arm-none-eabi-gcc {flags:?} failed");
    out
}

fn on_qemu(elf: &Path) -> u32 {
    let out = Command::new("qemu-arm")
        .args(["-cpu", "ti925t"])
        .arg(elf)
        .output()
        .expect("qemu-arm is not installed; run scripts/install (Debian qemu-user)");
    assert!(
        out.status.success(),
        "qemu-arm {}: {:?}",
        elf.display(),
        out
    );
    u32::from_le_bytes(out.stdout[..4].try_into().expect("4 bytes of result"))
}

fn on_cardlab(elf: &Path) -> (u32, u64) {
    let mut program = cardlab_sim::arm7tdmi::TARGET.load(elf).unwrap();
    program.cpu.run(10_000_000, None).unwrap();
    let r0 = program.cpu.registers()[0].value as u32;
    (r0, program.cpu.cycles())
}

#[test]
fn c_programs_give_qemus_results_in_arm_and_thumb_state() {
    let dir = tempfile::tempdir().unwrap();
    for flags in [
        ["-marm", "-O2"],
        ["-mthumb", "-O2"],
        ["-marm", "-Os"],
        ["-mthumb", "-Os"],
    ] {
        let theirs = on_qemu(&build(dir.path(), "linux", &flags));
        let (ours, cycles) = on_cardlab(&build(dir.path(), "sim", &flags));
        assert_eq!(
            ours, theirs,
            "{flags:?}: r0 {ours:#010x}, qemu-arm {theirs:#010x}"
        );
        assert!(
            cycles > 10_000,
            "{flags:?}: {cycles} cycles is too few for the work"
        );
    }
}
