//! `cargo bench -p cardlab-twofish`: host cycles (time-stamp counter,
//! median of `measure::RUNS` calls) of key setup and one block's
//! encryption for every keying option, as seed 001 Tables 1 and 2 give
//! them for the Pentium Pro. The same figures print in `cardlab report`.

use cardlab_twofish::Keying;
use cardlab_twofish::measure::measure;

fn main() {
    println!(
        "{:<14} {:>4} {:>10} {:>8}",
        "keying", "key", "key setup", "encrypt"
    );
    for bits in [128, 192, 256] {
        for keying in Keying::ALL.into_iter().filter(|k| k.available()) {
            let key: Vec<u8> = (0..bits / 8).map(|i| i as u8 * 17).collect();
            match measure(keying, &key).expect("a valid key") {
                Some(f) => println!(
                    "{:<14} {:>4} {:>10} {:>8}",
                    keying.name(),
                    bits,
                    f.key_setup_cycles,
                    f.encrypt_cycles
                ),
                None => println!("no cycle counter on this machine"),
            }
        }
    }
}
