@ The key and block buffers of the on-the-fly variants (otf.s, otfdec.s),
@ which keep no round keys.
@ cardlab firmware: firmware/arm7tdmi/serpent/buffers.s
        .bss
        .global serpent_key, serpent_block
serpent_key:    .space  32             @ the key, 16, 24 or 32 bytes
serpent_block:  .space  16             @ the block, replaced by the result
