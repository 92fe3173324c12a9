//! The virtual card through the real PC/SC stack: pcscd with vsmartcard's
//! vpcd, `cardlab card` connected to it as the card, then `opensc-tool`
//! reads the ATR and sends a SELECT, `pcsc_scan` sees the card, and a
//! pyscard script (Debian's python3-pyscard) loads AES keys and
//! enciphers the FIPS-197 vectors and every AES known-answer vector of the
//! repository through the card. The test starts pcscd and the card itself
//! and stops both by PID. It needs root (pcscd's socket in /run/pcscd)
//! and the packages scripts/install adds; under CI their absence fails
//! the test, elsewhere it is skipped with the reason.

mod common;
use cardlab_ciphers::Algorithm;
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const VPCD: &str = "localhost:35963";

/// Kills the process when the test ends, however it ends.
struct Killed(Child);
impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn missing(what: &str) -> bool {
    if std::env::var_os("CI").is_some() {
        panic!("{what}; run scripts/install");
    }
    eprintln!("skipped: {what}; run scripts/install");
    true
}

fn until<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn output(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().expect("the tool runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn pcsc_tools_and_pyscard_use_the_virtual_card() {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout == b"0\n");
    if root.ok() != Some(true) && missing("pcscd needs root") {
        return;
    }
    for tool in ["pcscd", "opensc-tool", "pcsc_scan"] {
        if which(tool).is_none() && missing(&format!("{tool} is not installed")) {
            return;
        }
    }
    if !std::path::Path::new("/usr/lib/pcsc/drivers/serial/libifdvpcd.so").exists()
        && missing("vsmartcard-vpcd is not installed")
    {
        return;
    }
    assert!(
        Command::new("pidof")
            .arg("pcscd")
            .output()
            .unwrap()
            .stdout
            .is_empty(),
        "a pcscd is already running; stop it (this test starts its own)"
    );
    let dir = tempfile::tempdir().unwrap();
    let _pcscd = Killed(
        Command::new("pcscd")
            .args(["--foreground", "--apdu"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("pcscd starts"),
    );
    until("vpcd's port", || TcpStream::connect(VPCD).ok());
    let log = std::fs::File::create(dir.path().join("card.log")).unwrap();
    let image = dir.path().join("card.img");
    let _card = Killed(
        Command::new(env!("CARGO_BIN_EXE_cardlab"))
            .args(["card", "--reader", VPCD, "--image"])
            .arg(&image)
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("cardlab card starts"),
    );
    let atr = until("the card's ATR in opensc-tool", || {
        let (ok, text) = output(Command::new("opensc-tool").args(["-r", "0", "-a"]));
        (ok && text.contains("3b:17:13")).then_some(text)
    });
    assert!(atr.contains("3b:17:13:63:61:72:64:6c:61:62"), "{atr}");
    let (ok, text) = output(Command::new("opensc-tool").args([
        "-r",
        "0",
        "-s",
        "00:A4:04:00:08:F0:63:61:72:64:6C:61:62",
    ]));
    assert!(ok && text.contains("SW1=0x90, SW2=0x00"), "{text}");
    let (_, scan) = output(Command::new("timeout").args(["5", "pcsc_scan", "-t", "2"]));
    assert!(scan.contains("3B 17 13 63 61 72 64 6C 61 62"), "{scan}");

    // every AES known-answer vector, and FIPS-197's, through pyscard
    let vectors_dir = cardlab_lab::repo_root().join("vectors");
    let mut vectors = vec![];
    for bits in [128, 192, 256] {
        for v in cardlab_lab::measure::vectors(&vectors_dir, Algorithm::Aes, bits).unwrap() {
            vectors.push([hex::encode(&v.key), hex::encode(&v.pt), hex::encode(&v.ct)]);
        }
    }
    let file = dir.path().join("vectors.json");
    std::fs::write(&file, serde_json::to_string(&vectors).unwrap()).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/card_pyscard.py");
    let (ok, text) = output(Command::new("/usr/bin/python3").arg(script).arg(&file));
    assert!(
        ok && text.contains(&format!("ok {} vectors", vectors.len())),
        "{text}"
    );
    eprintln!("pyscard: {}", text.trim());
    // the card image holds the last key
    assert!(std::fs::metadata(&image).unwrap().len() > 32768);
}

fn which(tool: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| std::path::Path::new(d).join(tool))
        .find(|p| p.is_file())
}
