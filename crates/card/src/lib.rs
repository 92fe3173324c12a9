//! cardlab's virtual smart card (docs/card.md): the card OS of
//! `firmware/mcs51/cardos/` on the simulated SLE66CX322P
//! ([`cardlab_sim::mcs51::sle66`]), the reader side of T=0 ([`t0`]), a
//! powered card with the cost of each exchange ([`session`]) and the link
//! to vsmartcard's vpcd ([`vpcd`]).

pub mod applet;
pub mod cardos;
pub mod chip;
pub mod csod;
pub mod image;
pub mod session;
pub mod t0;
pub mod vpcd;

pub use session::{Card, CardError, Exchange};

pub mod seed004;
