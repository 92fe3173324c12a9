//! Building the LEON2 C test programs (tests/leon2-c/) with
//! sparc64-linux-gnu-gcc, for qemu-sparc (Linux user mode, start-linux.s)
//! or bare metal (tests/leon2/crt0.s, linked at the SRAM), shared by the
//! differential test and the speed benchmark.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// How one program is built.
pub struct Build<'a> {
    pub program: &'a str,
    /// Bare metal (crt0.s, the image at 0x40000000) or Linux user mode.
    pub bare: bool,
    pub flat: bool,
    /// More compiler options (-D...).
    pub options: &'a [String],
    /// More sources from tests/leon2-c/.
    pub more: &'a [&'a str],
}

/// sparc64-linux-gnu-gcc with the options every LEON2 test program is
/// built with (for bare metal, measure.py's `GCC` in
/// tests/leon2/rtl/programs/): 32-bit V8 at -O2, no library, linked
/// from 0x40000000 when `bare`.
pub fn sparc_gcc(bare: bool) -> Command {
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
    .args(["-Wl,-z,noexecstack"]);
    if bare {
        // no build-id note: it would be a segment at 0x100b4, outside the
        // SRAM, which the RTL reference's memory image cannot hold
        cmd.args(["-Wl,-N", "-Wl,-Ttext=0x40000000", "-Wl,--build-id=none"]);
    }
    cmd
}

/// Run a [`sparc_gcc`] command; panics naming `what` if gcc fails.
pub fn run_gcc(mut cmd: Command, what: &str) {
    let ok = cmd
        .status()
        .expect("sparc64-linux-gnu-gcc is not installed; run scripts/install")
        .success();
    assert!(ok, "{what}: gcc failed");
}

/// Build `b` into `out`; panics naming the program if gcc fails.
pub fn gcc(out: &Path, b: &Build) {
    let c = tests_dir().join("leon2-c");
    let mut cmd = sparc_gcc(b.bare);
    cmd.args(b.options);
    if b.flat {
        cmd.arg("-mflat");
    }
    cmd.arg(if b.bare {
        tests_dir().join("leon2/crt0.s")
    } else {
        c.join("start-linux.s")
    });
    cmd.arg(c.join(format!("{}.c", b.program)))
        .arg(c.join("rt.c"))
        .args(b.more.iter().map(|m| c.join(m)))
        .arg("-o")
        .arg(out);
    run_gcc(cmd, b.program);
}
