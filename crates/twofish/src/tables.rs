//! The fixed tables every keying option shares, computed at compile time
//! from the Twofish definitions of `cardlab_ciphers::twofish` (q0 and q1,
//! §4.3.5; the MDS and RS matrices): the q permutations as tables, the
//! order in which h applies them to each byte (§4.3.2, Figure 2), and the
//! MDS matrix (§4.2) merged with h's last q layer.

pub use cardlab_ciphers::gf_mul;
use cardlab_ciphers::twofish::q;
pub use cardlab_ciphers::twofish::{MDS, MDS_POLY, RS, RS_POLY};

const fn q_table(which: usize) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        t[x] = q(which, x as u8);
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
