//! C programs compiled by sparc64-linux-gnu-gcc -m32 -mcpu=v8 -O2, with
//! and without -mflat, run by qemu-sparc (-cpu LEON2, Linux user mode) and
//! by our LEON2: the 32-bit `result` each computes must agree.
//! `tests/leon2-c/`: 64-bit arithmetic (multiplication, shifts, division
//! through rt.c's helpers: Debian has no 32-bit SPARC libgcc), a dense
//! switch (a jump table through JMPL) and a sparse one, and recursion far
//! deeper than the eight windows. qemu's build starts at start-linux.s
//! (prints `result`, exits through `ta 0x10`); ours at tests/leon2/crt0.s,
//! whose window overflow and underflow handlers the register-window build
//! goes through (counted), and the -mflat build never needs.

use cardlab_sim::Cpu;
use cardlab_sim::leon2::{Config, Leon2};
use cardlab_sim::target::Target;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn gcc(out: &Path, flat: bool, start: &Path, program: &str, link: &[&str]) {
    let c = dir().join("leon2-c");
    let mut cmd = Command::new("sparc64-linux-gnu-gcc");
    cmd.args([
        "-m32",
        "-mcpu=v8",
        "-O2",
        "-ffreestanding",
        "-fno-pic",
        "-fno-pie",
    ])
    .args([
        "-static",
        "-nostdlib",
        "-Wl,-m,elf32_sparc",
        "-Wl,--no-warn-rwx-segments",
    ])
    .args(["-Wl,-z,noexecstack"])
    .args(link);
    if flat {
        cmd.arg("-mflat");
    }
    cmd.arg(start)
        .arg(c.join(format!("{program}.c")))
        .arg(c.join("rt.c"))
        .arg("-o")
        .arg(out);
    let status = cmd
        .status()
        .expect("sparc64-linux-gnu-gcc is not installed; run scripts/install");
    assert!(status.success(), "{program}: gcc failed");
}

fn qemu(program: &str, flat: bool, tmp: &Path) -> u32 {
    let elf = tmp.join(format!("{program}{flat}-linux.elf"));
    gcc(
        &elf,
        flat,
        &dir().join("leon2-c/start-linux.s"),
        program,
        &[],
    );
    let out = Command::new("qemu-sparc")
        .args(["-cpu", "LEON2"])
        .arg(&elf)
        .output()
        .expect("qemu-sparc is not installed (Debian qemu-user); run scripts/install");
    assert!(out.status.success(), "{program}: qemu-sparc failed");
    let text = String::from_utf8(out.stdout).unwrap();
    u32::from_str_radix(text.trim(), 16).unwrap()
}

/// (result, window traps taken)
fn ours(program: &str, flat: bool, tmp: &Path) -> (u32, u64) {
    let elf = tmp.join(format!("{program}{flat}-bare.elf"));
    let crt0 = dir().join("leon2/crt0.s");
    gcc(
        &elf,
        flat,
        &crt0,
        program,
        &["-Wl,-N", "-Wl,-Ttext=0x40000000"],
    );
    let image = Target::Leon2.read(&elf).unwrap();
    let mut cpu = Leon2::new(Config::default());
    for (addr, bytes) in &image.segments {
        cpu.load(*addr, bytes).unwrap();
    }
    cpu.boot(image.entry);
    cpu.run(200_000_000, None).unwrap();
    let at = image.symbols["result"];
    let bytes: Vec<u8> = (at..at + 4)
        .map(|a| cpu.read(cardlab_sim::Space::Memory, a).unwrap())
        .collect();
    (u32::from_be_bytes(bytes.try_into().unwrap()), cpu.traps())
}

#[test]
fn c_programs_agree_with_qemu_with_and_without_register_windows() {
    let tmp = tempfile::tempdir().unwrap();
    for program in ["arith64", "switch", "recursion"] {
        for flat in [false, true] {
            let want = qemu(program, flat, tmp.path());
            let (got, traps) = ours(program, flat, tmp.path());
            assert_eq!(
                got, want,
                "{program} (flat {flat}): ours {got:#x}, qemu {want:#x}"
            );
            if program == "recursion" {
                // windows spill and fill; -mflat code never saves a window
                assert_eq!(traps > 0, !flat, "{program} (flat {flat}): {traps} traps");
            }
        }
    }
}
