//! Progress on long work: a bar on a terminal; when stderr is not a
//! terminal (a CI log, `| tee`), a plain "done/total" line every few
//! seconds and one at the end; nothing with `--quiet`.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often a plain progress line is printed at most.
const LINE_EVERY: Duration = Duration::from_secs(5);

pub enum Progress {
    Bar(ProgressBar),
    Lines {
        /// What is being done, first on every line ("report").
        what: &'static str,
        total: AtomicU64,
        done: AtomicU64,
        started: Instant,
        last: Mutex<Instant>,
    },
    Quiet,
}

impl Progress {
    /// The kind of progress stderr can show, or none if `quiet`.
    pub fn new(what: &'static str, quiet: bool) -> Progress {
        match (quiet, std::io::stderr().is_terminal()) {
            (true, _) => Progress::Quiet,
            (false, true) => Progress::Bar(
                ProgressBar::new(0).with_style(
                    ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {msg}")
                        .expect("valid template"),
                ),
            ),
            (false, false) => Progress::Lines {
                what,
                total: AtomicU64::new(0),
                done: AtomicU64::new(0),
                started: Instant::now(),
                last: Mutex::new(Instant::now()),
            },
        }
    }

    /// A line of its own (not a count), unless quiet.
    pub fn say(&self, text: &str) {
        match self {
            Progress::Bar(bar) => bar.println(text),
            Progress::Lines { what, .. } => eprintln!("{what}: {text}"),
            Progress::Quiet => {}
        }
    }

    pub fn set_total(&self, n: u64) {
        match self {
            Progress::Bar(bar) => bar.set_length(n),
            Progress::Lines { total, .. } => total.store(n, Ordering::Relaxed),
            Progress::Quiet => {}
        }
    }

    /// One unit of work is done; `label` names it.
    pub fn inc(&self, label: &str) {
        match self {
            Progress::Bar(bar) => {
                bar.set_message(label.to_string());
                bar.inc(1);
            }
            Progress::Lines { done, .. } => {
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                self.line(n, label);
            }
            Progress::Quiet => {}
        }
    }

    /// `n` units are done in all (work that counts in bulk).
    pub fn set_done(&self, n: u64, label: &str) {
        match self {
            Progress::Bar(bar) => {
                bar.set_message(label.to_string());
                bar.set_position(n);
            }
            Progress::Lines { done, .. } => {
                done.fetch_max(n, Ordering::Relaxed);
                self.line(n, label);
            }
            Progress::Quiet => {}
        }
    }

    /// A plain log's "done/total (label)" line, at most every [`LINE_EVERY`].
    fn line(&self, n: u64, label: &str) {
        if let Progress::Lines {
            what, total, last, ..
        } = self
        {
            let mut last = last.lock().expect("no panic while held");
            if last.elapsed() >= LINE_EVERY {
                *last = Instant::now();
                eprintln!("{what}: {n}/{} ({label})", total.load(Ordering::Relaxed));
            }
        }
    }

    /// The work is over: the bar goes; a plain log gets its last line.
    pub fn finish(&self) {
        match self {
            Progress::Bar(bar) => bar.finish_and_clear(),
            Progress::Lines {
                what,
                total,
                done,
                started,
                ..
            } => eprintln!(
                "{what}: {}/{} done in {:.1} s",
                done.load(Ordering::Relaxed),
                total.load(Ordering::Relaxed),
                started.elapsed().as_secs_f64()
            ),
            Progress::Quiet => {}
        }
    }
}
