//! Ready-made observers: an instruction trace, a data-access log and code
//! coverage. Each is a plain value the caller hands to a CPU and takes back
//! with [`downcast`]; `(A, B)` observes with both.

use crate::{Access, Executed, Observer, Space};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write;

/// Takes a concrete observer back from the `Box<dyn Observer>` a CPU held.
pub fn downcast<T: Observer>(observer: Box<dyn Observer>) -> Option<Box<T>> {
    let any: Box<dyn std::any::Any> = observer;
    any.downcast().ok()
}

impl<A: Observer, B: Observer> Observer for (A, B) {
    fn instruction(&mut self, executed: &Executed) {
        self.0.instruction(executed);
        self.1.instruction(executed);
    }
    fn access(&mut self, access: Access) {
        self.0.access(access);
        self.1.access(access);
    }
    fn write_back(&mut self, old: u32, new: u32) {
        self.0.write_back(old, new);
        self.1.write_back(old, new);
    }
    fn cache(&mut self, lookup: crate::CacheLookup) {
        self.0.cache(lookup);
        self.1.cache(lookup);
    }
}

/// A disassembler: the text of the instruction `bytes` at `pc`.
pub type Disassembler = fn(u32, &[u8]) -> String;

/// Writes one line per instruction as it executes:
/// `cycle  pc: bytes  mnemonic  +cycles`, where `cycle` is the count before
/// the instruction. Each address's text is disassembled once and kept
/// while its bytes stay the same. The first write error stops the output
/// and is kept.
pub struct Trace {
    out: Box<dyn Write>,
    disassemble: Disassembler,
    cycle: u64,
    /// pc → (instruction bytes, their hex, their text).
    texts: HashMap<u32, (Vec<u8>, String, String)>,
    pub error: Option<std::io::Error>,
}

impl Trace {
    /// A trace whose first line is numbered `start_cycle`.
    pub fn new(out: Box<dyn Write>, disassemble: Disassembler, start_cycle: u64) -> Self {
        Trace {
            out,
            disassemble,
            cycle: start_cycle,
            texts: HashMap::new(),
            error: None,
        }
    }

    /// Flush the writer; returns the first error seen.
    pub fn finish(mut self) -> std::io::Result<()> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }
}

impl Observer for Trace {
    fn instruction(&mut self, e: &Executed) {
        let start = self.cycle;
        self.cycle += e.cycles as u64;
        if self.error.is_some() {
            return;
        }
        let cached = self
            .texts
            .get(&e.pc)
            .filter(|(bytes, _, _)| bytes == e.bytes);
        if cached.is_none() {
            let hex: Vec<String> = e.bytes.iter().map(|b| format!("{b:02x}")).collect();
            let text = (self.disassemble)(e.pc, e.bytes);
            self.texts
                .insert(e.pc, (e.bytes.to_vec(), hex.join(" "), text));
        }
        let (_, hex, text) = &self.texts[&e.pc];
        if let Err(err) = writeln!(
            self.out,
            "{start:>10}  {:04x}: {hex:<12} {text:<28} +{}",
            e.pc, e.cycles
        ) {
            self.error = Some(err);
        }
    }
}

/// Every data access, in order.
#[derive(Debug, Default, Clone)]
pub struct Accesses {
    pub list: Vec<Access>,
}

impl Accesses {
    /// Distinct addresses written, per space.
    pub fn written(&self) -> BTreeMap<Space, BTreeSet<u32>> {
        let mut map: BTreeMap<Space, BTreeSet<u32>> = BTreeMap::new();
        for a in self.list.iter().filter(|a| a.write) {
            map.entry(a.space).or_default().insert(a.addr);
        }
        map
    }
}

impl Observer for Accesses {
    fn access(&mut self, access: Access) {
        self.list.push(access);
    }
}

/// Which instructions were fetched, with their length and how often each ran.
#[derive(Debug, Default, Clone)]
pub struct Coverage {
    /// Instruction address → (length in bytes, times executed).
    pub executed: BTreeMap<u32, (u32, u64)>,
}

impl Coverage {
    /// Distinct code bytes fetched as instructions.
    pub fn code_bytes(&self) -> u64 {
        let mut covered = BTreeSet::new();
        for (&pc, &(len, _)) in &self.executed {
            covered.extend(pc..pc + len);
        }
        covered.len() as u64
    }
}

impl Observer for Coverage {
    fn instruction(&mut self, e: &Executed) {
        self.executed
            .entry(e.pc)
            .or_insert((e.bytes.len() as u32, 0))
            .1 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn executed(pc: u32, bytes: &[u8]) -> Executed<'_> {
        Executed {
            pc,
            bytes,
            cycles: 2,
        }
    }

    #[test]
    fn a_pair_feeds_both_and_comes_back_by_type() {
        let mut pair: Box<dyn Observer> = Box::new((Coverage::default(), Accesses::default()));
        pair.instruction(&executed(0x10, &[0x74, 0x01]));
        pair.instruction(&executed(0x10, &[0x74, 0x01]));
        pair.instruction(&executed(0x11, &[0x04]));
        pair.access(Access {
            space: Space::Iram,
            addr: 5,
            value: 1,
            write: true,
        });
        let (coverage, accesses) = *downcast::<(Coverage, Accesses)>(pair).unwrap();
        assert_eq!(coverage.executed[&0x10], (2, 2));
        assert_eq!(
            coverage.code_bytes(),
            2,
            "overlapping instructions count their bytes once"
        );
        assert_eq!(accesses.written()[&Space::Iram], BTreeSet::from([5]));
    }

    #[test]
    fn trace_numbers_lines_by_cycle() {
        struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = std::rc::Rc::new(std::cell::RefCell::new(vec![]));
        let mut trace = Trace::new(Box::new(Shared(buf.clone())), |_, _| "nop".into(), 100);
        trace.instruction(&executed(0x20, &[0x00]));
        trace.instruction(&executed(0x21, &[0x00]));
        trace.finish().unwrap();
        let text = String::from_utf8(buf.borrow().clone()).unwrap();
        let starts: Vec<&str> = text
            .lines()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(starts, ["100", "102"]);
        assert!(text.contains("0021: 00"), "{text}");
    }
}
