//! Instruction timing of the LEON2 integer unit in clock cycles, as data:
//! the cycles each instruction class spends in the decode stage (iu.vhd's
//! `cnt` sequence) and the two interlocks the VHDL has (load use,
//! `lddelay`; a branch right after an icc setter, `icchold`).
//! `pipeline.rs` runs them through the five stages with the caches and
//! the bus; everything else (a JMPL's wrong-path slot, an annulled delay
//! slot's cycle, a trap's, the extra cycle after a read miss) comes out of
//! its state machines.
//!
//! Every number is the one the LEON2 1.0.30-xst VHDL gives when simulated
//! (`leon2-rtl/results/bench_*_ws0.json`, the `base` configuration unless
//! named; README "Timing measured on the RTL"); where the manual (LEON2
//! User's Manual 1.0.30, Table 1 and Table 24) says otherwise, the RTL
//! wins and docs/leon2.md lists both.

/// The multiplier the integer unit is built with (VHDL `multypes` and the
/// `mulpipe` flag), and so the cycles of UMUL/SMUL/UMULcc/SMULcc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Multiplier {
    /// Shift-and-add, one bit a cycle: 35 (bench_mul_iterative: 35.0).
    Iterative,
    /// 16x16 state machine, inferred or from multlib: 5 (bench_base and
    /// bench_mul_m16x16_noinfer: 5.0; the manual says 4). The reference
    /// configuration, and what an inferred multiplier on seed 003's Virtex-II
    /// gives.
    M16x16,
    /// 16x16 with the pipeline register (infer_mult false, mulpipe true): 6
    /// (bench_mul_m16x16_pipe: 6.0; the manual says 5).
    M16x16Pipelined,
    /// 32x8: 5 (bench_mul_m32x8: 5.0; the manual says 4).
    M32x8,
    /// 32x16: 3 (bench_mul_m32x16: 3.0; the manual says 2).
    M32x16,
    /// 32x32 in one cycle: 1 (bench_mul_m32x32: 1.0).
    M32x32,
}

impl Multiplier {
    pub const ALL: [Multiplier; 6] = [
        Multiplier::Iterative,
        Multiplier::M16x16,
        Multiplier::M16x16Pipelined,
        Multiplier::M32x8,
        Multiplier::M32x16,
        Multiplier::M32x32,
    ];

    /// Cycles of one multiply, for any operands (the RTL's latency never
    /// depends on them), its result usable by the next instruction.
    pub const fn cycles(self) -> u32 {
        match self {
            Multiplier::Iterative => 35,
            Multiplier::M16x16 => 5,
            Multiplier::M16x16Pipelined => 6,
            Multiplier::M32x8 => 5,
            Multiplier::M32x16 => 3,
            Multiplier::M32x32 => 1,
        }
    }

    /// The name of the VHDL configuration (`config.in`).
    pub const fn name(self) -> &'static str {
        match self {
            Multiplier::Iterative => "iterative",
            Multiplier::M16x16 => "m16x16",
            Multiplier::M16x16Pipelined => "m16x16+pipe",
            Multiplier::M32x8 => "m32x8",
            Multiplier::M32x16 => "m32x16",
            Multiplier::M32x32 => "m32x32",
        }
    }
}

/// The timing parameters of the integer unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub multiplier: Multiplier,
    /// CALL: 1 (RTL bench `call`: CALL + nop = 2.0 a pair). LLVM's LEON2
    /// itinerary says 2, TRAP's model 1; a parameter so either can be had.
    pub call: u32,
    /// Load delay cycles, VHDL `lddelay` (1 or 2): an instruction using a
    /// loaded register right after the load waits this long (bench
    /// `ld_use`: 2.0 a pair at 1; bench_lddelay2 `ld_use`: 3.0).
    pub lddelay: u32,
    /// VHDL `icchold`: a Bicc directly after an instruction that sets the
    /// icc waits 1 cycle (bench `icc_b`: 4.0 for subcc, bicc, nop;
    /// bench_noicchold: 3.0).
    pub icchold: bool,
    /// UDIV/SDIV(cc), radix-2 divider: 36 for any operands (bench
    /// `udiv_*`, `sdiv_*`: 36.0; the manual says 35).
    pub divide: u32,
    /// The `sbox` extension (ext.rs): 1, as seed 003 §3 built it ("a
    /// single clock cycle" for the inversion in GF(2^8)).
    pub sbox: u32,
    /// `gf2mul` and `gf2mac` (ext.rs): 1 by default, a 32x32 carry-less
    /// multiplier being smaller than the integer m32x32 that issues in 1;
    /// neither seed 003 nor the paper it cites for them states a latency.
    pub gf2mul: u32,
}

impl Default for Timing {
    /// The RTL reference configuration (`base`): m16x16 inferred, CALL 1,
    /// lddelay 1, icchold on, radix-2 divider.
    fn default() -> Self {
        Timing {
            multiplier: Multiplier::M16x16,
            call: 1,
            lddelay: 1,
            icchold: true,
            divide: 36,
            sbox: 1,
            gf2mul: 1,
        }
    }
}

/// Instruction classes whose cycles differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// Arithmetic, logic, shifts, SETHI, MULScc, RD/WR of special
    /// registers, SAVE/RESTORE, FLUSH, Ticc not taken, Bicc (its delay
    /// slot is the next instruction's cycle): 1 (bench `add`, `sethi`,
    /// `sll`, `mulscc`, `rdy`, `wry`, `save_restore`, `ticc_untaken`, `ba`).
    Single,
    /// LD, LDUB, LDSB, LDUH, LDSH (and alternate forms): 1 (bench `ld`,
    /// `ldub`, `ldsb`, `lduh`, `ldsh`).
    Load,
    /// LDD(A): 2 (bench `ldd`).
    LoadDouble,
    /// ST, STB, STH(A): 2 (bench `st_iso`, `stb_iso`).
    Store,
    /// STD(A): 3 (bench `std_iso`).
    StoreDouble,
    /// LDSTUB(A), SWAP(A): 3 (bench `ldstub_iso`).
    Atomic,
    /// CALL: [`Timing::call`].
    Call,
    /// JMPL (RET, RETL): 1; its target is known in execute, so the word
    /// after the delay slot is fetched and annulled (iu.vhd `mein.inull`),
    /// a cycle more (bench `jmpl`: JMPL + nop = 3.0).
    Jump,
    /// RETT: 1 (bench `ta_rett`: the `jmp %l2; rett %l2+4` pair costs 3).
    ReturnFromTrap,
    /// UMUL, SMUL, UMULcc, SMULcc: [`Multiplier::cycles`].
    Multiply,
    /// UDIV, SDIV, UDIVcc, SDIVcc: [`Timing::divide`].
    Divide,
    /// The `sbox` extension: [`Timing::sbox`].
    Sbox,
    /// `gf2mul`, `gf2mac`: [`Timing::gf2mul`].
    Gf2,
}

impl Class {
    pub const fn cycles(self, t: &Timing) -> u32 {
        match self {
            Class::Single | Class::Load | Class::ReturnFromTrap | Class::Jump => 1,
            Class::LoadDouble | Class::Store => 2,
            Class::StoreDouble | Class::Atomic => 3,
            Class::Call => t.call,
            Class::Multiply => t.multiplier.cycles(),
            Class::Divide => t.divide,
            Class::Sbox => t.sbox,
            Class::Gf2 => t.gf2mul,
        }
    }
}

/// Load-use stall of an instruction `distance` slots after a load (1: the
/// next one) that reads the loaded register: `lddelay` at distance 1 and
/// one less for each slot between (bench_lddelay2 `ld_use2`: +1 with one
/// instruction between). For LDD, the first word arrives a cycle earlier:
/// its use stalls one cycle less (bench `ldd_use1`: 0, `ldd_use`: +1).
pub const fn load_use_stall(t: &Timing, distance: u32, first_of_double: bool) -> u32 {
    let stall = (t.lddelay + 1).saturating_sub(distance);
    if first_of_double {
        stall.saturating_sub(1)
    } else {
        stall
    }
}
