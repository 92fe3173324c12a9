//! MCS-51 disassembly in sdas8051 syntax, for traces and error messages.

use super::timing::LENGTH;

/// The operand named by the low nibble of the ALU groups: 4 #data, 5 direct,
/// 6/7 @Ri, 8-F Rn (the direct or immediate operand is byte 1).
fn low_operand(op: u8, b1: u8) -> String {
    match op & 0x0F {
        0x4 => format!("#0x{b1:02x}"),
        0x5 => direct(b1),
        0x6 | 0x7 => format!("@r{}", op & 1),
        n if n >= 8 => format!("r{}", n - 8),
        _ => String::new(), // opcodes whose low nibble names no operand
    }
}

fn direct(a: u8) -> String {
    let name = match a {
        0x80 => "p0",
        0x81 => "sp",
        0x82 => "dpl",
        0x83 => "dph",
        0x90 => "p1",
        0xA0 => "p2",
        0xB0 => "p3",
        0xD0 => "psw",
        0xE0 => "acc",
        0xF0 => "b",
        _ => return format!("0x{a:02x}"),
    };
    name.to_string()
}

fn bit(b: u8) -> String {
    format!("0x{b:02x}")
}

/// Text of the instruction `op b1 b2` at `pc`.
pub fn disassemble(pc: u16, op: u8, b1: u8, b2: u8) -> String {
    let next = pc.wrapping_add(LENGTH[op as usize] as u16);
    let rel = |o: u8| format!("0x{:04x}", next.wrapping_add(o as i8 as u16));
    let a11 = || {
        format!(
            "0x{:04x}",
            (next & 0xF800) | ((op as u16 >> 5) << 8) | b1 as u16
        )
    };
    let a16 = format!("0x{:04x}", u16::from_be_bytes([b1, b2]));
    let low = low_operand(op, b1);
    match op {
        0x00 => "nop".into(),
        _ if op & 0x1F == 0x01 => format!("ajmp {}", a11()),
        _ if op & 0x1F == 0x11 => format!("acall {}", a11()),
        0x02 => format!("ljmp {a16}"),
        0x12 => format!("lcall {a16}"),
        0x22 => "ret".into(),
        0x32 => "reti".into(),
        0x80 => format!("sjmp {}", rel(b1)),
        0x73 => "jmp @a+dptr".into(),
        0x60 => format!("jz {}", rel(b1)),
        0x70 => format!("jnz {}", rel(b1)),
        0x40 => format!("jc {}", rel(b1)),
        0x50 => format!("jnc {}", rel(b1)),
        0x10 => format!("jbc {},{}", bit(b1), rel(b2)),
        0x20 => format!("jb {},{}", bit(b1), rel(b2)),
        0x30 => format!("jnb {},{}", bit(b1), rel(b2)),
        0xB4 => format!("cjne a,#0x{b1:02x},{}", rel(b2)),
        0xB5 => format!("cjne a,{},{}", direct(b1), rel(b2)),
        0xB6..=0xBF => format!("cjne {},#0x{b1:02x},{}", low_operand(op, 0), rel(b2)),
        0xD5 => format!("djnz {},{}", direct(b1), rel(b2)),
        0xD8..=0xDF => format!("djnz r{},{}", op & 7, rel(b1)),
        0x24..=0x2F => format!("add a,{low}"),
        0x34..=0x3F => format!("addc a,{low}"),
        0x94..=0x9F => format!("subb a,{low}"),
        0x44..=0x4F => format!("orl a,{low}"),
        0x54..=0x5F => format!("anl a,{low}"),
        0x64..=0x6F => format!("xrl a,{low}"),
        0x42 | 0x52 | 0x62 | 0x43 | 0x53 | 0x63 => {
            let name = ["orl", "anl", "xrl"][(op >> 4) as usize - 4];
            let src = if op & 1 == 0 {
                "a".to_string()
            } else {
                format!("#0x{b2:02x}")
            };
            format!("{name} {},{src}", direct(b1))
        }
        0x04 => "inc a".into(),
        0x14 => "dec a".into(),
        0x05..=0x0F => format!("inc {low}"),
        0x15..=0x1F => format!("dec {low}"),
        0xA3 => "inc dptr".into(),
        0xA4 => "mul ab".into(),
        0x84 => "div ab".into(),
        0xD4 => "da a".into(),
        0xE4 => "clr a".into(),
        0xF4 => "cpl a".into(),
        0x23 => "rl a".into(),
        0x03 => "rr a".into(),
        0x33 => "rlc a".into(),
        0x13 => "rrc a".into(),
        0xC4 => "swap a".into(),
        0x74 => format!("mov a,#0x{b1:02x}"),
        0xE5..=0xEF => format!("mov a,{low}"),
        0xF5..=0xFF => format!("mov {low},a"),
        0x75 => format!("mov {},#0x{b2:02x}", direct(b1)),
        0x76..=0x7F => format!("mov {},#0x{b1:02x}", low_operand(op, 0)),
        0x85 => format!("mov {},{}", direct(b2), direct(b1)),
        0x86..=0x8F => format!("mov {},{}", direct(b1), low_operand(op, 0)),
        0xA6..=0xAF => format!("mov {},{}", low_operand(op, 0), direct(b1)),
        0x90 => format!("mov dptr,#{a16}"),
        0x93 => "movc a,@a+dptr".into(),
        0x83 => "movc a,@a+pc".into(),
        0xE0 => "movx a,@dptr".into(),
        0xF0 => "movx @dptr,a".into(),
        0xE2 | 0xE3 => format!("movx a,@r{}", op & 1),
        0xF2 | 0xF3 => format!("movx @r{},a", op & 1),
        0xC0 => format!("push {}", direct(b1)),
        0xD0 => format!("pop {}", direct(b1)),
        0xC5..=0xCF => format!("xch a,{low}"),
        0xD6 | 0xD7 => format!("xchd a,@r{}", op & 1),
        0xC3 => "clr c".into(),
        0xD3 => "setb c".into(),
        0xB3 => "cpl c".into(),
        0xC2 => format!("clr {}", bit(b1)),
        0xD2 => format!("setb {}", bit(b1)),
        0xB2 => format!("cpl {}", bit(b1)),
        0x82 => format!("anl c,{}", bit(b1)),
        0xB0 => format!("anl c,/{}", bit(b1)),
        0x72 => format!("orl c,{}", bit(b1)),
        0xA0 => format!("orl c,/{}", bit(b1)),
        0xA2 => format!("mov c,{}", bit(b1)),
        0xA5 => ".db 0xa5 ; reserved".into(),
        _ => format!("mov {},c", bit(b1)), // 0x92
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_read_like_sdas8051_source() {
        assert_eq!(disassemble(0x100, 0x85, 0x30, 0x40), "mov 0x40,0x30");
        assert_eq!(disassemble(0x100, 0x80, 0xFE, 0), "sjmp 0x0100");
        assert_eq!(disassemble(0x7FE, 0x31, 0x23, 0), "acall 0x0923");
        assert_eq!(disassemble(0, 0xB6, 0x12, 0x05), "cjne @r0,#0x12,0x0008");
        assert_eq!(disassemble(0, 0x53, 0xE0, 0x0F), "anl acc,#0x0f");
        assert_eq!(disassemble(0, 0x92, 0xD5, 0), "mov 0xd5,c");
    }

    #[test]
    fn every_opcode_disassembles() {
        for op in 0..=255u8 {
            assert!(!disassemble(0, op, 1, 2).is_empty());
        }
    }
}
