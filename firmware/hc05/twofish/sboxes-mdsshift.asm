        .hc05
MDS             = 3
FCOPY           = 0
XKIN            = 0
WUNR            = 0
        .include "sboxes.inc"
