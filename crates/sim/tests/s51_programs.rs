//! Differential test against ucsim's `s51` on random whole programs:
//! straight-line code from every non-branching opcode, forward conditional
//! branches of every kind, counted loops, subroutine calls (ACALL/LCALL,
//! RET/RETI), jump tables (JMP @A+DPTR), PUSH/POP pairs, MOVX and MOVC,
//! assembled by sdas8051 and linked by sdld. Both simulators run each image
//! to its `halt` label; all of internal RAM (so all four register banks), A,
//! B, PSW, SP, DPTR, P2, the XRAM page the programs use, the cycle count
//! and the instruction count must agree.
//!
//! The programs always terminate: backward branches are only the DJNZ of
//! a counted loop, each loop owns a counter byte (0x70-0x7F) that nothing
//! else writes, and subroutine i calls only subroutines j > i. The stack
//! lives at 0x80-0xBF, which no random direct or indirect write reaches.
//! Two s51 quirks are kept out of the programs rather than papered over in
//! the comparison: every write to PSW is followed by a write to A (s51
//! recomputes P only when ACC changes; see docs/mcs51.md), and MOVX stays in
//! XRAM page 1, which the prologue initialises (s51's XRAM starts random).

mod common;
use cardlab_sim::mcs51::{self, ihx};
use cardlab_sim::observe::{Coverage, downcast};
use cardlab_sim::{Cpu, Space};
use common::{Operands, Rng, assemble, run_s51};
use std::fmt::Write as _;

const PROGRAMS: usize = 250;
/// Code stays inside the first 2 KiB so every ACALL/AJMP reaches every label.
const CODE_LIMIT: usize = 0x07F0;
const BUDGET: u64 = 3_000_000;
/// Subroutines placed at [`LATE_AT`], in the top page of the block.
const LATE_SUBS: usize = 2;
const LATE_AT: usize = 0x0700;

const OPERANDS: Operands = Operands {
    iram_below: 0x70, // 0x70-0x7F are loop counters
    sfrs: &[0xE0, 0xF0, 0xD0, 0x82, 0x83],
    bit_sfrs: &[0xE0, 0xF0, 0xD0],
};

/// Opcodes that name @R0/@R1 (emitted right after `mov ri,#safe`), CJNE
/// @Ri aside: it is a branch.
fn indirect(op: u8) -> bool {
    op & 0x0E == 0x06 && op >> 4 != 0xB || matches!(op, 0xE2 | 0xE3 | 0xF2 | 0xF3)
}

/// Opcodes that neither branch nor name @Ri, DPTR-addressed XRAM or the
/// stack; they are emitted as they come, rendered by our disassembler.
fn straight(op: u8) -> bool {
    let branch = op & 0x0F == 0x01
        || matches!(
            op,
            0x02 | 0x12
                | 0x22
                | 0x32
                | 0x80
                | 0x73
                | 0x60
                | 0x70
                | 0x40
                | 0x50
                | 0x10
                | 0x20
                | 0x30
        )
        || matches!(op, 0xB4..=0xBF | 0xD5 | 0xD8..=0xDF);
    !(branch || indirect(op) || matches!(op, 0xA5 | 0xE0 | 0xF0 | 0xC0 | 0xD0))
}

/// SETB/CLR/CPL/MOV bit,C on RS0 or RS1 (PSW.3, PSW.4): s51 switches
/// register banks only when PSW is written as a byte, so after these it
/// keeps using the old bank (see docs/mcs51.md); programs leave them out.
fn writes_bank_select_bit(bytes: &[u8]) -> bool {
    matches!(bytes[0], 0x92 | 0xB2 | 0xC2 | 0xD2) && matches!(bytes[1], 0xD3 | 0xD4)
}

struct Gen {
    rng: Rng,
    labels: usize,
    counters: u8,
    subs: usize,
    defined: Vec<bool>,
    straight: Vec<u8>,
    indirect: Vec<u8>,
}

/// Emitted code and its size in bytes.
#[derive(Default)]
struct Code {
    text: String,
    size: usize,
}

impl Code {
    fn line(&mut self, size: usize, text: impl AsRef<str>) {
        self.size += size;
        let _ = writeln!(self.text, "        {}", text.as_ref());
    }
    fn label(&mut self, l: &str) {
        let _ = writeln!(self.text, "{l}:");
    }
    fn append(&mut self, other: Code) {
        self.size += other.size;
        self.text += &other.text;
    }
}

impl Gen {
    fn new(seed: u64, subs: usize) -> Self {
        Gen {
            rng: Rng(seed),
            labels: 0,
            counters: 0,
            subs,
            defined: vec![false; subs],
            straight: (0..=255).filter(|&o| straight(o)).collect(),
            indirect: (0..=255).filter(|&o| indirect(o)).collect(),
        }
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("L{}", self.labels)
    }

    /// An address @Ri may point at: anything but the counters (0x70-0x7F)
    /// and the stack (0x80-0xBF).
    fn safe_indirect(&mut self) -> u8 {
        if self.rng.below(2) == 0 {
            self.rng.below(0x70) as u8
        } else {
            0xC0 + self.rng.below(0x40) as u8
        }
    }

    /// One instruction; a write that can reach PSW is followed by `cpl a`.
    fn emit(&mut self, code: &mut Code, bytes: &[u8]) {
        code.line(bytes.len(), mcs51::disassemble(0, bytes));
        if bytes[1..].iter().any(|b| (0xD0..=0xD7).contains(b)) {
            code.line(1, "cpl a");
        }
    }

    fn straight_insn(&mut self, code: &mut Code) {
        let bytes = loop {
            let op = self.rng.pick(&self.straight);
            let bytes = OPERANDS.instruction(op, &mut self.rng);
            if !writes_bank_select_bit(&bytes) {
                break bytes;
            }
        };
        self.emit(code, &bytes);
    }

    fn indirect_insn(&mut self, code: &mut Code) {
        let op = self.rng.pick(&self.indirect);
        let addr = self.safe_indirect();
        code.line(2, format!("mov r{},#0x{addr:02x}", op & 1));
        let bytes = OPERANDS.instruction(op, &mut self.rng);
        self.emit(code, &bytes);
    }

    /// A conditional branch forward over a nested block.
    fn branch(&mut self, code: &mut Code, depth: u32, sub: Option<usize>) {
        let skip = self.label();
        let kind = self.rng.below(12);
        let bit = {
            let b = OPERANDS.bit(&mut self.rng);
            if (0xD0..=0xD7).contains(&b) {
                b & 0x7F
            } else {
                b
            }
        };
        let imm = self.rng.byte();
        let r = self.rng.below(8);
        match kind {
            0 => code.line(2, format!("jz {skip}")),
            1 => code.line(2, format!("jnz {skip}")),
            2 => code.line(2, format!("jc {skip}")),
            3 => code.line(2, format!("jnc {skip}")),
            4 => code.line(3, format!("jb 0x{bit:02x},{skip}")),
            5 => code.line(3, format!("jnb 0x{bit:02x},{skip}")),
            6 => code.line(3, format!("jbc 0x{bit:02x},{skip}")),
            7 => code.line(3, format!("cjne a,#0x{imm:02x},{skip}")),
            8 => {
                let d = self.rng.below(0x70);
                code.line(3, format!("cjne a,0x{d:02x},{skip}"))
            }
            9 => code.line(3, format!("cjne r{r},#0x{imm:02x},{skip}")),
            10 => {
                let i = self.rng.below(2);
                let addr = self.safe_indirect();
                code.line(2, format!("mov r{i},#0x{addr:02x}"));
                code.line(3, format!("cjne @r{i},#0x{imm:02x},{skip}"))
            }
            _ if self.rng.below(2) == 0 => code.line(2, format!("djnz r{r},{skip}")),
            _ => {
                let d = self.rng.below(0x70);
                code.line(3, format!("djnz 0x{d:02x},{skip}"))
            }
        }
        let inner = self.block(depth + 1, 90, sub);
        code.append(inner);
        code.label(&skip);
    }

    /// A counted loop: `mov ctr,#n` / body / `djnz ctr,top`.
    fn counted_loop(&mut self, code: &mut Code, depth: u32, sub: Option<usize>) {
        let ctr = 0x70 + self.counters;
        self.counters += 1;
        let n = 1 + self.rng.below(4);
        let top = self.label();
        code.line(3, format!("mov 0x{ctr:02x},#{n}"));
        code.label(&top);
        let body = self.block(depth + 1, 100, sub);
        code.append(body);
        code.line(3, format!("djnz 0x{ctr:02x},{top}"));
    }

    /// JMP @A+DPTR into a table of four two-byte jumps (SJMP or AJMP) to
    /// four landing points.
    fn jump_table(&mut self, code: &mut Code) {
        let table = self.label();
        let lands: Vec<String> = (0..4).map(|_| self.label()).collect();
        code.line(3, format!("mov dptr,#{table}"));
        code.line(2, "anl a,#3");
        code.line(1, "rl a");
        code.line(1, "jmp @a+dptr");
        code.label(&table);
        for l in &lands {
            let jump = if self.rng.below(2) == 0 {
                "sjmp"
            } else {
                "ajmp"
            };
            code.line(2, format!("{jump} {l}"));
        }
        for l in &lands {
            code.label(l);
            self.straight_insn(code);
        }
    }

    fn block(&mut self, depth: u32, budget: usize, sub: Option<usize>) -> Code {
        let mut code = Code::default();
        let items = 2 + self.rng.below(if depth == 0 { 14 } else { 6 });
        for _ in 0..items {
            if code.size + 20 > budget {
                break;
            }
            let room = budget - code.size;
            match self.rng.below(100) {
                0..=59 => self.straight_insn(&mut code),
                60..=67 => self.indirect_insn(&mut code),
                68..=70 => {
                    let lo = self.rng.byte();
                    code.line(3, format!("mov dptr,#0x01{lo:02x}"));
                    code.line(
                        1,
                        if self.rng.below(2) == 0 {
                            "movx a,@dptr"
                        } else {
                            "movx @dptr,a"
                        },
                    );
                }
                71..=74 if depth < 3 && room > 60 => {
                    let src = OPERANDS.direct(&mut self.rng);
                    let dst = OPERANDS.direct(&mut self.rng);
                    code.line(2, format!("push 0x{src:02x}"));
                    let inner = self.block(depth + 1, room.min(90) - 10, sub);
                    code.append(inner);
                    self.emit(&mut code, &[0xD0, dst]);
                }
                75..=83 if depth < 3 && room > 60 => self.branch(&mut code, depth, sub),
                84..=87 if depth < 3 && room > 60 && self.counters < 16 => {
                    self.counted_loop(&mut code, depth, sub)
                }
                88..=93 => {
                    let first = sub.map_or(0, |s| s + 1);
                    if first < self.subs {
                        let target = first + self.rng.below((self.subs - first) as u64) as usize;
                        if self.rng.below(2) == 0 {
                            code.line(2, format!("acall S{target}"));
                        } else {
                            code.line(3, format!("lcall S{target}"));
                        }
                    }
                }
                94..=95 if room > 40 => self.jump_table(&mut code),
                96..=97 if depth < 3 && room > 40 => {
                    let over = self.label();
                    match self.rng.below(3) {
                        0 => code.line(2, format!("sjmp {over}")),
                        1 => code.line(2, format!("ajmp {over}")),
                        _ => code.line(3, format!("ljmp {over}")),
                    }
                    let dead = self.block(depth + 1, 30, sub);
                    code.append(dead);
                    code.label(&over);
                }
                _ if sub.is_none() && depth == 0 => {
                    if let Some(next) = self.defined[..self.subs - LATE_SUBS]
                        .iter()
                        .position(|d| !d)
                    {
                        let over = self.label();
                        code.line(3, format!("ljmp {over}"));
                        let body = self.subroutine(next);
                        code.append(body);
                        code.label(&over);
                    }
                }
                _ => self.straight_insn(&mut code),
            }
        }
        code
    }

    fn subroutine(&mut self, i: usize) -> Code {
        self.defined[i] = true;
        let mut code = Code::default();
        code.label(&format!("S{i}"));
        let body = self.block(1, 150, Some(i));
        code.append(body);
        code.line(
            1,
            if self.rng.below(6) == 0 {
                "reti"
            } else {
                "ret"
            },
        );
        code
    }

    /// The whole program: prologue, main with some subroutines inline,
    /// the rest after `halt`, the last [`LATE_SUBS`] in the 2 KiB block's
    /// top page (so ACALL and AJMP reach page 7 too), then the data tables.
    fn program(&mut self) -> Option<String> {
        let mut main = Code::default();
        while main.size < 1300 {
            let b = self.block(0, 300, None);
            main.append(b);
        }
        main.line(2, "halt:: sjmp halt");
        for i in 0..self.subs - LATE_SUBS {
            if !self.defined[i] {
                let s = self.subroutine(i);
                main.append(s);
            }
        }
        if PROLOGUE_SIZE + main.size > LATE_AT {
            return None;
        }
        let mut late = Code::default();
        for i in self.subs - LATE_SUBS..self.subs {
            let s = self.subroutine(i);
            late.append(s);
        }
        if LATE_AT + late.size > CODE_LIMIT {
            return None;
        }
        main.text += &format!("        .org 0x{LATE_AT:04x}\n{}", late.text);
        let table = |rng: &mut Rng| -> String {
            (0..256)
                .map(|_| format!("0x{:02x}", rng.byte()))
                .collect::<Vec<_>>()
                .chunks(16)
                .map(|c| format!("        .db {}\n", c.join(",")))
                .collect()
        };
        let xinit = table(&mut self.rng);
        let iinit = table(&mut self.rng);
        let st = (
            self.rng.byte(),
            self.rng.byte(),
            self.rng.next() as u16,
            self.rng.byte() & !1,
            self.rng.byte(),
        );
        Some(format!(
            "        .area CSEG (ABS,CODE)\n        .org 0x0000\n{}{}\n        .org 0x0800\nxinit:\n{xinit}iinit:\n{iinit}",
            prologue_text(st.0, st.1, st.2, st.3, st.4),
            main.text
        ))
    }
}

/// Bytes of [`prologue_text`]; checked against the assembler's output.
const PROLOGUE_SIZE: usize = 40;

/// XRAM page 1 and internal RAM from random tables, then B, DPTR, SP, PSW
/// and A (PSW before A so s51's parity is current).
fn prologue_text(iram0: u8, b: u8, dptr: u16, psw: u8, a: u8) -> String {
    format!(
        "        mov p2,#0x01
        mov dptr,#xinit
        mov r0,#0
px:     mov a,r0
        movc a,@a+dptr
        movx @r0,a
        djnz r0,px
        mov dptr,#iinit
        mov r0,#0xff
pi:     mov a,r0
        movc a,@a+dptr
        mov @r0,a
        djnz r0,pi
        mov 0x00,#0x{iram0:02x}
        mov b,#0x{b:02x}
        mov dptr,#0x{dptr:04x}
        mov sp,#0x7f
        mov psw,#0x{psw:02x}
        mov a,#0x{a:02x}
main::
"
    )
}

#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    iram: Vec<u8>,
    sfrs: Vec<u8>,
    xram: Vec<u8>,
    cycles: u64,
    instructions: u64,
    pc: u16,
}

const SFRS: [u8; 7] = [0xE0, 0xF0, 0xD0, 0x81, 0x82, 0x83, 0xA0];

fn outcome(cpu: &dyn Cpu) -> Outcome {
    Outcome {
        iram: (0..256)
            .map(|a| cpu.read(Space::Iram, a).unwrap())
            .collect(),
        sfrs: SFRS
            .iter()
            .map(|&s| cpu.read(Space::Sfr, s as u32).unwrap())
            .collect(),
        xram: (0x100..0x200)
            .map(|a| cpu.read(Space::Xram, a).unwrap())
            .collect(),
        cycles: cpu.cycles(),
        instructions: cpu.instructions(),
        pc: cpu.pc() as u16,
    }
}

#[test]
fn random_programs_match_s51() {
    let dir = tempfile::tempdir().unwrap();
    let mut seed = 0x5eed_8051_0000_0001u64;
    let mut opcode_counts = [0u64; 256];
    let (mut compared, mut instructions) = (0, 0u64);
    while compared < PROGRAMS {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let Some(source) = Gen::new(seed | 1, 8).program() else {
            continue;
        };
        let ihx_path = assemble(dir.path(), "prog", &source);
        let symbols =
            ihx::parse_noi(&std::fs::read_to_string(dir.path().join("prog.noi")).unwrap());
        assert_eq!(symbols["main"] as usize, PROLOGUE_SIZE, "prologue size");
        let halt = symbols["halt"] as u16;

        let mut cpu = cardlab_sim::mcs51::TARGET.load(&ihx_path).unwrap().cpu;
        cpu.set_observer(Some(Box::new(Coverage::default())));
        match cpu.run(BUDGET, None) {
            Ok(_) => {}
            Err(cardlab_sim::SimError::CycleBudget { .. }) => continue, // too long a program: draw again
            Err(e) => panic!("seed {seed:#x}: {e}\n{source}"),
        }
        assert_eq!(
            cpu.pc() as u16,
            halt,
            "seed {seed:#x}: halted at the halt label"
        );
        let coverage = downcast::<Coverage>(cpu.take_observer().unwrap()).unwrap();
        for (&pc, &(_, n)) in &coverage.executed {
            opcode_counts[cpu.read(Space::Code, pc).unwrap() as usize] += n;
        }
        let ours = outcome(cpu.as_ref());

        let dumps = [(Space::Iram, 0, 256)]
            .into_iter()
            .chain(SFRS.iter().map(|&s| (Space::Sfr, s as u32, 1)))
            .chain([(Space::Xram, 0x100, 256)])
            .collect::<Vec<_>>();
        let run = run_s51(&ihx_path, &[halt], &dumps);
        let theirs = Outcome {
            iram: run.dumps[0].clone(),
            sfrs: run.dumps[1..=SFRS.len()].iter().map(|d| d[0]).collect(),
            xram: run.dumps[SFRS.len() + 1].clone(),
            cycles: run.cycles,
            // s51's `Inst=` also counts the instruction it stopped in front of.
            instructions: run.instructions - 1,
            pc: run.pc,
        };
        if ours != theirs {
            std::fs::write("/tmp/cardlab-s51-program.asm", &source).ok();
            panic!(
                "seed {seed:#x} differs (source in /tmp/cardlab-s51-program.asm):\n ours {:02x?}\n s51  {:02x?}\n cycles {} vs {}, instructions {} vs {}\n iram diff at {:x?}\n xram diff at {:x?}",
                ours.sfrs,
                theirs.sfrs,
                ours.cycles,
                theirs.cycles,
                ours.instructions,
                theirs.instructions,
                (0..256)
                    .filter(|&i| ours.iram[i] != theirs.iram[i])
                    .collect::<Vec<_>>(),
                (0..256)
                    .filter(|&i| ours.xram[i] != theirs.xram[i])
                    .map(|i| 0x100 + i)
                    .collect::<Vec<_>>(),
            );
        }
        compared += 1;
        instructions += ours.instructions;
    }
    let rare: Vec<String> = (0..=255u8)
        .filter(|&op| op != 0xA5 && opcode_counts[op as usize] < 20)
        .map(|op| format!("{op:#04x}×{}", opcode_counts[op as usize]))
        .collect();
    assert!(
        rare.is_empty(),
        "opcodes executed fewer than 20 times: {rare:?}"
    );
    let least = (0..=255u8)
        .filter(|&op| op != 0xA5)
        .min_by_key(|&op| opcode_counts[op as usize])
        .unwrap();
    eprintln!(
        "compared {compared} programs, {instructions} instructions; least executed opcode {least:#04x} ×{}",
        opcode_counts[least as usize]
    );
}
