//! Loading sdld6808 output: Motorola S19 (`-s`) by [`crate::srec`];
//! Intel HEX (`-i`) and NoICE symbols (`-j`) by the 8051's readers in
//! [`crate::mcs51::ihx`]; the linker map (`-m`) here.

use std::collections::BTreeMap;

/// Global symbols from an sdld map file (`-m`): the `Value  Global`
/// columns, `00000300  start` pairs separated by `|`.
pub fn parse_map(text: &str) -> BTreeMap<String, u32> {
    text.lines()
        .flat_map(|l| l.split('|'))
        .filter_map(|cell| {
            let mut parts = cell.split_whitespace();
            let (value, name) = (parts.next()?, parts.next()?);
            if parts.next().is_some() || value.len() != 8 {
                return None;
            }
            Some((name.to_string(), u32::from_str_radix(value, 16).ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_symbols() {
        let map = "     00000300  start     |    00000350  sub1\n\
                   CODE0                  00000300    00000020 =          32. bytes (ABS,CON)\n";
        let syms = parse_map(map);
        assert_eq!(syms["start"], 0x300);
        assert_eq!(syms["sub1"], 0x350);
        assert_eq!(syms.len(), 2);
    }
}
