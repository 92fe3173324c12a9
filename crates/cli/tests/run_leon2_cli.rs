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
}
