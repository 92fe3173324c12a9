//! The instruction-set extension seed 003 added to its LEON2 (§3: `sbox`)
//! and the one it took from its authors' earlier work (`gf2mul`,
//! `gf2mac`: multiplication of binary polynomials of degree 31, yielding
//! degree 62). The paper gives their function, not their encoding; the
//! encodings are cardlab's, in op3 values SPARC V8 leaves unused in the
//! arithmetic group (op = 2; Appendix F, Table F-5: 0x2C-0x2F are free in
//! V8 and LEON2 uses none of them):
//!
//! | mnemonic | op3 | form | effect |
//! |---|---|---|---|
//! | `sbox rs1, imm, rd` | 0x2C | i = 1 | byte `imm[1:0]` of rs1 through the AES S-box (`imm[4]` = 1: the inverse S-box) into byte `imm[3:2]` of rd; rd's other bytes kept |
//! | `gf2mul rs1, rs2, rd` | 0x2D | i = 0 or 1 | P = rs1 ⊗ rs2 carry-less; rd ← P[31:0], %y ← P[62:32], %asr18 ← P[31:0] |
//! | `gf2mac rs1, rs2, rd` | 0x2E | i = 0 or 1 | {%y, %asr18} ^= rs1 ⊗ rs2; rd ← the new %asr18 |
//!
//! Byte 0 is bits 7:0 (the least significant). `sbox` reads rd as its
//! second operand (the paper's reason why the immediate form fits a
//! two-read-port register file). The accumulator of `gf2mac` is %y:%asr18,
//! the registers LEON2's own UMAC/SMAC accumulate in (LEON2 manual §3.1.7),
//! so a product chain needs no third register read: `gf2mul` starts it,
//! each `gf2mac` adds to it. An `sbox` immediate with bits above bit 4 set
//! is an illegal_instruction, leaving room for other functions.

/// The sbox immediate: source byte, destination byte, inverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SboxImm {
    pub source: u32,
    pub dest: u32,
    pub inverse: bool,
}

impl SboxImm {
    pub fn decode(imm13: u32) -> Option<SboxImm> {
        (imm13 & !0x1F == 0).then_some(SboxImm {
            source: imm13 & 3,
            dest: imm13 >> 2 & 3,
            inverse: imm13 & 0x10 != 0,
        })
    }
}

pub const OP3_SBOX: u32 = 0x2C;
pub const OP3_GF2MUL: u32 = 0x2D;
pub const OP3_GF2MAC: u32 = 0x2E;

/// `sbox`: rd with byte `dest` replaced by S(byte `source` of rs1).
pub fn sbox(rs1: u32, rd: u32, imm: SboxImm) -> u32 {
    let x = (rs1 >> (8 * imm.source)) as u8;
    let s = if imm.inverse {
        SBOX_UNIT.inverse[x as usize]
    } else {
        SBOX_UNIT.forward[x as usize]
    };
    let shift = 8 * imm.dest;
    rd & !(0xFF << shift) | (s as u32) << shift
}

/// The 63-bit carry-less product of two 32-bit binary polynomials.
pub fn clmul(a: u32, b: u32) -> u64 {
    (0..32)
        .filter(|i| b >> i & 1 != 0)
        .fold(0u64, |p, i| p ^ (a as u64) << i)
}

/// The S-box unit as the hardware computes it (FIPS-197 §5.1.1):
/// the multiplicative inverse in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
/// followed by the affine map; the inverse unit runs them backwards.
/// Both tables are built at compile time from that definition.
struct SboxUnit {
    forward: [u8; 256],
    inverse: [u8; 256],
}

const SBOX_UNIT: SboxUnit = build_sbox_unit();

const fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        let hi = a & 0x80;
        a <<= 1;
        if hi != 0 {
            a ^= 0x1B;
        }
        b >>= 1;
    }
    p
}

/// a^254 = a^-1 (0 for 0).
const fn gf_inv(a: u8) -> u8 {
    let mut r = 1u8;
    let mut i = 0;
    while i < 254 {
        r = gf_mul(r, a);
        i += 1;
    }
    if a == 0 { 0 } else { r }
}

const fn affine(b: u8) -> u8 {
    b ^ b.rotate_left(1) ^ b.rotate_left(2) ^ b.rotate_left(3) ^ b.rotate_left(4) ^ 0x63
}

const fn build_sbox_unit() -> SboxUnit {
    let mut forward = [0u8; 256];
    let mut inverse = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        let s = affine(gf_inv(x as u8));
        forward[x] = s;
        inverse[s as usize] = x as u8;
        x += 1;
    }
    SboxUnit { forward, inverse }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sbox_unit_matches_fips197_examples() {
        // FIPS-197 Figure 7 and §5.1.1's worked example: S(0x53) = 0xED.
        let f = |x: u32| sbox(x, 0, SboxImm::decode(0).unwrap()) as u8;
        assert_eq!(f(0x00), 0x63);
        assert_eq!(f(0x53), 0xED);
        assert_eq!(f(0xFF), 0x16);
        let inv = SboxImm::decode(0x10).unwrap();
        for x in 0..=255u32 {
            assert_eq!(sbox(f(x) as u32, 0, inv), x, "inverse of S({x:#04x})");
        }
    }

    #[test]
    fn sbox_selects_and_replaces_bytes() {
        // source byte 2 (0x53) into destination byte 1; bytes 3, 2, 0 kept.
        let imm = SboxImm::decode(2 | 1 << 2).unwrap();
        assert_eq!(sbox(0x1153_2233, 0xAABB_CCDD, imm), 0xAABB_EDDD);
        assert_eq!(SboxImm::decode(0x20), None);
    }

    #[test]
    fn clmul_is_polynomial_multiplication() {
        assert_eq!(clmul(0b11, 0b11), 0b101); // (x+1)^2 = x^2+1
        assert_eq!(clmul(0xFFFF_FFFF, 0xFFFF_FFFF), 0x5555_5555_5555_5555);
        assert_eq!(clmul(0x8000_0000, 0x8000_0000), 1 << 62);
    }
}
