//! The reader side of ISO/IEC 7816-3 T=0: a command APDU (ISO/IEC 7816-4
//! cases 1 to 4) as the TPDUs a T=0 card takes, with its procedure bytes,
//! 61xx (GET RESPONSE) and 6Cxx (wrong Le, resend) handled as a reader
//! does.

use thiserror::Error;

/// A command APDU, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub header: [u8; 4],
    pub data: Vec<u8>,
    /// Expected response length; Some(0) means 256 (short APDUs).
    pub le: Option<usize>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ApduError {
    #[error("an APDU has at least 4 bytes (CLA INS P1 P2); got {0}")]
    TooShort(usize),
    #[error("Lc = {lc} but {have} data bytes follow; give Lc, the data and optionally Le")]
    Length { lc: usize, have: usize },
    #[error(
        "extended-length APDUs (Lc = 00 with more bytes) are not supported by T=0; use short APDUs"
    )]
    Extended,
    #[error(
        "INS {0:02X} cannot travel over T=0 (ISO/IEC 7816-3 §10.3.2: INS 6X and 9X collide with the procedure bytes); use another INS"
    )]
    InvalidIns(u8),
}

impl Command {
    /// ISO/IEC 7816-4 §5.1: case 1 (header), 2 (Le), 3 (Lc data), 4 (Lc
    /// data Le), short lengths only.
    pub fn parse(apdu: &[u8]) -> Result<Command, ApduError> {
        let header: [u8; 4] = apdu
            .get(..4)
            .and_then(|h| h.try_into().ok())
            .ok_or(ApduError::TooShort(apdu.len()))?;
        if matches!(header[1] >> 4, 0x6 | 0x9) {
            return Err(ApduError::InvalidIns(header[1]));
        }
        let body = &apdu[4..];
        let (data, le) = match body.len() {
            0 => (vec![], None),
            1 => (vec![], Some(body[0] as usize)),
            _ => {
                let lc = body[0] as usize;
                if lc == 0 {
                    return Err(ApduError::Extended);
                }
                match body.len() - 1 {
                    n if n == lc => (body[1..].to_vec(), None),
                    n if n == lc + 1 => (body[1..=lc].to_vec(), Some(body[lc + 1] as usize)),
                    n => return Err(ApduError::Length { lc, have: n }),
                }
            }
        };
        Ok(Command { header, data, le })
    }

    /// Le as a byte count (0 means 256).
    fn le_bytes(&self) -> Option<usize> {
        self.le.map(|le| if le == 0 { 256 } else { le })
    }
}

/// A card seen as a T=0 character line: send characters, get back what it
/// sends until it waits for more.
pub trait Line {
    type Error;
    fn turn(&mut self, send: &[u8]) -> Result<Vec<u8>, Self::Error>;
}

/// What went wrong on the line.
#[derive(Debug, Error)]
pub enum T0Error<E> {
    #[error(transparent)]
    Line(E),
    #[error(
        "the card answered the header {header:02X?} with {got:02X?}, which is no T=0 procedure byte or status word"
    )]
    Protocol { header: [u8; 5], got: Vec<u8> },
    /// Both sides wait: the card for characters, the reader for the card
    /// (a case-2 APDU whose INS the card takes data for, or the reverse).
    /// On a real line the work waiting time runs out.
    #[error(
        "the card waits for data after the header {header:02X?} while the reader waits for the card's: the APDU's case does not match what the card expects of INS {:02X}",
        header[1]
    )]
    Stalled { header: [u8; 5] },
}

/// One TPDU: a header and the data to send (case 3) or the number of
/// bytes to receive (case 2). Returns (data received, SW1, SW2).
fn tpdu<L: Line>(
    line: &mut L,
    header: [u8; 5],
    out: &[u8],
    expect_in: usize,
) -> Result<(Vec<u8>, u8, u8), T0Error<L::Error>> {
    let ins = header[1];
    let mut pending: Vec<u8> = line.turn(&header).map_err(T0Error::Line)?;
    let mut sent = 0;
    let mut received = vec![];
    let protocol = |got: &[u8]| T0Error::Protocol {
        header,
        got: got.to_vec(),
    };
    loop {
        if pending.is_empty() {
            pending = line.turn(&[]).map_err(T0Error::Line)?;
            if pending.is_empty() {
                return Err(protocol(&received));
            }
        }
        let pb = pending.remove(0);
        match pb {
            0x60 => continue,
            _ if pb == ins || pb == ins ^ 0xFF => {
                let all = pb == ins;
                if sent < out.len() {
                    let n = if all { out.len() - sent } else { 1 };
                    let more = line.turn(&out[sent..sent + n]).map_err(T0Error::Line)?;
                    sent += n;
                    pending.extend(more);
                } else {
                    // data from the card: all remaining, or one byte
                    let want = if all {
                        expect_in.saturating_sub(received.len())
                    } else {
                        1
                    };
                    while pending.len() < want {
                        let more = line.turn(&[]).map_err(T0Error::Line)?;
                        if more.is_empty() {
                            return Err(T0Error::Stalled { header });
                        }
                        pending.extend(more);
                    }
                    received.extend(pending.drain(..want));
                }
            }
            0x61..=0x6F | 0x90..=0x9F => {
                if pending.is_empty() {
                    pending = line.turn(&[]).map_err(T0Error::Line)?;
                }
                let sw2 = *pending.first().ok_or_else(|| protocol(&[pb]))?;
                return Ok((received, pb, sw2));
            }
            _ => return Err(protocol(&[pb])),
        }
    }
}

/// Send one command APDU over T=0; the response APDU (data, SW1, SW2) and
/// how many TPDUs it took.
pub fn transmit<L: Line>(
    line: &mut L,
    cmd: &Command,
) -> Result<(Vec<u8>, usize), T0Error<L::Error>> {
    let [cla, ins, p1, p2] = cmd.header;
    let mut tpdus = 1;
    let (mut data, mut sw1, mut sw2) = if cmd.data.is_empty() {
        // case 1 or 2
        let p3 = cmd.le.unwrap_or(0) as u8;
        tpdu(
            line,
            [cla, ins, p1, p2, p3],
            &[],
            cmd.le_bytes().unwrap_or(0),
        )?
    } else {
        tpdu(line, [cla, ins, p1, p2, cmd.data.len() as u8], &cmd.data, 0)?
    };
    // 6Cxx: the card's length; send the header again with it
    if sw1 == 0x6C && cmd.data.is_empty() && cmd.le.is_some() {
        tpdus += 1;
        let n = if sw2 == 0 { 256 } else { sw2 as usize };
        (data, sw1, sw2) = tpdu(line, [cla, ins, p1, p2, sw2], &[], n)?;
    }
    // 61xx: data waits; fetch it with GET RESPONSE as long as it comes
    let mut out = data;
    while sw1 == 0x61 && cmd.le.is_some() {
        let want = cmd.le_bytes().unwrap_or(256).saturating_sub(out.len());
        let n = if sw2 == 0 { 256 } else { sw2 as usize }.min(want.max(1));
        tpdus += 1;
        let (more, s1, s2) = tpdu(line, [cla & 0x03, 0xC0, 0, 0, n as u8], &[], n)?;
        out.extend(more);
        (sw1, sw2) = (s1, s2);
        if out.len() >= cmd.le_bytes().unwrap_or(256) {
            break;
        }
    }
    out.extend([sw1, sw2]);
    Ok((out, tpdus))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_four_cases_and_refuses_bad_lengths() {
        assert_eq!(Command::parse(&[0, 0xA4, 4, 0]).unwrap().le, None);
        assert_eq!(Command::parse(&[0, 0x84, 0, 0, 8]).unwrap().le, Some(8));
        let c = Command::parse(&[0, 0xDA, 1, 0, 2, 0xAA, 0xBB]).unwrap();
        assert_eq!((c.data.as_slice(), c.le), (&[0xAA, 0xBB][..], None));
        let c = Command::parse(&[0, 0x88, 0, 0, 1, 0xAA, 0]).unwrap();
        assert_eq!(c.le, Some(0));
        assert_eq!(Command::parse(&[0, 1]), Err(ApduError::TooShort(2)));
        assert_eq!(
            Command::parse(&[0, 0x92, 0, 0]),
            Err(ApduError::InvalidIns(0x92))
        );
        assert_eq!(
            Command::parse(&[0, 1, 2, 3, 5, 1]),
            Err(ApduError::Length { lc: 5, have: 1 })
        );
    }

    /// A scripted card: each turn's answer in order.
    struct Script(Vec<Vec<u8>>, Vec<Vec<u8>>);
    impl Line for Script {
        type Error = ();
        fn turn(&mut self, send: &[u8]) -> Result<Vec<u8>, ()> {
            self.1.push(send.to_vec());
            Ok(if self.0.is_empty() {
                vec![]
            } else {
                self.0.remove(0)
            })
        }
    }

    #[test]
    fn case_4_sends_data_after_the_procedure_byte_and_gets_the_response() {
        let mut card = Script(
            vec![
                vec![0x2A],
                vec![0x61, 0x02],
                vec![0xC0, 0xDE, 0xAD, 0x90, 0x00],
            ],
            vec![],
        );
        let cmd = Command::parse(&[0, 0x2A, 0x84, 0x80, 1, 0x55, 0]).unwrap();
        let (resp, tpdus) = transmit(&mut card, &cmd).unwrap();
        assert_eq!(resp, [0xDE, 0xAD, 0x90, 0x00]);
        assert_eq!(tpdus, 2);
        assert_eq!(card.1[1], [0x55]);
        assert_eq!(card.1[2], [0, 0xC0, 0, 0, 2]);
    }

    #[test]
    fn a_wrong_le_is_resent_with_the_cards_length() {
        let mut card = Script(
            vec![
                vec![0x6C, 0x08],
                vec![0x84, 1, 2, 3, 4, 5, 6, 7, 8, 0x90, 0],
            ],
            vec![],
        );
        let cmd = Command::parse(&[0, 0x84, 0, 0, 0x10]).unwrap();
        let (resp, _) = transmit(&mut card, &cmd).unwrap();
        assert_eq!(resp.len(), 10);
        assert_eq!(card.1[1], [0, 0x84, 0, 0, 8]);
    }
}
