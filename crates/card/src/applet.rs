//! Applets for the card's VM (docs/card.md "Applets"): C compiled by clang
//! to eBPF (`firmware/applets/`), the bytecode taken from the object's
//! `.text`, and the APDUs that load, install, select, run and delete one
//! (GlobalPlatform card-content management, CLA 80, no secure channel).

use cardlab_lab::build::{BuildError, run_tool};
use object::{Object, ObjectSection};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What clang is given: the subset the card's VM runs (32-bit code, eBPF v3).
pub const CLANG_ARGS: [&str; 6] = [
    "-O2",
    "-target",
    "bpf",
    "-mcpu=v3",
    "-ffreestanding",
    "-Wall",
];

/// The most data one LOAD command carries.
pub const LOAD_BLOCK: usize = 240;

#[derive(Debug, Error)]
pub enum AppletError {
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error("{path}: not an eBPF object: {why}")]
    Object { path: PathBuf, why: String },
    #[error(
        "{path}: section {section} has relocations (global data or a call that is not inlined); keep tables on the stack or in a region the card lends"
    )]
    Relocations { path: PathBuf, section: String },
    #[error("{path}: {bytes} bytes of code; the card holds at most {max} per applet")]
    TooLong {
        path: PathBuf,
        bytes: usize,
        max: usize,
    },
}

/// The most code one applet slot holds (firmware/cardvm/store.h).
pub const MAX_CODE: usize = 4096;

/// One eBPF instruction slot (RFC 9669): opcode, dst and src registers,
/// offset and immediate, little-endian.
pub fn slot(op: u8, dst: u8, src: u8, off: i16, imm: i32) -> [u8; 8] {
    let [o0, o1] = off.to_le_bytes();
    let [i0, i1, i2, i3] = imm.to_le_bytes();
    [op, dst | src << 4, o0, o1, i0, i1, i2, i3]
}

/// Compile the C applet `source` with clang; its bytecode.
pub fn compile(source: &Path) -> Result<Vec<u8>, AppletError> {
    let dir = tempfile::tempdir().map_err(BuildError::Io)?;
    let object = dir.path().join("applet.o");
    let src = std::path::absolute(source).map_err(BuildError::Io)?;
    let mut args: Vec<&str> = CLANG_ARGS.to_vec();
    let (src_s, obj_s) = (src.display().to_string(), object.display().to_string());
    args.extend(["-c", &src_s, "-o", &obj_s]);
    let here = src.parent().unwrap_or(Path::new("."));
    run_tool("clang", "Debian clang", &args, here).map_err(|e| match e {
        BuildError::Assembler { message, .. } => BuildError::Assembler {
            file: source.display().to_string(),
            message,
        },
        other => other,
    })?;
    let bytes = std::fs::read(&object).map_err(BuildError::Io)?;
    bytecode(&bytes, source)
}

/// The `.text` of an eBPF object, refused if anything in it is relocated.
pub fn bytecode(object: &[u8], path: &Path) -> Result<Vec<u8>, AppletError> {
    let bad = |why: String| AppletError::Object {
        path: path.to_path_buf(),
        why,
    };
    let file = object::File::parse(object).map_err(|e| bad(e.to_string()))?;
    if file.architecture() != object::Architecture::Bpf {
        return Err(bad(format!("architecture {:?}", file.architecture())));
    }
    for section in file.sections() {
        if section.relocations().next().is_some() {
            return Err(AppletError::Relocations {
                path: path.to_path_buf(),
                section: section.name().unwrap_or("?").to_string(),
            });
        }
    }
    let text = file
        .section_by_name(".text")
        .ok_or_else(|| bad("no .text section".into()))?;
    let code = text.data().map_err(|e| bad(e.to_string()))?.to_vec();
    if code.is_empty() {
        return Err(bad(
            "empty .text (is the entry point static or in another section?)".into(),
        ));
    }
    if code.len() > MAX_CODE {
        return Err(AppletError::TooLong {
            path: path.to_path_buf(),
            bytes: code.len(),
            max: MAX_CODE,
        });
    }
    Ok(code)
}

/// The APDUs of GlobalPlatform card-content management as the card takes
/// them (docs/card.md "Applets").
pub mod apdu {
    use super::LOAD_BLOCK;

    fn lv(bytes: &[u8]) -> Vec<u8> {
        [&[bytes.len() as u8][..], bytes].concat()
    }

    fn command(cla_ins_p1_p2: [u8; 4], data: &[u8]) -> Vec<u8> {
        [&cla_ins_p1_p2[..], &[data.len() as u8], data].concat()
    }

    /// INSTALL [for load]: load file AID, then empty security domain AID,
    /// hash, parameters and token.
    pub fn install_for_load(aid: &[u8]) -> Vec<u8> {
        command([0x80, 0xE6, 0x02, 0x00], &[lv(aid), vec![0; 4]].concat())
    }

    /// The LOAD commands for `code`: a C4 tag with its BER length, then the
    /// code, in blocks of at most LOAD_BLOCK bytes numbered from 0, the last
    /// with P1 = 80.
    pub fn load(code: &[u8]) -> Vec<Vec<u8>> {
        let n = code.len();
        let tag = match n {
            0..=0x7F => vec![0xC4, n as u8],
            0x80..=0xFF => vec![0xC4, 0x81, n as u8],
            _ => vec![0xC4, 0x82, (n >> 8) as u8, n as u8],
        };
        let data = [tag, code.to_vec()].concat();
        let blocks: Vec<&[u8]> = data.chunks(LOAD_BLOCK).collect();
        (blocks.iter().enumerate())
            .map(|(i, block)| {
                let last = if i + 1 == blocks.len() { 0x80 } else { 0x00 };
                command([0x80, 0xE8, last, i as u8], block)
            })
            .collect()
    }

    /// INSTALL [for install and make selectable]: the load file AID as
    /// module and application AID too, no privileges, empty parameters
    /// (C9 00) and token.
    pub fn install(aid: &[u8]) -> Vec<u8> {
        let data = [lv(aid), lv(aid), lv(aid), vec![1, 0, 2, 0xC9, 0, 0]].concat();
        command([0x80, 0xE6, 0x0C, 0x00], &data)
    }

    pub fn select(aid: &[u8]) -> Vec<u8> {
        command([0x00, 0xA4, 0x04, 0x00], aid)
    }

    /// RUN the selected applet with r1 = p1 and `input` as its data, Le 00
    /// (ISO 7816-4 case 4; without input, case 1: an output is then left
    /// for a GET RESPONSE of the caller's).
    pub fn run(p1: u8, input: &[u8]) -> Vec<u8> {
        if input.is_empty() {
            return vec![0x80, 0x3A, p1, 0x00];
        }
        [command([0x80, 0x3A, p1, 0x00], input), vec![0x00]].concat()
    }

    pub fn delete(aid: &[u8]) -> Vec<u8> {
        command([0x80, 0xE4, 0x00, 0x00], &[&[0x4F][..], &lv(aid)].concat())
    }

    /// GET STATUS of the installed applets (P1 = 40) or the load files
    /// (10), Le 00.
    pub fn get_status(p1: u8) -> Vec<u8> {
        [command([0x80, 0xF2, p1, 0x00], &[0x4F, 0x00]), vec![0x00]].concat()
    }

    /// Everything from INSTALL [for load] to INSTALL [for install].
    pub fn load_and_install(aid: &[u8], code: &[u8]) -> Vec<Vec<u8>> {
        let mut all = vec![install_for_load(aid)];
        all.extend(load(code));
        all.push(install(aid));
        all
    }
}
