//! `cardlab run -t leon2` on a C program built by sparc64-linux-gnu-gcc:
//! a loop and a recursion deeper than the register windows, so the window
//! overflow and underflow handlers of the start-up run.

mod common;
use common::cardlab;

const PROGRAM: &str = "
unsigned result;
volatile unsigned n = 100;
static unsigned fib(unsigned k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }
int main(void) {
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++) s += i * i;
    result = s + fib(15);
    return (int)result;
}
";

fn run_json(args: &[&str]) -> serde_json::Value {
    let out = cardlab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn runs_a_c_program_through_window_traps_to_its_halt() {
    let dir = tempfile::tempdir().unwrap();
    let crt0 = concat!(env!("CARGO_MANIFEST_DIR"), "/../sim/tests/leon2/crt0.s");
    std::fs::write(dir.path().join("sum.c"), PROGRAM).unwrap();
    let elf = dir.path().join("sum.elf");
    let status = std::process::Command::new("sparc64-linux-gnu-gcc")
        .current_dir(dir.path())
        .args(["-m32", "-mcpu=v8", "-O2", "-fno-pie", "-no-pie", "-static"])
        .args(["-nostdlib", "-ffreestanding", "-Wl,-m,elf32_sparc"])
        .args(["-Wl,--no-warn-rwx-segments", "-Wl,-z,noexecstack"])
        .args(["-Wl,-Ttext=0x40000000", crt0, "sum.c", "-o"])
        .arg(&elf)
        .status()
        .expect("sparc64-linux-gnu-gcc is not installed; run scripts/install");
    assert!(status.success());
    let out = cardlab(&[
        "run",
        "-t",
        "leon2",
        elf.to_str().unwrap(),
        "--dump",
        "mem:result:4",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["target"], "leon2");
    assert_eq!(v["stop"], "halted");
    let want = 338_350u32 + 610;
    assert_eq!(v["registers"]["o0"], want);
    assert_eq!(
        v["dumps"][0]["bytes"],
        serde_json::json!(want.to_be_bytes())
    );
    // 14,027 instructions; the window traps cost 5 cycles each and more
    assert!(v["cycles"].as_u64().unwrap() > v["instructions"].as_u64().unwrap());

    // The caches: the reference 4 KiB caches miss at least once per line
    // of code; ideal caches never miss and cost fewer cycles; 1 KiB ones
    // cost at least as many as 4 KiB ones.
    let elf = elf.to_str().unwrap();
    let counters = |v: &serde_json::Value, k: &str| v["counters"][k].as_u64().unwrap();
    assert!(counters(&v, "icache_misses") > 0);
    assert!(counters(&v, "dcache_read_misses") > 0);
    let ideal = run_json(&[
        "run", "-t", "leon2", elf, "--icache", "ideal", "--dcache", "ideal", "--format", "json",
    ]);
    assert_eq!(counters(&ideal, "icache_misses"), 0);
    assert!(ideal["cycles"].as_u64() < v["cycles"].as_u64());
    let small = run_json(&[
        "run", "-t", "leon2", elf, "--icache", "1k", "--dcache", "1k", "--format", "json",
    ]);
    assert!(small["cycles"].as_u64() >= v["cycles"].as_u64());
    let slow = run_json(&[
        "run",
        "-t",
        "leon2",
        elf,
        "--wait-states",
        "2",
        "--format",
        "json",
    ]);
    assert!(slow["cycles"].as_u64() > v["cycles"].as_u64());
    // --warm: the second run's figures, its code already cached
    let warm = run_json(&["run", "-t", "leon2", elf, "--warm", "--format", "json"]);
    assert_eq!(warm["instructions"], v["instructions"]);
    assert_eq!(warm["registers"]["o0"], want);
    assert!(counters(&warm, "icache_misses") < counters(&v, "icache_misses"));
    assert!(warm["cycles"].as_u64() < v["cycles"].as_u64());
}

#[test]
fn cache_options_are_checked() {
    for (args, message) in [
        (vec!["--icache", "3k"], "--icache: 3072 bytes a way"),
        (vec!["--dcache", "4k/8"], "--dcache: 8-byte lines"),
        (vec!["--wait-states", "4"], "0 to 3"),
    ] {
        let mut all = vec!["run", "-t", "leon2", "nothing.elf"];
        all.extend(args);
        let out = cardlab(&all);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{err}");
    }
    let out = cardlab(&["run", "-t", "mcs51", "x.ihx", "--icache", "4k"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mcs51 has no cache"), "{err}");
    let out = cardlab(&["run", "-t", "mcs51", "x.ihx", "--warm"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mcs51 has none"), "{err}");
}

/// An assembly program using seed 003's `sbox` through the GNU as macros
/// of firmware/leon2/leon2ext.inc: SubWord of 0x00531F7C, then the inverse
/// back, with the run's cache statistics.
const SBOX_PROGRAM: &str = r#"
        .include "leon2ext.inc"
        .global _start
_start: set     0x00531F7C, %o0
        mov     0, %o1
        sbox    %o0, SBOX_FWD | 0 | 0 << 2, %o1
        sbox    %o0, SBOX_FWD | 1 | 1 << 2, %o1
        sbox    %o0, SBOX_FWD | 2 | 2 << 2, %o1
        sbox    %o0, SBOX_FWD | 3 | 3 << 2, %o1
        mov     0, %o2
        sbox    %o1, SBOX_INV | 0 | 0 << 2, %o2
        sbox    %o1, SBOX_INV | 1 | 1 << 2, %o2
        sbox    %o1, SBOX_INV | 2 | 2 << 2, %o2
        sbox    %o1, SBOX_INV | 3 | 3 << 2, %o2
halt:   ba      halt
        nop
"#;

#[test]
fn runs_an_assembly_program_using_sbox() {
    let dir = tempfile::tempdir().unwrap();
    let include = concat!(env!("CARGO_MANIFEST_DIR"), "/../../firmware/leon2");
    std::fs::write(dir.path().join("sbox.s"), SBOX_PROGRAM).unwrap();
    let ok = std::process::Command::new("sparc64-linux-gnu-as")
        .current_dir(dir.path())
        .args(["-32", "-Av8", "-I", include, "-o", "sbox.o", "sbox.s"])
        .status()
        .expect("sparc64-linux-gnu-as is not installed; run scripts/install")
        .success();
    assert!(ok);
    let ok = std::process::Command::new("sparc64-linux-gnu-ld")
        .current_dir(dir.path())
        .args([
            "-m",
            "elf32_sparc",
            "-N",
            "-Ttext=0x40000000",
            "-o",
            "sbox.elf",
            "sbox.o",
        ])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let elf = dir.path().join("sbox.elf");
    let v = run_json(&[
        "run",
        "-t",
        "leon2",
        elf.to_str().unwrap(),
        "--format",
        "json",
    ]);
    // FIPS-197 S-box: 00 -> 63, 53 -> ED, 1F -> C0, 7C -> 10
    assert_eq!(v["registers"]["o1"], 0x63ED_C010u32);
    assert_eq!(v["registers"]["o2"], 0x0053_1F7Cu32);
    // 12 instructions (set is two) in two 32-byte lines, fetched cold
    assert_eq!(v["instructions"], 12);
    assert_eq!(v["counters"]["icache_misses"], 2);
    assert_eq!(v["counters"]["icache_hits"], 10);
}
