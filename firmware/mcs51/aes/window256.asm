; AES-256 encryption, on-the-fly key schedule in a 32-byte window
; (seed 004's in-place key schedule). cardlab firmware:
; firmware/mcs51/aes/window256.asm (manifest window256.toml); the code is
; window.inc, the key steps winkey.inc, the RAM map and shared steps
; aes51.inc.
;
; Interface (cardlab mcs51 ABI): key in aes_key (32 bytes), plaintext in
; aes_state; LCALL aes_encrypt; ciphertext in aes_state. The key is
; destroyed (the window ends past the last round key).

NK      = 8

        .include "aes51.inc"
        .include "winkey.inc"
        .include "window.inc"
