//! What the H8/300 differential tests and the speed benchmark share:
//! locating GDB's H8/300 simulator (gdb 13's sim/h8300, built from
//! Debian's gdb source by scripts/build-gdb-sim) and h8300-hms-gcc,
//! building C programs with the lab's start-up (tests/h8300-c/crt0.s,
//! h8300.ld), and running them on GDB's simulator.
//!
//! Under CI (env CI set) a missing simulator or compiler fails the test;
//! elsewhere the test is skipped with the reason.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// GDB's simulator, or why there is none.
pub fn gdb_sim() -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("CARDLAB_H8300_SIM") {
        return Ok(PathBuf::from(p));
    }
    let cache = std::env::var("CARDLAB_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/cardlab")
        });
    let run = cache.join("gdb-sim/build-h8300-elf/sim/h8300/run");
    match run.is_file() {
        true => Ok(run),
        false => Err(format!(
            "{} is missing: scripts/install builds it (scripts/build-gdb-sim h8300-elf)",
            run.display()
        )),
    }
}

/// h8300-hms-gcc runs, or why not.
pub fn gcc() -> Result<(), String> {
    match Command::new("h8300-hms-gcc")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
    {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("h8300-hms-gcc --version failed ({s})")),
        Err(e) => Err(format!(
            "h8300-hms-gcc is missing ({e}): scripts/install installs Debian's gcc-h8300-hms"
        )),
    }
}

/// `found`, or skip the test (fail it under CI, where scripts/install has
/// provided everything).
pub fn or_skip<T>(found: Result<T, String>) -> Option<T> {
    match found {
        Ok(t) => Some(t),
        Err(why) if std::env::var("CI").is_ok() => panic!("{why}"),
        Err(why) => {
            eprintln!("skipped: {why}");
            None
        }
    }
}

/// The reference simulator, or skip.
pub fn reference() -> Option<PathBuf> {
    or_skip(gdb_sim())
}

/// The reference simulator when h8300-hms-gcc is there too, or skip.
pub fn reference_and_gcc() -> Option<PathBuf> {
    or_skip(gdb_sim().and_then(|sim| gcc().map(|_| sim)))
}

/// Run a tool in `dir`; panic with its output if it fails.
pub fn tool(program: &str, args: &[&str], dir: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{program} {args:?} failed:\n{text}");
    text
}

/// The start-up, linker script and C programs.
pub fn c_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/h8300-c")
}

fn be16(d: &[u8], at: usize) -> usize {
    u16::from_be_bytes([d[at], d[at + 1]]) as usize
}

fn be32(d: &[u8], at: usize) -> usize {
    u32::from_be_bytes(d[at..at + 4].try_into().unwrap()) as usize
}

/// One libgcc member (a COFF object) with its relocations mended, or None
/// if it needs nothing. In Debian's libgcc for h8300-hms, branches and
/// calls inside a member often point at the member's symbol 0 (`bra _top`
/// in __mulsi3, `jsr @divnorm` in __divsi3, ...); binutils 2.16 reads a
/// relocation against symbol index 0 as one against *ABS* (objdump -r
/// shows `DISP8 *ABS*+0xffffffff`), so ld either refuses the branch
/// ("relocation truncated to fit") or sends the call to H'0000. The code
/// bytes are right: a copy of symbol 0 (a static label, same section and
/// value, no type or auxiliary entries) is appended to the symbol table and
/// those relocations point at it instead. No other symbol index moves.
pub fn mend_member(d: &[u8]) -> Option<Vec<u8>> {
    const RELSZ: usize = 16;
    const SYMESZ: usize = 18;
    const C_STAT: u8 = 3;
    if d.len() < 20 || be16(d, 0) != 0x8300 {
        return None;
    }
    let (nscns, symptr, nsyms, opthdr) = (be16(d, 2), be32(d, 8), be32(d, 12), be16(d, 16));
    let to_zero: Vec<usize> = (0..nscns)
        .flat_map(|s| {
            let h = 20 + opthdr + 40 * s;
            let (relptr, nreloc) = (be32(d, h + 24), be16(d, h + 32));
            (0..nreloc).map(move |r| relptr + RELSZ * r)
        })
        .filter(|&r| be32(d, r + 4) == 0)
        .collect();
    if nsyms == 0 || to_zero.is_empty() {
        return None;
    }
    let mut out = d.to_vec();
    for r in to_zero {
        out[r + 4..r + 8].copy_from_slice(&(nsyms as u32).to_be_bytes());
    }
    let end = symptr + SYMESZ * nsyms;
    for s in 0..nscns {
        // Anything stored after the symbol table moves with its end.
        let h = 20 + opthdr + 40 * s;
        for field in [h + 20, h + 24, h + 28] {
            let at = be32(d, field);
            if at >= end {
                out[field..field + 4].copy_from_slice(&((at + SYMESZ) as u32).to_be_bytes());
            }
        }
    }
    out[12..16].copy_from_slice(&((nsyms + 1) as u32).to_be_bytes());
    let mut copy = d[symptr..symptr + SYMESZ].to_vec();
    copy[14..16].copy_from_slice(&[0, 0]); // no type
    copy[16] = C_STAT;
    copy[17] = 0; // no auxiliary entries
    out.splice(end..end, copy);
    Some(out)
}

/// A copy of h8300-hms-gcc's libgcc.a in `dir` with the members
/// [`mend_member`] mends; returns its path and the mended members' names.
pub fn mended_libgcc(dir: &Path) -> (PathBuf, Vec<String>) {
    let libgcc = tool("h8300-hms-gcc", &["-print-libgcc-file-name"], dir);
    let libgcc = libgcc.trim();
    let members = dir.join("libgcc");
    std::fs::create_dir_all(&members).unwrap();
    tool("h8300-hms-ar", &["x", libgcc], &members);
    let names: Vec<String> = tool("h8300-hms-ar", &["t", libgcc], &members)
        .lines()
        .map(str::to_owned)
        .collect();
    let mut mended = vec![];
    for name in &names {
        let path = members.join(name);
        if let Some(fixed) = mend_member(&std::fs::read(&path).unwrap()) {
            std::fs::write(&path, fixed).unwrap();
            mended.push(name.clone());
        }
    }
    let archive = dir.join("libgcc-mended.a");
    let mut args = vec!["rcs".to_owned(), archive.display().to_string()];
    args.extend(names.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tool("h8300-hms-ar", &args, &members);
    (archive, mended)
}

/// A C program built for both simulators.
pub struct Built {
    /// The COFF executable (ours loads it, with its symbols).
    pub coff: PathBuf,
    /// The same as S-records (GDB's simulator cannot read this COFF).
    pub srec: PathBuf,
    /// `h8300-hms-objdump -d` of it.
    pub disassembly: String,
}

/// Compile `sources` (C files, or C text written to `name.c`) with
/// `h8300-hms-gcc -O2` for the plain H8/300, link them with crt0.s,
/// h8300.ld and the mended libgcc in `libgcc`, and convert to S-records.
pub fn build_c(dir: &Path, name: &str, source: &str, libgcc: &Path) -> Built {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).unwrap();
    let coff = dir.join(format!("{name}.coff"));
    let srec = dir.join(format!("{name}.srec"));
    let lib = c_dir();
    tool(
        "h8300-hms-gcc",
        &[
            "-O2",
            "-Wall",
            "-nostartfiles",
            "-nostdlib",
            "-T",
            lib.join("h8300.ld").to_str().unwrap(),
            lib.join("crt0.s").to_str().unwrap(),
            c.to_str().unwrap(),
            libgcc.to_str().unwrap(),
            "-o",
            coff.to_str().unwrap(),
        ],
        dir,
    );
    tool(
        "h8300-hms-objcopy",
        &["-O", "srec", coff.to_str().unwrap(), srec.to_str().unwrap()],
        dir,
    );
    let disassembly = tool("h8300-hms-objdump", &["-d", coff.to_str().unwrap()], dir);
    Built {
        coff,
        srec,
        disassembly,
    }
}

/// RAM as crt0.s has GDB's simulator write it: H'F580-H'FF7F.
pub const RAM: u16 = 0xF580;
pub const RAM_LEN: usize = 0x0A00;

/// What GDB's simulator reports of one run of a crt0.s program.
pub struct GdbRun {
    /// RAM at the end.
    pub ram: Vec<u8>,
    /// Its "#instructions executed" (every instruction through the SLEEP).
    pub instructions: u64,
    /// Its "#cycles (v approximate)".
    pub cycles: u64,
}

/// Run `srec` on GDB's simulator (`-v` for its counts).
pub fn run_gdb(sim: &Path, srec: &Path) -> GdbRun {
    let out = Command::new(sim)
        .args(["-v", "--architecture=h8300", "--target=srec"])
        .arg(srec)
        .stdin(Stdio::null())
        .output()
        .expect("GDB's h8300 simulator runs");
    assert!(
        out.status.success(),
        "GDB's simulator failed ({}) on {}: {}",
        out.status,
        srec.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    // -v first echoes "run FILE", then the program writes RAM, then -v's
    // counts follow.
    let stdout = match out.stdout.starts_with(b"run ") {
        true => &out.stdout[out.stdout.iter().position(|&b| b == b'\n').unwrap() + 1..],
        false => &out.stdout[..],
    };
    assert!(
        stdout.len() >= RAM_LEN,
        "GDB's simulator wrote {} bytes, not RAM",
        stdout.len()
    );
    let (ram, text) = stdout.split_at(RAM_LEN);
    let text = String::from_utf8_lossy(text).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let count = |label: &str| -> u64 {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(label))
            .and_then(|v| v.trim().replace(',', "").parse().ok())
            .unwrap_or_else(|| panic!("no '{label}' in GDB's simulator's output:\n{text}"))
    };
    GdbRun {
        ram: ram.to_vec(),
        instructions: count("#instructions executed"),
        cycles: count("#cycles (v approximate)"),
    }
}
