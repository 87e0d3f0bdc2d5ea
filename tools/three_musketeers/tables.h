/* The solved plies on disk: DIR/ply-NN.i8, one signed byte a position (see solve.c). */
#ifndef TABLES_H
#define TABLES_H

#include <stdint.h>

int write_ply(const char *dir, int ply, const int8_t *values, uint64_t size);
/* The ply's values, memory-mapped read-only; NULL (with a message) if missing. */
const int8_t *map_ply(const char *dir, int ply);

#endif
