//! The fixed tables every keying option shares, from the Twofish
//! definitions of `cardlab_ciphers::twofish` (q0 and q1 as tables, §4.3.5;
//! the order in which h applies them to each byte, §4.3.2, Figure 2; the
//! MDS and RS matrices), and the MDS matrix (§4.2) merged with h's last q
//! layer, computed at compile time.

pub use cardlab_ciphers::gf_mul;
pub use cardlab_ciphers::twofish::{LAYER, MDS, MDS_POLY, Q, RS, RS_POLY, mds_column};

/// The table of layer t for byte j.
pub const fn layer(t: usize, j: usize) -> &'static [u8; 256] {
    &Q[LAYER[t][j]]
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
