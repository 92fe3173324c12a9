//! One parser per vector-file layout. Each turns a file's text into
//! [`Vector`]s and names the line of anything it cannot read.

use super::{ByteOrder, Check, Format, IndexEntry, KatError, Vector};
use crate::Algorithm;
use std::path::Path;

/// Parse `text`, the contents of the file `entry` describes.
pub fn parse(entry: &IndexEntry, path: &Path, text: &str) -> Result<Vec<Vector>, KatError> {
    let ctx = Ctx {
        path,
        algorithm: entry.algorithm().ok().flatten(),
        order: entry.byte_order,
        decrypt: entry.decrypt,
    };
    let vectors = match entry.format {
        Format::Cavp => cavp(&ctx, text, false),
        Format::CavpMct => cavp(&ctx, text, true),
        Format::Candidate => candidate(&ctx, text, false),
        Format::CandidateMct => candidate(&ctx, text, true),
        Format::TwofishIval => twofish_ival(&ctx, text),
        Format::SerpentIv => serpent_iv(&ctx, text),
        Format::Nessie => nessie(&ctx, text),
        Format::NttCamellia => ntt_camellia(&ctx, text),
        Format::Triples => triples(&ctx, text),
        Format::Rc6val => rc6val(&ctx, text),
        Format::Cryptopp => cryptopp(&ctx, text),
        Format::FealPublished => feal_published(&ctx, text),
        Format::Cryptopunk => cryptopunk(&ctx, text),
    }?;
    if vectors.is_empty() {
        return Err(KatError::Empty {
            path: path.to_path_buf(),
            format: entry.format.name().to_string(),
        });
    }
    for v in &vectors {
        if let Err(e) = v.algorithm.new_cipher(v.check.key()) {
            return Err(ctx.err(0, format!("{}: {e}", v.label)));
        }
    }
    Ok(vectors)
}

struct Ctx<'a> {
    path: &'a Path,
    algorithm: Option<Algorithm>,
    order: ByteOrder,
    decrypt: bool,
}

impl Ctx<'_> {
    fn err(&self, line: usize, message: impl Into<String>) -> KatError {
        KatError::Malformed {
            path: self.path.to_path_buf(),
            line,
            message: message.into(),
        }
    }

    /// Decode hex (spaces allowed) in the file's byte order.
    fn hex(&self, line: usize, what: &str, s: &str) -> Result<Vec<u8>, KatError> {
        let compact: String = s.split_whitespace().collect();
        let mut bytes = hex::decode(&compact)
            .map_err(|e| self.err(line, format!("{what}: bad hex '{compact}' ({e})")))?;
        if self.order == ByteOrder::Reversed {
            bytes.reverse();
        }
        Ok(bytes)
    }

    fn algorithm(&self, line: usize) -> Result<Algorithm, KatError> {
        self.algorithm
            .ok_or_else(|| self.err(line, "this format needs a fixed cipher in the index"))
    }

    fn vector(&self, line: usize, label: String, check: Check) -> Result<Vector, KatError> {
        Ok(Vector {
            algorithm: self.algorithm(line)?,
            label,
            check,
        })
    }
}

/// Lines with their 1-based numbers, trailing white space and `\r` removed.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()))
}

/// Split `NAME <sep> value` with white space around either part.
fn field(line: &str, sep: char) -> Option<(&str, &str)> {
    let (k, v) = line.split_once(sep)?;
    Some((k.trim(), v.trim()))
}

/// A record accumulated from `NAME = value` lines, emitted when complete.
#[derive(Default)]
struct Fields {
    start: usize,
    items: Vec<(String, String, usize)>,
}

impl Fields {
    fn get(&self, name: &str) -> Option<(&str, usize)> {
        self.items
            .iter()
            .rev()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v, l)| (v.as_str(), *l))
    }
    fn push(&mut self, line: usize, k: &str, v: &str) {
        if self.items.is_empty() {
            self.start = line;
        }
        self.items.push((k.to_string(), v.to_string(), line));
    }
    fn take(&mut self) -> Fields {
        std::mem::take(self)
    }
}

fn need<'a>(ctx: &Ctx, rec: &'a Fields, name: &str) -> Result<(&'a str, usize), KatError> {
    rec.get(name)
        .ok_or_else(|| ctx.err(rec.start, format!("record has no {name}")))
}

fn need_hex(ctx: &Ctx, rec: &Fields, name: &str) -> Result<Vec<u8>, KatError> {
    let (v, line) = need(ctx, rec, name)?;
    ctx.hex(line, name, v)
}

// ---------------------------------------------------------------- NIST CAVP

fn cavp(ctx: &Ctx, text: &str, mct: bool) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut section: Option<bool> = None; // Some(decrypt)
    let mut rec = Fields::default();
    let flush =
        |rec: &mut Fields, section: Option<bool>, out: &mut Vec<Vector>| -> Result<(), KatError> {
            let r = rec.take();
            if r.items.is_empty() {
                return Ok(());
            }
            let decrypt =
                section.ok_or_else(|| ctx.err(r.start, "record before [ENCRYPT] or [DECRYPT]"))?;
            let (count, _) = need(ctx, &r, "COUNT")?;
            let key = cavp_key(ctx, &r)?;
            let pt = need_hex(ctx, &r, "PLAINTEXT")?;
            let ct = need_hex(ctx, &r, "CIPHERTEXT")?;
            let label = format!(
                "[{}] COUNT = {count}",
                if decrypt { "DECRYPT" } else { "ENCRYPT" }
            );
            let check = match (mct, decrypt) {
                (false, _) => Check::Pair { key, pt, ct },
                (true, false) => Check::Iterated {
                    key,
                    input: pt,
                    output: ct,
                    count: 1000,
                    decrypt,
                },
                (true, true) => Check::Iterated {
                    key,
                    input: ct,
                    output: pt,
                    count: 1000,
                    decrypt,
                },
            };
            out.push(ctx.vector(r.start, label, check)?);
            Ok(())
        };
    for (n, line) in lines(text) {
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            flush(&mut rec, section, &mut out)?;
        } else if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            flush(&mut rec, section, &mut out)?;
            section = match name {
                "ENCRYPT" => Some(false),
                "DECRYPT" => Some(true),
                other => return Err(ctx.err(n, format!("unknown section [{other}]"))),
            };
        } else if let Some((k, v)) = field(line, '=') {
            if k.eq_ignore_ascii_case("COUNT") && rec.get("COUNT").is_some() {
                flush(&mut rec, section, &mut out)?;
            }
            rec.push(n, k, v);
        } else {
            return Err(ctx.err(n, format!("expected NAME = value, got '{line}'")));
        }
    }
    flush(&mut rec, section, &mut out)?;
    Ok(out)
}

/// KEY, or KEYs (the three Triple-DES keys equal), or KEY1/KEY2/KEY3
/// (a 16-byte two-key key when K3 = K1 and K2 differs).
fn cavp_key(ctx: &Ctx, r: &Fields) -> Result<Vec<u8>, KatError> {
    if r.get("KEY").is_some() {
        return need_hex(ctx, r, "KEY");
    }
    if r.get("KEYs").is_some() {
        return Ok(need_hex(ctx, r, "KEYs")?.repeat(3));
    }
    let (k1, k2, k3) = (
        need_hex(ctx, r, "KEY1")?,
        need_hex(ctx, r, "KEY2")?,
        need_hex(ctx, r, "KEY3")?,
    );
    Ok(if k1 == k3 && k1 != k2 {
        [k1, k2].concat()
    } else {
        [k1, k2, k3].concat()
    })
}

// ------------------------------------------------------- AES-candidate files

fn candidate(ctx: &Ctx, text: &str, mct: bool) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut keysize: Option<usize> = None;
    let mut rec = Fields::default();
    let mut index = String::new();
    for (n, line) in lines(text) {
        let Some((k, v)) = field(line, '=') else {
            continue;
        };
        if k.contains(' ') || k.is_empty() {
            continue; // prose in the header
        }
        match k {
            "KEYSIZE" => {
                keysize = Some(
                    v.parse()
                        .map_err(|_| ctx.err(n, format!("bad KEYSIZE '{v}'")))?,
                );
                rec = Fields::default();
            }
            "I" => index = v.to_string(),
            "KEY" | "PT" | "CT" => {
                rec.push(n, k, v);
                let last = if mct && ctx.decrypt { "PT" } else { "CT" };
                if k != last {
                    continue;
                }
                let ks = keysize.ok_or_else(|| ctx.err(n, "record before KEYSIZE="))?;
                let key = need_hex(ctx, &rec, "KEY")?;
                if key.len() * 8 != ks {
                    return Err(ctx.err(
                        n,
                        format!("KEY has {} bits in a KEYSIZE={ks} section", key.len() * 8),
                    ));
                }
                let pt = need_hex(ctx, &rec, "PT")?;
                let ct = need_hex(ctx, &rec, "CT")?;
                let label = format!("KEYSIZE={ks} I={index}");
                let check = match (mct, ctx.decrypt) {
                    (false, _) => Check::Pair { key, pt, ct },
                    (true, false) => Check::Iterated {
                        key,
                        input: pt,
                        output: ct,
                        count: 10_000,
                        decrypt: false,
                    },
                    (true, true) => Check::Iterated {
                        key,
                        input: ct,
                        output: pt,
                        count: 10_000,
                        decrypt: true,
                    },
                };
                out.push(ctx.vector(n, label, check)?);
                // A fixed PT (ecb_vk) or KEY (ecb_vt) stays for the section.
                rec.items.retain(|(name, _, _)| name != last);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Twofish's intermediate values: per key size the input key, the S-box key
/// words (`-->` column), the 40 subkeys, and the first PT/CT pair.
fn twofish_ival(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let (mut key, mut pt, mut sbox_key, mut subkeys) = (None, None, vec![], vec![]);
    let mut in_subkeys = false;
    let (mut keysize, mut done) = (0, false);
    for (n, line) in lines(text) {
        if let Some(rest) = line.strip_prefix(';') {
            let rest = rest.trim();
            if rest.starts_with("Subkeys") {
                in_subkeys = true;
            } else if rest.is_empty() {
                in_subkeys = false;
            } else if let Some((_, s)) = rest
                .split_once("-->")
                .filter(|(l, _)| !l.contains("makeKey"))
            {
                if let Some(w) = s.split_whitespace().next() {
                    sbox_key.push(parse_word(ctx, n, w)?);
                }
            } else if in_subkeys {
                for w in rest.split_whitespace().take(2) {
                    subkeys.push(parse_word(ctx, n, w)?);
                }
            }
            continue;
        }
        let Some((k, v)) = field(line, '=') else {
            continue;
        };
        match k {
            "KEYSIZE" => {
                keysize = v.parse().map_err(|_| ctx.err(n, "bad KEYSIZE"))?;
                (key, pt, sbox_key, subkeys, done) = (None, None, vec![], vec![], false);
            }
            "KEY" => key = Some(ctx.hex(n, "KEY", v)?),
            "PT" if pt.is_none() && !done => pt = Some(ctx.hex(n, "PT", v)?),
            "CT" if !done => {
                let (Some(k), Some(p)) = (key.clone(), pt.clone()) else {
                    return Err(ctx.err(n, "CT before KEY and PT"));
                };
                if subkeys.len() != 40 {
                    return Err(ctx.err(n, format!("found {} subkeys, expected 40", subkeys.len())));
                }
                let ct = ctx.hex(n, "CT", v)?;
                out.push(ctx.vector(
                    n,
                    format!("KEYSIZE={keysize} block"),
                    Check::Pair {
                        key: k.clone(),
                        pt: p,
                        ct,
                    },
                )?);
                let rk = |part: &str, words: &[u64]| Check::RoundKeys {
                    key: k.clone(),
                    part: part.to_string(),
                    offset: 0,
                    words: words.to_vec(),
                };
                out.push(ctx.vector(n, format!("KEYSIZE={keysize} subkeys"), rk("K", &subkeys))?);
                out.push(ctx.vector(
                    n,
                    format!("KEYSIZE={keysize} S-box key"),
                    rk("S", &sbox_key),
                )?);
                // The decrypt trace repeats CT and PT for the same key: skip to the next KEYSIZE.
                (key, pt, sbox_key, subkeys) = (None, None, vec![], vec![]);
                done = true;
            }
            _ => {}
        }
    }
    Ok(out)
}

fn parse_word(ctx: &Ctx, line: usize, w: &str) -> Result<u64, KatError> {
    u64::from_str_radix(w.trim_end_matches('.'), 16)
        .map_err(|_| ctx.err(line, format!("bad hex word '{w}'")))
}

/// Serpent's intermediate values: the 33 bitslice subkeys SK[i] (printed as
/// 128-bit numbers, word 3 first) and the first PT/CT pair per key size.
fn serpent_iv(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let (mut key, mut pt, mut sk): (Option<Vec<u8>>, Option<Vec<u8>>, Vec<u64>) =
        (None, None, vec![]);
    let mut keysize = 0;
    let mut done = false;
    for (n, line) in lines(text) {
        let Some((k, v)) = field(line, '=') else {
            continue;
        };
        if k == "KEYSIZE" {
            keysize = v.parse().map_err(|_| ctx.err(n, "bad KEYSIZE"))?;
            (key, pt, sk, done) = (None, None, vec![], false);
        } else if k == "KEY" {
            key = Some(ctx.hex(n, "KEY", v)?);
        } else if let Some(i) = k.strip_prefix("SK[").and_then(|r| r.strip_suffix(']')) {
            let i: usize = i.parse().map_err(|_| ctx.err(n, "bad SK index"))?;
            if i != sk.len() / 4 {
                continue; // a repeated listing
            }
            let hex = hex::decode(v).map_err(|_| ctx.err(n, "bad SK hex"))?;
            if hex.len() != 16 {
                return Err(ctx.err(n, "SK must be 128 bits"));
            }
            for word in hex.chunks(4).rev() {
                sk.push(u32::from_be_bytes(word.try_into().unwrap()) as u64);
            }
        } else if k == "PT" && pt.is_none() && !done {
            pt = Some(ctx.hex(n, "PT", v)?);
        } else if k == "CT" && !done {
            let (Some(kk), Some(p)) = (key.clone(), pt.clone()) else {
                return Err(ctx.err(n, "CT before KEY and PT"));
            };
            if sk.len() != 132 {
                return Err(ctx.err(n, format!("found {} subkey words, expected 132", sk.len())));
            }
            let ct = ctx.hex(n, "CT", v)?;
            out.push(ctx.vector(
                n,
                format!("KEYSIZE={keysize} block"),
                Check::Pair {
                    key: kk.clone(),
                    pt: p,
                    ct,
                },
            )?);
            out.push(ctx.vector(
                n,
                format!("KEYSIZE={keysize} subkeys"),
                Check::RoundKeys {
                    key: kk,
                    part: "K".into(),
                    offset: 0,
                    words: sk.clone(),
                },
            )?);
            done = true;
        }
    }
    Ok(out)
}

// ------------------------------------------------------------------- NESSIE

fn nessie(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut label = String::new();
    let mut rec = Fields::default();
    let emit = |label: &str, rec: &Fields, out: &mut Vec<Vector>| -> Result<(), KatError> {
        if rec.items.is_empty() {
            return Ok(());
        }
        let key = need_hex(ctx, rec, "key")?;
        let plain = need_hex(ctx, rec, "plain")?;
        let cipher = need_hex(ctx, rec, "cipher")?;
        out.push(ctx.vector(
            rec.start,
            label.to_string(),
            Check::Pair {
                key: key.clone(),
                pt: plain.clone(),
                ct: cipher,
            },
        )?);
        for (count, name) in [(100, "Iterated 100 times"), (1000, "Iterated 1000 times")] {
            if rec.get(name).is_some() {
                let output = need_hex(ctx, rec, name)?;
                let check = Check::Iterated {
                    key: key.clone(),
                    input: plain.clone(),
                    output,
                    count,
                    decrypt: false,
                };
                out.push(ctx.vector(rec.start, format!("{label} ({name})"), check)?);
            }
        }
        Ok(())
    };
    for (n, line) in lines(text) {
        let t = line.trim();
        if t.starts_with("Set ") && t.ends_with(':') {
            emit(&label, &rec.take(), &mut out)?;
            label = t.trim_end_matches(':').to_string();
        } else if !label.is_empty()
            && let Some((k, v)) = field(t, '=')
        {
            rec.push(n, k, v);
        } else if let Some(last) = rec
            .items
            .last_mut()
            .filter(|_| !t.is_empty() && t.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            // A long value continues on the next line (256-bit keys).
            last.1.push_str(t);
        }
    }
    emit(&label, &rec, &mut out)?;
    Ok(out)
}

// ---------------------------------------------------------- NTT t_camelia.txt

fn ntt_camellia(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    // The last key and plaintext seen, each with its hex text.
    let mut key: Option<(Vec<u8>, String)> = None;
    let mut pt: Option<(Vec<u8>, String)> = None;
    for (n, line) in lines(text) {
        let Some((tag, v)) = field(line, ':') else {
            continue;
        };
        let Some((kind, number)) = tag.split_once(" No.") else {
            continue;
        };
        let bytes = ctx.hex(n, tag, v)?;
        match kind {
            "K" => key = Some((bytes, number.to_string())),
            "P" => pt = Some((bytes, number.to_string())),
            "C" => {
                let ((k, kn), (p, pn)) = key
                    .clone()
                    .zip(pt.take())
                    .ok_or_else(|| ctx.err(n, "C line without K and P before it"))?;
                if pn != number {
                    return Err(ctx.err(n, format!("C No.{number} follows P No.{pn}")));
                }
                out.push(ctx.vector(
                    n,
                    format!("K No.{kn} P No.{pn}"),
                    Check::Pair {
                        key: k,
                        pt: p,
                        ct: bytes,
                    },
                )?);
            }
            other => return Err(ctx.err(n, format!("unknown line kind '{other}'"))),
        }
    }
    Ok(out)
}

// ------------------------------------------------- simple one-line formats

fn triples(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    for (n, line) in lines(text) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = t.split_whitespace().collect();
        let [k, p, c] = parts[..] else {
            return Err(ctx.err(
                n,
                format!(
                    "expected KEY PLAINTEXT CIPHERTEXT, got {} fields",
                    parts.len()
                ),
            ));
        };
        let check = Check::Pair {
            key: ctx.hex(n, "KEY", k)?,
            pt: ctx.hex(n, "PLAINTEXT", p)?,
            ct: ctx.hex(n, "CIPHERTEXT", c)?,
        };
        out.push(ctx.vector(n, format!("line {n}"), check)?);
    }
    Ok(out)
}

fn rc6val(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut key: Option<Vec<u8>> = None;
    for (n, line) in lines(text) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        match (parts.len(), key.take()) {
            (0, k) => key = k,
            (1, None) => key = Some(ctx.hex(n, "KEY", parts[0])?),
            (2, Some(k)) => {
                let check = Check::Pair {
                    key: k,
                    pt: ctx.hex(n, "PLAINTEXT", parts[0])?,
                    ct: ctx.hex(n, "CIPHERTEXT", parts[1])?,
                };
                out.push(ctx.vector(n, format!("line {n}"), check)?);
            }
            _ => return Err(ctx.err(n, "expected a KEY line, then a PLAINTEXT CIPHERTEXT line")),
        }
    }
    Ok(out)
}

// ------------------------------------------------------- Crypto++ test files

fn cryptopp(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut rec = Fields::default();
    for (n, line) in lines(text) {
        let Some((k, v)) = field(line, ':') else {
            continue;
        };
        if k != "Test" {
            rec.push(n, k, v);
            continue;
        }
        let r = rec.take();
        let (key, pt, ct) = (
            need_hex(ctx, &r, "Key")?,
            need_hex(ctx, &r, "Plaintext")?,
            need_hex(ctx, &r, "Ciphertext")?,
        );
        let label = format!("line {} ({v})", r.start);
        let check = match v {
            "Encrypt" => Check::Pair { key, pt, ct },
            "EncryptionMCT" => Check::MonteCarlo {
                key,
                input: pt,
                output: ct,
                outer: 400,
                inner: 10_000,
                decrypt: false,
            },
            "DecryptionMCT" => Check::MonteCarlo {
                key,
                input: ct,
                output: pt,
                outer: 400,
                inner: 10_000,
                decrypt: true,
            },
            other => return Err(ctx.err(n, format!("unknown test kind '{other}'"))),
        };
        out.push(ctx.vector(n, label, check)?);
    }
    Ok(out)
}

// ---------------------------------------------------------------- FEAL

fn feal_published(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut rec = Fields::default();
    let emit = |r: &Fields, out: &mut Vec<Vector>| -> Result<(), KatError> {
        if r.items.is_empty() {
            return Ok(());
        }
        let (n, line) = need(ctx, r, "N")?;
        let rounds: u32 = n
            .parse()
            .map_err(|_| ctx.err(line, format!("bad round count N={n}")))?;
        let algorithm: Algorithm = format!("feal-{rounds}")
            .parse()
            .map_err(|e| ctx.err(line, format!("{e}")))?;
        let key = need_hex(ctx, r, "KEY")?;
        let label = format!("FEAL-{rounds} line {}", r.start);
        let pair = Check::Pair {
            key: key.clone(),
            pt: need_hex(ctx, r, "PT")?,
            ct: need_hex(ctx, r, "CT")?,
        };
        out.push(Vector {
            algorithm,
            label: label.clone(),
            check: pair,
        });
        for (name, offset) in [
            ("SUBKEYS", 0),
            ("SUBKEYS_K0_K7", 0),
            ("SUBKEYS_K32_K35", 32),
        ] {
            if let Some((v, line)) = r.get(name) {
                let words = v
                    .split_whitespace()
                    .map(|w| parse_word(ctx, line, w))
                    .collect::<Result<_, _>>()?;
                let check = Check::RoundKeys {
                    key: key.clone(),
                    part: "K".into(),
                    offset,
                    words,
                };
                out.push(Vector {
                    algorithm,
                    label: format!("{label} {name}"),
                    check,
                });
            }
        }
        Ok(())
    };
    for (n, line) in lines(text) {
        let t = line.trim();
        if t.starts_with('#') {
            continue;
        }
        if t.is_empty() {
            emit(&rec.take(), &mut out)?;
        } else if let Some((k, v)) = field(t, '=') {
            if k == "N" {
                emit(&rec.take(), &mut out)?;
            }
            rec.push(n, k, v);
        } else {
            return Err(ctx.err(n, format!("expected NAME=value, got '{t}'")));
        }
    }
    emit(&rec, &mut out)?;
    Ok(out)
}

// ---------------------------------------------------------- cryptopunk files

fn cryptopunk(ctx: &Ctx, text: &str) -> Result<Vec<Vector>, KatError> {
    let mut out = Vec::new();
    let mut title = String::new();
    let mut rec = Fields::default();
    let mut count = 0;
    let mut emit = |title: &str, r: &Fields, out: &mut Vec<Vector>| -> Result<(), KatError> {
        if r.items.is_empty() {
            return Ok(());
        }
        count += 1;
        let check = Check::Pair {
            key: need_hex(ctx, r, "k")?,
            pt: need_hex(ctx, r, "p")?,
            ct: need_hex(ctx, r, "c")?,
        };
        out.push(ctx.vector(
            r.start,
            format!("{title} #{count} (line {})", r.start),
            check,
        )?);
        Ok(())
    };
    for (n, line) in lines(text) {
        let t = line.trim();
        if t.starts_with('#') {
            continue;
        }
        if t.is_empty() {
            emit(&title, &rec.take(), &mut out)?;
            continue;
        }
        let Some((k, v)) = field(t, ':') else {
            return Err(ctx.err(n, format!("expected name: value, got '{t}'")));
        };
        match k {
            "title" => {
                emit(&title, &rec.take(), &mut out)?;
                title = v.to_string();
            }
            "k" | "p" | "c" => rec.push(n, k, v),
            _ => {} // header lines: mode, encrypt, decrypt, formats
        }
    }
    emit(&title, &rec, &mut out)?;
    Ok(out)
}
