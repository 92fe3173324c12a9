//! A card in a reader: a card OS image on a simulated card chip
//! ([`crate::chip`]), powered, reset and spoken to in T=0, with every
//! exchange's cost in card cycles, card time, EEPROM time and wire time.

use crate::chip::{At90scChip, Chip, Sle66Chip};
use crate::image::Eeprom;
use crate::t0::{self, Command, Line};
use cardlab_sim::SimError;
use cardlab_sim::mcs51::sle66::{Sle66, Sle66Config};
use cardlab_sim::target::Image;
use thiserror::Error;

/// The longest a card may compute without sending a character (a NULL
/// procedure byte 60 counts, as ISO/IEC 7816-3's work waiting time is
/// between characters): 2 s of card time at 15 MHz; a card past it is mute.
pub const TURN_BUDGET: u64 = 30_000_000;

/// The clock on the card's CLK contact that times the I/O line, MHz (the
/// ISO/IEC 7816-3 default reader clock; the core runs at f_sys from its
/// own multiplier).
pub const IO_CLOCK_MHZ: f64 = 3.5712;

#[derive(Debug, Error)]
pub enum CardError {
    #[error("the card crashed at pc={pc:#06x}: {error}")]
    Crashed { pc: u32, error: SimError },
    #[error("the card did not answer within {budget} cycles (pc={pc:#06x}): mute")]
    Mute { pc: u32, budget: u64 },
    #[error("the card sent no ATR")]
    NoAtr,
    #[error(transparent)]
    Apdu(#[from] t0::ApduError),
    #[error("T=0: {0}; the reader reset the card")]
    Protocol(String),
    #[error("T=0: {0}; the reader timed out and reset the card")]
    Stalled(String),
    #[error("the card is not powered; power it on first")]
    NotPowered,
    #[error("the power was cut at cycle {0}")]
    PowerCut(u64),
}

/// One APDU's exchange and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// Response data and SW1 SW2.
    pub response: Vec<u8>,
    /// Machine cycles the card ran.
    pub cycles: u64,
    /// Those cycles at the card's clock, ms.
    pub card_ms: f64,
    /// How long the EEPROM was programming meanwhile, ms (inside card_ms:
    /// the card waits for it).
    pub eeprom_ms: f64,
    /// Characters on the I/O line both ways and their time at the ATR's
    /// rate, ms.
    pub characters: usize,
    pub wire_ms: f64,
    /// TPDUs (GET RESPONSE and resends included).
    pub tpdus: usize,
    /// EEPROM programming operations (SLE66: pages; AT90SC: bytes).
    pub eeprom_writes: u64,
}

impl Exchange {
    pub fn sw(&self) -> u16 {
        let n = self.response.len();
        u16::from_be_bytes([self.response[n - 2], self.response[n - 1]])
    }

    pub fn data(&self) -> &[u8] {
        &self.response[..self.response.len() - 2]
    }
}

pub struct Card {
    chip: Box<dyn Chip>,
    powered: bool,
    atr: Vec<u8>,
    /// Clocks of the I/O clock per etu after the ATR (F/D of TA1).
    etu_clocks: f64,
    characters: usize,
    /// Seed of the RAM noise at power-on, advanced each time.
    noise: u64,
    /// Cut the power when the card reaches this cycle (the tear tests).
    cut_at: Option<(u64, u64)>,
}

impl Card {
    /// The 8051 card: the card OS `image` on the SLE66CX322P with its
    /// EEPROM erased, unpowered.
    pub fn new(image: &Image, config: Sle66Config) -> Card {
        Card::on(Box::new(Sle66Chip::new(image, config)))
    }

    /// The AVR card: the card OS `image` on the AT90SC3232C, EEPROM erased.
    pub fn at90sc3232c(image: &Image) -> Card {
        Card::on(Box::new(At90scChip::new(image, false)))
    }

    /// The AVR card with EEPROM writes that take no time (as
    /// `Sle66Config::instant_programming`): for tests that ask only what
    /// the EEPROM ends up holding.
    pub fn at90sc3232c_instant(image: &Image) -> Card {
        Card::on(Box::new(At90scChip::new(image, true)))
    }

    fn on(chip: Box<dyn Chip>) -> Card {
        Card {
            chip,
            powered: false,
            atr: vec![],
            etu_clocks: 372.0,
            characters: 0,
            noise: 0x5EED_CA4D,
            cut_at: None,
        }
    }

    /// Cut the power when the card's cycle count reaches `cycle` (since its
    /// power-on), tearing what the EEPROM is programming by `seed`: the
    /// exchange under way ends with [`CardError::PowerCut`]. A power-on
    /// forgets a cut that did not come.
    pub fn cut_power_at(&mut self, cycle: u64, seed: u64) {
        self.cut_at = Some((cycle, seed));
    }

    /// The SLE66 device of the 8051 card (panics on another chip).
    pub fn chip(&mut self) -> &mut Sle66 {
        (self.chip.as_any().downcast_mut::<Sle66Chip>())
            .expect("an SLE66CX322P card")
            .device()
    }

    /// The card's chip, whichever it is.
    pub fn hardware(&mut self) -> &mut dyn Chip {
        self.chip.as_mut()
    }

    /// Machine cycles since power-on.
    pub fn cycles(&self) -> u64 {
        self.chip.cycles()
    }

    pub fn cycles_per_ms(&self) -> f64 {
        self.chip.cycles_per_ms()
    }

    pub fn atr(&self) -> &[u8] {
        &self.atr
    }

    /// The EEPROM and its page counters.
    pub fn eeprom(&mut self) -> Eeprom {
        self.chip.eeprom()
    }

    /// Put an EEPROM image in place (the card must be unpowered).
    pub fn restore(&mut self, eeprom: &Eeprom) {
        self.chip.restore(eeprom);
    }

    /// Cold reset: the core restarts with noise in its RAM (the EEPROM
    /// keeps its contents), runs its start-up and sends the ATR.
    pub fn power_on(&mut self) -> Result<Vec<u8>, CardError> {
        self.chip.power_cut(0);
        self.cut_at = None;
        let mut s = self.noise;
        self.noise = self.noise.wrapping_mul(6364136223846793005).wrapping_add(1);
        self.chip.reset(&mut || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s as u8
        });
        self.powered = true;
        self.characters = 0;
        self.etu_clocks = 372.0;
        let atr = self.run_turn(&[])?;
        if atr.is_empty() {
            return Err(CardError::NoAtr);
        }
        self.etu_clocks = etu_clocks(&atr);
        self.atr = atr.clone();
        Ok(atr)
    }

    /// Power off: whatever the EEPROM was programming is torn (`seed`).
    pub fn power_off(&mut self, seed: u64) -> bool {
        self.powered = false;
        self.chip.power_cut(seed)
    }

    /// Hand `send` to the card and run it until it waits for a character
    /// it has not got; what it sent meanwhile.
    fn run_turn(&mut self, send: &[u8]) -> Result<Vec<u8>, CardError> {
        if !self.powered {
            return Err(CardError::NotPowered);
        }
        let chip = self.chip.as_mut();
        chip.send_to_card(send);
        self.characters += send.len();
        let mut budget = chip.cycles() + TURN_BUDGET;
        let mut sent = 0;
        loop {
            if chip.waiting() {
                break;
            }
            if let Some((at, seed)) = self.cut_at
                && chip.cycles() >= at
            {
                chip.power_cut(seed);
                self.powered = false;
                self.cut_at = None;
                return Err(CardError::PowerCut(at));
            }
            if chip.cycles() >= budget && chip.unread_from_card() > sent {
                sent = chip.unread_from_card();
                budget = chip.cycles() + TURN_BUDGET;
            }
            if chip.cycles() >= budget {
                self.powered = false;
                return Err(CardError::Mute {
                    pc: chip.pc(),
                    budget: TURN_BUDGET,
                });
            }
            if let Err(error) = chip.step() {
                self.powered = false;
                return Err(CardError::Crashed {
                    pc: chip.pc(),
                    error,
                });
            }
        }
        let out = self.chip.take_from_card();
        self.characters += out.len();
        Ok(out)
    }

    /// Send a command APDU; the response and its cost.
    pub fn transmit(&mut self, apdu: &[u8]) -> Result<Exchange, CardError> {
        let cmd = Command::parse(apdu)?;
        let (cycles0, chars0, (writes0, busy0)) =
            (self.cycles(), self.characters, self.chip.eeprom_work());
        let (response, tpdus) = match t0::transmit(self, &cmd) {
            Ok(r) => r,
            Err(t0::T0Error::Line(e)) => return Err(e),
            Err(e @ t0::T0Error::Stalled { .. }) => {
                // the work waiting time runs out: a warm reset
                self.power_on()?;
                return Err(CardError::Stalled(e.to_string()));
            }
            Err(e) => {
                // characters both ways at once: the reader resets the card
                self.power_on()?;
                return Err(CardError::Protocol(e.to_string()));
            }
        };
        let cycles = self.cycles() - cycles0;
        let characters = self.characters - chars0;
        let (writes, busy) = self.chip.eeprom_work();
        let per_ms = self.cycles_per_ms();
        Ok(Exchange {
            response,
            cycles,
            card_ms: cycles as f64 / per_ms,
            eeprom_ms: (busy - busy0) as f64 / per_ms,
            characters,
            wire_ms: characters as f64 * 12.0 * self.etu_clocks / (IO_CLOCK_MHZ * 1000.0),
            tpdus,
            eeprom_writes: writes - writes0,
        })
    }
}

impl Line for Card {
    type Error = CardError;
    fn turn(&mut self, send: &[u8]) -> Result<Vec<u8>, CardError> {
        self.run_turn(send)
    }
}

/// Clocks per etu from the ATR's TA1 (ISO/IEC 7816-3 Tables 7 and 8),
/// F = 372 and D = 1 without it.
pub fn etu_clocks(atr: &[u8]) -> f64 {
    const F: [u32; 16] = [
        372, 372, 558, 744, 1116, 1488, 1860, 0, 0, 512, 768, 1024, 1536, 2048, 0, 0,
    ];
    const D: [u32; 16] = [0, 1, 2, 4, 8, 16, 32, 64, 12, 20, 0, 0, 0, 0, 0, 0];
    match atr {
        [_, t0, ta1, ..] if t0 & 0x10 != 0 => {
            let (f, d) = (F[(ta1 >> 4) as usize], D[(ta1 & 15) as usize]);
            if f == 0 || d == 0 {
                372.0
            } else {
                f as f64 / d as f64
            }
        }
        _ => 372.0,
    }
}
