        .hc05
MDS             = 0
FCOPY           = 1
XKIN            = 1
WUNR            = 0
        .include "sboxes.inc"
