//! What the ARM7TDMI differential tests share: a case (state, code, how many
//! instructions), running it on our simulator and, in one batch, on unicorn
//! (tests/arm/unicorn_arm.py, QEMU's ARMv4T model TI925T), and comparing
//! registers, CPSR, the bytes written and whether the run faulted.
//!
//! unicorn comes from PyPI (scripts/install puts it in .venv); a missing
//! module fails the test with the command to install it, never skips it.

#![allow(dead_code)]

use crate::common::{Writes, python};
use cardlab_sim::arm7tdmi::{Arm7tdmi, Config};
use cardlab_sim::{Cpu, Space};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The data window every memory test points into, filled per case.
pub const DATA: u32 = 0x10000;
pub const SIZE: u32 = 0x10000;
/// Where the code of a case goes.
pub const CODE: u32 = 0x8000;

/// The byte at `addr` of the data window (the Python side computes the same).
pub fn fill(addr: u32, seed: u32) -> u8 {
    (addr.wrapping_mul(0x9E37_79B1).wrapping_add(seed) >> 16) as u8
}

#[derive(Debug, Clone)]
pub struct Case {
    pub thumb: bool,
    /// R0-R15 (R15: the address of the first instruction).
    pub regs: [u32; 16],
    pub cpsr: u32,
    /// The SPSR of the starting mode, for cases in a privileged mode.
    pub spsr: Option<u32>,
    /// Instructions, placed from CODE: 4 bytes each in ARM state, 2 in Thumb.
    pub code: Vec<u32>,
    pub count: u32,
    /// The count unicorn must run, where it differs: QEMU runs a Thumb BL
    /// pair as one instruction, the ARM7TDMI as two.
    pub their_count: Option<u32>,
    pub seed: u32,
    /// What the case tests, for failure messages.
    pub what: String,
}

/// What a run left: registers (R15 = where it stopped), CPSR, the final
/// value of every byte written, and whether it faulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub regs: [u32; 16],
    pub cpsr: u32,
    /// The current mode's SPSR, compared only where the case set one.
    pub spsr: Option<u32>,
    pub writes: BTreeMap<u32, u8>,
    pub faulted: bool,
}

impl Case {
    pub fn code_bytes(&self) -> Vec<u8> {
        let mut bytes = vec![];
        for &ins in &self.code {
            if self.thumb {
                bytes.extend_from_slice(&(ins as u16).to_le_bytes());
            } else {
                bytes.extend_from_slice(&ins.to_le_bytes());
            }
        }
        bytes
    }
}

/// The case on our simulator, from a fresh CPU.
pub fn run_sim(case: &Case) -> (Outcome, Arm7tdmi) {
    let mut cpu = Arm7tdmi::new(Config::default());
    let window: Vec<u8> = (DATA..DATA + SIZE).map(|a| fill(a, case.seed)).collect();
    cpu.load(DATA, &window);
    cpu.load(case.regs[15], &case.code_bytes());
    cpu.set_cpsr(case.cpsr);
    if let Some(spsr) = case.spsr {
        cpu.set_spsr(spsr);
    }
    for (i, &v) in case.regs.iter().enumerate() {
        cpu.set_reg(i, v);
    }
    cpu.set_observer(Some(Box::new(Writes::default())));
    let mut faulted = false;
    for _ in 0..case.count {
        if cpu.step().is_err() {
            faulted = true;
            break;
        }
    }
    let writes = cardlab_sim::observe::downcast::<Writes>(cpu.take_observer().unwrap())
        .unwrap()
        .0;
    let regs = std::array::from_fn(|i| cpu.reg(i));
    let outcome = Outcome {
        regs,
        cpsr: cpu.cpsr(),
        spsr: banked_spsr(cpu.cpsr(), case.spsr.map(|_| cpu.spsr_of_mode())),
        writes,
        faulted,
    };
    (outcome, cpu)
}

/// Every case on unicorn, in one process.
pub fn run_unicorn(cases: &[Case]) -> Vec<Outcome> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/arm/unicorn_arm.py");
    let mut child = Command::new(python())
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 is not installed; run scripts/install");
    let mut input = String::new();
    for c in cases {
        let code = hex::encode(c.code_bytes());
        let mut case = serde_json::json!({
            "thumb": c.thumb, "regs": c.regs, "cpsr": c.cpsr,
            "code": [[c.regs[15], code]], "count": c.their_count.unwrap_or(c.count),
            "seed": c.seed,
        });
        if let Some(spsr) = c.spsr {
            case["spsr"] = spsr.into();
        }
        input += &case.to_string();
        input.push('\n');
    }
    if let Ok(path) = std::env::var("CARDLAB_DUMP_CASES") {
        std::fs::write(path, &input).unwrap();
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "unicorn_arm.py failed ({}); if unicorn is missing, run scripts/install \
         (it puts `unicorn==2.1.4` in .venv): {stderr}",
        out.status
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .zip(cases)
        .map(|(line, case)| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let regs: Vec<u32> = v["regs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u32)
                .collect();
            Outcome {
                regs: regs.try_into().unwrap(),
                cpsr: v["cpsr"].as_u64().unwrap() as u32,
                spsr: banked_spsr(
                    v["cpsr"].as_u64().unwrap() as u32,
                    case.spsr.map(|_| v["spsr"].as_u64().unwrap() as u32),
                ),
                writes: v["writes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| (w[0].as_u64().unwrap() as u32, w[1].as_u64().unwrap() as u8))
                    .collect(),
                faulted: !v["error"].is_null(),
            }
        })
        .collect()
}

/// The SPSR worth comparing: User and System mode have none.
fn banked_spsr(cpsr: u32, spsr: Option<u32>) -> Option<u32> {
    spsr.filter(|_| !matches!(cpsr & 0x1F, 0x10 | 0x1F))
}

/// Run every case on both and return the disagreements, described.
pub fn differences(cases: &[Case]) -> Vec<String> {
    let theirs = run_unicorn(cases);
    assert_eq!(theirs.len(), cases.len(), "unicorn answered too few cases");
    let mut out = vec![];
    for (case, theirs) in cases.iter().zip(theirs) {
        let (ours, cpu) = run_sim(case);
        let same = if ours.faulted || theirs.faulted {
            ours.faulted == theirs.faulted
        } else {
            ours == theirs
        };
        if !same {
            let text: Vec<String> = case
                .code
                .iter()
                .enumerate()
                .map(|(i, &ins)| {
                    let width = if case.thumb { 2 } else { 4 };
                    let bytes = if case.thumb {
                        (ins as u16).to_le_bytes().to_vec()
                    } else {
                        ins.to_le_bytes().to_vec()
                    };
                    format!(
                        "{ins:08x} {}",
                        cardlab_sim::arm7tdmi::disassemble(
                            case.regs[15] + width * i as u32,
                            &bytes
                        )
                    )
                })
                .collect();
            let _ = cpu;
            out.push(format!(
                "{}: {}\n  in:   regs {:08x?} cpsr {:08x}\n  ours: {}\n  uc:   {}",
                case.what,
                text.join("; "),
                case.regs,
                case.cpsr,
                describe(&ours),
                describe(&theirs)
            ));
        }
    }
    out
}

fn describe(o: &Outcome) -> String {
    if o.faulted {
        return "fault".into();
    }
    format!(
        "regs {:08x?} cpsr {:08x} spsr {:08x?} writes {:x?}",
        o.regs, o.cpsr, o.spsr, o.writes
    )
}

/// Reading our own memory, for tests that check a value by hand.
pub fn peek32(cpu: &Arm7tdmi, addr: u32) -> u32 {
    u32::from_le_bytes(std::array::from_fn(|i| {
        cpu.read(Space::Memory, addr + i as u32).unwrap()
    }))
}

/// Assemble `source` (GNU as syntax; `.thumb` inside for Thumb) for the
/// ARM7TDMI and return the bytes of its .text, placed to run from CODE.
pub fn assemble(source: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("t.s");
    std::fs::write(&src, format!("\t.text\n\t.syntax unified\n{source}\n")).unwrap();
    let tool = |tool: &str, args: &[&str]| {
        let out = Command::new(tool)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap_or_else(|e| {
                panic!("{tool}: {e}; install Debian binutils-arm-none-eabi (scripts/install)")
            });
        assert!(
            out.status.success(),
            "{tool} failed on:\n{source}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let text = format!("-Ttext={CODE:#x}");
    tool("arm-none-eabi-as", &["-mcpu=arm7tdmi", "-o", "t.o", "t.s"]);
    tool(
        "arm-none-eabi-ld",
        &[
            "--no-warn-rwx-segments",
            "-e",
            "0",
            &text,
            "-o",
            "t.elf",
            "t.o",
        ],
    );
    tool(
        "arm-none-eabi-objcopy",
        &["-O", "binary", "-j", ".text", "t.elf", "t.bin"],
    );
    std::fs::read(dir.path().join("t.bin")).unwrap()
}
