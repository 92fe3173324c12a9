//! The whole pipeline on real firmware: build with sdas8051/sdld, run every
//! AES-128 vector, verify, measure. Cycle counts are pinned so a
//! regression in the firmware or the simulator shows.

use cardlab_lab::build::build;
use cardlab_lab::manifest::{Manifest, Op};
use cardlab_lab::measure::{measure, vectors};
use cardlab_lab::repo_root;

fn fast() -> Manifest {
    Manifest::load(&repo_root().join("firmware/mcs51/aes/fast.toml")).unwrap()
}

/// What one variant × key size × operation must measure.
#[derive(Clone, Copy)]
struct Pin<'a> {
    manifest: &'a str,
    op: Op,
    key_bits: usize,
    cycles: (u64, u64),
    code_bytes: u64,
    table_bytes: u64,
    ram_bytes: u64,
    key_ram_bytes: u64,
    key_destroyed: bool,
}

/// Build the variant, run every vector and compare each figure with the pin.
fn check(pin: &Pin<'_>) {
    let m = Manifest::load(&repo_root().join("firmware").join(pin.manifest)).unwrap();
    let built = build(&m).unwrap();
    let vs = vectors(&repo_root().join("vectors"), m.algorithm, pin.key_bits).unwrap();
    assert!(vs.len() > 64, "only the random vectors: {}", vs.len());
    let row = measure(&built, &m, pin.op, pin.key_bits, &vs);
    let what = format!("{} {} {}", pin.manifest, pin.op.name(), pin.key_bits);
    assert!(row.verified, "{what}: {:?}", row.first_failure);
    assert_eq!(
        (row.cycles_min, row.cycles_max),
        (Some(pin.cycles.0), Some(pin.cycles.1)),
        "{what}: cycles"
    );
    assert_eq!(
        (row.code_bytes, row.table_bytes),
        (pin.code_bytes, pin.table_bytes),
        "{what}: ROM"
    );
    assert_eq!(row.ram_bytes, Some(pin.ram_bytes), "{what}: RAM");
    assert_eq!(
        row.key_ram_bytes,
        Some(pin.key_ram_bytes),
        "{what}: key RAM"
    );
    assert_eq!(
        row.key_destroyed,
        Some(pin.key_destroyed),
        "{what}: key destroyed"
    );
    // Timing is constant exactly when the cycle count does not vary; data
    // addresses vary exactly when the code looks up tables, or, where the
    // cycles vary, may vary with the path taken (its stack traffic).
    let constant = pin.cycles.0 == pin.cycles.1;
    assert_eq!(row.constant_time, Some(constant), "{what}: constant time");
    // A key schedule may leave the tables alone (DES's does); tables may
    // also come with the key, from the host (seed 001's S-boxes).
    let may_skip_tables = pin.op == Op::KeySetup && pin.table_bytes > 0;
    let lookups = pin.table_bytes > 0 || m.key_material.is_some();
    if (constant || lookups) && !may_skip_tables {
        assert_eq!(
            row.address_trace_constant,
            Some(!lookups),
            "{what}: table reads depend on the data"
        );
    }
    assert_eq!(row.rom_check, None, "{what}");
}

/// A decryption variant entered with the cipher key (`pin`, which keeps
/// the key) and its `-lrk` twin: the same image entered with the last round
/// key, which it destroys, in `lrk_cycles`.
fn check_from_either_key(pin: &Pin<'_>, lrk_cycles: u64) {
    check(pin);
    let lrk = pin.manifest.replace(".toml", "-lrk.toml");
    check(&Pin {
        manifest: &lrk,
        cycles: (lrk_cycles, lrk_cycles),
        key_destroyed: true,
        ..*pin
    });
}

#[test]
fn aes_fast_verifies_and_its_figures_are_pinned() {
    // RAM: state 16 + key 16 + R2, R3, R5, R6, R7 + the return address.
    // The cycle breakdown is in fast.asm's header.
    check(&Pin {
        manifest: "mcs51/aes/fast.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (2132, 2132),
        code_bytes: 389,
        table_bytes: 512,
        ram_bytes: 39,
        key_ram_bytes: 16,
        key_destroyed: true,
    });
}

#[test]
fn aes_unrolled_verifies_and_its_figures_are_pinned() {
    // fast's RAM without R5 and R6. The cycle breakdown is in unrolled.asm.
    check(&Pin {
        manifest: "mcs51/aes/unrolled.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (1986, 1986),
        code_bytes: 2720,
        table_bytes: 512,
        ram_bytes: 37,
        key_ram_bytes: 16,
        key_destroyed: true,
    });
}

#[test]
fn aes_ttable_on_the_arm7tdmi_verifies_and_its_figures_are_pinned() {
    // RAM: state 16 + key 16 + the return address on the stack; the key
    // stays in registers, its buffer untouched. The cycle sum is in
    // ttable.s's header.
    check(&Pin {
        manifest: "arm7tdmi/aes/ttable.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (1075, 1075),
        code_bytes: 2612,
        table_bytes: 1024,
        ram_bytes: 36,
        key_ram_bytes: 0,
        key_destroyed: false,
    });
}

#[test]
fn aes_registers_only_on_the_arm7tdmi_verify_and_are_pinned() {
    // RAM: state 16 + key 16 + the return address (+ the Rcon slot of the
    // loop). The cycle sums are in regs.s's and regsfull.s's headers.
    for (manifest, cycles, code, stack) in [
        ("arm7tdmi/aes/regs.toml", 1448, 872, 8),
        ("arm7tdmi/aes/regsfull.toml", 1340, 3604, 4),
    ] {
        check(&Pin {
            manifest,
            op: Op::EncryptWithKeySetup,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes: code,
            table_bytes: 256,
            ram_bytes: 32 + stack,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
}

#[test]
fn aes_registers_only_decryption_on_the_arm7tdmi_from_either_key() {
    // regs' RAM; the sums are in regsdec.s's header.
    let pin = Pin {
        manifest: "arm7tdmi/aes/regsdec.toml",
        op: Op::DecryptWithKeySetup,
        key_bits: 128,
        cycles: (2268, 2268),
        code_bytes: 1420,
        table_bytes: 512,
        ram_bytes: 40,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&pin);
    // From the last round key the buffer is never written back: it keeps
    // K10, so it is not the cipher key "destroyed" by the run.
    check(&Pin {
        manifest: "arm7tdmi/aes/regsdec-lrk.toml",
        cycles: (1919, 1919),
        ..pin
    });
}

#[test]
fn aes_t_table_decryption_on_the_arm7tdmi_from_either_key() {
    // Block 16 + key 16 + the return address; the sums are in ttabledec.s.
    let pin = Pin {
        manifest: "arm7tdmi/aes/ttabledec.toml",
        op: Op::DecryptWithKeySetup,
        key_bits: 128,
        cycles: (1701, 1701),
        code_bytes: 4728,
        table_bytes: 1536,
        ram_bytes: 36,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&pin);
    check(&Pin {
        manifest: "arm7tdmi/aes/ttabledec-lrk.toml",
        cycles: (1462, 1462),
        ..pin
    });
}

#[test]
fn rc6_on_the_arm7tdmi_key_setup_encryption_and_decryption_are_pinned() {
    // RAM: block 16 + key 16 + S 176 during key setup; the block and the
    // key during encryption (S is read only). MUL ends early by its
    // multiplier, so encryption takes data-dependent cycles.
    for (manifest, setup, encrypt, code, destroyed) in [
        ("arm7tdmi/rc6/rc6.toml", 1755, (647, 649), 412, false),
        ("arm7tdmi/rc6/rc6small.toml", 3756, (707, 709), 268, true),
    ] {
        let pin = Pin {
            manifest,
            op: Op::KeySetup,
            key_bits: 128,
            cycles: (setup, setup),
            code_bytes: code,
            table_bytes: 0,
            ram_bytes: 16 + 16 + 176,
            key_ram_bytes: if destroyed { 16 } else { 0 },
            key_destroyed: destroyed,
        };
        check(&pin);
        // The key buffer holds L after the key setup of rc6small, and still
        // after encryption.
        check(&Pin {
            op: Op::Encrypt,
            cycles: encrypt,
            ram_bytes: 32,
            key_ram_bytes: 0,
            ..pin
        });
    }
    // Decryption: rc6's key setup and its encryption run backwards, cycle
    // for cycle.
    check(&Pin {
        manifest: "arm7tdmi/rc6/rc6dec.toml",
        op: Op::Decrypt,
        key_bits: 128,
        cycles: (647, 649),
        code_bytes: 412,
        table_bytes: 0,
        ram_bytes: 32,
        key_ram_bytes: 0,
        key_destroyed: false,
    });
}

#[test]
fn rc6_on_the_mcs51_key_setup_encryption_and_decryption_are_pinned() {
    // Key setup: S (176) + L in the key buffer (16, so destroyed) + the
    // block buffer (16) + R0-R7 + A, B, pointers and counter (11) + 8 of
    // stack. A block: the block + R0-R7 + t, u, pointers, counter + stack.
    // The rotations' cost depends on their amounts: cycles are ranges.
    let setup = Pin {
        manifest: "mcs51/rc6/rc6.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (27093, 28007),
        code_bytes: 576,
        table_bytes: 0,
        ram_bytes: 235,
        key_ram_bytes: 16,
        key_destroyed: true,
    };
    check(&setup);
    let encrypt = Pin {
        op: Op::Encrypt,
        cycles: (10264, 10866),
        ram_bytes: 65,
        key_ram_bytes: 0,
        ..setup
    };
    check(&encrypt);
    check(&Pin {
        manifest: "mcs51/rc6/rc6dec.toml",
        op: Op::Decrypt,
        cycles: (10616, 11145),
        code_bytes: 590,
        ..encrypt
    });
}

#[test]
fn rc6_in_the_least_ram_on_the_mcs51_is_pinned() {
    // Key setup: S (176, from the key buffer up, so the key is destroyed)
    // + the block buffer holding L (16) + R0-R7 + the return address and
    // one call: 204. A block: the block and key buffers + R0-R7 + the
    // stack + t's low byte: 45. Cycles are ranges (rotl's amounts).
    let setup = Pin {
        manifest: "mcs51/rc6/rc6ram.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (24244, 25056),
        code_bytes: 573,
        table_bytes: 0,
        ram_bytes: 176 + 16 + 8 + 4,
        key_ram_bytes: 16,
        key_destroyed: true,
    };
    check(&setup);
    check(&Pin {
        op: Op::Encrypt,
        cycles: (10032, 10544),
        ram_bytes: 16 + 16 + 8 + 4 + 1,
        key_ram_bytes: 0,
        ..setup
    });
}

#[test]
fn e2_on_the_mcs51_key_setup_encryption_and_decryption_are_pinned() {
    // Key setup: the round keys in external RAM (256) + block 16 + key 16
    // + G's other 16 bytes, u and t (16) + R0-R7 + 4 of stack. A block:
    // the block and key + t, mul32's temporaries and the counter + R0-R7 +
    // 4 of stack.
    for (manifest, op, cycles, code) in [
        ("mcs51/e2/e2.toml", Op::Encrypt, 3291, 1024),
        ("mcs51/e2/e2dec.toml", Op::Decrypt, 3329, 1036),
    ] {
        let setup = Pin {
            manifest,
            op: Op::KeySetup,
            key_bits: 128,
            cycles: (15627, 15627),
            code_bytes: code,
            table_bytes: 256,
            ram_bytes: 332,
            key_ram_bytes: 0,
            key_destroyed: false,
        };
        check(&setup);
        check(&Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 61,
            ..setup
        });
    }
}

#[test]
fn twofish_on_the_mcs51_is_pinned() {
    // RAM: block 16 + key 16 (kept) + F0, F1, S1, S0 16 + h's result 4 +
    // the round-key index and counter 2 + R0-R7 + 6 of stack.
    for (manifest, cycles, code, tables) in [
        ("mcs51/twofish/twofish1k.toml", 12191, 656, 1024),
        ("mcs51/twofish/twofish.toml", 15287, 723, 512),
    ] {
        check(&Pin {
            manifest,
            op: Op::EncryptWithKeySetup,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes: code,
            table_bytes: tables,
            ram_bytes: 68,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
}

#[test]
fn aes_precomputed_on_the_arm7tdmi_is_pinned() {
    // Key setup writes K0..K10 and the decryption keys (352 bytes) besides
    // block, key, the return address and the Rcon slot; a block operation
    // writes the block and the return address. Sums in precomputed.s.
    let setup = Pin {
        manifest: "arm7tdmi/aes/precomputed.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (1252, 1252),
        code_bytes: 4636,
        table_bytes: 2304,
        ram_bytes: 32 + 352 + 8,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&setup);
    for (op, cycles) in [(Op::Encrypt, 900), (Op::Decrypt, 897)] {
        check(&Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 36,
            ..setup
        });
    }
}

#[test]
fn e2_on_the_arm7tdmi_key_setup_encryption_and_decryption_are_pinned() {
    // RAM: block 16 + key 16 + round keys 256 + the inverses 16 + G's
    // intermediate key 32 + the return address; encryption writes the
    // block and the return address. MUL by key words: the cycles vary.
    let pin = Pin {
        manifest: "arm7tdmi/e2/e2.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (5845, 5847),
        code_bytes: 1000,
        table_bytes: 256,
        ram_bytes: 32 + 256 + 16 + 32 + 4,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&pin);
    check(&Pin {
        op: Op::Encrypt,
        cycles: (1659, 1661),
        ram_bytes: 36,
        ..pin
    });
    // Decryption: the key setup inverts k14 | 1 instead; the rounds read
    // their keys backwards (a SUB more each).
    let dec = Pin {
        manifest: "arm7tdmi/e2/e2dec.toml",
        cycles: (5841, 5847),
        code_bytes: 1008,
        ..pin
    };
    check(&dec);
    check(&Pin {
        op: Op::Decrypt,
        cycles: (1673, 1674),
        ram_bytes: 36,
        ..dec
    });
}

#[test]
fn twofish_on_the_arm7tdmi_is_pinned() {
    // RAM: block 16 + key 16 (the block buffer is scratch while the block
    // is in registers) + the return address; twofish.s adds a second one
    // and h's two saved registers.
    for (manifest, cycles, code, tables, stack) in [
        ("arm7tdmi/twofish/twofish4k.toml", 5909, 664, 4608, 4),
        ("arm7tdmi/twofish/twofish.toml", 10315, 796, 512, 16),
    ] {
        check(&Pin {
            manifest,
            op: Op::EncryptWithKeySetup,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes: code,
            table_bytes: tables,
            ram_bytes: 32 + stack,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
}

#[test]
fn aes_masked_verifies_and_its_figures_are_pinned() {
    // masked.asm's header: 2206 + 9 x 324 + 238; RAM: 58 bytes of
    // internal RAM and the 256-byte masked S-box in XRAM.
    check(&Pin {
        manifest: "mcs51/aes/masked.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (5360, 5360),
        code_bytes: 1203,
        table_bytes: 512,
        ram_bytes: 314,
        key_ram_bytes: 16,
        key_destroyed: true,
    });
}

#[test]
fn aes_small_verifies_and_its_figures_are_pinned() {
    // fast's RAM + R4 of the computed xtime.
    check(&Pin {
        manifest: "mcs51/aes/small.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (2465, 2465),
        code_bytes: 463,
        table_bytes: 256,
        ram_bytes: 40,
        key_ram_bytes: 16,
        key_destroyed: true,
    });
}

#[test]
fn aes_decrypt_from_either_key_verifies_and_its_figures_are_pinned() {
    // RAM: state 16 + key 16 + R2, R3, R5, R6, R7 + the return address.
    // From the cipher key the key schedule runs forward and back, so the
    // key survives; from K10 the buffer ends holding K0.
    let pin = Pin {
        manifest: "mcs51/aes/decrypt.toml",
        op: Op::DecryptWithKeySetup,
        key_bits: 128,
        cycles: (3265, 3265),
        code_bytes: 553,
        table_bytes: 768,
        ram_bytes: 39,
        key_ram_bytes: 16,
        key_destroyed: false,
    };
    check_from_either_key(&pin, 2784);
}

#[test]
fn aes_small_decrypt_from_either_key_verifies_and_its_figures_are_pinned() {
    // decrypt's RAM + R4 of the computed xtime; the sums are in smalldec.asm.
    let pin = Pin {
        manifest: "mcs51/aes/smalldec.toml",
        op: Op::DecryptWithKeySetup,
        key_bits: 128,
        cycles: (4021, 4021),
        code_bytes: 721,
        table_bytes: 512,
        ram_bytes: 40,
        key_ram_bytes: 16,
        key_destroyed: false,
    };
    check_from_either_key(&pin, 3540);
}

#[test]
fn aes_window_variants_verify_at_every_key_size_and_are_pinned() {
    // Seed 004's layout: round-key RAM is the key buffer, 4 Nk bytes.
    // RAM: state 16 + key 4 Nk + R1, R2, R3, R5, R6, R7 + 6 stack bytes.
    // The cycle sums are in window.inc's header.
    for (manifest, bits, cycles, code) in [
        ("mcs51/aes/window128.toml", 128, 2692, 380),
        ("mcs51/aes/window192.toml", 192, 3162, 412),
        ("mcs51/aes/window256.toml", 256, 3706, 448),
    ] {
        check(&Pin {
            manifest,
            op: Op::EncryptWithKeySetup,
            key_bits: bits,
            cycles: (cycles, cycles),
            code_bytes: code,
            table_bytes: 512,
            ram_bytes: 16 + bits as u64 / 8 + 6 + 6,
            key_ram_bytes: bits as u64 / 8,
            key_destroyed: true,
        });
    }
}

#[test]
fn aes_window_decryption_verifies_at_every_key_size_from_either_key() {
    // window's RAM; from the cipher key the window steps forward and back,
    // so the key survives. The cycle sums are in windec.inc's header.
    for (bits, code, from_key, from_last) in [
        (128, 558, 3844, 3323),
        (192, 718, 4471, 3974),
        (256, 858, 5250, 4694),
    ] {
        let manifest = format!("mcs51/aes/windowdec{bits}.toml");
        let pin = Pin {
            manifest: &manifest,
            op: Op::DecryptWithKeySetup,
            key_bits: bits,
            cycles: (from_key, from_key),
            code_bytes: code,
            table_bytes: 768,
            ram_bytes: 16 + bits as u64 / 8 + 6 + 6,
            key_ram_bytes: bits as u64 / 8,
            key_destroyed: false,
        };
        check_from_either_key(&pin, from_last);
    }
}

#[test]
fn aes_precomputed_key_setup_encrypt_and_decrypt_are_pinned() {
    // Key setup writes K0..K10 to 0x50-0xFF (176) besides state, key,
    // R1, R5, R6 and the return address; a block operation writes state,
    // R1, R2, R3, R5, R7 and the return address.
    let setup = Pin {
        manifest: "mcs51/aes/precomputed.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (1016, 1016),
        code_bytes: 875,
        table_bytes: 768,
        ram_bytes: 16 + 16 + 176 + 3 + 2,
        key_ram_bytes: 16,
        key_destroyed: true,
    };
    check(&setup);
    for (op, cycles) in [(Op::Encrypt, 1890), (Op::Decrypt, 2467)] {
        check(&Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 39,
            key_ram_bytes: 0,
            ..setup
        });
    }
}

/// A precomputed-key variant: `key_setup` as pinned, then each block
/// operation (op, cycles, RAM) with the RAM it finds kept per key.
fn check_with_key_setup(key_setup: Pin<'_>, blocks: &[(Op, u64, u64)], kept_bytes: u64) {
    check(&key_setup);
    for &(op, cycles, ram_bytes) in blocks {
        let pin = Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes,
            ..key_setup
        };
        check(&pin);
        assert_eq!(
            kept(&pin),
            Some(kept_bytes),
            "{} {}: kept RAM",
            pin.manifest,
            op.name()
        );
    }
}

#[test]
fn aes_on_the_hc05_precomputed_and_on_the_fly_are_pinned() {
    // precomputed: K1..K10 into RAM2 above the key (K0), all eleven round
    // keys (176 B) kept per key; a block's RAM is the key and block
    // buffers, page-zero work and the return address. The cycle sums are
    // in the sources' headers.
    let key_setup = Pin {
        manifest: "hc05/aes/precomputed.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (2472, 2472),
        code_bytes: 1764,
        table_bytes: 768,
        ram_bytes: 196,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check_with_key_setup(
        key_setup,
        &[(Op::Encrypt, 7076, 52), (Op::Decrypt, 10029, 52)],
        176,
    );
    check(&Pin {
        manifest: "hc05/aes/onthefly.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (7906, 7906),
        code_bytes: 914,
        table_bytes: 512,
        ram_bytes: 53,
        key_ram_bytes: 16,
        key_destroyed: true,
    });
}

#[test]
fn des_on_the_hc05_fast_and_small_are_pinned() {
    // fast: sixteen 48-bit round keys in 8 B each in RAM2.
    let key_setup = Pin {
        manifest: "hc05/des/fast.toml",
        op: Op::KeySetup,
        key_bits: 64,
        cycles: (8010, 8010),
        code_bytes: 1977,
        table_bytes: 512,
        ram_bytes: 157,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check_with_key_setup(
        key_setup,
        &[(Op::Encrypt, 11926, 45), (Op::Decrypt, 11928, 45)],
        128,
    );
    // small: 23 B in all, the key buffer turned into C and D in place.
    let small = Pin {
        manifest: "hc05/des/small.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 64,
        cycles: (19967, 19967),
        code_bytes: 816,
        table_bytes: 273,
        ram_bytes: 23,
        key_ram_bytes: 8,
        key_destroyed: true,
    };
    check(&small);
    check(&Pin {
        op: Op::DecryptWithKeySetup,
        cycles: (20043, 20043),
        ..small
    });
}

#[test]
fn camellia_and_feal_32x_on_the_hc05_are_pinned() {
    // Camellia: 22 subkeys in 152 B of RAM2 (overlapping ones share bytes),
    // 184 B kept with the key the block operations read.
    let camellia = Pin {
        manifest: "hc05/camellia/camellia.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (5611, 5611),
        code_bytes: 1257,
        table_bytes: 1104,
        ram_bytes: 260,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check_with_key_setup(
        camellia,
        &[(Op::Encrypt, 7305, 62), (Op::Decrypt, 7308, 62)],
        184,
    );
    // FEAL-32X: K0..K39 in 80 B of RAM2, as measured here: encryption
    // finds 81 bytes kept per key, decryption 80.
    let feal = Pin {
        manifest: "hc05/feal/feal.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (3793, 3793),
        code_bytes: 733,
        table_bytes: 256,
        ram_bytes: 128,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&feal);
    for (op, cycles, kept_bytes) in [(Op::Encrypt, 4601, 81), (Op::Decrypt, 4607, 80)] {
        let pin = Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 31,
            ..feal
        };
        check(&pin);
        assert_eq!(kept(&pin), Some(kept_bytes));
    }
}

#[test]
fn aes_on_the_h8300_precomputed_and_on_the_fly_are_pinned() {
    // precomputed: K1..K10 after the key (K0), 176 B kept per key; a
    // block's RAM is the block, the two state buffers at H'FF00 and the
    // return address. The state sums are in the sources' headers.
    let precomputed = Pin {
        manifest: "h8300/aes/precomputed.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (1260, 1260),
        code_bytes: 8182,
        table_bytes: 1024,
        ram_bytes: 196,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&precomputed);
    for (op, cycles) in [(Op::Encrypt, 4552), (Op::Decrypt, 5420)] {
        let pin = Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 66,
            ..precomputed
        };
        check(&pin);
        assert_eq!(kept(&pin), Some(176), "all eleven round keys kept");
    }
    // on the fly: the key buffer steps K0 -> K10 (encrypting) or
    // K10 -> K0 (decrypting from the last round key) in place.
    for (op, cycles) in [
        (Op::EncryptWithKeySetup, 6092),
        (Op::DecryptWithKeySetup, 7036),
    ] {
        check(&Pin {
            manifest: "h8300/aes/onthefly.toml",
            op,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes: 9580,
            table_bytes: 1024,
            ram_bytes: 66,
            key_ram_bytes: 16,
            key_destroyed: true,
        });
    }
}

#[test]
fn camellia_on_the_h8300_is_pinned() {
    // KL, KA and their 1-4 bit rotations (160 B) after key setup; the
    // encryption reads 144 of them (k9 and k10 use half of two copies).
    let key_setup = Pin {
        manifest: "h8300/camellia/camellia.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (1608, 1608),
        code_bytes: 8074,
        table_bytes: 256,
        ram_bytes: 204,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&key_setup);
    for op in [Op::Encrypt, Op::Decrypt] {
        let pin = Pin {
            op,
            cycles: (4636, 4636),
            ram_bytes: 50,
            ..key_setup
        };
        check(&pin);
        assert_eq!(kept(&pin), Some(144), "subkeys read in place");
    }
}

#[test]
fn rc6_on_the_hc05_is_pinned() {
    // S[0..43] in all of RAM2 (176 B, kept per key); key setup also writes
    // L (a copy of the key, which survives), A, tt, the rotation buffer and
    // counters in page zero: 248 with the block and key buffers. Every
    // rotation by a secret amount is constant time (MUL, indexed stores).
    let key_setup = Pin {
        manifest: "hc05/rc6/rc6.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (58047, 58047),
        code_bytes: 2077,
        table_bytes: 240,
        ram_bytes: 248,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check_with_key_setup(
        key_setup,
        &[(Op::Encrypt, 27611, 66), (Op::Decrypt, 28711, 69)],
        176,
    );
}

/// The RAM kept per key that `pin`'s operation reads.
fn kept(pin: &Pin<'_>) -> Option<u64> {
    let m = Manifest::load(&repo_root().join("firmware").join(pin.manifest)).unwrap();
    let vs = vectors(&repo_root().join("vectors"), m.algorithm, pin.key_bits).unwrap();
    measure(&build(&m).unwrap(), &m, pin.op, pin.key_bits, &vs[..4]).kept_ram_bytes
}

/// A copy of the AES firmware folder in which `file` has `from` replaced by `to`.
fn altered_copy(file: &str, from: &str, to: &str) -> (tempfile::TempDir, Manifest) {
    let m = fast();
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(m.dir()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let target = dir.path().join(file);
    let source = std::fs::read_to_string(&target).unwrap();
    let altered = source.replacen(from, to, 1);
    assert_ne!(altered, source, "{from:?} not in {file}");
    std::fs::write(&target, altered).unwrap();
    let m = Manifest::load(&dir.path().join("fast.toml")).unwrap();
    (dir, m)
}

#[test]
fn a_wrong_ciphertext_is_a_fail_row_naming_the_vector() {
    // The same firmware with the last AddRoundKey of column 3 left out.
    let (_dir, m) = altered_copy("aes51.inc", "        xrl     st+12+i,a\n", "");
    let built = build(&m).unwrap();
    let vs = vectors(&repo_root().join("vectors"), m.algorithm, 128).unwrap();
    let row = measure(&built, &m, Op::EncryptWithKeySetup, 128, &vs);
    assert!(!row.verified);
    assert_eq!(row.cycles_max, None, "a failing run gives no figures");
    let failure = row.first_failure.unwrap();
    assert!(
        failure.contains("gave") && failure.contains("expected"),
        "{failure}"
    );
}

#[test]
fn an_assembler_error_names_the_file() {
    let (_dir, m) = altered_copy(
        "fast.asm",
        "        .include",
        "        mov a,@r9\n        .include",
    );
    let err = build(&m).unwrap_err().to_string();
    assert!(err.contains("fast.asm") && err.contains("rror"), "{err}");
}

#[test]
fn aes_on_the_leon2_is_pinned() {
    // Clock cycles warm in the lab's 64 KiB caches (docs/lab.md): every
    // access hits, the write buffer's stalls remain; counted as the RTL
    // counts a run, to the write-back of the return's delay slot. (manifest, op,
    // cycles, code, table, RAM); no variant writes its key buffer.
    for (manifest, op, cycles, code_bytes, table_bytes, ram_bytes) in [
        ("gfotf.toml", Op::EncryptWithKeySetup, 509, 4752, 0, 32),
        ("gfotf.toml", Op::DecryptWithKeySetup, 695, 4752, 0, 32),
        ("gfotf-small.toml", Op::EncryptWithKeySetup, 556, 972, 0, 32),
        ("gfotf-small.toml", Op::DecryptWithKeySetup, 751, 972, 0, 32),
        ("sboxgf.toml", Op::KeySetup, 321, 1144, 0, 192),
        ("sboxgf.toml", Op::Encrypt, 576, 1144, 0, 32),
        ("sboxgf.toml", Op::Decrypt, 780, 1144, 0, 32),
        ("sboxgf-otf.toml", Op::EncryptWithKeySetup, 682, 1188, 0, 32),
        ("sboxgf-otf.toml", Op::DecryptWithKeySetup, 933, 1188, 0, 32),
        ("sbox.toml", Op::KeySetup, 321, 1596, 0, 192),
        ("sbox.toml", Op::Encrypt, 922, 1596, 0, 32),
        ("sbox.toml", Op::Decrypt, 1417, 1596, 0, 32),
        ("sbox-otf.toml", Op::EncryptWithKeySetup, 1039, 1640, 0, 32),
        ("sbox-otf.toml", Op::DecryptWithKeySetup, 1566, 1640, 0, 32),
        ("sboxtab.toml", Op::KeySetup, 444, 2404, 512, 192),
        ("sboxtab.toml", Op::Encrypt, 1431, 2404, 512, 32),
        ("sboxtab.toml", Op::Decrypt, 1926, 2404, 512, 32),
        (
            "sboxtab-otf.toml",
            Op::EncryptWithKeySetup,
            1679,
            2560,
            512,
            32,
        ),
        (
            "sboxtab-otf.toml",
            Op::DecryptWithKeySetup,
            2259,
            2560,
            512,
            36,
        ),
        ("ttable4k.toml", Op::KeySetup, 1748, 2484, 8448, 340),
        ("ttable4k.toml", Op::Encrypt, 982, 2484, 8448, 32),
        ("ttable4k.toml", Op::Decrypt, 971, 2484, 8448, 32),
        ("ttable1k.toml", Op::Encrypt, 1167, 2652, 2304, 32),
        (
            "ttable1k-otf.toml",
            Op::EncryptWithKeySetup,
            1579,
            3080,
            2304,
            40,
        ),
        ("ttotf.toml", Op::EncryptWithKeySetup, 952, 4096, 4096, 32),
    ] {
        check(&Pin {
            manifest: &format!("leon2/aes/{manifest}"),
            op,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes,
            table_bytes,
            ram_bytes,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
}

/// One Twofish variant of seed 001's key-memory classes on the 6805.
struct TwofishPin {
    manifest: &'static str,
    key_bits: usize,
    code_bytes: u64,
    table_bytes: u64,
    /// Key setup's cycles and RAM; None where the host computes the key
    /// material (`key_material` in the manifest).
    key_setup: Option<((u64, u64), u64)>,
    encrypt: (u64, u64),
    decrypt: (u64, u64),
    /// RAM of a block operation (buffers, work, return address).
    block_ram: u64,
    /// Key material the block operation finds kept from key setup.
    kept: Option<u64>,
}

fn check_twofish(t: &TwofishPin) {
    let pin = |op, cycles, ram_bytes| Pin {
        manifest: t.manifest,
        op,
        key_bits: t.key_bits,
        cycles,
        code_bytes: t.code_bytes,
        table_bytes: t.table_bytes,
        ram_bytes,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    if let Some((cycles, ram)) = t.key_setup {
        check(&pin(Op::KeySetup, cycles, ram));
    }
    check(&pin(Op::Encrypt, t.encrypt, t.block_ram));
    check(&pin(Op::Decrypt, t.decrypt, t.block_ram));
    if let Some(kept_bytes) = t.kept {
        let encrypt = pin(Op::Encrypt, t.encrypt, t.block_ram);
        assert_eq!(kept(&encrypt), Some(kept_bytes), "{}: kept", t.manifest);
    }
}

#[test]
fn twofish_with_24_bytes_of_key_on_the_hc05_is_pinned() {
    // Key and S kept (24/36/48 B); every subkey and g computed per block.
    // The cycle sums are in key24.inc's header. At 128 bits a block needs
    // 24 kept + 16 block + 20 work = 60 bytes of RAM (seed 001 §3.1).
    let key24 = |manifest, code_bytes, table_bytes, encrypt, decrypt| TwofishPin {
        manifest,
        key_bits: 128,
        code_bytes,
        table_bytes,
        key_setup: Some(((1580, 1628), 57)),
        encrypt,
        decrypt,
        block_ram: 52,
        kept: Some(24),
    };
    for t in [
        key24(
            "hc05/twofish/key24-mdstab.toml",
            1169,
            1024,
            (25561, 25561),
            (25560, 25560),
        ),
        key24(
            "hc05/twofish/key24-mdsb2.toml",
            1342,
            770,
            (29523, 29523),
            (29522, 29522),
        ),
        key24(
            "hc05/twofish/key24-mdsshift.toml",
            1374,
            512,
            (28397, 28507),
            (28396, 28506),
        ),
        key24(
            "hc05/twofish/key24-mdsshift-small.toml",
            1205,
            512,
            (32125, 32235),
            (32076, 32186),
        ),
        TwofishPin {
            manifest: "hc05/twofish/key24-mdstab-192.toml",
            key_bits: 192,
            code_bytes: 1265,
            key_setup: Some(((2366, 2432), 69)),
            encrypt: (28441, 28441),
            decrypt: (28440, 28440),
            block_ram: 60,
            kept: Some(36),
            ..key24("", 0, 1024, (0, 0), (0, 0))
        },
        TwofishPin {
            manifest: "hc05/twofish/key24-mdstab-256.toml",
            key_bits: 256,
            code_bytes: 1361,
            key_setup: Some(((3152, 3234), 81)),
            encrypt: (31321, 31321),
            decrypt: (31320, 31320),
            block_ram: 68,
            kept: Some(48),
            ..key24("", 0, 1024, (0, 0), (0, 0))
        },
    ] {
        check_twofish(&t);
    }
}

#[test]
fn twofish_with_host_computed_s_boxes_on_the_st16cf54_is_pinned() {
    // Key material from the host in EEPROM (1208 and 3256 bytes), no key
    // setup and no q tables on the card; the sums are in each source's
    // header. Block RAM: block 16, page-zero work and the stack.
    let sboxes = |manifest, code_bytes, table_bytes, encrypt: u64, block_ram| TwofishPin {
        manifest,
        key_bits: 128,
        code_bytes,
        table_bytes,
        key_setup: None,
        encrypt: (encrypt, encrypt),
        decrypt: (encrypt + 1, encrypt + 1),
        block_ram,
        kept: None,
    };
    for t in [
        sboxes("hc05/twofish/sboxes-mdstab.toml", 751, 512, 10541, 51),
        sboxes("hc05/twofish/sboxes-mdsb2.toml", 828, 258, 13389, 61),
        sboxes("hc05/twofish/sboxes-mdsshift.toml", 844, 2, 14285, 61),
        sboxes("hc05/twofish/sboxes-mds.toml", 994, 0, 8969, 46),
    ] {
        check_twofish(&t);
    }
}

#[test]
fn twofish_with_precomputed_subkeys_on_the_hc05_is_pinned() {
    // Key setup writes K0..K39 to RAM2 and S to page zero beside the kept
    // key (184 B of key memory); a block reads the 160 subkey and 8 S
    // bytes. The sums are in subkeys.inc's header.
    let subkeys =
        |manifest, code_bytes, table_bytes, setup, encrypt, decrypt, ram: u64| TwofishPin {
            manifest,
            key_bits: 128,
            code_bytes,
            table_bytes,
            key_setup: Some(((setup, setup), ram + 165)),
            encrypt: (encrypt, encrypt),
            decrypt: (decrypt, decrypt),
            block_ram: ram,
            kept: Some(168),
        };
    for t in [
        subkeys(
            "hc05/twofish/subkeys-mdstab.toml",
            872,
            1024,
            17788,
            14805,
            14792,
            52,
        ),
        subkeys(
            "hc05/twofish/subkeys-mdsb1.toml",
            890,
            768,
            18988,
            15765,
            15752,
            53,
        ),
        subkeys(
            "hc05/twofish/subkeys-mdsshift.toml",
            898,
            514,
            20908,
            17301,
            17288,
            53,
        ),
    ] {
        check_twofish(&t);
    }
}

/// The cycles between successive executions of the instruction at the
/// label `head` while the routine `entry` of `manifest` runs (on whatever
/// the RAM holds: these loops' timing does not depend on the data): each
/// round of a cipher loop, as its source header states it.
fn loop_cycles(manifest: &str, entry: &str, head: &str) -> Vec<u64> {
    use cardlab_sim::observe::downcast;
    use cardlab_sim::{Executed, Observer};
    struct Visits {
        pc: u32,
        cycle: u64,
        at: Vec<u64>,
    }
    impl Observer for Visits {
        fn instruction(&mut self, e: &Executed) {
            if e.pc == self.pc {
                self.at.push(self.cycle);
            }
            self.cycle += e.cycles as u64;
        }
    }
    let m = Manifest::load(&repo_root().join("firmware").join(manifest)).unwrap();
    let built = build(&m).unwrap();
    let symbol = |name: &str| {
        built
            .symbol(name)
            .unwrap_or_else(|| panic!("{manifest}: no {name}"))
    };
    let mut cpu = built.image.boot();
    cpu.call(symbol(entry)).unwrap();
    cpu.set_observer(Some(Box::new(Visits {
        pc: symbol(head),
        cycle: 0,
        at: vec![],
    })));
    cpu.run(1_000_000, None).unwrap();
    let visits = downcast::<Visits>(cpu.take_observer().unwrap()).unwrap();
    visits.at.windows(2).map(|w| w[1] - w[0]).collect()
}

#[test]
fn the_masked_aes_on_the_avr_is_pinned() {
    // masked.S's header: S' 1880, masked key schedule 1281, rounds 1-9
    // 9 x 192, round 10 160, plus entry and the block's load and store.
    check(&Pin {
        manifest: "avr/aes/masked.toml",
        op: Op::EncryptWithKeySetup,
        key_bits: 128,
        cycles: (5184, 5184),
        code_bytes: 1652,
        table_bytes: 512,
        ram_bytes: 464,
        key_ram_bytes: 0,
        key_destroyed: false,
    });
}

#[test]
fn aes_on_the_avr_is_pinned() {
    // compact: K1..K10 after K0 = the key buffer (176 B kept per key);
    // the rounds as compact.S's header states them.
    let compact = Pin {
        manifest: "avr/aes/compact.toml",
        op: Op::KeySetup,
        key_bits: 128,
        cycles: (749, 749),
        code_bytes: 1024,
        table_bytes: 512,
        ram_bytes: 192,
        key_ram_bytes: 0,
        key_destroyed: false,
    };
    check(&compact);
    for (op, cycles) in [(Op::Encrypt, 2297), (Op::Decrypt, 3372)] {
        let pin = Pin {
            op,
            cycles: (cycles, cycles),
            ram_bytes: 34,
            ..compact
        };
        check(&pin);
        assert_eq!(kept(&pin), Some(176), "all eleven round keys kept");
    }
    assert_eq!(
        loop_cycles(compact.manifest, "aes_encrypt", "encrypt_round"),
        [228; 9]
    );
    assert_eq!(
        loop_cycles(compact.manifest, "aes_decrypt", "decrypt_round"),
        [344; 9]
    );
    // fast: the same 176 bytes of round keys, rounds unrolled; fast-dk
    // also keeps InvMixColumns(K1..K9) (144 bytes more) for decryption.
    for (manifest, key_setup, decrypt, code, ram) in [
        ("avr/aes/fast.toml", 699, 2438, 6458, 192),
        ("avr/aes/fast-dk.toml", 1747, 2294, 8090, 336),
    ] {
        let pin = Pin {
            manifest,
            cycles: (key_setup, key_setup),
            code_bytes: code,
            table_bytes: 1024,
            ram_bytes: ram,
            ..compact
        };
        check(&pin);
        for (op, cycles) in [(Op::Encrypt, 1925), (Op::Decrypt, decrypt)] {
            let pin = Pin {
                op,
                cycles: (cycles, cycles),
                ram_bytes: 32,
                ..pin
            };
            check(&pin);
            assert_eq!(kept(&pin), Some(176), "{manifest}");
        }
    }
    // on the fly: 25 bytes of key RAM, the key kept; decryption from the
    // cipher key runs the schedule forward first, -lrk starts at K10.
    for (manifest, op, cycles, ram) in [
        ("avr/aes/otf.toml", Op::EncryptWithKeySetup, 2847, 43),
        ("avr/aes/otf.toml", Op::DecryptWithKeySetup, 4462, 41),
        ("avr/aes/otf-lrk.toml", Op::DecryptWithKeySetup, 3687, 43),
    ] {
        check(&Pin {
            manifest,
            op,
            key_bits: 128,
            cycles: (cycles, cycles),
            code_bytes: 1792,
            table_bytes: 512,
            ram_bytes: ram,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
    // Rounds 1-9 of encryption (round 8's Rcon doubling takes its
    // carry: 2 more) and of decryption.
    assert_eq!(
        loop_cycles("avr/aes/otf.toml", "aes_encrypt", "encrypt_round"),
        [281, 281, 281, 281, 281, 281, 281, 283, 281]
    );
    assert_eq!(
        loop_cycles("avr/aes/otf.toml", "aes_decrypt_lrk", "decrypt_round"),
        [376; 9]
    );
}

#[test]
fn mars_on_the_mcs51_and_the_arm7tdmi_is_pinned() {
    /// (manifest, key bits, op, cycles, code, tables, RAM, key RAM, key
    /// destroyed)
    type MarsPin = (
        &'static str,
        usize,
        Op,
        (u64, u64),
        u64,
        u64,
        u64,
        u64,
        bool,
    );
    let pins: &[MarsPin] = &[
        // 8051: constant time (10 MULs a multiply, rotations by a fixed
        // sequence); round keys in IRAM, the key schedule's T over the key
        (
            "mcs51/mars/mars.toml",
            128,
            Op::KeySetup,
            (24351, 24351),
            3461,
            2056,
            236,
            16,
            true,
        ),
        (
            "mcs51/mars/mars.toml",
            128,
            Op::Encrypt,
            (9165, 9165),
            3461,
            2056,
            57,
            16,
            true,
        ),
        (
            "mcs51/mars/mars.toml",
            128,
            Op::Decrypt,
            (9299, 9299),
            3461,
            2056,
            57,
            16,
            true,
        ),
        (
            "mcs51/mars/mars256.toml",
            256,
            Op::KeySetup,
            (24285, 24285),
            3461,
            2056,
            236,
            32,
            true,
        ),
        (
            "mcs51/mars/marssmall.toml",
            128,
            Op::Encrypt,
            (10439, 10439),
            2324,
            2056,
            59,
            16,
            true,
        ),
        (
            "mcs51/mars/marssmall.toml",
            128,
            Op::Decrypt,
            (10699, 10699),
            2324,
            2056,
            63,
            16,
            true,
        ),
        // ARM7TDMI: MUL's early termination follows the round key (816-818
        // over the vectors); marsct splits every multiply to fixed times
        (
            "arm7tdmi/mars/mars.toml",
            128,
            Op::KeySetup,
            (3073, 3073),
            2964,
            2048,
            232,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/mars.toml",
            128,
            Op::Encrypt,
            (816, 818),
            2964,
            2048,
            32,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/mars.toml",
            128,
            Op::Decrypt,
            (816, 818),
            2964,
            2048,
            32,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/mars256.toml",
            256,
            Op::Encrypt,
            (817, 818),
            2964,
            2048,
            48,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/marsct.toml",
            128,
            Op::Encrypt,
            (930, 930),
            3284,
            2048,
            32,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/marsct.toml",
            128,
            Op::Decrypt,
            (930, 930),
            3284,
            2048,
            32,
            0,
            false,
        ),
        (
            "arm7tdmi/mars/marssmall.toml",
            128,
            Op::KeySetup,
            (6540, 6540),
            1136,
            2048,
            220,
            16,
            true,
        ),
        (
            "arm7tdmi/mars/marssmall.toml",
            128,
            Op::Encrypt,
            (1180, 1182),
            1136,
            2048,
            32,
            0,
            true,
        ),
    ];
    for &(manifest, key_bits, op, cycles, code, tables, ram, key_ram, destroyed) in pins {
        check(&Pin {
            manifest,
            op,
            key_bits,
            cycles,
            code_bytes: code,
            table_bytes: tables,
            ram_bytes: ram,
            key_ram_bytes: key_ram,
            key_destroyed: destroyed,
        });
    }
}

#[test]
fn serpent_on_the_mcs51_and_the_arm7tdmi_is_pinned() {
    // Bitsliced (byte-sliced on the 8051), no tables, no branch on data:
    // constant time, constant addresses. (manifest, key bits, op, cycles,
    // code, RAM)
    let pins: &[(&str, usize, Op, u64, u64, u64)] = &[
        // 8051: the 132 round-key words in XRAM, or on the fly in IRAM
        (
            "mcs51/serpent/serpent.toml",
            128,
            Op::KeySetup,
            14185,
            2420,
            625,
        ),
        (
            "mcs51/serpent/serpent.toml",
            128,
            Op::Encrypt,
            12206,
            2420,
            68,
        ),
        (
            "mcs51/serpent/serpentdec.toml",
            128,
            Op::Decrypt,
            12998,
            2733,
            69,
        ),
        (
            "mcs51/serpent/serpentotf.toml",
            128,
            Op::EncryptWithKeySetup,
            23224,
            2623,
            105,
        ),
        (
            "mcs51/serpent/serpentotfdec.toml",
            128,
            Op::DecryptWithKeySetup,
            30680,
            3383,
            105,
        ),
        (
            "mcs51/serpent/serpent256.toml",
            256,
            Op::KeySetup,
            14183,
            3523,
            641,
        ),
        // ARM7TDMI: Osvik's S-box circuits, 127 instructions for S0-S7
        (
            "arm7tdmi/serpent/serpent.toml",
            128,
            Op::KeySetup,
            1700,
            2604,
            564,
        ),
        (
            "arm7tdmi/serpent/serpent.toml",
            128,
            Op::Encrypt,
            1222,
            2604,
            32,
        ),
        (
            "arm7tdmi/serpent/serpentdec.toml",
            128,
            Op::Decrypt,
            1220,
            2592,
            32,
        ),
        (
            "arm7tdmi/serpent/serpentotf.toml",
            128,
            Op::EncryptWithKeySetup,
            2770,
            2684,
            52,
        ),
        (
            "arm7tdmi/serpent/serpentotfdec.toml",
            128,
            Op::DecryptWithKeySetup,
            3509,
            2688,
            52,
        ),
        (
            "arm7tdmi/serpent/serpent256.toml",
            256,
            Op::KeySetup,
            1697,
            3688,
            580,
        ),
    ];
    for &(manifest, key_bits, op, cycles, code, ram) in pins {
        check(&Pin {
            manifest,
            op,
            key_bits,
            cycles: (cycles, cycles),
            code_bytes: code,
            table_bytes: 0,
            ram_bytes: ram,
            key_ram_bytes: 0,
            key_destroyed: false,
        });
    }
}
