/* Linked into the release binary in place of the Swift runtime's _swift_stdlib_getScalarName (Makefile LINK,
   --defsym): every Unicode scalar is unnamed. The runtime's function is the only reader of the Unicode name
   tables, 540 KB of a 9.2 MB file, and it is reached only through Unicode.Scalar.Properties.name, which x11hud
   never asks (LayeringTests keeps it so). Without this the tables stay: the property's code sits in the one
   section of the standard library that the linker cannot split, and that section is always live. */
#include <stdint.h>

intptr_t x11hud_unnamed_scalar(uint32_t scalar, uint8_t *name, intptr_t capacity) {
    (void)scalar;
    (void)name;
    (void)capacity;
    return 0;
}
