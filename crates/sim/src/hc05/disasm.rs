//! CPU05 disassembly in sdas6808 (ASxxxx) syntax, for traces and error
//! messages: `*dd` direct, `hhll` extended, `ff,x` / `eeff,x` / `,x`
//! indexed, `#n,*dd` bit operands. sdas6808 picks IX1 for an indexed
//! offset below 0x100, so an IX2 instruction with a small offset
//! reassembles one byte shorter.

use super::timing::{legal, length};

const BRANCHES: [&str; 16] = [
    "bra", "brn", "bhi", "bls", "bcc", "bcs", "bne", "beq", "bhcc", "bhcs", "bpl", "bmi", "bmc",
    "bms", "bil", "bih",
];

/// Read-modify-write rows (columns 0x3-0x7); "" where the row is empty.
const MODIFY: [&str; 16] = [
    "neg", "", "", "com", "lsr", "", "ror", "asr", "lsl", "rol", "dec", "", "inc", "tst", "", "clr",
];

/// Register/memory rows (columns 0xA-0xF).
const REGISTER_MEMORY: [&str; 16] = [
    "sub", "cmp", "sbc", "cpx", "and", "bit", "lda", "sta", "eor", "adc", "ora", "add", "jmp",
    "jsr", "ldx", "stx",
];

fn control(op: u8) -> &'static str {
    match op {
        0x42 => "mul",
        0x80 => "rti",
        0x81 => "rts",
        0x83 => "swi",
        0x8E => "stop",
        0x8F => "wait",
        0x97 => "tax",
        0x98 => "clc",
        0x99 => "sec",
        0x9A => "cli",
        0x9B => "sei",
        0x9C => "rsp",
        0x9D => "nop",
        _ => "txa",
    }
}

/// Text of the instruction `op b1 b2` at `pc`.
pub fn disassemble(pc: u16, op: u8, b1: u8, b2: u8) -> String {
    if !legal(op) {
        return format!(".db 0x{op:02x} ; not a CPU05 opcode");
    }
    let next = pc.wrapping_add(length(op) as u16);
    let target = |o: u8| format!("0x{:04x}", next.wrapping_add(o as i8 as u16));
    let word = u16::from_be_bytes([b1, b2]);
    let bit = (op >> 1) & 7;
    let row = (op & 0x0F) as usize;
    match op >> 4 {
        0x0 => {
            let name = if op & 1 == 0 { "brset" } else { "brclr" };
            format!("{name} #{bit},*0x{b1:02x},{}", target(b2))
        }
        0x1 => {
            let name = if op & 1 == 0 { "bset" } else { "bclr" };
            format!("{name} #{bit},*0x{b1:02x}")
        }
        0x2 => format!("{} {}", BRANCHES[row], target(b1)),
        0x3 => format!("{} *0x{b1:02x}", MODIFY[row]),
        0x4 if op == 0x42 => "mul".into(),
        0x4 => format!("{}a", MODIFY[row]),
        0x5 => format!("{}x", MODIFY[row]),
        0x6 => format!("{} 0x{b1:02x},x", MODIFY[row]),
        0x7 => format!("{} ,x", MODIFY[row]),
        0x8 | 0x9 => control(op).into(),
        0xA if op == 0xAD => format!("bsr {}", target(b1)),
        0xA => format!("{} #0x{b1:02x}", REGISTER_MEMORY[row]),
        0xB => format!("{} *0x{b1:02x}", REGISTER_MEMORY[row]),
        0xC => format!("{} 0x{word:04x}", REGISTER_MEMORY[row]),
        0xD => format!("{} 0x{word:04x},x", REGISTER_MEMORY[row]),
        0xE => format!("{} 0x{b1:02x},x", REGISTER_MEMORY[row]),
        _ => format!("{} ,x", REGISTER_MEMORY[row]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_read_like_sdas6808_source() {
        assert_eq!(disassemble(0x100, 0x9C, 0, 0), "rsp");
        assert_eq!(disassemble(0x105, 0xE7, 0x80, 0), "sta 0x80,x");
        assert_eq!(disassemble(0x10A, 0x26, 0xF6, 0), "bne 0x0102");
        assert_eq!(disassemble(0x115, 0xC7, 0x00, 0x40), "sta 0x0040");
        assert_eq!(
            disassemble(0x118, 0x00, 0x40, 0x02),
            "brset #0,*0x40,0x011d"
        );
        assert_eq!(disassemble(0x11B, 0x12, 0x41, 0), "bset #1,*0x41");
        assert_eq!(disassemble(0, 0x48, 0, 0), "lsla");
        assert_eq!(disassemble(0, 0x7D, 0, 0), "tst ,x");
        assert_eq!(disassemble(0, 0xD9, 0x12, 0x34), "adc 0x1234,x");
        assert_eq!(disassemble(0, 0x87, 0, 0), ".db 0x87 ; not a CPU05 opcode");
    }

    #[test]
    fn every_opcode_disassembles() {
        for op in 0..=255u8 {
            let text = disassemble(0, op, 1, 2);
            assert!(!text.is_empty() && !text.starts_with(' '), "{op:#04x}");
        }
    }
}
