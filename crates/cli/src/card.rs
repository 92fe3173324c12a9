//! `cardlab card`: the virtual smart card (docs/card.md). With `--apdu` it
//! powers the card in-process, sends the APDUs and prints each response
//! and its cost; otherwise it connects to vsmartcard's vpcd as the card in
//! a reader that pcscd, opensc-tool, pcsc_scan and pyscard use, and logs
//! every exchange until vpcd closes the connection.

use crate::Failure;
use crate::data::{Data, firmware_root};
use cardlab_card::vpcd::{self, Request};
use cardlab_card::{Card, Exchange, cardos, image};
use cardlab_sim::mcs51::sle66::Sle66Config;
use clap::Args;
use std::io::Write;
use std::net::TcpStream;
use std::path::PathBuf;

#[derive(Args)]
pub struct CardArgs {
    /// The card image: the EEPROM and its page counters, loaded at start
    /// and saved after every change [default: an erased card, not saved]
    #[arg(long, value_name = "FILE")]
    image: Option<PathBuf>,
    /// vpcd's address (its reader "Virtual PCD 00 00" listens on port 35963)
    #[arg(long, value_name = "HOST:PORT", default_value = "localhost:35963")]
    reader: String,
    /// The card's chip: sle66cx322p (the 8051 card of seed 004 §II) or
    /// at90sc3232c (the AVR card of seed 004 §III)
    #[arg(long, default_value = "sle66cx322p", value_parser = ["sle66cx322p", "at90sc3232c"])]
    chip: String,
    /// The card OS build: onthefly (the AES key in EEPROM, round keys made
    /// per block), applets (onthefly with the applet store and its VM,
    /// docs/card.md "Applets") or, on the 8051 card, precomputed (round
    /// keys programmed into EEPROM)
    #[arg(long, default_value = "onthefly")]
    build: String,
    /// Send this command APDU (hex) to the card in-process instead of
    /// connecting to vpcd; repeatable, in order
    #[arg(long, value_name = "HEX")]
    apdu: Vec<String>,
    /// The firmware folder holding mcs51/cardos/ and avr/cardos/
    #[arg(long, value_name = "DIR")]
    firmware: Option<PathBuf>,
}

pub fn run(args: CardArgs, quiet: bool) -> Result<(), Failure> {
    let apdus = args
        .apdu
        .iter()
        .map(|h| {
            let bytes = hex::decode(h.replace([' ', ':'], "")).map_err(|e| {
                Failure::Input(format!(
                    "--apdu {h}: not hex ({e}); write e.g. 00A4040008F0636172646C6162"
                ))
            })?;
            cardlab_card::t0::Command::parse(&bytes)
                .map_err(|e| Failure::Input(format!("--apdu {h}: {e}")))?;
            Ok(bytes)
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let data = Data::locate()?;
    let avr = args.chip == "at90sc3232c";
    let folder = if avr { "avr/cardos" } else { "mcs51/cardos" };
    let manifest = firmware_root(&data, args.firmware.as_deref())?
        .join(folder)
        .join("cardos.toml");
    let os = cardos::build(&manifest, &args.build).map_err(|e| Failure::Input(e.to_string()))?;
    let mut card = match avr {
        true => Card::at90sc3232c(&os),
        false => Card::new(&os, Sle66Config::default()),
    };
    let chip = card.hardware().name();
    if let Some(path) = &args.image
        && let Some(eeprom) = image::load(path, chip).map_err(|e| Failure::Input(e.to_string()))?
    {
        card.restore(&eeprom);
    }
    let mut log = Log {
        quiet,
        image: args.image.clone(),
        chip,
    };
    if apdus.is_empty() {
        serve(&mut card, &args.reader, &mut log)
    } else {
        let atr = card
            .power_on()
            .map_err(|e| Failure::Finding(e.to_string()))?;
        log.line(&format!("ATR {}", hex::encode_upper(&atr)));
        for apdu in &apdus {
            let x = card
                .transmit(apdu)
                .map_err(|e| Failure::Finding(e.to_string()))?;
            log.exchange(apdu, &x);
            log.save(&mut card, &x)?;
        }
        Ok(())
    }
}

/// Where the exchanges go, and where the EEPROM is kept.
struct Log {
    quiet: bool,
    image: Option<PathBuf>,
    chip: &'static str,
}

impl Log {
    fn line(&self, text: &str) {
        if !self.quiet {
            println!("{text}");
            let _ = std::io::stdout().flush();
        }
    }

    fn exchange(&self, apdu: &[u8], x: &Exchange) {
        self.line(&format!(
            "{} -> {} | {} cycles, {:.3} ms card, {:.3} ms wire, {} TPDU{}{}",
            hex::encode_upper(apdu),
            hex::encode_upper(&x.response),
            x.cycles,
            x.card_ms,
            x.wire_ms,
            x.tpdus,
            if x.tpdus == 1 { "" } else { "s" },
            match x.eeprom_writes {
                0 => String::new(),
                n => format!(
                    ", {n} EEPROM {} ({:.1} ms)",
                    match (self.chip, n) {
                        ("AT90SC3232C", 1) => "byte",
                        ("AT90SC3232C", _) => "bytes",
                        (_, 1) => "page",
                        _ => "pages",
                    },
                    x.eeprom_ms
                ),
            }
        ));
    }

    fn save(&self, card: &mut Card, x: &Exchange) -> Result<(), Failure> {
        match &self.image {
            Some(path) if x.eeprom_writes > 0 => image::save(path, self.chip, &card.eeprom())
                .map_err(|e| Failure::Input(e.to_string())),
            _ => Ok(()),
        }
    }
}

fn power_on(card: &mut Card, log: &Log) {
    match card.power_on() {
        Ok(atr) => log.line(&format!("power on: ATR {}", hex::encode_upper(atr))),
        Err(e) => log.line(&format!("power on failed: {e}")),
    }
}

/// Be the card in vpcd's reader until vpcd closes the connection.
fn serve(card: &mut Card, reader: &str, log: &mut Log) -> Result<(), Failure> {
    let mut stream = TcpStream::connect(reader).map_err(|e| {
        Failure::Input(format!(
            "cannot connect to vpcd at {reader}: {e}; start pcscd (with vsmartcard-vpcd installed) first, or give --reader"
        ))
    })?;
    stream
        .set_nodelay(true)
        .map_err(|e| Failure::Input(format!("vpcd connection: {e}")))?;
    log.line(&format!("connected to vpcd at {reader}"));
    let mut seed = 1u64;
    let io = |e: std::io::Error| Failure::Finding(format!("vpcd connection: {e}"));
    while let Some(request) = vpcd::read_request(&mut stream).map_err(io)? {
        match request {
            Request::PowerOff => {
                seed += 1;
                card.power_off(seed);
                log.line("power off");
            }
            Request::PowerOn | Request::Reset => match card.power_on() {
                Ok(atr) => log.line(&format!("power on: ATR {}", hex::encode_upper(atr))),
                Err(e) => log.line(&format!("power on failed: {e}")),
            },
            Request::GetAtr => {
                // a card in the reader: vpcd asks for the ATR before
                // (or instead of) powering it
                if card.atr().is_empty() {
                    power_on(card, log);
                }
                vpcd::write_frame(&mut stream, card.atr()).map_err(io)?
            }
            Request::Unknown(b) => log.line(&format!("vpcd control byte {b:#04x} ignored")),
            Request::Apdu(apdu) => {
                let response = match card.transmit(&apdu) {
                    Ok(x) => {
                        log.exchange(&apdu, &x);
                        log.save(card, &x)?;
                        x.response
                    }
                    Err(e) => {
                        // a mute or stalled card: the reader sees no answer
                        // and resets it; PC/SC gets "no precise diagnosis"
                        log.line(&format!("{} -> card error: {e}", hex::encode_upper(&apdu)));
                        power_on(card, log);
                        vec![0x6F, 0x00]
                    }
                };
                vpcd::write_frame(&mut stream, &response).map_err(io)?;
            }
        }
    }
    log.line("vpcd closed the connection");
    Ok(())
}
