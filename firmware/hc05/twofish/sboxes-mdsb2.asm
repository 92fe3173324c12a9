        .hc05
MDS             = 2
FCOPY           = 0
XKIN            = 0
WUNR            = 0
        .include "sboxes.inc"
