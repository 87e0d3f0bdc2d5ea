/* Growable sets of position numbers (see numbers.h). */
#include "numbers.h"

#include <stdlib.h>

void push(Numbers *s, uint32_t x) {
    if (s->n == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 1024;
        s->v = realloc(s->v, s->capacity * sizeof *s->v);
    }
    s->v[s->n++] = x;
}

static int by_number(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void sort_unique(Numbers *s) {
    qsort(s->v, s->n, sizeof *s->v, by_number);
    uint64_t kept = 0;
    for (uint64_t i = 0; i < s->n; i++)
        if (kept == 0 || s->v[i] != s->v[kept - 1]) s->v[kept++] = s->v[i];
    s->n = kept;
}
