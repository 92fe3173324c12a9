//! H8/300 disassembly in the GNU assembler's syntax (h8300-hms-as), for
//! traces and error messages.

/// An 8-bit register by its field.
fn r8(f: u8) -> String {
    format!("r{}{}", f & 7, if f & 8 == 0 { 'h' } else { 'l' })
}

fn r16(f: u8) -> String {
    format!("r{}", f & 7)
}

const BRANCHES: [&str; 16] = [
    "bra", "brn", "bhi", "bls", "bcc", "bcs", "bne", "beq", "bvc", "bvs", "bpl", "bmi", "bge",
    "blt", "bgt", "ble",
];

/// The bit operations by opcode (0x60-0x63, 0x67, 0x70-0x77) and the
/// invert bit of the second byte's high nibble.
fn bit_name(op: u8, invert: bool) -> Option<&'static str> {
    Some(match (op, invert) {
        (0x60 | 0x70, false) => "bset",
        (0x61 | 0x71, false) => "bnot",
        (0x62 | 0x72, false) => "bclr",
        (0x63 | 0x73, false) => "btst",
        (0x67, false) => "bst",
        (0x67, true) => "bist",
        (0x74, false) => "bor",
        (0x74, true) => "bior",
        (0x75, false) => "bxor",
        (0x75, true) => "bixor",
        (0x76, false) => "band",
        (0x76, true) => "biand",
        (0x77, false) => "bld",
        (0x77, true) => "bild",
        _ => return None,
    })
}

/// The instruction in `bytes` (four bytes from `pc`) and its length.
pub fn disassemble(pc: u16, bytes: [u8; 4]) -> (String, u16) {
    let [op, b, c, d] = bytes;
    let (hi, lo) = (b >> 4, b & 15);
    let word2 = u16::from_be_bytes([c, d]);
    let unknown = || (format!(".word 0x{:04x}", u16::from_be_bytes([op, b])), 2);
    let two = |s: String| (s, 2);
    let four = |s: String| (s, 4);
    let pair8 = || format!("{},{}", r8(hi), r8(lo));
    let pair16 = || format!("{},{}", r16(hi), r16(lo));
    match op {
        0x00 if b == 0 => two("nop".into()),
        0x01 if b == 0x80 => two("sleep".into()),
        0x02 if hi == 0 => two(format!("stc ccr,{}", r8(lo))),
        0x03 if hi == 0 => two(format!("ldc {},ccr", r8(lo))),
        0x04 => two(format!("orc #0x{b:02x},ccr")),
        0x05 => two(format!("xorc #0x{b:02x},ccr")),
        0x06 => two(format!("andc #0x{b:02x},ccr")),
        0x07 => two(format!("ldc #0x{b:02x},ccr")),
        0x08 => two(format!("add.b {}", pair8())),
        0x09 => two(format!("add.w {}", pair16())),
        0x0A if hi == 0 => two(format!("inc {}", r8(lo))),
        0x0B if hi == 0 || hi == 8 => two(format!("adds #{},{}", 1 + hi / 8, r16(lo))),
        0x0C => two(format!("mov.b {}", pair8())),
        0x0D => two(format!("mov.w {}", pair16())),
        0x0E => two(format!("addx {}", pair8())),
        0x0F if hi == 0 => two(format!("daa {}", r8(lo))),
        0x10..=0x13 if hi == 0 || hi == 8 => {
            let names = [
                ["shll", "shal"],
                ["shlr", "shar"],
                ["rotxl", "rotl"],
                ["rotxr", "rotr"],
            ];
            two(format!(
                "{} {}",
                names[(op - 0x10) as usize][(hi / 8) as usize],
                r8(lo)
            ))
        }
        0x14 => two(format!("or {}", pair8())),
        0x15 => two(format!("xor {}", pair8())),
        0x16 => two(format!("and {}", pair8())),
        0x17 if hi == 0 => two(format!("not {}", r8(lo))),
        0x17 if hi == 8 => two(format!("neg {}", r8(lo))),
        0x18 => two(format!("sub.b {}", pair8())),
        0x19 => two(format!("sub.w {}", pair16())),
        0x1A if hi == 0 => two(format!("dec {}", r8(lo))),
        0x1B if hi == 0 || hi == 8 => two(format!("subs #{},{}", 1 + hi / 8, r16(lo))),
        0x1C => two(format!("cmp.b {}", pair8())),
        0x1D => two(format!("cmp.w {}", pair16())),
        0x1E => two(format!("subx {}", pair8())),
        0x1F if hi == 0 => two(format!("das {}", r8(lo))),
        0x20..=0x2F => two(format!("mov.b @0x{b:02x}:8,{}", r8(op))),
        0x30..=0x3F => two(format!("mov.b {},@0x{b:02x}:8", r8(op))),
        0x40..=0x4F => {
            let target = pc.wrapping_add(2).wrapping_add(b as i8 as u16);
            two(format!("{} 0x{target:04x}", BRANCHES[(op & 15) as usize]))
        }
        0x50 => two(format!("mulxu {},{}", r8(hi), r16(lo))),
        0x51 => two(format!("divxu {},{}", r8(hi), r16(lo))),
        0x54 if b == 0x70 => two("rts".into()),
        0x55 => two(format!(
            "bsr 0x{:04x}",
            pc.wrapping_add(2).wrapping_add(b as i8 as u16)
        )),
        0x56 if b == 0x70 => two("rte".into()),
        0x59 if lo == 0 => two(format!("jmp @{}", r16(hi))),
        0x5A if b == 0 => four(format!("jmp @0x{word2:04x}")),
        0x5B => two(format!("jmp @@0x{b:02x}")),
        0x5D if lo == 0 => two(format!("jsr @{}", r16(hi))),
        0x5E if b == 0 => four(format!("jsr @0x{word2:04x}")),
        0x5F => two(format!("jsr @@0x{b:02x}")),
        0x60..=0x63 => two(format!(
            "{} {}",
            bit_name(op, false).unwrap_or("?"),
            pair8()
        )),
        0x67 | 0x70..=0x77 => match bit_name(op, hi & 8 != 0) {
            Some(name) => two(format!("{name} #{},{}", hi & 7, r8(lo))),
            None => unknown(),
        },
        0x68 | 0x6C if hi & 8 == 0 => {
            let plus = if op == 0x6C { "+" } else { "" };
            two(format!("mov.b @{}{plus},{}", r16(hi), r8(lo)))
        }
        0x68 | 0x6C => {
            let minus = if op == 0x6C { "-" } else { "" };
            two(format!("mov.b {},@{minus}{}", r8(lo), r16(hi)))
        }
        0x69 | 0x6D if hi & 8 == 0 => {
            let plus = if op == 0x6D { "+" } else { "" };
            two(format!("mov.w @{}{plus},{}", r16(hi), r16(lo)))
        }
        0x69 | 0x6D => {
            let minus = if op == 0x6D { "-" } else { "" };
            two(format!("mov.w {},@{minus}{}", r16(lo), r16(hi)))
        }
        0x6A => match hi {
            0x0 => four(format!("mov.b @0x{word2:04x},{}", r8(lo))),
            0x8 => four(format!("mov.b {},@0x{word2:04x}", r8(lo))),
            0x4 => four(format!("movfpe @0x{word2:04x},{}", r8(lo))),
            0xC => four(format!("movtpe {},@0x{word2:04x}", r8(lo))),
            _ => unknown(),
        },
        0x6B if hi == 0 => four(format!("mov.w @0x{word2:04x},{}", r16(lo))),
        0x6B if hi == 8 => four(format!("mov.w {},@0x{word2:04x}", r16(lo))),
        0x6E | 0x6F => {
            let (size, reg) = match op {
                0x6E => ("b", r8(lo)),
                _ => ("w", r16(lo)),
            };
            let at = format!("@(0x{word2:04x},{})", r16(hi));
            match hi & 8 {
                0 => four(format!("mov.{size} {at},{reg}")),
                _ => four(format!("mov.{size} {reg},{at}")),
            }
        }
        0x79 if hi == 0 => four(format!("mov.w #0x{word2:04x},{}", r16(lo))),
        0x7B if b == 0x5C && word2 == 0x598F => four("eepmov".into()),
        0x7C..=0x7F => {
            let at = match op {
                0x7C | 0x7D => format!("@{}", r16(hi)),
                _ => format!("@0x{b:02x}:8"),
            };
            let (hi2, invert) = (d >> 4, d & 0x80 != 0);
            let text = match c {
                0x60..=0x63 => bit_name(c, false).map(|n| format!("{n} {},{at}", r8(hi2))),
                _ => bit_name(c, invert).map(|n| format!("{n} #{},{at}", hi2 & 7)),
            };
            match text {
                Some(t) => four(t),
                None => unknown(),
            }
        }
        0x80..=0x8F => two(format!("add.b #0x{b:02x},{}", r8(op))),
        0x90..=0x9F => two(format!("addx #0x{b:02x},{}", r8(op))),
        0xA0..=0xAF => two(format!("cmp.b #0x{b:02x},{}", r8(op))),
        0xB0..=0xBF => two(format!("subx #0x{b:02x},{}", r8(op))),
        0xC0..=0xCF => two(format!("or #0x{b:02x},{}", r8(op))),
        0xD0..=0xDF => two(format!("xor #0x{b:02x},{}", r8(op))),
        0xE0..=0xEF => two(format!("and #0x{b:02x},{}", r8(op))),
        0xF0..=0xFF => two(format!("mov.b #0x{b:02x},{}", r8(op))),
        _ => unknown(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_assembler_writes() {
        for (bytes, text) in [
            ([0x08, 0x1A, 0, 0], "add.b r1h,r2l"),
            ([0x6E, 0x9A, 0x00, 0x10], "mov.b r2l,@(0x0010,r1)"),
            ([0x7D, 0x20, 0x67, 0xB0], "bist #3,@r2"),
            ([0x40, 0xFE, 0, 0], "bra 0x0100"),
            ([0x6D, 0xF3, 0, 0], "mov.w r3,@-r7"),
            ([0x01, 0x00, 0, 0], ".word 0x0100"),
        ] {
            assert_eq!(disassemble(0x100, bytes).0, text);
        }
    }
}
