//! SPARC V8 disassembler in the syntax of GNU as (binutils' objdump prints
//! the same, synthetic `nop`, `ret`, `retl`, `mov` and `cmp` included).

/// Register names as `registers()` lists them.
pub(super) const REG_NAMES: [&str; 32] = [
    "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7",
    "l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7",
];

fn reg(r: u32) -> String {
    match r & 31 {
        14 => "%sp".into(),
        30 => "%fp".into(),
        r => format!("%{}", REG_NAMES[r as usize]),
    }
}

const CONDS: [&str; 16] = [
    "n", "e", "le", "l", "leu", "cs", "neg", "vs", "a", "ne", "g", "ge", "gu", "cc", "pos", "vc",
];

const ALU: [&str; 16] = [
    "add", "and", "or", "xor", "sub", "andn", "orn", "xnor", "addx", "", "umul", "smul", "subx",
    "", "udiv", "sdiv",
];

const MEM: [&str; 16] = [
    "ld", "ldub", "lduh", "ldd", "st", "stb", "sth", "std", "", "ldsb", "ldsh", "", "", "ldstub",
    "", "swap",
];

/// The text of the instruction `bytes` (big-endian) at `pc` (an
/// [`observe::Disassembler`](crate::observe::Disassembler)).
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    let mut w = [0u8; 4];
    for (i, b) in bytes.iter().take(4).enumerate() {
        w[i] = *b;
    }
    text(pc, u32::from_be_bytes(w))
}

fn simm13(ins: u32) -> i32 {
    (ins << 19) as i32 >> 19
}

/// `rs2` or the signed immediate.
fn operand2(ins: u32) -> String {
    if ins & 0x2000 != 0 {
        simm13(ins).to_string()
    } else {
        reg(ins)
    }
}

/// An address `[rs1 + rs2]` / `[rs1 + imm]`, zero parts left out.
fn address(ins: u32) -> String {
    let rs1 = ins >> 14 & 31;
    let inner = if ins & 0x2000 != 0 {
        match (rs1, simm13(ins)) {
            (0, k) => k.to_string(),
            (r, 0) => reg(r),
            (r, k) if k < 0 => format!("{} - {}", reg(r), -k),
            (r, k) => format!("{} + {k}", reg(r)),
        }
    } else {
        match (rs1, ins & 31) {
            (r, 0) => reg(r),
            (0, r) => reg(r),
            (a, b) => format!("{} + {}", reg(a), reg(b)),
        }
    };
    format!("[{inner}]")
}

pub(super) fn text(pc: u32, ins: u32) -> String {
    let rd = ins >> 25 & 31;
    let op3 = ins >> 19 & 0x3F;
    let rs1 = ins >> 14 & 31;
    let three = |name: &str| format!("{name} {}, {}, {}", reg(rs1), operand2(ins), reg(rd));
    match ins >> 30 {
        0 => match ins >> 22 & 7 {
            4 if ins == super::NOP => "nop".into(),
            4 => format!("sethi %hi({:#x}), {}", ins << 10, reg(rd)),
            op2 @ (2 | 6 | 7) => {
                let cond = CONDS[(ins >> 25 & 15) as usize];
                let prefix = match op2 {
                    2 => "b",
                    6 => "fb",
                    _ => "cb",
                };
                let a = if ins >> 29 & 1 != 0 { ",a" } else { "" };
                let target = pc.wrapping_add(((ins << 10) as i32 >> 8) as u32);
                format!("{prefix}{cond}{a} {target:#x}")
            }
            0 => format!("unimp {:#x}", ins & 0x3F_FFFF),
            _ => format!(".word {ins:#010x}"),
        },
        1 => format!("call {:#x}", pc.wrapping_add(ins << 2)),
        2 => match op3 {
            0x02 if rs1 == 0 => format!("mov {}, {}", operand2(ins), reg(rd)),
            0x14 if rd == 0 => format!("cmp {}, {}", reg(rs1), operand2(ins)),
            0x00..=0x1F if !ALU[(op3 & 15) as usize].is_empty() => {
                let cc = if op3 & 0x10 != 0 { "cc" } else { "" };
                three(&format!("{}{cc}", ALU[(op3 & 15) as usize]))
            }
            0x20..=0x27 => three(
                [
                    "taddcc", "tsubcc", "taddcctv", "tsubcctv", "mulscc", "sll", "srl", "sra",
                ][(op3 - 0x20) as usize],
            ),
            0x28 if rs1 == 0 => format!("rd %y, {}", reg(rd)),
            0x28 if rs1 == 15 && rd == 0 => "stbar".into(),
            0x28 => format!("rd %asr{rs1}, {}", reg(rd)),
            0x29..=0x2B => format!(
                "rd {}, {}",
                ["%psr", "%wim", "%tbr"][(op3 - 0x29) as usize],
                reg(rd)
            ),
            0x30..=0x33 => {
                let dst = match op3 {
                    0x30 if rd == 0 => "%y".to_string(),
                    0x30 => format!("%asr{rd}"),
                    _ => ["%psr", "%wim", "%tbr"][(op3 - 0x31) as usize].to_string(),
                };
                format!("wr {}, {}, {dst}", reg(rs1), operand2(ins))
            }
            super::ext::OP3_SBOX if ins & 0x2000 != 0 && ins & 0x1FE0 == 0 => {
                format!("sbox {}, {:#x}, {}", reg(rs1), ins & 0x1F, reg(rd))
            }
            super::ext::OP3_GF2MUL => three("gf2mul"),
            super::ext::OP3_GF2MAC => three("gf2mac"),
            0x34 | 0x35 => format!("fpop{} {ins:#010x}", op3 - 0x33),
            0x36 | 0x37 => format!("cpop{} {ins:#010x}", op3 - 0x35),
            0x38 => {
                let to = address(ins);
                let to = &to[1..to.len() - 1];
                match (rd, ins & 0x7FFF_FFFF) {
                    (0, _) if ins == 0x81C7_E008 => "ret".into(),
                    (0, _) if ins == 0x81C3_E008 => "retl".into(),
                    (0, _) => format!("jmp {to}"),
                    (15, _) => format!("call {to}"),
                    _ => format!("jmpl {to}, {}", reg(rd)),
                }
            }
            0x39 => {
                let to = address(ins);
                format!("rett {}", &to[1..to.len() - 1])
            }
            0x3A => {
                let cond = CONDS[(ins >> 25 & 15) as usize];
                let n = if ins & 0x2000 != 0 {
                    match rs1 {
                        0 => format!("{:#x}", ins & 0x7F),
                        r => format!("{} + {:#x}", reg(r), ins & 0x7F),
                    }
                } else {
                    let a = address(ins);
                    a[1..a.len() - 1].to_string()
                };
                format!("t{cond} {n}")
            }
            0x3B => format!("flush {}", &address(ins)[1..].trim_end_matches(']')),
            0x3C if ins == 0x81E0_0000 => "save".into(),
            0x3D if ins == 0x81E8_0000 => "restore".into(),
            0x3C => three("save"),
            0x3D => three("restore"),
            _ => format!(".word {ins:#010x}"),
        },
        _ => {
            let base = (op3 & 15) as usize;
            let alt = op3 & 0x10 != 0;
            let asi = |a: String| {
                if alt {
                    format!("{a} {:#x}", ins >> 5 & 0xFF)
                } else {
                    a
                }
            };
            if op3 >= 0x20 || MEM[base].is_empty() {
                return format!(".word {ins:#010x}");
            }
            let name = format!("{}{}", MEM[base], if alt { "a" } else { "" });
            let store = matches!(base, 4..=7);
            if store {
                format!("{name} {}, {}", reg(rd), asi(address(ins)))
            } else {
                format!("{name} {}, {}", asi(address(ins)), reg(rd))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::text;

    #[test]
    fn reads_like_gnu_as() {
        for (ins, want) in [
            (0x0100_0000, "nop"),
            (0x8600_4002, "add %g1, %g2, %g3"),
            (0x9DE3_BFA0, "save %sp, -96, %sp"),
            (0x81C7_E008, "ret"),
            (0x81C3_E008, "retl"),
            (0xD002_2004, "ld [%o0 + 4], %o0"),
            (0xD222_0000, "st %o1, [%o0]"),
            (0x1080_0000, "ba 0x40000000"),
            (0x3280_0002, "bne,a 0x40000008"),
            (0x4000_0004, "call 0x40000010"),
            (0x91D0_2010, "ta 0x10"),
            (0x0300_0001, "sethi %hi(0x400), %g1"),
            (0x9561_2006, "sbox %g4, 0x6, %o2"),
            (0x9568_4009, "gf2mul %g1, %o1, %o2"),
            (0x9570_4009, "gf2mac %g1, %o1, %o2"),
        ] {
            assert_eq!(text(0x4000_0000, ins), want, "{ins:#010x}");
        }
    }
}
