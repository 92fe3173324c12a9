//! The seed papers' published figures (`seeds/figures.csv`).
