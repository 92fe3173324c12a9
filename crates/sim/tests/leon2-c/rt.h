/* Fixed-width types, from the compiler's own definitions so that the same
 * programs build for 32-bit SPARC and for the 8-bit AVR (where int is 16
 * bits), and the 64-bit division helpers gcc calls on SPARC V8 (rt.c). */
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT64_TYPE__ s64;
