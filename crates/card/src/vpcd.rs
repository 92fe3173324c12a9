//! The card side of vsmartcard's vpcd protocol (virtualsmartcard 3.3, as
//! observed: ../shared/TOOLCHAINS.md §5): the card connects to vpcd's TCP
//! port; every frame both ways is a 2-byte big-endian length and its
//! payload. A 1-byte frame from vpcd is a control: 0x00 power off, 0x01
//! power on, 0x02 reset, 0x04 get ATR (answered with the ATR); a longer one
//! is a command APDU, answered with the response APDU.

use std::io::{Read, Write};

pub const POWER_OFF: u8 = 0x00;
pub const POWER_ON: u8 = 0x01;
pub const RESET: u8 = 0x02;
pub const GET_ATR: u8 = 0x04;

/// What vpcd asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    PowerOff,
    PowerOn,
    Reset,
    GetAtr,
    Apdu(Vec<u8>),
    /// A control byte this protocol does not define.
    Unknown(u8),
}

/// Read one frame; None when vpcd closed the connection.
pub fn read_request(r: &mut impl Read) -> std::io::Result<Option<Request>> {
    let mut len = [0u8; 2];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let mut payload = vec![0; u16::from_be_bytes(len) as usize];
    r.read_exact(&mut payload)?;
    Ok(Some(match payload.as_slice() {
        [POWER_OFF] => Request::PowerOff,
        [POWER_ON] => Request::PowerOn,
        [RESET] => Request::Reset,
        [GET_ATR] => Request::GetAtr,
        [other] => Request::Unknown(*other),
        _ => Request::Apdu(payload),
    }))
}

/// Write one frame.
pub fn write_frame(w: &mut impl Write, payload: &[u8]) -> std::io::Result<()> {
    let len = u16::try_from(payload.len()).map_err(|_| std::io::ErrorKind::InvalidInput)?;
    // one write: a frame split in two small segments meets Nagle's
    // algorithm and delayed ACKs, 40 ms a frame
    w.write_all(&[&len.to_be_bytes()[..], payload].concat())?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_length_prefixed_and_controls_are_one_byte() {
        let wire = [0, 1, 0x04, 0, 5, 0x00, 0x84, 0, 0, 8, 0, 1, 0x01];
        let mut r = &wire[..];
        assert_eq!(read_request(&mut r).unwrap(), Some(Request::GetAtr));
        assert_eq!(
            read_request(&mut r).unwrap(),
            Some(Request::Apdu(vec![0, 0x84, 0, 0, 8]))
        );
        assert_eq!(read_request(&mut r).unwrap(), Some(Request::PowerOn));
        assert_eq!(read_request(&mut r).unwrap(), None);
        let mut out = vec![];
        write_frame(&mut out, &[0x90, 0x00]).unwrap();
        assert_eq!(out, [0, 2, 0x90, 0x00]);
    }
}
