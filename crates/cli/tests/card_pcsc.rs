//! The virtual card through the real PC/SC stack: pcscd with vsmartcard's
//! vpcd, `cardlab card` connected to it as the card, then `opensc-tool`
//! reads the ATR and sends GET CHALLENGE (no SELECT first: the card
//! selects its application at reset) and a SELECT, `pcsc_scan` sees the card, and a
//! pyscard script (Debian's python3-pyscard) loads AES keys and
//! enciphers the FIPS-197 vectors and every known-answer vector of NIST's
//! ECBVarKey128.rsp through the card; then, on each chip's `applets`
//! build, `scripts/applet` (pyscard) loads the AES applets compiled by
//! clang, installs them, runs them on FIPS-197 C.1 and deletes them. The
//! test starts pcscd and the card itself
//! and stops both by PID. It needs root (pcscd's socket in /run/pcscd)
//! and the packages scripts/install adds; under CI their absence fails
//! the test, elsewhere it is skipped with the reason.

mod common;
use cardlab_ciphers::Algorithm;
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const VPCD: &str = "localhost:35963";
const PLAIN: &str = "00112233445566778899aabbccddeeff";
const FIPS197: [(&str, &str); 3] = [
    (
        "000102030405060708090a0b0c0d0e0f",
        "69c4e0d86a7b0430d8cdb78070b4c55a",
    ),
    (
        "000102030405060708090a0b0c0d0e0f1011121314151617",
        "dda97ca4864cdfe06eaf70a0ec0d7191",
    ),
    (
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "8ea2b7ca516745bfeafc49904b496089",
    ),
];

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
    let card = Killed(
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
    // No SELECT yet: the application is selected implicitly at reset.
    let (ok, text) = output(Command::new("opensc-tool").args(["-r", "0", "-s", "00:84:00:00:08"]));
    assert!(ok && text.contains("SW1=0x90, SW2=0x00"), "{text}");
    let (ok, text) = output(Command::new("opensc-tool").args([
        "-r",
        "0",
        "-s",
        "00:A4:04:00:08:F0:63:61:72:64:6C:61:62",
    ]));
    assert!(ok && text.contains("SW1=0x90, SW2=0x00"), "{text}");
    let (_, scan) = output(Command::new("timeout").args(["5", "pcsc_scan", "-t", "2"]));
    assert!(scan.contains("3B 17 13 63 61 72 64 6C 61 62"), "{scan}");

    // FIPS-197's vectors, then every known-answer vector of one file
    // (NIST's ECBVarKey128.rsp: 128 keys, each loaded by PUT DATA)
    let mut vectors: Vec<[String; 3]> = FIPS197
        .iter()
        .map(|(k, c)| [k.to_string(), PLAIN.to_string(), c.to_string()])
        .collect();
    let vectors_dir = cardlab_lab::repo_root().join("vectors");
    let file = cardlab_lab::measure::vectors(&vectors_dir, Algorithm::Aes, 128)
        .unwrap()
        .into_iter()
        .filter(|v| v.label.contains("ECBVarKey128.rsp"))
        .map(|v| [hex::encode(&v.key), hex::encode(&v.pt), hex::encode(&v.ct)]);
    vectors.extend(file);
    assert!(vectors.len() > 100, "{} vectors", vectors.len());
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
    drop(card);
    for chip in ["sle66cx322p", "at90sc3232c"] {
        applets_through_pyscard(chip, dir.path());
    }
}

/// `cardlab card --chip CHIP --build applets` in the reader; the AES
/// applets loaded, run on FIPS-197 C.1 and deleted by scripts/applet.
fn applets_through_pyscard(chip: &str, dir: &std::path::Path) {
    until("the last card out of the reader", || {
        let (ok, text) = output(Command::new("opensc-tool").args(["-r", "0", "-a"]));
        (!ok || !text.contains("3b:17:13")).then_some(())
    });
    let log = std::fs::File::create(dir.join(format!("{chip}.log"))).unwrap();
    let _card = Killed(
        Command::new(env!("CARGO_BIN_EXE_cardlab"))
            .args([
                "card", "--reader", VPCD, "--chip", chip, "--build", "applets",
            ])
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("cardlab card starts"),
    );
    until("the card's ATR in opensc-tool", || {
        let (ok, text) = output(Command::new("opensc-tool").args(["-r", "0", "-a"]));
        (ok && text.contains("3b:17:13")).then_some(())
    });
    let root = cardlab_lab::repo_root();
    let tool = root.join("scripts/applet");
    let applet = |args: &[&str]| {
        let (ok, text) = output(Command::new("/usr/bin/python3").arg(&tool).args(args));
        assert!(ok, "{chip}: scripts/applet {args:?}: {text}");
        text.trim().to_string()
    };
    for name in ["aes_expand", "aes_encrypt", "aes_decrypt"] {
        let object = dir.join(format!("{name}.o"));
        let (ok, text) = output(
            Command::new("clang")
                .args(["-O2", "-target", "bpf", "-mcpu=v3", "-ffreestanding", "-c"])
                .arg(root.join(format!("firmware/applets/{name}.c")))
                .arg("-o")
                .arg(&object),
        );
        assert!(ok, "clang {name}: {text}");
        let loaded = applet(&["load", object.to_str().unwrap()]);
        assert!(loaded.starts_with(&format!("loaded {name}")), "{loaded}");
    }
    assert_eq!(applet(&["list"]), "aes_expand\naes_encrypt\naes_decrypt");
    let (key, ct) = FIPS197[0];
    assert_eq!(applet(&["run", "aes_expand", key]), "");
    assert_eq!(applet(&["run", "aes_encrypt", PLAIN]), ct, "{chip}");
    assert_eq!(applet(&["run", "aes_decrypt", ct]), PLAIN, "{chip}");
    for name in ["aes_expand", "aes_encrypt", "aes_decrypt"] {
        applet(&["delete", name]);
    }
    assert_eq!(applet(&["list"]), "no applets");
    eprintln!("{chip}: the AES applets loaded, run on FIPS-197 C.1 and deleted through pyscard");
}

fn which(tool: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| std::path::Path::new(d).join(tool))
        .find(|p| p.is_file())
}
