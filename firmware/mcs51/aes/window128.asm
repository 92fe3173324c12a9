; AES-128 encryption, on-the-fly key schedule in a 16-byte window
; (seed 004's in-place key schedule). cardlab firmware:
; firmware/mcs51/aes/window128.asm (manifest window128.toml); the code is
; window.inc, the key steps winkey.inc, the RAM map and shared steps
; aes51.inc.
;
; Interface (cardlab mcs51 ABI): key in aes_key (16 bytes), plaintext in
; aes_state; LCALL aes_encrypt; ciphertext in aes_state. The key is
; destroyed (the window ends holding the last round key).

NK      = 4

        .include "aes51.inc"
        .include "winkey.inc"
        .include "window.inc"
