//! A power model over what every CPU reports: per cycle, one leakage sample
//! per component, unit weights (docs/leakage.md).
//!
//! The simulators report three kinds of event through the [`Observer`]
//! interface: each destination written ([`Observer::write_back`], old and
//! new value), each data access ([`Observer::access`], address and value)
//! and the end of each instruction with its cycles. [`Power`] turns them
//! into the five [`Component`]s below, and puts everything an instruction
//! did into its last cycle, where a pipeline-less core writes back. Cycles
//! without an event carry zeros: a trace is `cycles x components` long,
//! cycle-major, for every CPU alike.
//!
//! What it leaves out, as every verdict built on it says: glitches,
//! coupling between wires, flag updates, instruction fetches, and the
//! source operands an instruction reads from registers (a memory operand
//! is on the data bus).

use crate::{Access, Executed, Observer};

/// One leakage component of a sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// Hamming weight of each value written to a destination.
    Value,
    /// Hamming distance from each destination's old value to its new one.
    Overwrite,
    /// Hamming distance between consecutive values written, whatever their
    /// destinations: the internal bus that carries results to them.
    ResultBus,
    /// Hamming distance between the values of consecutive data accesses.
    DataBus,
    /// Hamming distance between the addresses of consecutive data accesses.
    AddressBus,
}

impl Component {
    pub const ALL: [Component; 5] = [
        Component::Value,
        Component::Overwrite,
        Component::ResultBus,
        Component::DataBus,
        Component::AddressBus,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Component::Value => "value",
            Component::Overwrite => "overwrite",
            Component::ResultBus => "result-bus",
            Component::DataBus => "data-bus",
            Component::AddressBus => "address-bus",
        }
    }

    /// A component by its name.
    pub fn parse(s: &str) -> Result<Component, UnknownComponent> {
        Component::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownComponent(s.to_string()))
    }
}

/// A component name the model does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown component '{0}'; use {names}", names = Component::ALL.map(Component::name).join(", "))]
pub struct UnknownComponent(pub String);

/// A set of components, as a bit mask in [`Component::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Components(u8);

impl Components {
    pub const FULL: Components = Components(0b11111);

    pub fn of(list: &[Component]) -> Components {
        Components(list.iter().fold(0, |m, &c| m | 1 << c as u8))
    }

    pub fn contains(self, c: Component) -> bool {
        self.0 & 1 << c as u8 != 0
    }

    pub fn list(self) -> Vec<Component> {
        Component::ALL
            .into_iter()
            .filter(|&c| self.contains(c))
            .collect()
    }
}

/// One instruction as the sample map needs it: the cycle it started at
/// (from the start of the trace), its address and its cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub cycle: u32,
    pub pc: u32,
    pub cycles: u32,
}

/// The observer that records a leakage trace.
pub struct Power {
    components: Components,
    /// `cycles x width` samples, cycle-major; `width` = components chosen.
    pub samples: Vec<u16>,
    width: usize,
    /// Column of each component in a cycle's row (`usize::MAX`: not kept).
    column: [usize; 5],
    /// This instruction's sums so far, per component.
    pending: [u16; 5],
    cycle: u32,
    last_written: u32,
    last_value: u8,
    last_addr: u32,
    /// Every instruction, when the caller asked for the map.
    pub steps: Option<Vec<Step>>,
}

impl Power {
    /// A trace of `components`, recording the instruction map if `map`.
    /// Buses and the result bus start at zero.
    pub fn new(components: Components, map: bool) -> Power {
        let mut column = [usize::MAX; 5];
        for (i, c) in components.list().into_iter().enumerate() {
            column[c as usize] = i;
        }
        Power {
            components,
            samples: Vec::with_capacity(4096),
            width: components.list().len(),
            column,
            pending: [0; 5],
            cycle: 0,
            last_written: 0,
            last_value: 0,
            last_addr: 0,
            steps: map.then(Vec::new),
        }
    }

    pub fn components(&self) -> Components {
        self.components
    }

    /// Samples per cycle.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Cycles recorded.
    pub fn cycles(&self) -> u32 {
        self.cycle
    }

    #[inline]
    fn add(&mut self, c: Component, v: u32) {
        self.pending[c as usize] += v as u16;
    }
}

impl Observer for Power {
    #[inline]
    fn write_back(&mut self, old: u32, new: u32) {
        self.add(Component::Value, new.count_ones());
        self.add(Component::Overwrite, (old ^ new).count_ones());
        self.add(Component::ResultBus, (self.last_written ^ new).count_ones());
        self.last_written = new;
    }

    #[inline]
    fn access(&mut self, a: Access) {
        self.add(Component::DataBus, (self.last_value ^ a.value).count_ones());
        self.add(
            Component::AddressBus,
            (self.last_addr ^ a.addr).count_ones(),
        );
        self.last_value = a.value;
        self.last_addr = a.addr;
    }

    fn instruction(&mut self, e: &Executed) {
        if let Some(steps) = self.steps.as_mut() {
            steps.push(Step {
                cycle: self.cycle,
                pc: e.pc,
                cycles: e.cycles,
            });
        }
        let cycles = e.cycles.max(1) as usize;
        let start = self.samples.len();
        self.samples.resize(start + cycles * self.width, 0);
        let last = start + (cycles - 1) * self.width;
        for (c, &column) in self.column.iter().enumerate() {
            if column != usize::MAX {
                self.samples[last + column] = self.pending[c];
            }
        }
        self.pending = [0; 5];
        self.cycle += cycles as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Space;

    fn access(addr: u32, value: u8) -> Access {
        Access {
            space: Space::Iram,
            addr,
            value,
            write: false,
        }
    }

    #[test]
    fn an_instructions_events_land_in_its_last_cycle() {
        let mut p = Power::new(Components::FULL, true);
        p.write_back(0x0F, 0xFF); // HW 8, HD 4, result bus 0 -> 0xFF: 8
        p.access(access(0x30, 0x03)); // data 0 -> 3: 2, address 0 -> 0x30: 2
        p.instruction(&Executed {
            pc: 0x100,
            bytes: &[0],
            cycles: 2,
        });
        p.write_back(0, 0x01); // HW 1, HD 1, result bus 0xFF -> 1: 7
        p.instruction(&Executed {
            pc: 0x101,
            bytes: &[0],
            cycles: 1,
        });
        assert_eq!(
            p.samples,
            [0, 0, 0, 0, 0, 8, 4, 8, 2, 2, 1, 1, 7, 0, 0],
            "cycle 0 empty, cycle 1 the first instruction, cycle 2 the second"
        );
        assert_eq!(p.cycles(), 3);
        assert_eq!(p.steps.as_ref().unwrap()[1].cycle, 2);
    }

    #[test]
    fn only_the_chosen_components_are_kept() {
        let mut p = Power::new(Components::of(&[Component::DataBus]), false);
        p.write_back(0, 0xFF);
        p.access(access(1, 0x81));
        p.instruction(&Executed {
            pc: 0,
            bytes: &[0],
            cycles: 1,
        });
        assert_eq!(p.samples, [2]);
        assert!(p.steps.is_none());
    }
}
