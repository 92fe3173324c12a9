//! The fixed tables every keying option shares, computed at compile time
//! from the Twofish paper's definitions: the permutations q0 and q1
//! (§4.3.5), the order in which h applies them to each byte (§4.3.2,
//! Figure 2), and the MDS matrix (§4.2) merged with h's last q layer.

/// The 4-bit tables t0..t3 that build q0 and q1 (§4.3.5).
const Q_T: [[[u8; 16]; 4]; 2] = [
    [
        [8, 1, 7, 13, 6, 15, 3, 2, 0, 11, 5, 9, 14, 12, 10, 4],
        [14, 12, 11, 8, 1, 2, 3, 5, 15, 4, 10, 6, 7, 0, 9, 13],
        [11, 10, 5, 14, 6, 13, 9, 0, 12, 8, 15, 3, 2, 4, 7, 1],
        [13, 7, 15, 4, 1, 2, 6, 14, 9, 11, 3, 0, 8, 5, 12, 10],
    ],
    [
        [2, 8, 11, 13, 15, 7, 6, 14, 3, 1, 9, 4, 0, 10, 12, 5],
        [1, 14, 2, 11, 4, 12, 3, 7, 6, 13, 10, 5, 15, 9, 0, 8],
        [4, 12, 7, 5, 1, 6, 9, 10, 0, 14, 13, 8, 2, 11, 3, 15],
        [11, 9, 5, 1, 12, 3, 13, 14, 6, 4, 7, 15, 2, 0, 8, 10],
    ],
];

const fn ror4(v: u8) -> u8 {
    ((v >> 1) | (v << 3)) & 0xf
}

const fn q_of(which: usize, x: u8) -> u8 {
    let t = &Q_T[which];
    let (a0, b0) = (x >> 4, x & 0xf);
    let (a1, b1) = (a0 ^ b0, (a0 ^ ror4(b0) ^ (a0 << 3)) & 0xf);
    let (a2, b2) = (t[0][a1 as usize], t[1][b1 as usize]);
    let (a3, b3) = (a2 ^ b2, (a2 ^ ror4(b2) ^ (a2 << 3)) & 0xf);
    let (a4, b4) = (t[2][a3 as usize], t[3][b3 as usize]);
    (b4 << 4) | a4
}

const fn q_table(which: usize) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        t[x] = q_of(which, x as u8);
        x += 1;
    }
    t
}

/// q0 and q1 as 256-byte tables.
pub const Q: [[u8; 256]; 2] = [q_table(0), q_table(1)];

/// Which q (0 or 1) layer `t` of h applies to byte j. Layer 0 is the last
/// one, before the MDS matrix; layer t (1..=4) comes before the XOR with
/// the list word L(t-1), so a key of k words runs layers k, k-1, ..., 0.
/// Read off Figure 2: byte 0 of a 128-bit key's h is q1[q0[q0[x] ^ ..] ^ ..].
pub const LAYER: [[usize; 4]; 5] = [
    [1, 0, 1, 0],
    [0, 0, 1, 1],
    [0, 1, 0, 1],
    [1, 1, 0, 0],
    [1, 0, 0, 1],
];

/// The table of layer t for byte j.
pub const fn layer(t: usize, j: usize) -> &'static [u8; 256] {
    &Q[LAYER[t][j]]
}

/// MDS matrix over GF(2^8) mod x^8+x^6+x^5+x^3+1 (§4.2).
pub const MDS: [[u8; 4]; 4] = [
    [0x01, 0xEF, 0x5B, 0x5B],
    [0x5B, 0xEF, 0xEF, 0x01],
    [0xEF, 0x5B, 0x01, 0xEF],
    [0xEF, 0x01, 0xEF, 0x5B],
];

/// Reed-Solomon matrix over GF(2^8) mod x^8+x^6+x^3+x^2+1 (§4.3).
pub const RS: [[u8; 8]; 4] = [
    [0x01, 0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E],
    [0xA4, 0x56, 0x82, 0xF3, 0x1E, 0xC6, 0x68, 0xE5],
    [0x02, 0xA1, 0xFC, 0xC1, 0x47, 0xAE, 0x3D, 0x19],
    [0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E, 0x03],
];

/// Multiply in GF(2^8) modulo x^8 + `poly` (0x69 for the MDS, 0x4d for RS).
pub const fn gf_mul(mut a: u8, mut b: u8, poly: u8) -> u8 {
    let mut r = 0;
    while b != 0 {
        if b & 1 != 0 {
            r ^= a;
        }
        let carry = a & 0x80 != 0;
        a <<= 1;
        if carry {
            a ^= poly;
        }
        b >>= 1;
    }
    r
}

pub const MDS_POLY: u8 = 0x69;
pub const RS_POLY: u8 = 0x4d;

/// Column j of the MDS matrix times `y`, as the little-endian word whose
/// byte i is MDS[i][j]·y.
pub const fn mds_column(j: usize, y: u8) -> u32 {
    let mut w = 0u32;
    let mut i = 0;
    while i < 4 {
        w |= (gf_mul(MDS[i][j], y, MDS_POLY) as u32) << (8 * i);
        i += 1;
    }
    w
}

const fn qmds_table() -> [[u32; 256]; 4] {
    let mut t = [[0u32; 256]; 4];
    let mut j = 0;
    while j < 4 {
        let mut z = 0;
        while z < 256 {
            t[j][z] = mds_column(j, Q[LAYER[0][j]][z]);
            z += 1;
        }
        j += 1;
    }
    t
}

/// The fixed MDS tables with h's last q layer folded in (4 KB):
/// `QMDS[j][z]` = MDS column j · layer-0 q of byte j at z. Every keying
/// option but full and compiled reads them in g.
pub static QMDS: [[u32; 256]; 4] = qmds_table();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn q_starts_as_the_papers_table() {
        // Twofish paper, Table 2 (q0) / reference code: q0(0) = A9, q1(0) = 75.
        assert_eq!(
            (Q[0][0], Q[0][1], Q[1][0], Q[1][1]),
            (0xA9, 0x67, 0x75, 0xF3)
        );
        let mut seen = [false; 256];
        Q[0].iter().for_each(|&v| seen[v as usize] = true);
        assert!(seen.iter().all(|&s| s), "q0 is a permutation");
    }
}
