//! The binary embeds firmware/, vectors/ and seeds/ (see src/data.rs):
//! rebuild it when any of them changes.
fn main() {
    for dir in ["firmware", "vectors", "seeds"] {
        println!("cargo::rerun-if-changed=../../{dir}");
    }
}
