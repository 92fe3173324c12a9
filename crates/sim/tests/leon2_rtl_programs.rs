//! Whole C programs against the LEON2 1.0.30-xst VHDL: each takes, cold
//! and warm, exactly the cycles GHDL measured running the RTL.
//!
//! `tests/leon2/rtl/programs/programs.json` holds the RTL's counts, made by
//! `measure.py` beside it (the RTL is far too slow for CI; the command is
//! at the top of that script): per program its sources (tests/leon2-c/,
//! gcc -O2 for V8, bare metal through tests/leon2/crt0.s), and per memory
//! configuration (wait states, burst fetch) the cycles cold (caches empty,
//! as after the boot code's flush) and warm (run again with the caches as
//! the first run left them), and the instructions executed. The programs:
//! AES-128 in C, 32-bit multiply/divide with 64-bit arithmetic, recursion
//! through the window traps and the same built with -mflat, stores into
//! fresh D-cache lines, 17 KB of straight code through a 4 KiB I-cache.
//! Small assembly programs (`programs/asm/`), each isolating one mechanism
//! of the fetch unit, the caches or the bus, and each assembled a second
//! time with `--defsym CONTROL=1` as its control: store data loaded by the
//! instruction before, a trap in a JMPL's delay slot, MUL/DIV, a taken
//! transfer, stores, load misses and a load before a branch in a line
//! still filling, word stores that validate a D-line's word, an access
//! right after a load miss. And seed 003's AES routines
//! that the RTL can run (those without the custom instructions), driven by
//! `tests/leon2/seed003/driver.S` in the 64 KiB caches the lab measures
//! seed 003 in: its figures are warm runs in those caches.
//!
//! The count is the RTL reference's, T_wb(last instruction before _halt)
//! − (T_fetch(entry) + 3), which is the simulator's count of a run
//! (docs/leon2.md, "How it is proved").

#[path = "common/leon2_c.rs"]
mod leon2_c;

use cardlab_sim::Cpu;
use cardlab_sim::leon2::{CacheConfig, Config, Leon2, MemoryConfig};
use leon2_c::{Build, gcc, run_gcc, sparc_gcc};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// (cycles, instructions) of one run from `entry` to `_halt`.
fn run(cpu: &mut Leon2, entry: u32, halt: u32, warm: bool) -> (u64, u64) {
    if warm {
        cpu.restart(entry);
    } else {
        cpu.boot(entry);
    }
    let (c0, i0) = (cpu.cycles(), cpu.instructions());
    while cpu.pc() != halt {
        cpu.step().unwrap();
        assert!(cpu.cycles() - c0 < 50_000_000, "runaway");
    }
    (cpu.cycles() - c0, cpu.instructions() - i0)
}

/// Cold and warm (cycles, instructions) of `elf` on a memory configuration.
fn measure(elf: &Path, cache: CacheConfig, wait_states: u32, burst: bool) -> [(u64, u64); 2] {
    let image = cardlab_sim::leon2::TARGET.read(elf).unwrap();
    let halt = image.symbols["_halt"];
    let mut cpu = Leon2::new(Config {
        memory: MemoryConfig {
            icache: Some(cache),
            dcache: Some(cache),
            wait_states,
            burst,
        },
        ..Config::default()
    });
    for (addr, bytes) in &image.segments {
        cpu.load(*addr, bytes).unwrap();
    }
    let cold = run(&mut cpu, image.entry, halt, false);
    let warm = run(&mut cpu, image.entry, halt, true);
    [cold, warm]
}

/// One of the assembly programs under tests/leon2/rtl/programs/asm/,
/// assembled and linked as measure.py does.
fn build_asm(out: &Path, source: &str, defsyms: &[String]) {
    let asm = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leon2/rtl/programs/asm");
    let object = out.with_extension("o");
    let run = |cmd: &mut Command| {
        let ok = cmd
            .status()
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}; run scripts/install"))
            .success();
        assert!(ok, "{cmd:?} failed");
    };
    run(Command::new("sparc64-linux-gnu-as")
        .args(["-32", "-Av8"])
        .args(defsyms.iter().map(|d| format!("--defsym={d}")))
        .arg("-o")
        .arg(&object)
        .arg(asm.join(source)));
    run(Command::new("sparc64-linux-gnu-ld")
        .args(["-m", "elf32_sparc", "-N", "--no-warn-rwx-segments"])
        .args(["-e", "_start", "-Ttext=0x40000000", "-o"])
        .arg(out)
        .arg(&object));
}

/// A seed 003 routine set: the driver calling `ops` in turn, linked with
/// the routines' sources from firmware/leon2/aes/ compiled as the lab
/// compiles them (crates/sim/src/leon2/target.rs), as measure.py builds it.
fn build_seed003(out: &Path, firmware: &[String], flags: &[String], ops: &[String]) {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let leon2 = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../firmware/leon2");
    let aes = leon2.join("aes");
    let defines = ops
        .iter()
        .enumerate()
        .map(|(i, op)| format!("-DOP{}={op}", i + 1));
    let mut cmd = sparc_gcc(true);
    cmd.args(flags)
        .args(["-fno-stack-protector", "-fno-asynchronous-unwind-tables"])
        .arg("-I")
        .arg(&aes)
        .arg("-I")
        .arg(&leon2)
        .args(defines)
        .arg(tests.join("leon2/seed003/driver.S"))
        .args(firmware.iter().map(|f| aes.join(f)))
        .arg("-o")
        .arg(out);
    run_gcc(cmd, &out.display().to_string());
}

#[test]
fn whole_c_programs_take_the_cycles_the_vhdl_takes_cold_and_warm() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/leon2/rtl/programs");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(data.join("programs.json")).unwrap())
            .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let mut report = Vec::new();
    let mut wrong = 0;
    for (name, program) in expected.as_object().unwrap() {
        let strings = |k: &str| -> Vec<String> {
            program[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        };
        let elf = tmp.path().join(format!("{name}.elf"));
        let mut cache = CacheConfig::REFERENCE;
        if let Some(source) = program.get("asm") {
            build_asm(&elf, source.as_str().unwrap(), &strings("defsym"));
        } else if program.get("ops").is_some() {
            let flags = strings("flags");
            build_seed003(&elf, &strings("firmware"), &flags, &strings("ops"));
            cache.way_bytes = program["cache_kib"].as_u64().unwrap() as u32 * 1024;
        } else {
            let flags = strings("flags");
            let sources = strings("sources");
            let options: Vec<String> = flags.iter().filter(|f| *f != "-mflat").cloned().collect();
            gcc(
                &elf,
                &Build {
                    program: sources[0].strip_suffix(".c").unwrap(),
                    bare: true,
                    flat: flags.iter().any(|f| f == "-mflat"),
                    options: &options,
                    more: &[],
                },
            );
        }
        for r in program["runs"].as_array().unwrap() {
            let n = |k: &str| r[k].as_u64().unwrap();
            let (ws, burst) = (n("wait_states") as u32, r["burst"].as_bool().unwrap());
            let [cold, warm] = measure(&elf, cache, ws, burst);
            assert_eq!(
                cold.1,
                n("instructions"),
                "{name}: {} instructions, the RTL ran {}: the compiler built another program than the one measured (rerun measure.py)",
                cold.1,
                n("instructions")
            );
            let line = format!(
                "{name:20} ws {ws} burst {}: cold RTL {:7} ours {:7} ({:+}), warm RTL {:7} ours {:7} ({:+})",
                burst as u8,
                n("cold"),
                cold.0,
                cold.0 as i64 - n("cold") as i64,
                n("warm"),
                warm.0,
                warm.0 as i64 - n("warm") as i64
            );
            if (cold.0, warm.0) != (n("cold"), n("warm")) {
                wrong += 1;
                report.push(format!("{line}  <- differs"));
            } else {
                report.push(line);
            }
        }
    }
    println!("{}", report.join("\n"));
    assert_eq!(
        wrong,
        0,
        "runs that differ from the RTL:\n{}",
        report.join("\n")
    );
}
