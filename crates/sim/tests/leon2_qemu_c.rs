//! C programs compiled by sparc64-linux-gnu-gcc -m32 -mcpu=v8 -O2, with
//! and without -mflat, run by qemu-sparc (-cpu LEON2, Linux user mode), by
//! qemu-system-sparc -M leon3_generic (bare metal in supervisor mode, the
//! window traps through crt0's handlers at %tbr, as ours runs them) and by
//! our LEON2: the 32-bit `result` each computes must agree.
//! `tests/leon2-c/`: 64-bit arithmetic (multiplication, shifts, division
//! through rt.c's helpers: Debian has no 32-bit SPARC libgcc), a dense
//! switch (a jump table through JMPL) and a sparse one, and recursion far
//! deeper than the eight windows. qemu-sparc's build starts at
//! start-linux.s (prints `result`, exits through `ta 0x10`); the bare one
//! at tests/leon2/crt0.s, whose window overflow and underflow handlers the
//! register-window build goes through (counted) and the -mflat build never
//! needs, and prints `result` on the LEON3 UART at the end (leon3-main.c,
//! leon3-uart.c; on ours the writes land in the register area).

#[path = "common/leon2_c.rs"]
mod leon2_c;

use cardlab_sim::Cpu;
use cardlab_sim::leon2::{Config, Leon2};
use leon2_c::{Build, gcc};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn build(program: &str, flat: bool, bare: bool, tmp: &Path) -> PathBuf {
    let elf = tmp.join(format!("{program}-{flat}-{bare}.elf"));
    let options = ["-Dmain=program_main".to_string()];
    gcc(
        &elf,
        &Build {
            program,
            bare,
            flat,
            options: if bare { &options } else { &[] },
            more: if bare {
                &["leon3-main.c", "leon3-uart.c"]
            } else {
                &[]
            },
        },
    );
    elf
}

/// qemu-sparc (Linux user mode).
fn qemu_user(elf: &Path) -> u32 {
    let out = Command::new("qemu-sparc")
        .args(["-cpu", "LEON2"])
        .arg(elf)
        .output()
        .expect("qemu-sparc is not installed (Debian qemu-user); run scripts/install");
    assert!(out.status.success(), "{}: qemu-sparc failed", elf.display());
    let text = String::from_utf8(out.stdout).unwrap();
    u32::from_str_radix(text.trim(), 16).unwrap()
}

/// qemu-system-sparc -M leon3_generic on the bare image: supervisor mode,
/// traps vectored through %tbr to crt0's handlers. The program then loops
/// at its halt, so the line it printed is read and QEMU stopped.
fn qemu_system(elf: &Path) -> u32 {
    let mut child = Command::new("qemu-system-sparc")
        .args(["-M", "leon3_generic", "-nographic", "-no-reboot", "-kernel"])
        .arg(elf)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect(
            "qemu-system-sparc is not installed (Debian qemu-system-sparc); run scripts/install",
        );
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    u32::from_str_radix(line.trim(), 16).unwrap_or_else(|_| panic!("qemu printed {line:?}"))
}

/// (result, window traps taken) on ours.
fn ours(elf: &Path) -> (u32, u64) {
    let image = cardlab_sim::leon2::TARGET.read(elf).unwrap();
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
fn c_programs_agree_with_qemu_user_and_system_with_and_without_register_windows() {
    let tmp = tempfile::tempdir().unwrap();
    for program in ["arith64", "switch", "recursion"] {
        for flat in [false, true] {
            let user = qemu_user(&build(program, flat, false, tmp.path()));
            let bare = build(program, flat, true, tmp.path());
            let (got, traps) = ours(&bare);
            let system = qemu_system(&bare);
            assert_eq!(
                (got, got),
                (user, system),
                "{program} (flat {flat}): ours {got:#x}, qemu-sparc {user:#x}, qemu-system {system:#x}"
            );
            if program == "recursion" {
                // windows spill and fill; -mflat code never saves a window
                assert_eq!(traps > 0, !flat, "{program} (flat {flat}): {traps} traps");
            }
        }
    }
}
