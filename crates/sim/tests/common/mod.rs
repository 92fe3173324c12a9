//! What the differential tests and the speed benchmark share: a seeded
//! generator, Intel HEX output, the sdcc toolchain and a batch driver for
//! ucsim's `s51`.
//!
//! The tools come from Debian's `sdcc` and `sdcc-ucsim` (scripts/install
//! puts them there); a missing tool fails the test with the package to
//! install, it never skips it.

#![allow(dead_code)] // each test binary uses its own part of this module

use cardlab_sim::{Access, Observer, Space};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// xorshift64: small, seeded, and the same on every machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn byte(&mut self) -> u8 {
        (self.next() >> 24) as u8
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A number in lo..=hi.
    pub fn range(&mut self, lo: u16, hi: u16) -> u16 {
        lo + self.below((hi - lo) as u64 + 1) as u16
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Where random operands may point.
pub struct Operands {
    /// Direct internal-RAM operands lie below this address.
    pub iram_below: u8,
    /// SFRs a direct operand may name (one pick in four).
    pub sfrs: &'static [u8],
    /// SFRs whose bits a bit operand may name (one pick in four).
    pub bit_sfrs: &'static [u8],
}

impl Operands {
    pub fn direct(&self, rng: &mut Rng) -> u8 {
        if rng.below(4) == 0 {
            rng.pick(self.sfrs)
        } else {
            rng.below(self.iram_below as u64) as u8
        }
    }

    pub fn bit(&self, rng: &mut Rng) -> u8 {
        if rng.below(4) == 0 {
            rng.pick(self.bit_sfrs) | rng.below(8) as u8
        } else {
            rng.below(0x80) as u8
        }
    }

    /// The bytes of opcode `op` with random operands of the right kind.
    pub fn instruction(&self, op: u8, rng: &mut Rng) -> Vec<u8> {
        let len = cardlab_sim::mcs51::timing::LENGTH[op as usize];
        let direct_first = op & 0x0F == 0x5
            || matches!(op, 0x42 | 0x43 | 0x52 | 0x53 | 0x62 | 0x63 | 0x86..=0x8F | 0xA6..=0xAF | 0xC0 | 0xD0);
        let bit_first = matches!(
            op,
            0x10 | 0x20 | 0x30 | 0x72 | 0x82 | 0x92 | 0xA0 | 0xA2 | 0xB0 | 0xB2 | 0xC2 | 0xD2
        );
        let mut bytes = vec![op];
        if len >= 2 {
            bytes.push(if bit_first {
                self.bit(rng)
            } else if direct_first {
                self.direct(rng)
            } else {
                rng.byte()
            });
        }
        if len == 3 {
            bytes.push(if op == 0x85 {
                self.direct(rng)
            } else {
                rng.byte()
            });
        }
        bytes
    }
}

/// Intel HEX text for code segments, 16 data bytes a record.
pub fn ihx_text(segments: &[(u16, Vec<u8>)]) -> String {
    let mut records = vec![];
    for (addr, bytes) in segments {
        for (i, chunk) in bytes.chunks(16).enumerate() {
            records.push(ihex::Record::Data {
                offset: addr + 16 * i as u16,
                value: chunk.to_vec(),
            });
        }
    }
    records.push(ihex::Record::EndOfFile);
    ihex::create_object_file_representation(&records).unwrap()
}

/// Run a tool; panic with its output if it fails, naming the package if absent.
pub fn tool(program: &str, package: &str, args: &[&str], dir: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| {
            panic!("{program} must be installed (Debian {package}; scripts/install): {e}")
        });
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{program} {args:?} failed:\n{text}");
    text
}

/// Assemble `source` with sdas8051 and link it with sdld into
/// `dir/name.ihx` (and the NoICE symbols `dir/name.noi`).
pub fn assemble(dir: &Path, name: &str, source: &str) -> PathBuf {
    assemble_with("sdas8051", "sdld", dir, name, source)
}

/// Assemble `source` with the ASxxxx `assembler` (listing in
/// `dir/name.lst`) and link it with `linker` into `dir/name.ihx` (and the
/// NoICE symbols `dir/name.noi`).
pub fn assemble_with(
    assembler: &str,
    linker: &str,
    dir: &Path,
    name: &str,
    source: &str,
) -> PathBuf {
    std::fs::write(dir.join(format!("{name}.asm")), source).unwrap();
    let out = tool(
        assembler,
        "sdcc",
        &["-plosgff", &format!("{name}.rel"), &format!("{name}.asm")],
        dir,
    );
    assert!(!out.contains("rror"), "{assembler} reported:\n{out}");
    tool(
        linker,
        "sdcc",
        &[
            "-n",
            "-i",
            "-j",
            &format!("{name}.ihx"),
            &format!("{name}.rel"),
        ],
        dir,
    );
    dir.join(format!("{name}.ihx"))
}

/// Compile a C file with `sdcc -mmcs51` into `dir/name.ihx` (+ `.noi`).
pub fn compile_c(dir: &Path, name: &str, source: &str) -> PathBuf {
    std::fs::write(dir.join(format!("{name}.c")), source).unwrap();
    tool(
        "sdcc",
        "sdcc",
        &["-mmcs51", "--debug", "-Wl-j", &format!("{name}.c")],
        dir,
    );
    dir.join(format!("{name}.ihx"))
}

/// What one batch run of s51 reports.
#[derive(Debug)]
pub struct S51Run {
    pub pc: u16,
    /// Machine cycles (s51's clock count / 12).
    pub cycles: u64,
    /// Instructions executed, as s51 counts them.
    pub instructions: u64,
    /// The requested dumps, in order.
    pub dumps: Vec<Vec<u8>>,
    pub output: String,
}

/// Run `ihx` on `s51 -t 8052` until one of `breaks`, then dump each
/// `(space, start, len)`.
pub fn run_s51(ihx: &Path, breaks: &[u16], dumps: &[(Space, u32, usize)]) -> S51Run {
    let mut args: Vec<String> = ["-t", "8052", "-q", "-b", "-R", "1"]
        .map(String::from)
        .to_vec();
    let mut cmd = |c: String| {
        args.push("-e".into());
        args.push(c);
    };
    cmd(format!("file \"{}\"", ihx.display()));
    for h in breaks {
        cmd(format!("break {h:#x}"));
    }
    cmd("run".into());
    for (space, start, len) in dumps {
        cmd(format!(
            "dump /h {} {start:#x} {:#x}",
            space.name(),
            start + *len as u32 - 1
        ));
    }
    cmd("state".into());
    cmd("quit".into());
    let out = Command::new("s51")
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("s51 must be installed (Debian sdcc-ucsim; scripts/install)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let stop = text
        .lines()
        .find_map(|l| l.strip_prefix("Stop at 0x"))
        .unwrap_or_else(|| panic!("s51 did not stop at a breakpoint:\n{text}"));
    let pc = u16::from_str_radix(&stop[..6], 16).unwrap();
    let clks: u64 = text
        .lines()
        .find(|l| l.starts_with("Total time since last reset"))
        .and_then(|l| l.rsplit('(').next())
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no clock count in s51 output:\n{text}"));
    let instructions = text
        .lines()
        .find_map(|l| l.strip_prefix("Inst= "))
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no instruction count in s51 output:\n{text}"));
    let mut reader = Dumps::new(&text);
    let dumps = dumps
        .iter()
        .map(|&(_, start, len)| reader.take(start, len))
        .collect();
    S51Run {
        pc,
        cycles: clks / 12,
        instructions,
        dumps,
        output: text,
    }
}

/// Reads `dump /h` output (`0xADDR b0 b1 ... ascii`) in the order the
/// dumps were requested, so equal addresses in different spaces do not mix.
struct Dumps<'a> {
    lines: Vec<&'a str>,
    pos: usize,
}

impl<'a> Dumps<'a> {
    fn new(out: &'a str) -> Self {
        // Dumps follow the report printed when the run stops.
        let lines: Vec<&str> = out.lines().collect();
        let pos = lines
            .iter()
            .position(|l| l.starts_with("Stop at"))
            .unwrap_or(0);
        Dumps { lines, pos }
    }

    fn take(&mut self, start: u32, len: usize) -> Vec<u8> {
        let mut bytes = vec![];
        while bytes.len() < len && self.pos < self.lines.len() {
            let line = self.lines[self.pos];
            self.pos += 1;
            let mut tokens = line.split_whitespace();
            let Some(addr) = tokens.next().and_then(|t| t.strip_prefix("0x")) else {
                continue;
            };
            if u32::from_str_radix(addr, 16).ok() != Some(start + bytes.len() as u32) {
                continue;
            }
            let n = (len - bytes.len()).min(8);
            for t in tokens.take(n) {
                bytes.push(u8::from_str_radix(t, 16).expect("hex byte in dump"));
            }
        }
        assert_eq!(
            bytes.len(),
            len,
            "dump of {start:#x} not found in s51 output"
        );
        bytes
    }
}

/// Contiguous runs of sorted addresses, as `(start, len)`, for dumping.
pub fn ranges(addrs: impl IntoIterator<Item = u32>) -> Vec<(u32, usize)> {
    let mut sorted: Vec<u32> = addrs.into_iter().collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out: Vec<(u32, usize)> = vec![];
    for a in sorted {
        match out.last_mut() {
            Some((s, n)) if *s + *n as u32 == a => *n += 1,
            _ => out.push((a, 1)),
        }
    }
    out
}

/// The Python that runs unicorn: $CARDLAB_PYTHON, the repository's .venv
/// (scripts/install), or python3.
pub fn python() -> PathBuf {
    if let Ok(p) = std::env::var("CARDLAB_PYTHON") {
        return p.into();
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python3");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

/// An observer keeping the last value written to every byte.
#[derive(Default)]
pub struct Writes(pub BTreeMap<u32, u8>);

impl Observer for Writes {
    fn access(&mut self, a: Access) {
        if a.write {
            self.0.insert(a.addr, a.value);
        }
    }
}
