/* Types and the 64-bit division helpers gcc calls on SPARC V8 (rt.c). */
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long s64;
