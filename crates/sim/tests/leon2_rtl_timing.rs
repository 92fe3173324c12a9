//! The LEON2 timing model against the LEON2 1.0.30-xst VHDL itself.
//!
//! `tests/leon2/rtl/bench/` holds the 82 micro-benchmark programs of the
//! RTL reference's `bench/bench.py` (each a loop of N iterations of one
//! instruction pattern: ALU, loads, load-use, stores and the write buffer,
//! branches, CALL/JMPL, traps and window traps, multiply, divide, I-cache
//! and D-cache misses), and `expected.json` what GHDL measured running them
//! on 18 configurations of the VHDL: 0 to 3 wait states, burst fetch off,
//! 8 KiB caches, 16-byte lines, lddelay 2, icchold off, six multipliers,
//! the 2-way LRR board configuration (1,476 figures). Each figure is the
//! steady-state cycles of one loop iteration: the median distance between
//! successive passes through `loop` over the second half of the
//! iterations, which is what this test measures on the simulator, with
//! the same configuration, and requires to be equal: every one is.

use cardlab_sim::Cpu;
use cardlab_sim::leon2::{
    CacheConfig, Config, Leon2, MemoryConfig, Multiplier, Replacement, Timing,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leon2/rtl")
}

/// Assemble and link one benchmark as bench.py does.
fn build(name: &str, out: &Path) -> PathBuf {
    let dir = data().join("bench");
    let obj = out.join(format!("{name}.o"));
    let elf = out.join(format!("{name}.elf"));
    let ok = Command::new("sparc64-linux-gnu-as")
        .args(["-32", "-Av8", "-o"])
        .arg(&obj)
        .arg(dir.join(format!("{name}.S")))
        .status()
        .expect("sparc64-linux-gnu-as is not installed; run scripts/install")
        .success();
    assert!(ok, "{name}: assembler failed");
    let ok = Command::new("sparc64-linux-gnu-ld")
        .args(["-m", "elf32_sparc", "-T"])
        .arg(dir.join("bench.ld"))
        .arg("-o")
        .arg(&elf)
        .arg(&obj)
        .status()
        .unwrap()
        .success();
    assert!(ok, "{name}: linker failed");
    elf
}

fn cache(c: &Value, prefix: &str) -> CacheConfig {
    let n = |k: &str| c[format!("{prefix}{k}")].as_u64().unwrap() as u32;
    CacheConfig {
        ways: n("sets"),
        way_bytes: n("setsize") * 1024,
        line_bytes: n("linesize") * 4,
        replacement: match c[format!("{prefix}replace")].as_str().unwrap() {
            "lrr" => Replacement::Lrr,
            "lru" => Replacement::Lru,
            _ => Replacement::Random { seed: 1 },
        },
    }
}

/// The simulator configuration of one RTL configuration.
fn config(entry: &Value) -> Config {
    let c = &entry["config"];
    let multiplier = match (
        c["multiplier"].as_str().unwrap(),
        c["mulpipe"].as_bool().unwrap() && !c["infer_mult"].as_bool().unwrap(),
    ) {
        ("iterative", _) => Multiplier::Iterative,
        ("m16x16", true) => Multiplier::M16x16Pipelined,
        ("m16x16", false) => Multiplier::M16x16,
        ("m32x8", _) => Multiplier::M32x8,
        ("m32x16", _) => Multiplier::M32x16,
        ("m32x32", _) => Multiplier::M32x32,
        (m, _) => panic!("unknown multiplier {m}"),
    };
    Config {
        windows: c["nwindows"].as_u64().unwrap() as u32,
        timing: Timing {
            multiplier,
            lddelay: c["lddelay"].as_u64().unwrap() as u32,
            icchold: c["icchold"].as_bool().unwrap(),
            ..Timing::default()
        },
        memory: MemoryConfig {
            icache: Some(cache(c, "i")),
            dcache: Some(cache(c, "d")),
            wait_states: entry["sram_wait_states"].as_u64().unwrap() as u32,
            burst: entry["instruction_burst_fetch"].as_bool().unwrap(),
        },
        ..Config::default()
    }
}

/// Steady-state cycles of one iteration, as bench.py measures them.
fn iteration(elf: &Path, config: Config) -> u64 {
    let image = cardlab_sim::leon2::TARGET.read(elf).unwrap();
    let mut cpu = Leon2::new(config);
    for (addr, bytes) in &image.segments {
        cpu.load(*addr, bytes).unwrap();
    }
    cpu.boot(image.entry);
    let lp = image.symbols["loop"];
    let mut heads = vec![];
    while !cpu.halted() {
        if cpu.pc() == lp {
            heads.push(cpu.cycles());
        }
        cpu.step().unwrap();
        assert!(cpu.cycles() < 2_000_000, "runaway");
    }
    let d: Vec<u64> = heads.windows(2).map(|w| w[1] - w[0]).collect();
    let mut steady = d[d.len() / 2..].to_vec();
    steady.sort();
    steady[steady.len() / 2]
}

#[test]
fn every_micro_benchmark_takes_the_cycles_the_vhdl_takes() {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(data().join("expected.json")).unwrap())
            .unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut elves = std::collections::BTreeMap::new();
    let (mut compared, mut wrong) = (0, vec![]);
    for (name, entry) in expected.as_object().unwrap() {
        let config = config(entry);
        for (bench, iter) in entry["iter"].as_object().unwrap() {
            let elf = elves
                .entry(bench.clone())
                .or_insert_with(|| build(bench, out.path()));
            let rtl = iter.as_f64().unwrap() as u64;
            let got = iteration(elf, config);
            compared += 1;
            if got != rtl {
                wrong.push(format!("{name} {bench}: RTL {rtl}, ours {got}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(compared, 1476);
}
