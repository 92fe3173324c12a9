//! The AVR simulator against simavr (Debian simavr 1.6, through the
//! single-stepping harness `avr/simavr_step.c`, built here over
//! libsimavr): every opcode word from random register, SREG and memory
//! states; random straight-line programs with forward branches, skips and
//! calls; and avr-gcc C programs (32- and 64-bit arithmetic through
//! libgcc, jump tables, recursion, AES), whose cycles, instructions,
//! registers and results must be equal.
//!
//! Where simavr differs from the chip the words are left out and
//! docs/avr.md says why: SLEEP (simavr sleeps whatever MCUCR.SE says), SPM
//! (not modelled here), I/O registers with peripherals behind them (only
//! plain-storage ones are used, avr/SIMAVR-NOTES.md), and the encodings
//! the manual calls undefined (LD/ST that post-increment or pre-decrement
//! their own pointer's register).
//!
//! A missing tool fails the test with the package to install.

mod common;

use cardlab_sim::avr::{Avr, Config, Op, decode, two_words};
use cardlab_sim::{Cpu, SimError, Space, Stop};
use common::{Rng, tool};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The harness, built once per test process.
fn harness() -> &'static Path {
    static BUILT: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = BUILT.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/avr/simavr_step.c");
        let out = dir.path().join("simavr-step");
        tool(
            "cc",
            "simavr and libsimavr-dev",
            &[
                "-O2",
                "-o",
                &out.to_string_lossy(),
                &source.to_string_lossy(),
                "-I/usr/include/simavr",
                "-lsimavr",
            ],
            dir.path(),
        );
        (dir, out)
    });
    path
}

/// I/O registers (data-space addresses) that are plain storage on the
/// ATmega32 and in simavr (avr/SIMAVR-NOTES.md), and the core's SPL, SPH,
/// SREG.
const PLAIN_IO: [u16; 13] = [
    0x20, 0x22, 0x27, 0x29, 0x31, 0x34, 0x37, 0x3A, 0x3D, 0x3E, 0x43, 0x51, 0x5C,
];
const CORE_IO: [u16; 3] = [0x5D, 0x5E, 0x5F];

/// The SRAM the cases use: pointers, stack and LDS/STS addresses stay in
/// it, and it is compared after every case.
const WINDOW: (u16, u16) = (0x0400, 0x0580);

/// One case for both simulators.
#[derive(Clone)]
struct Case {
    flash: Vec<u16>,
    regs: [u8; 32],
    sreg: u8,
    sp: u16,
    steps: u32,
    /// (address, bytes) written before and compared after.
    mem: Vec<(u16, Vec<u8>)>,
}

impl Case {
    /// A random state: registers, SREG, the window and the plain I/O
    /// registers random; X, Y, Z and SP inside the window.
    fn random(rng: &mut Rng, flash: Vec<u16>, steps: u32) -> Case {
        let mut regs = [0u8; 32];
        regs.iter_mut().for_each(|r| *r = rng.byte());
        for pointer in [26, 28, 30] {
            let p = rng.range(0x0440, 0x0480);
            regs[pointer] = p as u8;
            regs[pointer + 1] = (p >> 8) as u8;
        }
        let window = (WINDOW.0..WINDOW.1).map(|_| rng.byte()).collect();
        let mut mem = vec![(WINDOW.0, window)];
        mem.extend(PLAIN_IO.iter().map(|&a| (a, vec![rng.byte()])));
        Case {
            flash,
            regs,
            sreg: rng.byte(),
            sp: rng.range(0x0500, 0x0560),
            steps,
            mem,
        }
    }

    fn line(&self) -> String {
        let flash: String = self
            .flash
            .iter()
            .map(|w| hex::encode(w.to_le_bytes()))
            .collect();
        let mut line = format!(
            "case {flash} {} {:02x} {:04x} {}",
            hex::encode(self.regs),
            self.sreg,
            self.sp,
            self.steps
        );
        for (addr, bytes) in &self.mem {
            line += &format!(" mem {addr:04x} {}", hex::encode(bytes));
        }
        line
    }

    /// Our simulator's result line, in the harness's format.
    fn ours(&self) -> String {
        let mut cpu = Avr::new(Config::default());
        let bytes: Vec<u8> = self.flash.iter().flat_map(|w| w.to_le_bytes()).collect();
        cpu.load_flash(0, &bytes).unwrap();
        for (n, &v) in self.regs.iter().enumerate() {
            cpu.set_reg(n, v);
        }
        for (addr, bytes) in &self.mem {
            for (i, &b) in bytes.iter().enumerate() {
                cpu.write(Space::Memory, *addr as u32 + i as u32, b);
            }
        }
        cpu.set_sreg(self.sreg);
        cpu.set_sp(self.sp);
        for _ in 0..self.steps {
            let pc = cpu.pc() / 2;
            if let Err(e) = cpu.step() {
                return format!("pc={pc:04x} error={e}");
            }
        }
        let regs: Vec<u8> = (0..32).map(|n| cpu.reg(n)).collect();
        let mem: String = self
            .mem
            .iter()
            .flat_map(|(addr, bytes)| {
                (0..bytes.len() as u32).map(|i| cpu.read(Space::Memory, *addr as u32 + i).unwrap())
            })
            .map(|b| format!("{b:02x}"))
            .collect();
        format!(
            "pc={:04x} cycles={} regs={} sreg={:02x} sp={:04x} mem={mem}",
            cpu.pc() / 2,
            cpu.cycles(),
            hex::encode(regs),
            cpu.sreg(),
            cpu.sp()
        )
    }
}

/// simavr's result line for every case, in order.
fn simavr(cases: &[Case]) -> Vec<String> {
    let mut child = Command::new(harness())
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input: String = cases.iter().map(|c| c.line() + "\n").collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "simavr-step batch failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Both simulators on every case; the first difference fails with the
/// case and the instruction.
fn compare(cases: &[Case]) {
    let theirs = simavr(cases);
    assert_eq!(
        theirs.len(),
        cases.len(),
        "simavr answered {} of {} cases",
        theirs.len(),
        cases.len()
    );
    for (case, theirs) in cases.iter().zip(&theirs) {
        let ours = case.ours();
        assert_eq!(
            &ours,
            theirs,
            "\n{}\nfirst instruction: {}",
            case.line(),
            cardlab_sim::avr::disassemble(
                0,
                &case
                    .flash
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .collect::<Vec<_>>()
            )
        );
    }
}

/// The pointer register pair (low register) an LD/ST/LPM word
/// post-increments or pre-decrements, if any.
fn moved_pointer(w: u16) -> Option<u8> {
    let insn = decode(w);
    match insn.op {
        Op::Ld | Op::St if insn.k != 0 => Some(insn.r),
        Op::LpmInc => Some(30),
        _ => None,
    }
}

/// Whether simavr and the chip agree on `w` from any state we generate:
/// not SLEEP or SPM, I/O operands plain storage, no pointer that is also
/// the loaded or stored register.
fn comparable(w: u16) -> bool {
    let insn = decode(w);
    let io = |a: u16| PLAIN_IO.contains(&(a + 0x20)) || CORE_IO.contains(&(a + 0x20));
    match insn.op {
        Op::Illegal | Op::Sleep | Op::Spm => false,
        Op::In | Op::Out | Op::Sbi | Op::Cbi | Op::Sbic | Op::Sbis => io(insn.k),
        _ => moved_pointer(w).is_none_or(|p| insn.d != p && insn.d != p + 1),
    }
}

/// The word after `w`: an address inside the window for LDS and STS, a
/// flash word for JMP and CALL.
fn operand(w: u16, rng: &mut Rng) -> u16 {
    if matches!(decode(w).op, Op::Lds | Op::Sts) {
        rng.range(WINDOW.0, WINDOW.1 - 1)
    } else {
        rng.range(0, 0x3FFF)
    }
}

#[test]
fn every_opcode_matches_simavr() {
    let mut rng = Rng(0xA5A5_1234_5678_9ABC);
    let mut cases = vec![];
    for w in (0..=u16::MAX).filter(|&w| comparable(w)) {
        for _ in 0..2 {
            // The instruction, then (for skips) a one- or two-word one.
            let mut flash = vec![w];
            if two_words(w) {
                flash.push(operand(w, &mut rng));
            } else if rng.below(2) == 0 {
                flash.push(0x0000);
            } else {
                flash.extend([0x9000, 0x0400]);
            }
            let mut case = Case::random(&mut rng, flash, 1);
            let insn = decode(w);
            match insn.op {
                // A branch back from word 0 would wrap; simavr's PC does
                // not (its RJMP does): backward branches are left not
                // taken here and taken in the C programs' loops.
                Op::Brbs | Op::Brbc if (insn.k as i16) < -1 => {
                    let bit = 1 << insn.r;
                    case.sreg = if insn.op == Op::Brbs {
                        case.sreg & !bit
                    } else {
                        case.sreg | bit
                    };
                }
                // Inside the 32 KB flash: simavr reads past it where the
                // chip ignores Z's top bit.
                Op::Lpm | Op::LpmInc | Op::LpmR0 => case.regs[31] &= 0x7F,
                // A return address inside the flash: the chip's 14-bit PC
                // wraps, simavr's does not.
                Op::Ret | Op::Reti => {
                    let high = (case.sp + 1 - WINDOW.0) as usize;
                    case.mem[0].1[high] &= 0x3F;
                }
                _ => {}
            }
            cases.push(case);
        }
    }
    assert!(cases.len() > 100_000, "{} cases", cases.len());
    compare(&cases);
}

/// A random instruction for a program: registers r0-r25 as destinations
/// (so that X, Y, Z and SP stay in the window), branches, skips, RJMP,
/// RCALL and CALL forward within `room` words, no returns.
fn program_instruction(rng: &mut Rng, at: u16, room: u16) -> Vec<u16> {
    loop {
        let w = rng.next() as u16;
        if !comparable(w) {
            continue;
        }
        let insn = decode(w);
        let writes_pointer = match insn.op {
            Op::St
            | Op::Std
            | Op::Sts
            | Op::Push
            | Op::Out
            | Op::Cpse
            | Op::Cp
            | Op::Cpc
            | Op::Cpi
            | Op::Sbrc
            | Op::Sbrs
            | Op::Bst => false,
            Op::Mul | Op::Muls | Op::Mulsu | Op::Fmul | Op::Fmuls | Op::Fmulsu => false,
            Op::Adiw | Op::Sbiw | Op::Movw => insn.d >= 24,
            _ => insn.d >= 26,
        };
        let out_to_sp = insn.op == Op::Out && matches!(insn.k + 0x20, 0x5D | 0x5E);
        let control = matches!(insn.op, Op::Ret | Op::Reti | Op::Ijmp | Op::Icall | Op::Jmp);
        if writes_pointer || out_to_sp || control {
            continue;
        }
        let forward = |rng: &mut Rng, bits: u32| rng.range(0, room.min((1 << (bits - 1)) - 1));
        return match insn.op {
            Op::Rjmp | Op::Rcall => vec![(w & 0xF000) | forward(rng, 12)],
            Op::Brbs | Op::Brbc => vec![(w & 0xFC07) | forward(rng, 7) << 3],
            Op::Call => vec![w & 0xFE0E, at + 2 + rng.range(0, room)],
            _ if two_words(w) => vec![w, operand(w, rng)],
            _ => vec![w],
        };
    }
}

#[test]
fn random_programs_match_simavr() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    const LENGTH: u16 = 48;
    let cases: Vec<Case> = (0..400)
        .map(|_| {
            let mut flash = vec![];
            while (flash.len() as u16) < LENGTH {
                let at = flash.len() as u16;
                flash.extend(program_instruction(&mut rng, at, LENGTH - at));
            }
            // Every jump lands before the end; the end loops in place.
            flash.extend([0xCFFF; 4]);
            Case::random(&mut rng, flash, 80)
        })
        .collect();
    compare(&cases);
}

/// simavr's run of an ELF: cycles, instructions, registers, SREG, SP and
/// the bytes at `dump`.
fn simavr_run(elf: &Path, dump: (u32, usize)) -> String {
    let out = Command::new(harness())
        .arg("run")
        .arg(elf)
        .arg("--dump")
        .arg(format!("{:x}:{}", dump.0, dump.1))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("stop=self"),
        "simavr did not reach the halt:\n{text}"
    );
    text.replace(" stop=self", "")
}

/// Ours, in the same form.
fn our_run(elf: &Path, dump: (u32, usize)) -> String {
    let program = cardlab_sim::avr::TARGET.load(elf).unwrap();
    let mut cpu = program.cpu;
    assert_eq!(cpu.run(100_000_000, None), Ok(Stop::Halted));
    let regs = cpu.registers();
    let value = |name: &str| regs.iter().find(|r| r.name == name).unwrap().value;
    let r: Vec<u8> = (0..32).map(|n| value(&format!("r{n}")) as u8).collect();
    let bytes: Vec<u8> = (0..dump.1 as u32)
        .map(|i| cpu.read(Space::Memory, dump.0 + i).unwrap())
        .collect();
    format!(
        "cycles={} instructions={} pc={:04x} regs={} sreg={:02x} sp={:04x}\ndump {:04x}={}\n",
        cpu.cycles(),
        cpu.instructions(),
        cpu.pc() / 2,
        hex::encode(r),
        value("sreg"),
        value("sp"),
        dump.0,
        hex::encode(bytes)
    )
}

/// The C programs the LEON2 tests also run (their `rt.h` takes its types
/// from the compiler), built by avr-gcc with its start-up code and libgcc.
#[test]
fn c_programs_match_simavr() {
    let dir = tempfile::tempdir().unwrap();
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leon2-c");
    for (name, defines) in [
        ("aes", ""),
        ("muldiv", ""),
        ("arith64", ""),
        ("switch", ""),
        ("recursion", "-DFIB=18"),
    ] {
        let elf = dir.path().join(format!("{name}.elf"));
        let source = sources.join(format!("{name}.c"));
        let mut args = vec!["-mmcu=atmega32", "-O2", "-w", "-o"];
        let (elf_text, source_text) = (elf.to_string_lossy(), source.to_string_lossy());
        args.extend([elf_text.as_ref(), source_text.as_ref()]);
        if !defines.is_empty() {
            args.push(defines);
        }
        tool("avr-gcc", "gcc-avr and avr-libc", &args, dir.path());
        let result = cardlab_sim::avr::TARGET.read(&elf).unwrap().symbols["result"];
        let dump = (result, 4);
        assert_eq!(our_run(&elf, dump), simavr_run(&elf, dump), "{name}");
    }
}

/// An error names the address and the PC.
#[test]
fn errors_name_the_address_and_pc() {
    let mut cpu = Avr::new(Config::default());
    // ldi r30, 0xFF ; ldi r31, 0xFF ; st Z, r0
    cpu.load_flash(0, &[0xEF, 0xEF, 0xFF, 0xEF, 0x00, 0x82])
        .unwrap();
    let err = cpu.run(100, None).unwrap_err();
    assert_eq!(
        err,
        SimError::Unmapped {
            pc: 4,
            addr: 0xFFFF,
            write: true
        }
    );
}
