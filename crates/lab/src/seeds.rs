//! The seed papers' published figures (`seeds/figures.csv`) and how each
//! seed table is compared with our measured rows.
//!
//! A figure is compared with the rows of the variants whose manifest names
//! its (source, ref, variant). How our figure is counted for a table — what
//! the paper's "code" includes, which RAM it counts, the clock of a
//! throughput — is stated once per table in [`TABLES`], with the reason.

use crate::manifest::Op;
use crate::measure::{Row, cycles_text, ram_text, timing_text};
use cardlab_ciphers::Algorithm;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One published figure: a line of `seeds/figures.csv`.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Figure {
    /// The seed file (`000_736eb5c16f058099.txt`).
    pub source: String,
    /// Table or section in it (`6.1`, `Table 1`).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The CPU as the paper names it.
    pub platform: String,
    /// The clock the paper converts at, if any.
    pub clock_mhz: Option<f64>,
    pub cipher: String,
    pub key_bits: usize,
    /// The paper's own words for the implementation.
    pub variant: String,
    pub metric: String,
    pub value: f64,
    /// Caveats and inconsistencies.
    pub note: String,
}

impl Figure {
    /// The seed number (`000`), as manifests name it.
    pub fn seed(&self) -> &str {
        self.source.split('_').next().unwrap_or(&self.source)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("{path}: {message}; the file must keep the columns of seeds/SOURCES.md")]
    Csv { path: PathBuf, message: String },
}

/// Read every figure of `path`.
pub fn load(path: &Path) -> Result<Vec<Figure>, SeedError> {
    let fail = |message: String| SeedError::Csv {
        path: path.to_path_buf(),
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_path(path)
        .map_err(|e| fail(e.to_string()))?;
    reader
        .deserialize()
        .map(|r| r.map_err(|e| fail(e.to_string())))
        .collect()
}

/// What the paper's code figure covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCount {
    /// Code alone; tables are a figure of their own.
    CodeOnly,
    /// The whole ROM image, tables included.
    CodeAndTables,
    /// The code one operation executes (our `op_code_bytes`), where the
    /// paper sizes encryption and decryption apart.
    Executed,
}

/// What the paper's RAM figure covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RamCount {
    /// Every byte written, stack and buffers included (our `ram_bytes`).
    All,
    /// The round-key RAM only (our `key_ram_bytes`).
    RoundKeys,
    /// Working RAM: every byte written but the key and block buffers (our
    /// `work_ram_bytes`), with (+N) for a destroyed key.
    Working,
    /// The RAM kept per key between key setup and encryption: the bytes
    /// key setup writes that encryption reads (our `kept_ram_bytes`).
    Kept,
    /// All the RAM a block operation needs: the key material it reads
    /// (kept), the block, and every other byte it writes (working).
    KeptAndWorking,
}

/// How one seed table is compared.
#[derive(Debug, Clone, Copy)]
pub struct SeedTable {
    /// Seed number and table, as in the CSV.
    pub seed: &'static str,
    pub reference: &'static str,
    pub platform: &'static str,
    /// Our target for that platform.
    pub target: &'static str,
    pub title: &'static str,
    pub code: CodeCount,
    pub ram: RamCount,
    /// Oscillator periods per cycle of ours, for throughputs.
    pub clocks_per_cycle: u32,
    /// The paper's encryption cycles are per block with the key schedule
    /// run inside (a small implementation with no room for round keys):
    /// they compare with `encrypt_with_key_setup` where a variant has no
    /// separate `encrypt`.
    pub encrypt_runs_key_schedule: bool,
    /// Our cycles in one of the paper's: 1, or 2 where the paper counts
    /// two-state bus cycles and we count states (seed 002 Table 3).
    pub ours_per_paper_cycle: u32,
    /// The rate in MHz at which the paper's cycles (and ours) pass, when
    /// the paper also gives milliseconds and kbit/s: each cycle line then
    /// shows both sides at that rate.
    pub cycles_mhz: Option<f64>,
    /// What the comparison assumes, in one or two sentences.
    pub assumption: &'static str,
}

/// Records published outside the seed papers, compared the same way
/// (`seeds/records.csv`; each source in docs/avr.md).
pub const RECORD_TABLES: &[SeedTable] = &[SeedTable {
    seed: "avr-records",
    reference: "AES-128",
    platform: "AVR",
    target: "avr",
    title: "AVR against the published records: AES-128",
    code: CodeCount::CodeAndTables,
    ram: RamCount::Kept,
    clocks_per_cycle: 1,
    encrypt_runs_key_schedule: false,
    ours_per_paper_cycle: 1,
    cycles_mhz: None,
    assumption: "Clock cycles of the AVRe core on both sides (the ATmega class; the records were \
                 measured on ATmega parts or simavr). Ours run from the routine's first \
                 instruction through its RET, loading and storing the block in RAM; some records \
                 leave the call and the block's load and store out (their notes say which). ROM \
                 is code and tables; RAM the round keys a key setup leaves for encryption.",
}];

/// Seed 003's cycle tables: how ours are measured.
const LEON2_ASSUMPTION: &str = "Clock cycles of the LEON2 integer unit as its VHDL times them \
     (docs/leon2.md): 16x16 multiplier, 0-wait-state SRAM, sbox, gf2mul and gf2mac 1 cycle each. \
     The paper measured with large caches; ours are 64 KiB direct-mapped I and D caches, \
     measured warm (the routine run once before on the same inputs), so every access hits and \
     only the write buffer's stalls remain. Decryption on the fly starts from the last round \
     key, as the paper's does. The C variants are built by gcc 12 -O2 (the paper's compiler \
     is not named).";

/// Seed 003's code-size tables.
const LEON2_CODE_ASSUMPTION: &str = "The paper sizes encryption's code and decryption's apart \
     (decryption's is in the note). Our images hold key setup, encryption and decryption \
     together, so ours is the code the encryption executes: its distinct instruction bytes, \
     tables apart.";

/// Every seed table the report compares, in report order.
pub const TABLES: &[SeedTable] = &[
    SeedTable {
        seed: "000",
        reference: "6.1",
        platform: "8051",
        target: "mcs51",
        title: "Seed 000 §6.1: 8051",
        code: CodeCount::CodeOnly,
        ram: RamCount::All,
        clocks_per_cycle: 12,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "Cycles are 8051 machine cycles on both sides. RAM counts state, key, \
                     temporaries and stack; (+16) marks a destroyed key, as the paper does.",
    },
    SeedTable {
        seed: "000",
        reference: "6.3",
        platform: "8051",
        target: "mcs51",
        title: "Seed 000 §6.3: 8051 key agility (new key every block)",
        code: CodeCount::CodeOnly,
        ram: RamCount::All,
        clocks_per_cycle: 6,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "Throughput = 16 bytes × 3.57 MHz / (6 oscillator periods × machine cycles \
                     of encryption with key setup), as §6.3 converts.",
    },
    SeedTable {
        seed: "004",
        reference: "Table 1",
        platform: "SLE66CX322P (8051)",
        target: "mcs51",
        title: "Seed 004 Table 1: Infineon SLE66CX322P (8051 core)",
        code: CodeCount::CodeAndTables,
        ram: RamCount::RoundKeys,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "The paper's cycles match its times at 15 MHz (8460 cycles = 0.56 ms), so it \
                     counts clocks of a core whose machine cycle it does not state; we compare \
                     our machine cycles with its cycles one to one (a one-clock machine cycle). \
                     Its code length is compared with our whole ROM (code + tables) and its \
                     RAM with our round-key RAM, the only RAM it counts.",
    },
    SeedTable {
        seed: "004",
        reference: "2-2",
        platform: "SLE66CX322P (8051)",
        target: "mcs51",
        title: "Seed 004 §II-2: AES round keys in the SLE66CX322P's EEPROM",
        code: CodeCount::CodeAndTables,
        ram: RamCount::RoundKeys,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "The paper prices keeping AES round keys in EEPROM with the data sheet's page \
                     programming time t = K + (N·p + offset)/f_sys (K = 4.48 ms, p = 0.06, \
                     offset = 0.27, f_sys = 15 MHz): Nr + 1 pages of Nk·4 bytes. Ours is the \
                     virtual card's own (docs/card.md): its precomputed build, run on the \
                     simulated chip, programs the round keys at PUT DATA, and we sum the time \
                     the EEPROM was busy with those pages, each page's time from the same \
                     formula in the chip model, its page count and bytes from what the card OS \
                     actually wrote.",
    },
    SeedTable {
        seed: "000",
        reference: "6.2",
        platform: "ARM",
        target: "arm7tdmi",
        title: "Seed 000 §6.2: ARM",
        code: CodeCount::CodeOnly,
        ram: RamCount::Working,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "ARM7TDMI clock cycles on zero-wait 32-bit on-chip memory (the paper \
                     names no wait states). The paper's RAM leaves out the block and the key \
                     (\"0 (+16)\" for code that keeps everything in registers), so ours counts \
                     the bytes written outside the key and block buffers, stack included; \
                     (+16) marks a destroyed key.",
    },
    SeedTable {
        seed: "000",
        reference: "6.3",
        platform: "ARM",
        target: "arm7tdmi",
        title: "Seed 000 §6.3: ARM key agility (new key every block)",
        code: CodeCount::CodeOnly,
        ram: RamCount::Working,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "Throughput = 16 bytes × 28.56 MHz / cycles of encryption with key setup.",
    },
    SeedTable {
        seed: "002",
        reference: "Table 2",
        platform: "68HC05",
        target: "hc05",
        title: "Seed 002 Table 2: MC68HC705B16 (68HC05)",
        code: CodeCount::CodeAndTables,
        ram: RamCount::Kept,
        clocks_per_cycle: 2,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: Some(2.1),
        assumption: "Cycles are internal bus cycles (oscillator ÷ 2) on both sides; the paper's \
                     times are its cycles at a 2.1 MHz bus clock (21000 cycles = 10.0 ms), and \
                     the time columns put ours at the same clock. Its code sizes include the \
                     tables, so ours is the whole ROM (code + tables). Its only RAM figure is \
                     the 176 bytes of AES round keys kept in RAM2, so ours is the RAM kept per \
                     key: the bytes key setup writes that encryption reads. \"<\" and \"≈\" \
                     mark the paper's \"less than\" and \"about\".",
    },
    SeedTable {
        seed: "002",
        reference: "Table 3",
        platform: "H8/300",
        target: "h8300",
        title: "Seed 002 Table 3: Hitachi H8/3113 (H8/300)",
        code: CodeCount::CodeAndTables,
        ram: RamCount::Kept,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 2,
        cycles_mhz: Some(2.5),
        assumption: "The paper's cycles are two-state bus cycles: all four of its figures \
                     convert to its times at 2.5 MHz (4180 cycles = 1.67 ms, 2380 = 0.95 ms), half \
                     the 5 MHz internal clock it states, and its 10 MHz external clock with a \
                     200 ns cycle is the same halving. We count states (periods of the 5 MHz \
                     clock) on the H8/3113 map of docs/h8300.md, everything in on-chip memory at \
                     2 states an access, and show ours as states ÷ 2 beside the states; the time \
                     columns are both sides at 5 MHz.",
    },
    SeedTable {
        seed: "003",
        reference: "Table 1",
        platform: "LEON2",
        target: "leon2",
        title: "Seed 003 Table 1: LEON2, AES-128 with a precomputed key schedule",
        code: CodeCount::Executed,
        ram: RamCount::Kept,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: LEON2_ASSUMPTION,
    },
    SeedTable {
        seed: "003",
        reference: "Table 2",
        platform: "LEON2",
        target: "leon2",
        title: "Seed 003 Table 2: LEON2, AES-128 with the key expanded on the fly",
        code: CodeCount::Executed,
        ram: RamCount::Kept,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: LEON2_ASSUMPTION,
    },
    SeedTable {
        seed: "003",
        reference: "Table 3",
        platform: "LEON2",
        target: "leon2",
        title: "Seed 003 Table 3: LEON2, code size with a precomputed key schedule",
        code: CodeCount::Executed,
        ram: RamCount::Kept,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: LEON2_CODE_ASSUMPTION,
    },
    SeedTable {
        seed: "003",
        reference: "Table 4",
        platform: "LEON2",
        target: "leon2",
        title: "Seed 003 Table 4: LEON2, code size with the key expanded on the fly",
        code: CodeCount::Executed,
        ram: RamCount::Kept,
        clocks_per_cycle: 1,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: LEON2_CODE_ASSUMPTION,
    },
    SeedTable {
        seed: "001",
        reference: "footnote 1",
        platform: "6805",
        target: "hc05",
        title: "Seed 001 footnote 1: a small DES on the 6805",
        code: CodeCount::CodeAndTables,
        ram: RamCount::All,
        clocks_per_cycle: 2,
        encrypt_runs_key_schedule: true,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "Cycles are 6805 bus cycles on both sides, per block with the key schedule \
                     run inside (23 bytes of RAM leave no room for round keys), so ours is \
                     encryption with key setup. The footnote's \"about 1K\" of code is compared \
                     with our whole ROM and its 23 bytes of RAM with every byte we write, key and \
                     block buffers and stack included.",
    },
    SeedTable {
        seed: "001",
        reference: "Table 3",
        platform: "6805",
        target: "hc05",
        title: "Seed 001 Table 3: Twofish's key-memory classes on the 6805",
        code: CodeCount::CodeAndTables,
        ram: RamCount::KeptAndWorking,
        clocks_per_cycle: 2,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: Some(4.0),
        assumption: "Cycles are 6805 bus cycles on both sides, per block with a 128-bit key \
                     (the paper's clocks give its milliseconds at 4 MHz). Code is the whole ROM \
                     image, tables included: encryption and decryption, and key setup where the \
                     card runs it. The 24-byte and 184-byte classes keep their key material in \
                     the MC68HC705B16's RAM and compute it on the card; the 1208-byte and \
                     3256-byte classes keep it in the EEPROM of a larger card part (ST16CF54, \
                     docs/hc05.md) and receive it from the host, as the paper's large-memory \
                     versions do, so their images hold no key setup and no q tables.",
    },
    SeedTable {
        seed: "001",
        reference: "3.1",
        platform: "6805",
        target: "hc05",
        title: "Seed 001 §3.1: Twofish in 60 bytes of RAM on the 6805",
        code: CodeCount::CodeAndTables,
        ram: RamCount::KeptAndWorking,
        clocks_per_cycle: 2,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "RAM is what the card holds while it encrypts or decrypts a block with the \
                     key kept: the key material key setup leaves (the key and the Reed-Solomon \
                     words S) that the operation reads, the block, and every other byte it \
                     writes, stack and return address included; the larger of encryption and \
                     decryption.",
    },
    SeedTable {
        seed: "001",
        reference: "3.2",
        platform: "6805",
        target: "hc05",
        title: "Seed 001 §3.2: the low-RAM Twofish's key setup on the 6805",
        code: CodeCount::CodeAndTables,
        ram: RamCount::KeptAndWorking,
        clocks_per_cycle: 2,
        encrypt_runs_key_schedule: false,
        ours_per_paper_cycle: 1,
        cycles_mhz: None,
        assumption: "Key setup of the low-RAM variant at each key size: the Reed-Solomon \
                     product S of the key, all the precomputation it keeps (6805 bus cycles on \
                     both sides).",
    },
];

/// Why a published figure we still lose cannot be won, with the
/// arithmetic: appended to the line's note while the verdict is "worse";
/// `short` is the one line the report's summary gives it.
struct WhyWorse {
    seed: &'static str,
    reference: &'static str,
    cipher: &'static str,
    paper_variant: &'static str,
    metric: &'static str,
    short: &'static str,
    why: &'static str,
}

const WHY_WORSE: &[WhyWorse] = &[
    WhyWorse {
        seed: "002",
        reference: "Table 2",
        cipher: "AES",
        paper_variant: "MC68HC705B16",
        metric: "key_setup_cycles",
        short: "each of the 160 round-key bytes goes to RAM2, reached only by 16-bit indexed stores: 1760 cycles before any S-box read",
        why: "each of the 160 new round-key bytes goes to RAM2, which the 6805 reaches only \
              by 16-bit indexed addressing: an EOR and an STA at 5 + 6 cycles, 1760 cycles \
              before any S-box read or loop, so a looped key schedule stays above 2200; \
              writing each round's addresses out (about 1900 cycles) takes about 1.25 KB more \
              code, about 3.5 KB of ROM against the row's about 2.5 KB \
              (firmware/hc05/aes/README.md)",
    },
    WhyWorse {
        seed: "001",
        reference: "footnote 1",
        cipher: "DES",
        paper_variant: "reference",
        metric: "code_bytes",
        short: "getting under the footnote's 20000 cycles took 37 bytes of unrolling, and its \"about 1K code\" may leave the S-box table out",
        why: "our small DES is 816 bytes of code and a 273-byte S-box table; getting under \
              the footnote's 20000 cycles took 37 bytes of unrolling (20174 cycles in 1052 \
              bytes without it), and the footnote's \"about 1K code\" may leave the S-boxes \
              out (firmware/hc05/des/README.md)",
    },
    WhyWorse {
        seed: "001",
        reference: "footnote 1",
        cipher: "DES",
        paper_variant: "reference",
        metric: "ram_bytes",
        short: "ours also takes 23 bytes but turns the key into C and D in place; keeping it as given costs a 24th byte and about 750 cycles",
        why: "23 bytes hold the key turned in place into C and D, the block, the round's \
              working bytes and the return address; keeping the key as given needs a 24th \
              byte for its eight parity bits and about 750 cycles to transpose it back \
              (firmware/hc05/des/README.md)",
    },
    WhyWorse {
        seed: "000",
        reference: "6.1",
        cipher: "Twofish",
        paper_variant: "1024-byte tables",
        metric: "ram_bytes",
        short: "as the lab counts RAM, block, key, return address, S0 and S1 and a round's sums already make 54 bytes; the paper quotes its ARM figure, registers left out",
        why: "48 bytes cannot be met as the lab counts RAM: block and key (32), the return \
              address (2), S0 and S1 (8; recomputing them for every g costs 13824 cycles) and a \
              round's two partial sums with the h output being built (12) already make 54; \
              building h a byte at a time instead costs 8640 more cycles, 20831 > 18126. The \
              paper had not finished its 8051 Twofish and quotes its ARM figure, which leaves \
              registers out (firmware/mcs51/twofish/README.md)",
    },
    WhyWorse {
        seed: "000",
        reference: "6.1",
        cipher: "AES",
        paper_variant: "Daemen-Rijmen fast",
        metric: "table_bytes",
        short: "the row shows our fastest variant, whose 512 table bytes (S-box and xtime) buy 2132 cycles; our small meets every figure of the row with 256",
        why: "fast keeps 512 table bytes (S-box and xtime) for 2132 cycles, its ROM under the \
              paper's; without the xtime table each of MixColumns' 108 xtimes costs a cycle \
              more, so a 256-byte variant needs 2150 cycles or more even fully unrolled. Our \
              small (256 + 463 bytes, 2465 cycles) meets every figure of this row, but the row \
              shows the fastest variant (firmware/mcs51/aes/README.md)",
    },
    WhyWorse {
        seed: "001",
        reference: "Table 4",
        cipher: "Twofish",
        paper_variant: "1 h block 19000 gates",
        metric: "startup_clocks",
        short: "the 40 subkey words enter the store one a clock, then the first block is taken: 41",
        why: "the precomputed subkeys are 40 words, written into the subkey store one word \
              a clock as the key schedule makes them; the first block is accepted the clock \
              after the last one (hardware/twofish/rtl/tf_pre1.v)",
    },
    WhyWorse {
        seed: "001",
        reference: "Table 4",
        cipher: "Twofish",
        paper_variant: "2 h blocks 26000 gates 2-way interleave",
        metric: "startup_clocks",
        short: "the key schedule runs through the 2-deep interleaved pipeline: 20 + 2 - 1 clocks",
        why: "the interleaved core computes the subkeys in its own round pipeline, 2 stages \
              deep, so the last subkey pair leaves it 1 clock after the \
              non-interleaved core's 20 (hardware/twofish/rtl/tf_pre2.v); the paper does not \
              say how its interleaved designs make their subkeys",
    },
    WhyWorse {
        seed: "001",
        reference: "Table 4",
        cipher: "Twofish",
        paper_variant: "2 h blocks 28000 gates 3-way interleave",
        metric: "startup_clocks",
        short: "the key schedule runs through the 3-deep interleaved pipeline: 20 + 3 - 1 clocks",
        why: "the interleaved core computes the subkeys in its own round pipeline, 3 stages \
              deep, so the last subkey pair leaves it 2 clocks after the \
              non-interleaved core's 20 (hardware/twofish/rtl/tf_pre2.v); the paper does not \
              say how its interleaved designs make their subkeys",
    },
    WhyWorse {
        seed: "001",
        reference: "Table 4",
        cipher: "Twofish",
        paper_variant: "30000 gates 4-way interleave",
        metric: "startup_clocks",
        short: "the key schedule runs through the 4-deep interleaved pipeline: 20 + 4 - 1 clocks",
        why: "the interleaved core computes the subkeys in its own round pipeline, 4 stages \
              deep, so the last subkey pair leaves it 3 clocks after the \
              non-interleaved core's 20 (hardware/twofish/rtl/tf_pre2.v); the paper does not \
              say how its interleaved designs make their subkeys",
    },
    WhyWorse {
        seed: "001",
        reference: "Table 4",
        cipher: "Twofish",
        paper_variant: "precomputed key-dependent S-boxes 80000 gates",
        metric: "gate_count",
        short: "its 8192 bits of key-dependent S-box memory are flip-flops and multiplexers here (103k GE); the logic alone is 21.4k GE",
        why: "the four key-dependent S-boxes are 8192 bits of memory; with no RAM cell in an \
              open gate library they are built from flip-flops and read multiplexers, 102964 \
              GE, where the paper evidently counted a RAM; the rest of the design is 21448 GE \
              (docs/hardware.md)",
    },
    WhyWorse {
        seed: "004",
        reference: "III",
        cipher: "AES",
        paper_variant: "key schedule applet on the card's virtual machine (CSOD)",
        metric: "time_ms",
        short: "EEPROM at 4 ms a byte (assumed): storing the 552-byte applet and its 176 bytes of round keys takes 3.0 s",
        why: "the AT90SC3232C's EEPROM timing is not public: cardlab assumes 4 ms a byte (the \
              sibling AT90SO4's 2 ms erase + 2 ms program, docs/avr.md) and no page mode, so \
              the 552 bytes of the applet, its header and the 176 bytes of round keys it \
              files take 3.0 s of the 3.5; the wire takes 0.22 s and the card's own cycles \
              0.28 s. With a page mode of 64 bytes a program the same applet would store in \
              well under 0.1 s; the paper gives neither its applet's size nor its EEPROM's mode",
    },
    WhyWorse {
        seed: "004",
        reference: "III",
        cipher: "AES",
        paper_variant: "encryption applet on the card's virtual machine (CSOD)",
        metric: "time_ms",
        short: "EEPROM at 4 ms a byte (assumed): storing the 1232-byte applet takes 5.0 s",
        why: "the EEPROM is assumed at 4 ms a byte with no page mode (docs/avr.md): the \
              1232 bytes of our encryption applet and its header take 5.0 s to store, the wire \
              0.45 s and the card's own cycles 0.46 s (0.39 s the RUN of one block); the \
              paper gives neither its applet's size nor its EEPROM's mode",
    },
];

/// One published figure beside ours.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    pub cipher: String,
    pub key_bits: usize,
    /// The paper's name for the implementation.
    pub paper_variant: String,
    pub metric: String,
    pub published: f64,
    /// The published figure as the paper states it: "< 2000", "≈ 2560".
    pub published_text: String,
    pub clock_mhz: Option<f64>,
    /// Our variant whose figure is shown (the best of those answering).
    pub ours_variant: Option<String>,
    pub ours: Option<f64>,
    /// As printed: "41 (+16)", "2377–2390".
    pub ours_text: String,
    /// ours / published.
    pub ratio: Option<f64>,
    pub verdict: Verdict,
    /// For a cycle or throughput figure: the secret-independence verdict
    /// of the operations it was measured on.
    pub timing: Option<String>,
    /// For a cycle figure of a table with a cycle rate: both sides in
    /// milliseconds (and kbit/s for a block operation) at that rate.
    pub at_clock: Option<String>,
    pub note: String,
    /// For a figure we lose: why, in one line (the note has the arithmetic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_worse: Option<String>,
}

impl Line {
    /// The published figure `f` with no figure of ours yet.
    pub fn unanswered(f: &Figure) -> Line {
        Line {
            cipher: f.cipher.clone(),
            key_bits: f.key_bits,
            paper_variant: f.variant.clone(),
            metric: f.metric.clone(),
            published: f.value,
            published_text: format!("{}", f.value),
            clock_mhz: f.clock_mhz,
            ours_variant: None,
            ours: None,
            ours_text: "—".into(),
            ratio: None,
            verdict: Verdict::Missing,
            timing: None,
            at_clock: None,
            note: f.note.clone(),
            why_worse: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Fewer cycles or bytes (no more bytes), or more throughput.
    Better,
    /// The same bytes as published.
    Equal,
    Worse,
    /// No variant of ours answers this figure yet.
    Missing,
    /// A variant answering it failed verification: no figure.
    Failed,
    /// Measured on another machine than the paper's: the ratio compares
    /// CPUs (seed 001's host tables).
    OtherMachine,
    /// A ratio between two options on the same side of 1 as the paper's.
    SameShape,
    /// A ratio between two options on the other side of 1 from the paper's.
    OtherShape,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Better => "better",
            Verdict::Equal => "same",
            Verdict::Worse => "worse",
            Verdict::Missing => "not implemented",
            Verdict::Failed => "FAIL",
            Verdict::OtherMachine => "other machine",
            Verdict::SameShape => "same shape",
            Verdict::OtherShape => "other shape",
        }
    }
}

/// A seed table with our figures.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub title: String,
    pub source: String,
    pub reference: String,
    pub target: String,
    pub assumption: String,
    pub lines: Vec<Line>,
}

/// The published metrics we can measure, and which operation gives each cycle count.
fn cycles_op(metric: &str) -> Option<Op> {
    Some(match metric {
        "key_setup_cycles" => Op::KeySetup,
        "encrypt_cycles" => Op::Encrypt,
        "decrypt_cycles" => Op::Decrypt,
        "encrypt_with_key_setup_cycles" => Op::EncryptWithKeySetup,
        "decrypt_with_key_setup_cycles" => Op::DecryptWithKeySetup,
        _ => return None,
    })
}

fn measurable(metric: &str) -> bool {
    cycles_op(metric).is_some()
        || matches!(
            metric,
            "code_bytes"
                | "table_bytes"
                | "rom_bytes"
                | "ram_bytes"
                | "throughput_bytes_per_s"
                | "time_ms"
        )
}

/// Higher is better for this metric.
fn higher_is_better(metric: &str) -> bool {
    metric.starts_with("throughput")
}

/// Our figure for `metric`, from the verified rows of one variant at one key size.
fn our_figure(table: &SeedTable, fig: &Figure, rows: &[&Row]) -> Option<(f64, String)> {
    let op_cycles = |op: Op| {
        rows.iter()
            .find(|r| r.op == op)
            .and_then(|r| Some((r.cycles_min?, r.cycles_max?)))
    };
    let bytes = |n: u64| Some((n as f64, n.to_string()));
    if let Some(op) = cycles_op(&fig.metric) {
        let (lo, hi) = op_cycles(op).or_else(|| {
            (op == Op::Encrypt && table.encrypt_runs_key_schedule)
                .then(|| op_cycles(Op::EncryptWithKeySetup))
                .flatten()
        })?;
        return Some(match table.ours_per_paper_cycle {
            1 => (hi as f64, cycles_text(lo, hi)),
            d => {
                let theirs = |c: u64| number(c as f64 / d as f64);
                let text = match lo == hi {
                    true => theirs(hi),
                    false => format!("{}–{}", theirs(lo), theirs(hi)),
                };
                (
                    hi as f64 / d as f64,
                    format!("{text} ({} states)", cycles_text(lo, hi)),
                )
            }
        });
    }
    let first = rows.first()?;
    match fig.metric.as_str() {
        "code_bytes" => match table.code {
            CodeCount::CodeOnly => bytes(first.code_bytes),
            CodeCount::CodeAndTables => bytes(first.code_bytes + first.table_bytes),
            // the paper's figure is encryption's; decryption's is in its note
            CodeCount::Executed => rows
                .iter()
                .find(|r| matches!(r.op, Op::Encrypt | Op::EncryptWithKeySetup))
                .and_then(|r| r.op_code_bytes)
                .and_then(bytes),
        },
        "table_bytes" => bytes(first.table_bytes),
        "rom_bytes" => bytes(first.code_bytes + first.table_bytes),
        "time_ms" => {
            let ms = rows.iter().filter_map(|r| r.eeprom_ms).reduce(f64::max)?;
            Some((ms, format!("{ms:.3}")))
        }
        "ram_bytes" => match table.ram {
            RamCount::All => {
                let ram = rows.iter().filter_map(|r| r.ram_bytes).max()?;
                let destroyed = rows.iter().any(|r| r.key_destroyed == Some(true));
                Some((ram as f64, ram_text(ram, destroyed, first.key_bits)))
            }
            RamCount::RoundKeys => bytes(rows.iter().filter_map(|r| r.key_ram_bytes).max()?),
            RamCount::Working => {
                let ram = rows.iter().filter_map(|r| r.work_ram_bytes).max()?;
                let destroyed = rows.iter().any(|r| r.key_destroyed == Some(true));
                Some((ram as f64, ram_text(ram, destroyed, first.key_bits)))
            }
            RamCount::Kept => bytes(rows.iter().filter_map(|r| r.kept_ram_bytes).max()?),
            RamCount::KeptAndWorking => {
                let block = first.cipher.parse::<Algorithm>().ok()?.block_bytes() as u64;
                let all = rows
                    .iter()
                    .filter_map(|r| Some(r.kept_ram_bytes? + block + r.work_ram_bytes?));
                bytes(all.max()?)
            }
        },
        "throughput_bytes_per_s" => {
            let cycles = match op_cycles(Op::EncryptWithKeySetup) {
                Some((_, hi)) => hi,
                None => op_cycles(Op::KeySetup)?.1 + op_cycles(Op::Encrypt)?.1,
            };
            let clock = fig.clock_mhz? * 1e6;
            let block = first.cipher.parse::<Algorithm>().ok()?.block_bytes() as f64;
            let rate = block * clock / (table.clocks_per_cycle as f64 * cycles as f64);
            Some((rate, format!("{rate:.0}")))
        }
        _ => None,
    }
}

/// The operations a cycle or throughput figure is measured on.
fn timed_ops(metric: &str, rows: &[&Row]) -> Vec<Op> {
    match (cycles_op(metric), metric) {
        (Some(op), _) => vec![op],
        (None, "throughput_bytes_per_s") => {
            match rows.iter().any(|r| r.op == Op::EncryptWithKeySetup) {
                true => vec![Op::EncryptWithKeySetup],
                false => vec![Op::KeySetup, Op::Encrypt],
            }
        }
        _ => vec![],
    }
}

/// The secret-independence verdict of `variant`'s operations behind a
/// cycle or throughput figure: constant only if every one of them is.
fn timing(fig: &Figure, rows: &[&Row], variant: &str) -> Option<String> {
    let of_variant: Vec<&Row> = rows
        .iter()
        .copied()
        .filter(|r| r.variant == variant)
        .collect();
    let find = |op: Op| of_variant.iter().copied().find(|r| r.op == op);
    let mut timed: Vec<&Row> = timed_ops(&fig.metric, &of_variant)
        .into_iter()
        .filter_map(find)
        .collect();
    // A per-block figure our variant answers with its key schedule inside.
    if timed.is_empty() && fig.metric == "encrypt_cycles" {
        timed.extend(find(Op::EncryptWithKeySetup));
    }
    if timed.is_empty() {
        return None;
    }
    let all = |f: fn(&Row) -> Option<bool>| timed.iter().all(|r| f(r) == Some(true));
    Some(timing_text(all(|r| r.constant_time), all(|r| r.address_trace_constant)).into())
}

/// Better, equal or worse: ours against the published `fig`.
pub fn verdict(fig: &Figure, ours: f64) -> Verdict {
    if ours == fig.value && !fig.metric.ends_with("_cycles") {
        return Verdict::Equal;
    }
    let better = if higher_is_better(&fig.metric) {
        ours > fig.value
    } else {
        ours < fig.value
    };
    if better {
        Verdict::Better
    } else {
        Verdict::Worse
    }
}

/// The key size our rows carry for a figure: papers give DES's effective
/// 56 bits, the lab's DES takes the 64-bit key with its parity bits.
fn stored_key_bits(fig: &Figure) -> usize {
    stored_bits(&fig.cipher, fig.key_bits)
}

/// [`stored_key_bits`] of a paper's cipher name and key size.
fn stored_bits(cipher: &str, key_bits: usize) -> usize {
    match (cipher.to_ascii_lowercase().as_str(), key_bits) {
        ("des", 56) => 64,
        (_, bits) => bits,
    }
}

/// Whether a paper's cipher name and ours are the same cipher: the papers
/// write FEAL-NX (the 128-bit-key FEAL) as "FEAL-32X", the lab names it
/// by its rounds, "feal-32", the key size telling the two apart.
fn same_cipher(paper: &str, ours: &str) -> bool {
    let paper = paper.to_ascii_lowercase();
    let paper = match paper.strip_suffix('x') {
        Some(feal) if feal.starts_with("feal-") => feal,
        _ => &paper,
    };
    paper == ours.to_ascii_lowercase()
}

/// How the paper qualifies a figure, from its note.
fn published_text(fig: &Figure) -> String {
    let value = number(fig.value);
    if fig.note.contains("less than") {
        format!("< {value}")
    } else if fig.note.starts_with("about") || fig.note.contains("; about") {
        format!("≈ {value}")
    } else {
        value
    }
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// Milliseconds (and kbit/s for a block operation) of `cycles` at `mhz`.
fn at_rate(cycles: f64, mhz: f64, block_bits: Option<usize>) -> String {
    let ms = cycles / (mhz * 1e3);
    match block_bits {
        Some(bits) => format!("{ms:.2} ms, {:.1} kbit/s", bits as f64 / ms),
        None => format!("{ms:.2} ms"),
    }
}

/// Both sides of a cycle figure at the table's cycle rate.
fn times(table: &SeedTable, fig: &Figure, ours: Option<f64>) -> Option<String> {
    let mhz = table.cycles_mhz?;
    let op = cycles_op(&fig.metric)?;
    let block = (op != Op::KeySetup)
        .then(|| fig.cipher.parse::<Algorithm>().ok())
        .flatten()
        .map(|a| a.block_bytes() * 8);
    let theirs = at_rate(fig.value, mhz, block);
    Some(match ours {
        Some(ours) => format!("paper {theirs}; ours {}", at_rate(ours, mhz, block)),
        None => format!("paper {theirs}"),
    })
}

/// Compare one figure with the variants answering it: `only` that one if
/// given (so one implementation's figures stay together), else the best.
fn line(table: &SeedTable, fig: &Figure, rows: &[Row], only: Option<&str>) -> Line {
    let answering: Vec<&Row> = rows
        .iter()
        .filter(|r| {
            r.target == table.target
                && same_cipher(&fig.cipher, &r.cipher)
                && r.key_bits == stored_key_bits(fig)
                && only.is_none_or(|v| v == r.variant)
                && r.answers.iter().any(|a| {
                    a.source == fig.seed()
                        && a.reference == fig.reference
                        && a.variant == fig.variant
                })
        })
        .collect();
    let mut out = Line {
        published_text: published_text(fig),
        at_clock: times(table, fig, None),
        ..Line::unanswered(fig)
    };
    if let Some(bad) = answering.iter().find(|r| !r.verified) {
        out.ours_variant = Some(bad.variant.clone());
        out.ours_text = format!("FAIL: {}", bad.first_failure.as_deref().unwrap_or(""));
        out.verdict = Verdict::Failed;
        return out;
    }
    let mut variants: Vec<&str> = vec![];
    for r in &answering {
        if !variants.contains(&r.variant.as_str()) {
            variants.push(&r.variant);
        }
    }
    let best = variants
        .into_iter()
        .filter_map(|v| {
            let of_variant: Vec<&Row> = answering
                .iter()
                .copied()
                .filter(|r| r.variant == v)
                .collect();
            our_figure(table, fig, &of_variant).map(|f| (v, f))
        })
        .min_by(|(_, (a, _)), (_, (b, _))| {
            let order = a.total_cmp(b);
            if higher_is_better(&fig.metric) {
                order.reverse()
            } else {
                order
            }
        });
    if let Some((variant, (value, text))) = best {
        out.ours_variant = Some(variant.to_string());
        out.ours = Some(value);
        out.ours_text = text;
        out.ratio = (fig.value != 0.0).then(|| value / fig.value);
        out.verdict = verdict(fig, value);
        out.timing = timing(fig, &answering, variant);
        out.at_clock = times(table, fig, Some(value));
        // Round keys and kept RAM leave the key out on both sides.
        if fig.metric == "ram_bytes"
            && !matches!(
                table.ram,
                RamCount::RoundKeys | RamCount::Kept | RamCount::KeptAndWorking
            )
        {
            let ours_destroyed = answering
                .iter()
                .any(|r| r.variant == variant && r.key_destroyed == Some(true));
            ram_with_the_key_kept(fig, value, ours_destroyed, &mut out);
        }
    }
    explain_worse(fig, &mut out);
    out
}

/// For a figure we lose, the reason [`WHY_WORSE`] records: appended to
/// the note, its one line kept for the summary.
pub fn explain_worse(fig: &Figure, out: &mut Line) {
    if out.verdict == Verdict::Worse
        && let Some(w) = WHY_WORSE.iter().find(|w| {
            (w.seed, w.reference, w.metric) == (fig.seed(), fig.reference.as_str(), &fig.metric)
                && w.cipher.eq_ignore_ascii_case(&fig.cipher)
                && w.paper_variant == fig.variant
        })
    {
        out.note = match out.note.is_empty() {
            true => format!("why: {}", w.why),
            false => format!("{}; why: {}", out.note, w.why),
        };
        out.why_worse = Some(w.short.to_string());
    }
}

/// RAM where one side destroys the key and the other keeps it: "(+16)" is
/// the RAM it takes to keep it, so the verdict compares both sides with
/// the key kept (the printed figures stay as measured and as published).
fn ram_with_the_key_kept(fig: &Figure, ours: f64, ours_destroyed: bool, out: &mut Line) {
    let theirs_destroyed = fig.note.contains("key_destroyed");
    if ours_destroyed == theirs_destroyed {
        return;
    }
    let key = fig.key_bits as f64 / 8.0;
    let (ours_kept, theirs_kept) = (
        ours + if ours_destroyed { key } else { 0.0 },
        fig.value + if theirs_destroyed { key } else { 0.0 },
    );
    out.verdict = verdict(
        &Figure {
            value: theirs_kept,
            ..fig.clone()
        },
        ours_kept,
    );
    out.note = format!(
        "{}{}compared with the key kept: ours {ours_kept}, the paper's {theirs_kept}",
        out.note,
        if out.note.is_empty() { "" } else { "; " }
    );
}

/// The figures, each implementation's code and table bytes followed by
/// their sum: trading table bytes for code is fair, the ROM is what a card
/// has.
fn with_rom_totals(figures: &[&Figure]) -> Vec<Figure> {
    let mut out = vec![];
    for (i, f) in figures.iter().enumerate() {
        out.push((*f).clone());
        if f.metric != "table_bytes" {
            continue;
        }
        let code = figures[..i].iter().find(|c| {
            c.metric == "code_bytes"
                && (&c.cipher, c.key_bits, &c.variant) == (&f.cipher, f.key_bits, &f.variant)
        });
        if let Some(code) = code {
            out.push(Figure {
                metric: "rom_bytes".into(),
                value: code.value + f.value,
                note: "code + table bytes, the sum of the two figures above".into(),
                ..(*f).clone()
            });
        }
    }
    out
}

/// The variant whose figures stand for the paper's implementation of
/// `fig`: the best on that implementation's speed figure (its cycles, or
/// its throughput), so that a row never mixes the cycles of one variant
/// with the bytes of another. `None` when the paper gives no speed figure.
fn chosen_variant(
    table: &SeedTable,
    fig: &Figure,
    published: &[&Figure],
    rows: &[Row],
) -> Option<String> {
    let speed = published.iter().find(|f| {
        (&f.cipher, f.key_bits, &f.variant) == (&fig.cipher, fig.key_bits, &fig.variant)
            && (cycles_op(&f.metric).is_some() || higher_is_better(&f.metric))
    })?;
    line(table, speed, rows, None).ours_variant
}

/// A paper's implementation where the trade-off plots place it beside
/// ours: its whole ROM and its cycles per operation, in our units, from
/// every simulated table of its seed that gives them.
#[derive(Debug, Clone, PartialEq)]
pub struct PaperPoint {
    pub seed: String,
    pub target: String,
    /// The paper's cipher name ("AES", "FEAL-32X").
    pub cipher: String,
    /// The key size our rows carry (DES: 64 for the paper's 56).
    pub key_bits: usize,
    /// The paper's name for the implementation.
    pub variant: String,
    /// Code and tables, where the paper gives both or one figure for all.
    pub rom_bytes: Option<f64>,
    /// Per operation, the paper's cycles counted as ours are (seed 002
    /// Table 3's two-state cycles as states).
    pub cycles: Vec<(Op, f64)>,
}

impl PaperPoint {
    /// Whether the point is of our cipher `ours` ("aes", "feal-32").
    pub fn is_cipher(&self, ours: &str) -> bool {
        same_cipher(&self.cipher, ours)
    }

    /// The paper's cycles for `op`, if it gives them.
    pub fn cycles_of(&self, op: Op) -> Option<f64> {
        self.cycles.iter().find(|(o, _)| *o == op).map(|(_, c)| *c)
    }
}

/// The whole ROM a comparison line gives for its paper's implementation:
/// a code + tables sum, or a code figure that includes the tables.
fn whole_rom(table: &SeedTable, l: &Line) -> Option<f64> {
    match (l.metric.as_str(), table.code) {
        ("rom_bytes", _) | ("code_bytes", CodeCount::CodeAndTables) => Some(l.published),
        _ => None,
    }
}

/// The operation of ours a paper's cycle figure measures: encryption with
/// the key schedule inside where the table says so.
fn paper_op(table: &SeedTable, metric: &str) -> Option<Op> {
    match cycles_op(metric)? {
        Op::Encrypt if table.encrypt_runs_key_schedule => Some(Op::EncryptWithKeySetup),
        op => Some(op),
    }
}

/// Every implementation the compared seed tables give ROM or cycles for,
/// one point per seed, target, cipher, key size and paper's variant, in
/// report order; the plots use those with a ROM and the cycles they need.
pub fn paper_points(comparisons: &[Comparison]) -> Vec<PaperPoint> {
    let mut points: Vec<PaperPoint> = vec![];
    for c in comparisons {
        let Some(table) = TABLES.iter().find(|t| {
            (t.seed, t.reference, t.target)
                == (c.source.as_str(), c.reference.as_str(), c.target.as_str())
        }) else {
            continue;
        };
        for l in &c.lines {
            let rom = whole_rom(table, l);
            let cycles = paper_op(table, &l.metric)
                .map(|op| (op, l.published * table.ours_per_paper_cycle as f64));
            if rom.is_none() && cycles.is_none() {
                continue;
            }
            let key_bits = stored_bits(&l.cipher, l.key_bits);
            let at = points.iter().position(|p| {
                (&p.seed, &p.target, &p.cipher, p.key_bits, &p.variant)
                    == (&c.source, &c.target, &l.cipher, key_bits, &l.paper_variant)
            });
            let point = match at {
                Some(i) => &mut points[i],
                None => {
                    points.push(PaperPoint {
                        seed: c.source.clone(),
                        target: c.target.clone(),
                        cipher: l.cipher.clone(),
                        key_bits,
                        variant: l.paper_variant.clone(),
                        rom_bytes: None,
                        cycles: vec![],
                    });
                    points.last_mut().expect("just pushed")
                }
            };
            point.rom_bytes = point.rom_bytes.or(rom);
            if let Some((op, n)) = cycles
                && point.cycles_of(op).is_none()
            {
                point.cycles.push((op, n));
            }
        }
    }
    points
}

/// Whether cardlab simulates the table's target yet.
fn simulated(t: &SeedTable) -> bool {
    cardlab_sim::target::Target::parse(t.target).is_ok()
}

/// Every seed table of [`TABLES`] on a simulated target whose figures are
/// in `figures`, with ours beside.
pub fn compare(figures: &[Figure], rows: &[Row]) -> Vec<Comparison> {
    compare_tables(TABLES, figures, rows)
}

/// The published records of [`RECORD_TABLES`] (`seeds/records.csv`) with
/// ours beside.
pub fn compare_records(records: &[Figure], rows: &[Row]) -> Vec<Comparison> {
    compare_tables(RECORD_TABLES, records, rows)
}

fn compare_tables(tables: &[SeedTable], figures: &[Figure], rows: &[Row]) -> Vec<Comparison> {
    tables
        .iter()
        .filter(|t| simulated(t))
        .filter_map(|t| {
            let published: Vec<&Figure> = figures
                .iter()
                .filter(|f| {
                    f.seed() == t.seed
                        && f.reference == t.reference
                        && f.platform == t.platform
                        && measurable(&f.metric)
                })
                .collect();
            let lines: Vec<Line> = with_rom_totals(&published)
                .iter()
                .map(|f| {
                    let chosen = chosen_variant(t, f, &published, rows);
                    line(t, f, rows, chosen.as_deref())
                })
                .collect();
            (!lines.is_empty()).then(|| Comparison {
                title: t.title.to_string(),
                source: t.seed.to_string(),
                reference: t.reference.to_string(),
                target: t.target.to_string(),
                assumption: t.assumption.to_string(),
                lines,
            })
        })
        .collect()
}

/// The seed tables no comparison covers yet: "seed 001 3.2 (6805)", one per group.
pub fn not_compared(figures: &[Figure]) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    let groups = figures
        .iter()
        .filter(|f| {
            !TABLES.iter().any(|t| {
                simulated(t)
                    && f.seed() == t.seed
                    && f.reference == t.reference
                    && f.platform == t.platform
            }) && !crate::host::covers(f)
                || !measurable(&f.metric)
        })
        .map(|f| format!("seed {} {} ({})", f.seed(), f.reference, f.platform));
    for group in groups {
        if !out.contains(&group) {
            out.push(group);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::Answer;

    fn figure(metric: &str, value: f64) -> Figure {
        Figure {
            source: "000_x.txt".into(),
            reference: "6.1".into(),
            platform: "8051".into(),
            clock_mhz: Some(3.57),
            cipher: "AES".into(),
            key_bits: 128,
            variant: "fast".into(),
            metric: metric.into(),
            value,
            note: String::new(),
        }
    }

    #[test]
    fn paper_points_take_the_whole_rom_and_cycles_in_our_units() {
        let figures = [
            figure("code_bytes", 1000.0),
            figure("table_bytes", 256.0),
            figure("encrypt_cycles", 3000.0),
        ];
        let on_8051 = compare(&figures, &[]);
        let points = paper_points(&on_8051);
        assert_eq!(points.len(), 1, "{points:?}");
        let p = &points[0];
        assert_eq!((p.variant.as_str(), p.key_bits), ("fast", 128));
        assert!(p.is_cipher("aes"));
        assert_eq!(p.rom_bytes, Some(1256.0), "code + tables where given apart");
        assert_eq!(p.cycles_of(Op::Encrypt), Some(3000.0));
        assert_eq!(p.cycles_of(Op::KeySetup), None);

        // Seed 002 Table 3 counts two-state cycles and sizes code with its tables.
        let mut h8 = on_8051[0].clone();
        (h8.source, h8.reference, h8.target) = ("002".into(), "Table 3".into(), "h8300".into());
        let points = paper_points(&[h8]);
        assert_eq!(points[0].rom_bytes, Some(1000.0));
        assert_eq!(points[0].cycles_of(Op::Encrypt), Some(6000.0));
    }

    fn row(op: Op, cycles: u64, verified: bool) -> Row {
        let answers = vec![Answer {
            source: "000".into(),
            reference: "6.1".into(),
            variant: "fast".into(),
        }];
        Row {
            verified,
            vectors_checked: 1,
            first_failure: (!verified).then(|| "vector 0".into()),
            cycles_min: verified.then_some(cycles),
            cycles_max: verified.then_some(cycles + 10),
            code_bytes: 400,
            table_bytes: 256,
            ram_bytes: verified.then_some(40),
            key_ram_bytes: verified.then_some(16),
            kept_ram_bytes: (verified && op.needs_key_setup()).then_some(176),
            work_ram_bytes: verified.then_some(8),
            key_destroyed: verified.then_some(true),
            ..Row::unmeasured("mcs51", "aes".into(), 128, "ours".into(), op, answers)
        }
    }

    #[test]
    fn timing_is_constant_only_if_every_operation_behind_the_figure_is() {
        let constant = |op, addresses| Row {
            constant_time: Some(true),
            address_trace_constant: Some(addresses),
            ..row(op, 100, true)
        };
        let throughput = Figure {
            clock_mhz: Some(3.57),
            ..figure("throughput_bytes_per_s", 300.0)
        };
        let rows = [constant(Op::KeySetup, true), constant(Op::Encrypt, true)];
        let l = line(&TABLES[1], &throughput, &rows, None);
        assert_eq!(
            l.timing.as_deref(),
            Some("constant time, constant addresses")
        );
        let rows = [constant(Op::KeySetup, true), constant(Op::Encrypt, false)];
        let l = line(&TABLES[1], &throughput, &rows, None);
        assert_eq!(
            l.timing.as_deref(),
            Some("constant time (table addresses vary)")
        );
        let rows = [constant(Op::KeySetup, true), row(Op::Encrypt, 100, true)];
        let l = line(&TABLES[1], &throughput, &rows, None);
        assert_eq!(l.timing.as_deref(), Some("timing depends on data"));
        // A byte count has no timing.
        let l = line(&TABLES[0], &figure("code_bytes", 500.0), &rows, None);
        assert_eq!(l.timing, None);
    }

    #[test]
    fn cycles_use_the_worst_case_and_ratio_is_ours_over_published() {
        let l = line(
            &TABLES[0],
            &figure("encrypt_with_key_setup_cycles", 3000.0),
            &[row(Op::EncryptWithKeySetup, 2000, true)],
            None,
        );
        assert_eq!(l.ours, Some(2010.0));
        assert_eq!(l.ours_text, "2000–2010");
        assert!((l.ratio.unwrap() - 0.67).abs() < 1e-12);
        assert_eq!(l.verdict, Verdict::Better);
    }

    #[test]
    fn a_failed_variant_gives_no_figure() {
        let l = line(
            &TABLES[0],
            &figure("encrypt_with_key_setup_cycles", 3000.0),
            &[row(Op::EncryptWithKeySetup, 2000, false)],
            None,
        );
        assert_eq!((l.ours, l.verdict), (None, Verdict::Failed));
        assert!(l.ours_text.contains("vector 0"));
    }

    #[test]
    fn ram_marks_a_destroyed_key_and_seed_004_counts_round_keys() {
        let rows = [row(Op::EncryptWithKeySetup, 2000, true)];
        let destroyed = |value| Figure {
            note: "key_destroyed".into(),
            ..figure("ram_bytes", value)
        };
        let l = line(&TABLES[0], &destroyed(49.0), &rows, None);
        assert_eq!(l.ours_text, "40 (+16)");
        assert_eq!(l.verdict, Verdict::Better);
        let l = line(&TABLES[0], &destroyed(40.0), &rows, None);
        assert_eq!(l.verdict, Verdict::Equal);
        // The paper keeps the key, ours destroys it: 40 + 16 against 49.
        let l = line(&TABLES[0], &figure("ram_bytes", 49.0), &rows, None);
        assert_eq!(l.verdict, Verdict::Worse);
        assert!(l.note.contains("ours 56, the paper's 49"), "{}", l.note);
        let round_keys = SeedTable {
            ram: RamCount::RoundKeys,
            code: CodeCount::CodeAndTables,
            ..TABLES[0]
        };
        assert_eq!(
            line(&round_keys, &figure("ram_bytes", 16.0), &rows, None).ours,
            Some(16.0)
        );
        assert_eq!(
            line(&round_keys, &figure("code_bytes", 600.0), &rows, None).ours,
            Some(656.0)
        );
    }

    #[test]
    fn kept_ram_is_what_key_setup_leaves_for_encryption() {
        let kept = SeedTable {
            ram: RamCount::Kept,
            ..TABLES[0]
        };
        let rows = [row(Op::KeySetup, 900, true), row(Op::Encrypt, 2000, true)];
        let l = line(&kept, &figure("ram_bytes", 176.0), &rows, None);
        assert_eq!((l.ours, l.verdict), (Some(176.0), Verdict::Equal));
        // An on-the-fly variant keeps nothing between operations: no figure.
        let rows = [row(Op::EncryptWithKeySetup, 2000, true)];
        assert_eq!(
            line(&kept, &figure("ram_bytes", 176.0), &rows, None).ours,
            None
        );
    }

    #[test]
    fn bounds_and_the_papers_clock_are_shown() {
        let hc05 = SeedTable {
            cycles_mhz: Some(2.1),
            ..TABLES[0]
        };
        let fig = Figure {
            note: "4.3 ms; 30 kbit/s; less than".into(),
            ..figure("encrypt_cycles", 9000.0)
        };
        let rows = [row(Op::KeySetup, 2000, true), row(Op::Encrypt, 7280, true)];
        let l = line(&hc05, &fig, &rows, None);
        assert_eq!(l.published_text, "< 9000");
        assert_eq!(l.verdict, Verdict::Better);
        // 9000 / 2.1 MHz = 4.29 ms, 128 bits in it 29.9 kbit/s; ours 7290.
        assert_eq!(
            l.at_clock.as_deref(),
            Some("paper 4.29 ms, 29.9 kbit/s; ours 3.47 ms, 36.9 kbit/s")
        );
        let about = Figure {
            note: "about 2.5 KB including tables".into(),
            ..figure("code_bytes", 2560.0)
        };
        assert_eq!(published_text(&about), "≈ 2560");
        let des = Figure {
            cipher: "DES".into(),
            key_bits: 56,
            ..figure("encrypt_cycles", 1.0)
        };
        assert_eq!(stored_key_bits(&des), 64);
    }

    #[test]
    fn states_compare_with_two_state_bus_cycles() {
        let h8 = SeedTable {
            ours_per_paper_cycle: 2,
            cycles_mhz: Some(2.5),
            ..TABLES[0]
        };
        // 8351 states (worst case, row() adds 10) = 4175.5 bus cycles.
        let rows = [row(Op::KeySetup, 900, true), row(Op::Encrypt, 8341, true)];
        let l = line(&h8, &figure("encrypt_cycles", 4180.0), &rows, None);
        assert_eq!(l.ours, Some(4175.5));
        assert_eq!(l.ours_text, "4170.5–4175.5 (8341–8351 states)");
        assert_eq!(l.verdict, Verdict::Better);
        // Both sides at 5 MHz: 4180 cycles of 2 states = 1.67 ms.
        assert!(l.at_clock.unwrap().starts_with("paper 1.67 ms"));
    }

    #[test]
    fn a_figure_we_cannot_win_says_why() {
        let twofish = Figure {
            cipher: "Twofish".into(),
            variant: "1024-byte tables".into(),
            ..figure("ram_bytes", 48.0)
        };
        let mut r = row(Op::EncryptWithKeySetup, 12000, true);
        r.cipher = "twofish".into();
        r.key_destroyed = Some(false);
        r.ram_bytes = Some(68);
        r.answers[0].variant = "1024-byte tables".into();
        let l = line(&TABLES[0], &twofish, &[r], None);
        assert_eq!(l.verdict, Verdict::Worse);
        assert!(
            l.note.starts_with("why: 48 bytes cannot be met"),
            "{}",
            l.note
        );
    }

    #[test]
    fn throughput_converts_at_the_tables_clock() {
        let mut fig = figure("throughput_bytes_per_s", 3005.0);
        fig.reference = "6.3".into();
        fig.variant = "fastest".into();
        let mut r = row(Op::EncryptWithKeySetup, 2990, true);
        r.answers[0].reference = "6.3".into();
        r.answers[0].variant = "fastest".into();
        let l = line(&TABLES[1], &fig, &[r], None);
        // 16 × 3.57e6 / (6 × 3000)
        assert_eq!(l.ours_text, "3173");
        assert_eq!(l.verdict, Verdict::Better);
    }

    #[test]
    fn code_and_table_figures_gain_their_sum() {
        let (code, table) = (figure("code_bytes", 760.0), figure("table_bytes", 256.0));
        let all = with_rom_totals(&[&code, &table]);
        assert_eq!(all.len(), 3);
        assert_eq!(
            (all[2].metric.as_str(), all[2].value),
            ("rom_bytes", 1016.0)
        );
        let rows = [row(Op::EncryptWithKeySetup, 2000, true)];
        assert_eq!(line(&TABLES[0], &all[2], &rows, None).ours, Some(656.0));
    }

    #[test]
    fn one_variant_gives_all_figures_of_an_implementation() {
        // "quick" is faster, "tiny" smaller: the code line must still be
        // quick's, the variant chosen by speed.
        let mut quick = row(Op::EncryptWithKeySetup, 2000, true);
        quick.variant = "quick".into();
        quick.code_bytes = 700;
        let mut tiny = row(Op::EncryptWithKeySetup, 2500, true);
        tiny.variant = "tiny".into();
        tiny.code_bytes = 300;
        let mut figures = vec![
            figure("encrypt_with_key_setup_cycles", 3000.0),
            figure("code_bytes", 760.0),
        ];
        figures[0].source = "000_x.txt".into();
        let compared = compare(&figures, &[tiny, quick]);
        let lines = &compared[0].lines;
        assert_eq!(lines[0].ours_variant.as_deref(), Some("quick"));
        assert_eq!(lines[1].ours_variant.as_deref(), Some("quick"));
        assert_eq!(lines[1].ours, Some(700.0));
    }

    #[test]
    fn unanswered_figures_are_missing() {
        let l = line(&TABLES[0], &figure("code_bytes", 1.0), &[], None);
        assert_eq!((l.verdict, l.ours_text.as_str()), (Verdict::Missing, "—"));
    }

    #[test]
    fn the_repository_copy_loads() {
        let figures = load(&crate::repo_root().join("seeds/figures.csv")).unwrap();
        assert!(figures.len() > 100);
        let fast = figures
            .iter()
            .find(|f| f.variant == "Daemen-Rijmen fast" && f.metric == "code_bytes")
            .unwrap();
        assert_eq!((fast.seed(), fast.value), ("000", 760.0));
    }
}
