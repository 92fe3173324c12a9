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

/// Build `b` into `out`; panics naming the program if gcc fails.
pub fn gcc(out: &Path, b: &Build) {
    let c = tests_dir().join("leon2-c");
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
    .args(b.options);
    if b.flat {
        cmd.arg("-mflat");
    }
    if b.bare {
        // no build-id note: it would be a segment at 0x100b4, outside the
        // SRAM, which the RTL reference's memory image cannot hold
        cmd.args(["-Wl,-N", "-Wl,-Ttext=0x40000000", "-Wl,--build-id=none"])
            .arg(tests_dir().join("leon2/crt0.s"));
    } else {
        cmd.arg(c.join("start-linux.s"));
    }
    cmd.arg(c.join(format!("{}.c", b.program)))
        .arg(c.join("rt.c"))
        .args(b.more.iter().map(|m| c.join(m)))
        .arg("-o")
        .arg(out);
    let ok = cmd
        .status()
        .expect("sparc64-linux-gnu-gcc is not installed; run scripts/install")
        .success();
    assert!(ok, "{}: gcc failed", b.program);
}
