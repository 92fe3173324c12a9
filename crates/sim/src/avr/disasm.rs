//! The text of an instruction, in avr-objdump's mnemonics (jump and branch
//! targets as absolute byte addresses).

use super::decode::{Mode, Op, decode};

/// The instruction `w` (and `w2`, the next word, for two-word
/// instructions) at byte address `pc`.
pub fn disassemble(pc: u32, w: u16, w2: u16) -> String {
    use Op::*;
    let i = decode(w);
    let (d, r, k) = (i.d, i.r, i.k);
    let name = format!("{:?}", i.op).to_lowercase();
    let relative = |k: u16| format!("{:#06x}", (pc as i64 + 2 + 2 * (k as i16) as i64) & 0xFFFF);
    let pointer = |p: u8| match p {
        26 => "X",
        28 => "Y",
        _ => "Z",
    };
    let indirect = |p: u8, mode: u16| match mode {
        m if m == Mode::PostInc as u16 => format!("{}+", pointer(p)),
        m if m == Mode::PreDec as u16 => format!("-{}", pointer(p)),
        _ => pointer(p).to_string(),
    };
    match i.op {
        Illegal => format!(".word {w:#06x}"),
        Nop | Ret | Reti | Sleep | Break | Wdr | Spm | Ijmp | Icall => name,
        LpmR0 => "lpm".into(),
        Lpm => format!("lpm r{d}, Z"),
        LpmInc => format!("lpm r{d}, Z+"),
        Movw => format!("movw r{d}, r{r}"),
        Ldi | Cpi | Sbci | Subi | Ori | Andi => format!("{name} r{d}, {k:#04x}"),
        Adiw | Sbiw => format!("{name} r{d}, {k}"),
        Ldd if k == 0 => format!("ld r{d}, {}", pointer(r)),
        Ldd => format!("ldd r{d}, {}+{k}", pointer(r)),
        Std if k == 0 => format!("st {}, r{d}", pointer(r)),
        Std => format!("std {}+{k}, r{d}", pointer(r)),
        Ld => format!("ld r{d}, {}", indirect(r, k)),
        St => format!("st {}, r{d}", indirect(r, k)),
        Lds => format!("lds r{d}, {w2:#06x}"),
        Sts => format!("sts {w2:#06x}, r{d}"),
        Jmp | Call => format!("{name} {:#06x}", w2 as u32 * 2),
        Rjmp | Rcall => format!("{name} {}", relative(k)),
        // The assembler's names: BRBS/BRBC on each SREG bit, C Z N V S H T I.
        Brbs => format!(
            "{} {}",
            [
                "brcs", "breq", "brmi", "brvs", "brlt", "brhs", "brts", "brie"
            ][r as usize & 7],
            relative(k)
        ),
        Brbc => format!(
            "{} {}",
            [
                "brcc", "brne", "brpl", "brvc", "brge", "brhc", "brtc", "brid"
            ][r as usize & 7],
            relative(k)
        ),
        In => format!("in r{d}, {k:#04x}"),
        Out => format!("out {k:#04x}, r{d}"),
        Cbi | Sbi | Sbic | Sbis => format!("{name} {k:#04x}, {r}"),
        Bset | Bclr => format!("{name} {r}"),
        Bld | Bst | Sbrc | Sbrs => format!("{name} r{d}, {r}"),
        Push | Pop | Com | Neg | Swap | Inc | Asr | Lsr | Ror | Dec => format!("{name} r{d}"),
        _ => format!("{name} r{d}, r{r}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_like_objdump() {
        let t = |w: u16, w2: u16| super::disassemble(0x100, w, w2);
        assert_eq!(t(0x0E1F, 0), "add r1, r31");
        assert_eq!(t(0xCFFF, 0), "rjmp 0x0100");
        assert_eq!(t(0x940E, 0x0040,), "call 0x0080");
        assert_eq!(t(0x9100, 0x0060), "lds r16, 0x0060");
        assert_eq!(t(0xAC5F, 0), "ldd r5, Y+63");
        assert_eq!(t(0x900E, 0), "ld r0, -X");
        assert_eq!(t(0x95C8, 0), "lpm");
        assert_eq!(t(0xFFFF, 0), ".word 0xffff");
    }
}
