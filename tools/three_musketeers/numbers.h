/* A growable set of position numbers (one ply's), made sorted and unique on demand. */
#ifndef NUMBERS_H
#define NUMBERS_H

#include <stdint.h>

typedef struct {
    uint32_t *v;
    uint64_t n, capacity;
} Numbers;

void push(Numbers *s, uint32_t x);
void sort_unique(Numbers *s);

#endif
