; AES-192 encryption, on-the-fly key schedule in a 24-byte window
; (seed 004's in-place key schedule). cardlab firmware:
; firmware/mcs51/aes/window192.asm (manifest window192.toml); the code is
; window.inc, the key steps winkey.inc, the RAM map and shared steps
; aes51.inc.
;
; Interface (cardlab mcs51 ABI): key in aes_key (24 bytes), plaintext in
; aes_state; LCALL aes_encrypt; ciphertext in aes_state. The key is
; destroyed (the window ends past the last round key).

NK      = 6

        .include "aes51.inc"
        .include "winkey.inc"
        .include "window.inc"
