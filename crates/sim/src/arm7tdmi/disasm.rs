//! A disassembler for ARMv4T in ARM and Thumb state, in GNU as syntax (what
//! `arm-none-eabi-objdump -d` prints, without its comments). Two bytes are
//! a Thumb instruction, four an ARM one.

const COND: [&str; 16] = [
    "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "", "nv",
];
const REG: [&str; 16] = [
    "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc",
];
const SHIFT: [&str; 4] = ["lsl", "lsr", "asr", "ror"];
const DP: [&str; 16] = [
    "and", "eor", "sub", "rsb", "add", "adc", "sbc", "rsc", "tst", "teq", "cmp", "cmn", "orr",
    "mov", "bic", "mvn",
];

/// The text of the instruction `bytes` (2: Thumb, 4: ARM, little-endian)
/// at `pc`.
pub fn disassemble(pc: u32, bytes: &[u8]) -> String {
    match bytes.len() {
        2 => thumb(pc, u16::from_le_bytes([bytes[0], bytes[1]])),
        n if n >= 4 => arm(
            pc,
            u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
        ),
        _ => "(truncated)".to_string(),
    }
}

fn r(x: u32, at: u32) -> &'static str {
    REG[(x >> at & 0xF) as usize]
}

fn bit(x: u32, n: u32) -> bool {
    x >> n & 1 != 0
}

fn reg_list(list: u32) -> String {
    let names: Vec<&str> = (0..16)
        .filter(|i| list & 1 << i != 0)
        .map(|i| REG[i])
        .collect();
    format!("{{{}}}", names.join(", "))
}

fn signed(v: u32, up: bool) -> String {
    format!("#{}{}", if up { "" } else { "-" }, v)
}

/// The shifter operand of a register: "r1", "r1, lsl #2", "r1, rrx",
/// "r1, asr r2".
fn shifted(ins: u32) -> String {
    let rm = r(ins, 0);
    let kind = (ins >> 5 & 3) as usize;
    if bit(ins, 4) {
        return format!("{rm}, {} {}", SHIFT[kind], r(ins, 8));
    }
    match (kind, ins >> 7 & 31) {
        (0, 0) => rm.to_string(),
        (3, 0) => format!("{rm}, rrx"),
        (1 | 2, 0) => format!("{rm}, {} #32", SHIFT[kind]),
        (_, n) => format!("{rm}, {} #{n}", SHIFT[kind]),
    }
}

fn arm(pc: u32, ins: u32) -> String {
    let c = COND[(ins >> 28) as usize];
    match ins >> 25 & 7 {
        0b000 if ins & 0x0FFF_FFF0 == 0x012F_FF10 => format!("bx{c}\t{}", r(ins, 0)),
        0b000 if ins & 0x0FC0_00F0 == 0x0000_0090 => {
            let s = if bit(ins, 20) { "s" } else { "" };
            if bit(ins, 21) {
                format!(
                    "mla{c}{s}\t{}, {}, {}, {}",
                    r(ins, 16),
                    r(ins, 0),
                    r(ins, 8),
                    r(ins, 12)
                )
            } else {
                format!("mul{c}{s}\t{}, {}, {}", r(ins, 16), r(ins, 0), r(ins, 8))
            }
        }
        0b000 if ins & 0x0F80_00F0 == 0x0080_0090 => {
            let op = ["umull", "umlal", "smull", "smlal"][(ins >> 21 & 3) as usize];
            let s = if bit(ins, 20) { "s" } else { "" };
            format!(
                "{op}{c}{s}\t{}, {}, {}, {}",
                r(ins, 12),
                r(ins, 16),
                r(ins, 0),
                r(ins, 8)
            )
        }
        0b000 if ins & 0x0FB0_0FF0 == 0x0100_0090 => {
            let b = if bit(ins, 22) { "b" } else { "" };
            format!("swp{c}{b}\t{}, {}, [{}]", r(ins, 12), r(ins, 0), r(ins, 16))
        }
        0b000 if ins & 0x90 == 0x90 => halfword(ins, c),
        0b000 if ins & 0x0FBF_0FFF == 0x010F_0000 => {
            let psr = if bit(ins, 22) { "SPSR" } else { "CPSR" };
            format!("mrs{c}\t{}, {psr}", r(ins, 12))
        }
        0b000 if ins & 0x0FB0_FFF0 == 0x0120_F000 => {
            format!("msr{c}\t{}, {}", psr_fields(ins), r(ins, 0))
        }
        0b001 if ins & 0x0FB0_F000 == 0x0320_F000 => {
            let v = (ins & 0xFF).rotate_right(2 * (ins >> 8 & 0xF));
            format!("msr{c}\t{}, #{v}", psr_fields(ins))
        }
        0b000 | 0b001 if ins & 0x0190_0000 == 0x0100_0000 => format!(".word\t{ins:#010x}"),
        0b000 | 0b001 => {
            let op = (ins >> 21 & 0xF) as usize;
            let operand = if bit(ins, 25) {
                format!("#{}", (ins & 0xFF).rotate_right(2 * (ins >> 8 & 0xF)))
            } else {
                shifted(ins)
            };
            let s = if bit(ins, 20) && !(8..12).contains(&op) {
                "s"
            } else {
                ""
            };
            match op {
                8..=11 => format!("{}{c}\t{}, {operand}", DP[op], r(ins, 16)),
                13 | 15 => format!("{}{c}{s}\t{}, {operand}", DP[op], r(ins, 12)),
                _ => format!(
                    "{}{c}{s}\t{}, {}, {operand}",
                    DP[op],
                    r(ins, 12),
                    r(ins, 16)
                ),
            }
        }
        0b010 | 0b011 if !(bit(ins, 25) && bit(ins, 4)) => {
            let op = if bit(ins, 20) { "ldr" } else { "str" };
            let b = if bit(ins, 22) { "b" } else { "" };
            let t = if !bit(ins, 24) && bit(ins, 21) {
                "t"
            } else {
                ""
            };
            let offset = if bit(ins, 25) {
                format!(
                    "{}{}",
                    if bit(ins, 23) { "" } else { "-" },
                    shifted(ins & !0x10)
                )
            } else {
                signed(ins & 0xFFF, bit(ins, 23))
            };
            format!(
                "{op}{c}{b}{t}\t{}, {}",
                r(ins, 12),
                address(ins, r(ins, 16), &offset, ins & 0xFFF == 0 && !bit(ins, 25))
            )
        }
        0b100 => {
            let op = if bit(ins, 20) { "ldm" } else { "stm" };
            let mode = ["da", "ia", "db", "ib"][(ins >> 23 & 3) as usize];
            let w = if bit(ins, 21) { "!" } else { "" };
            let hat = if bit(ins, 22) { "^" } else { "" };
            format!(
                "{op}{c}{mode}\t{}{w}, {}{hat}",
                r(ins, 16),
                reg_list(ins & 0xFFFF)
            )
        }
        0b101 => {
            let l = if bit(ins, 24) { "l" } else { "" };
            let offset = ((ins << 8) as i32 >> 6) as u32;
            format!("b{l}{c}\t{:#x}", pc.wrapping_add(8).wrapping_add(offset))
        }
        0b111 if bit(ins, 24) => format!("svc{c}\t{:#08x}", ins & 0xFF_FFFF),
        _ => format!(".word\t{ins:#010x}"),
    }
}

fn psr_fields(ins: u32) -> String {
    let psr = if bit(ins, 22) { "SPSR" } else { "CPSR" };
    let fields: String = ["c", "x", "s", "f"]
        .iter()
        .enumerate()
        .filter(|&(i, _)| bit(ins, 16 + i as u32))
        .map(|(_, f)| *f)
        .collect();
    format!("{psr}_{fields}")
}

/// "[rn, off]", "[rn, off]!" or "[rn], off"; "[rn]" for a zero
/// pre-indexed immediate without write-back.
fn address(ins: u32, rn: &str, offset: &str, zero: bool) -> String {
    match (bit(ins, 24), bit(ins, 21)) {
        (true, false) if zero => format!("[{rn}]"),
        (true, w) => format!("[{rn}, {offset}]{}", if w { "!" } else { "" }),
        (false, _) => format!("[{rn}], {offset}"),
    }
}

fn halfword(ins: u32, c: &str) -> String {
    let op = match (bit(ins, 20), ins >> 5 & 3) {
        (false, 1) => "strh",
        (true, 1) => "ldrh",
        (true, 2) => "ldrsb",
        (true, 3) => "ldrsh",
        _ => return format!(".word\t{ins:#010x}"),
    };
    let (offset, zero) = if bit(ins, 22) {
        let v = (ins >> 4 & 0xF0) | (ins & 0xF);
        (signed(v, bit(ins, 23)), v == 0)
    } else {
        (
            format!("{}{}", if bit(ins, 23) { "" } else { "-" }, r(ins, 0)),
            false,
        )
    };
    format!(
        "{op}{c}\t{}, {}",
        r(ins, 12),
        address(ins, r(ins, 16), &offset, zero)
    )
}

fn lo(x: u16, at: u32) -> &'static str {
    REG[(x >> at & 7) as usize]
}

fn thumb(pc: u32, ins: u16) -> String {
    let i = ins as u32;
    let imm5 = i >> 6 & 31;
    match ins >> 11 {
        0b00000..=0b00010 => {
            let op = SHIFT[(i >> 11) as usize];
            let n = if imm5 == 0 && op != "lsl" { 32 } else { imm5 };
            format!("{op}s\t{}, {}, #{n}", lo(ins, 0), lo(ins, 3))
        }
        0b00011 => {
            let op = if bit(i, 9) { "subs" } else { "adds" };
            let b = if bit(i, 10) {
                format!("#{}", i >> 6 & 7)
            } else {
                lo(ins, 6).to_string()
            };
            format!("{op}\t{}, {}, {b}", lo(ins, 0), lo(ins, 3))
        }
        0b00100..=0b00111 => {
            let op = ["movs", "cmp", "adds", "subs"][(i >> 11 & 3) as usize];
            format!("{op}\t{}, #{}", lo(ins, 8), i & 0xFF)
        }
        0b01000 if !bit(i, 10) => {
            let op = [
                "ands", "eors", "lsls", "lsrs", "asrs", "adcs", "sbcs", "rors", "tst", "negs",
                "cmp", "cmn", "orrs", "muls", "bics", "mvns",
            ][(i >> 6 & 0xF) as usize];
            format!("{op}\t{}, {}", lo(ins, 0), lo(ins, 3))
        }
        0b01000 => {
            let rd = REG[(i & 7 | (i >> 4 & 8)) as usize];
            let rs = REG[(i >> 3 & 0xF) as usize];
            match i >> 8 & 3 {
                0 => format!("add\t{rd}, {rs}"),
                1 => format!("cmp\t{rd}, {rs}"),
                2 => format!("mov\t{rd}, {rs}"),
                _ => format!("bx\t{rs}"),
            }
        }
        0b01001 => format!(
            "ldr\t{}, [pc, #{}]\t@ {:#x}",
            lo(ins, 8),
            (i & 0xFF) * 4,
            (pc.wrapping_add(4) & !3).wrapping_add((i & 0xFF) * 4)
        ),
        0b01010 | 0b01011 => {
            let op = if !bit(i, 9) {
                ["str", "strb", "ldr", "ldrb"][(i >> 10 & 3) as usize]
            } else {
                ["strh", "ldrsb", "ldrh", "ldrsh"][(i >> 10 & 3) as usize]
            };
            format!("{op}\t{}, [{}, {}]", lo(ins, 0), lo(ins, 3), lo(ins, 6))
        }
        0b01100..=0b01111 => {
            let op = ["str", "ldr", "strb", "ldrb"][(i >> 11 & 3) as usize];
            let off = if bit(i, 12) { imm5 } else { imm5 * 4 };
            format!("{op}\t{}, [{}, #{off}]", lo(ins, 0), lo(ins, 3))
        }
        0b10000 | 0b10001 => {
            let op = if bit(i, 11) { "ldrh" } else { "strh" };
            format!("{op}\t{}, [{}, #{}]", lo(ins, 0), lo(ins, 3), imm5 * 2)
        }
        0b10010 | 0b10011 => {
            let op = if bit(i, 11) { "ldr" } else { "str" };
            format!("{op}\t{}, [sp, #{}]", lo(ins, 8), (i & 0xFF) * 4)
        }
        0b10100 | 0b10101 => {
            let base = if bit(i, 11) { "sp" } else { "pc" };
            format!("add\t{}, {base}, #{}", lo(ins, 8), (i & 0xFF) * 4)
        }
        0b10110 | 0b10111 => {
            if ins >> 8 & 0xF == 0 {
                let op = if bit(i, 7) { "sub" } else { "add" };
                format!("{op}\tsp, #{}", (i & 0x7F) * 4)
            } else if ins >> 9 & 3 == 2 {
                let pop = bit(i, 11);
                let extra = if bit(i, 8) {
                    1 << if pop { 15 } else { 14 }
                } else {
                    0
                };
                let op = if pop { "pop" } else { "push" };
                format!("{op}\t{}", reg_list(i & 0xFF | extra))
            } else {
                format!(".short\t{ins:#06x}")
            }
        }
        0b11000 | 0b11001 => {
            let op = if bit(i, 11) { "ldmia" } else { "stmia" };
            format!("{op}\t{}!, {}", lo(ins, 8), reg_list(i & 0xFF))
        }
        0b11010 | 0b11011 => match i >> 8 & 0xF {
            0xE => format!(".short\t{ins:#06x}"),
            0xF => format!("svc\t{}", i & 0xFF),
            cond => {
                let offset = ((i << 24) as i32 >> 23) as u32;
                format!(
                    "b{}\t{:#x}",
                    COND[cond as usize],
                    pc.wrapping_add(4).wrapping_add(offset)
                )
            }
        },
        0b11100 => {
            let offset = ((i << 21) as i32 >> 20) as u32;
            format!("b\t{:#x}", pc.wrapping_add(4).wrapping_add(offset))
        }
        0b11110 => format!("bl\t(prefix {:#x})", ((i << 21) as i32 >> 9) as u32),
        0b11111 => format!("bl\t(suffix {:#x})", (i & 0x7FF) << 1),
        _ => format!(".short\t{ins:#06x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(ins: u32) -> String {
        disassemble(0x8000, &ins.to_le_bytes())
    }

    fn t(ins: u16) -> String {
        disassemble(0x8000, &ins.to_le_bytes())
    }

    #[test]
    fn arm_instructions_read_as_gnu_as_writes_them() {
        assert_eq!(a(0xE0812003), "add\tr2, r1, r3");
        assert_eq!(a(0xE1B00140), "movs\tr0, r0, asr #2");
        assert_eq!(a(0xE0010392), "mul\tr1, r2, r3");
        assert_eq!(a(0xE5912004), "ldr\tr2, [r1, #4]");
        assert_eq!(a(0xE4912004), "ldr\tr2, [r1], #4");
        assert_eq!(a(0xE92D4010), "stmdb\tsp!, {r4, lr}");
        assert_eq!(a(0xEAFFFFFE), "b\t0x8000");
        assert_eq!(a(0xE12FFF1E), "bx\tlr");
        assert_eq!(a(0xE1D320B2), "ldrh\tr2, [r3, #2]");
        assert_eq!(a(0x13A00001), "movne\tr0, #1");
    }

    #[test]
    fn thumb_instructions_read_as_gnu_as_writes_them() {
        assert_eq!(t(0x1C48), "adds\tr0, r1, #1");
        assert_eq!(t(0x4770), "bx\tlr");
        assert_eq!(t(0xB510), "push\t{r4, lr}");
        assert_eq!(t(0xE7FE), "b\t0x8000");
        assert_eq!(t(0x4348), "muls\tr0, r1");
    }
}
