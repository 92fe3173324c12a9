//! What the 68HC05 tests share: sdas6808/sdld6808 (Debian `sdcc`) with the
//! listing's cycle column, and a batch driver for ucsim's `shc08`
//! (Debian `sdcc-ucsim`), which runs many cases in one process.

#![allow(dead_code)] // each test binary uses its own part of this module

use crate::common::assemble_with;
use cardlab_sim::hc05::{Config, Hc05, Regs};
use cardlab_sim::observe::Coverage;
use cardlab_sim::{Cpu, Space};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// An assembled and linked program.
pub struct Assembled {
    pub ihx: PathBuf,
    /// The assembler listing.
    pub listing: String,
}

/// Assemble `source` (which starts with `.hc05`) with sdas6808 and link it
/// with sdld6808 into `dir/name.ihx` with NoICE symbols `dir/name.noi`.
pub fn assemble(dir: &Path, name: &str, source: &str) -> Assembled {
    Assembled {
        ihx: assemble_with("sdas6808", "sdld6808", dir, name, source),
        listing: std::fs::read_to_string(dir.join(format!("{name}.lst"))).unwrap(),
    }
}

/// One instruction line of a listing: its bytes (branch offsets as
/// before linking) and the `[n]` cycle column (None where sdas6808 prints
/// none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub bytes: Vec<u8>,
    pub cycles: Option<u32>,
    pub source: String,
}

/// Address → listed instruction, for every listing line that has bytes.
pub fn listing(text: &str) -> BTreeMap<u16, Listed> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some(addr) = line.get(3..7).and_then(|a| u16::from_str_radix(a, 16).ok()) else {
            continue;
        };
        let rest = &line[7..];
        let (bytes_text, cycles, source) = match rest.find('[') {
            Some(open) if open < 20 => {
                let close = rest[open..].find(']').map(|c| open + c).unwrap_or(open);
                let n = rest[open + 1..close].trim().parse().ok();
                (&rest[..open], n, &rest[close + 1..])
            }
            _ => (
                rest.get(..19).unwrap_or(rest),
                None,
                rest.get(19..).unwrap_or(""),
            ),
        };
        // Relocation marks (`20p00`, `r03`) split the bytes; a marked byte
        // is the value before linking.
        let bytes_text: String = bytes_text
            .chars()
            .map(|c| if c.is_ascii_hexdigit() { c } else { ' ' })
            .collect();
        let bytes: Vec<u8> = bytes_text
            .split_whitespace()
            .map_while(|t| u8::from_str_radix(t, 16).ok().filter(|_| t.len() == 2))
            .collect();
        if bytes.is_empty() {
            continue;
        }
        let source = source
            .trim_start()
            .split_once(char::is_whitespace)
            .map_or("", |(_, s)| s)
            .trim()
            .to_string();
        out.insert(
            addr,
            Listed {
                bytes,
                cycles,
                source,
            },
        );
    }
    out
}

/// The cycles the listing gives what ran: each executed instruction's
/// `[n]` times the number of times it ran. sdas6808 prints no cycles for
/// MUL; the vendor table's 11 is used there (tests/hc05_timing.rs checks
/// that MUL is the only such opcode).
pub fn listed_cycles(listed: &BTreeMap<u16, Listed>, coverage: &Coverage, what: &str) -> u64 {
    coverage
        .executed
        .iter()
        .map(|(&pc, &(_, times))| {
            let line = listed
                .get(&(pc as u16))
                .unwrap_or_else(|| panic!("{what}: {pc:#06x} executed but not in the listing"));
            let n = line.cycles.unwrap_or_else(|| {
                assert_eq!(line.bytes[0], 0x42, "{what}: no cycles for {}", line.source);
                11 // MUL: the vendor table; the listing prints none
            });
            n as u64 * times
        })
        .sum()
}

/// Our simulator with `segments` loaded and then a case's memory and
/// registers set, as `run_shc08` sets them on shc08.
pub fn start_ours(segments: &[(u32, Vec<u8>)], case: &Shc08Case) -> Hc05 {
    let mut cpu = Hc05::new(Config::default());
    for (addr, bytes) in segments {
        cpu.load(*addr, bytes).expect("inside the B16 map");
    }
    for (addr, bytes) in &case.writes {
        for (i, &b) in bytes.iter().enumerate() {
            assert!(cpu.write(Space::Memory, *addr as u32 + i as u32, b));
        }
    }
    cpu.set_regs(Regs {
        a: case.a,
        x: case.x,
        sp: case.sp,
        pc: case.pc,
        ccr: case.ccr,
    });
    cpu
}

/// The bytes of each `(start, len)` range, as `run_shc08` dumps them.
pub fn memory(cpu: &dyn Cpu, ranges: &[(u16, usize)]) -> Vec<Vec<u8>> {
    ranges
        .iter()
        .map(|&(s, n)| {
            (0..n as u32)
                .map(|i| cpu.read(Space::Memory, s as u32 + i).unwrap())
                .collect()
        })
        .collect()
}

/// Whether ucsim's `shc08` can be run; the reason if not.
pub fn shc08_missing() -> Option<String> {
    match Command::new("shc08")
        .arg("-h")
        .stdin(Stdio::null())
        .output()
    {
        Ok(_) => None,
        Err(e) => Some(format!(
            "shc08 not found ({e}); install Debian sdcc-ucsim (scripts/install)"
        )),
    }
}

/// What shc08 reports for one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shc08State {
    pub a: u8,
    pub x: u8,
    pub sp: u16,
    /// V11HINZC as the HC08 keeps it.
    pub ccr: u8,
    pub pc: u16,
    /// The requested memory ranges, in order.
    pub memory: Vec<Vec<u8>>,
    /// shc08's instruction count (`Inst=` of its `state` report) when the
    /// case stopped, counted since the image was loaded.
    pub instructions: u64,
}

/// One run in a batch: memory to write, registers to set, where to start,
/// and where it can stop.
pub struct Shc08Case {
    pub writes: Vec<(u16, Vec<u8>)>,
    pub a: u8,
    pub x: u8,
    pub sp: u16,
    pub ccr: u8,
    pub pc: u16,
}

/// Load `ihx` into shc08 (`-t HC08`) once, then run every case from its
/// state to one of `breaks` and read back the registers and `dumps`.
pub fn run_shc08(
    ihx: &Path,
    breaks: &[u16],
    cases: &[Shc08Case],
    dumps: &[(u16, usize)],
) -> Vec<Shc08State> {
    // The first step after loading only resets (taking the vector at
    // 0xFFFE); every case then sets its own state.
    let mut script = format!("file \"{}\"\nset error stack off\nstep\n", ihx.display());
    for b in breaks {
        script += &format!("break {b:#x}\n");
    }
    for (i, case) in cases.iter().enumerate() {
        for (addr, bytes) in &case.writes {
            for (k, chunk) in bytes.chunks(32).enumerate() {
                let data: Vec<String> = chunk.iter().map(|b| format!("{b:#04x}")).collect();
                let at = *addr as usize + 32 * k;
                script += &format!("set memory rom {at:#x} {}\n", data.join(" "));
            }
        }
        script += &format!(
            "expression H=0\nexpression A={:#x}\nexpression X={:#x}\nexpression SP={:#x}\nexpression CC={:#x}\nexpression PC={:#x}\n",
            case.a, case.x, case.sp, case.ccr, case.pc
        );
        script += "run\n";
        script += &format!("expression {}\n", MARK + i as u32);
        script += "expression A\nexpression X\nexpression SP\nexpression CC\nexpression PC\n";
        for (start, len) in dumps {
            script += &format!(
                "dump /h rom {start:#x} {:#x} 16\n",
                *start as usize + len - 1
            );
        }
        script += "state\n";
    }
    script += "quit\n";
    let dir = ihx.parent().unwrap();
    let commands = dir.join(format!(
        "{}.cmd",
        ihx.file_stem().unwrap().to_string_lossy()
    ));
    std::fs::write(&commands, script).unwrap();
    // A case that runs away never reaches a breakpoint: `timeout` ends it.
    let out = Command::new("timeout")
        .args(["120", "shc08", "-t", "HC08", "-q", "-b", "-R", "1", "-e"])
        .arg(format!("exec \"{}\"", commands.display()))
        .stdin(Stdio::null())
        .output()
        .expect("shc08 runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    parse_states(&text, cases.len(), dumps)
}

/// A number no register prints, marking where each case's report starts.
const MARK: u32 = 7_000_000;

fn parse_states(text: &str, cases: usize, dumps: &[(u16, usize)]) -> Vec<Shc08State> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut states = vec![];
    for i in 0..cases {
        let mark = (MARK + i as u32).to_string();
        let at = lines
            .iter()
            .position(|l| *l == mark)
            .unwrap_or_else(|| panic!("case {i}: no report from shc08:\n{}", tail(text)));
        // The five values follow, each after its echoed command.
        let mut values = vec![];
        let mut pos = at + 1;
        while values.len() < 5 {
            let line = lines
                .get(pos)
                .unwrap_or_else(|| panic!("case {i}: registers missing:\n{}", tail(text)));
            if let Ok(v) = line.parse::<u32>() {
                values.push(v);
            }
            pos += 1;
        }
        let value = |k: usize| values[k - 1];
        let mut memory = vec![];
        for &(start, len) in dumps {
            let mut bytes = vec![];
            while bytes.len() < len {
                let line = lines[pos];
                pos += 1;
                let mut tokens = line.split_whitespace();
                let Some(addr) = tokens.next().and_then(|t| t.strip_prefix("0x")) else {
                    continue;
                };
                if u32::from_str_radix(addr, 16).ok() != Some(start as u32 + bytes.len() as u32) {
                    continue;
                }
                let n = (len - bytes.len()).min(16);
                bytes.extend(tokens.take(n).map(|t| {
                    u8::from_str_radix(t, 16)
                        .unwrap_or_else(|_| panic!("case {i}: not a dump line: {line:?}"))
                }));
            }
            memory.push(bytes);
        }
        let instructions = lines[pos..]
            .iter()
            .find_map(|l| l.strip_prefix("Inst= "))
            .and_then(|t| t.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("case {i}: no instruction count:\n{}", tail(text)));
        states.push(Shc08State {
            a: value(1) as u8,
            x: value(2) as u8,
            sp: value(3) as u16,
            ccr: value(4) as u8,
            pc: value(5) as u16,
            memory,
            instructions,
        });
    }
    states
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}
