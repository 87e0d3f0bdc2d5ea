/* The enemy's strategy as shipped (ai/three_musketeers/three-musketeers.strategy), read by
 * ai/three_musketeers/strategy.py. Little-endian:
 *
 *   header   "TM-STRAT", u32 version (1), u32 entries, u32 blocks, u32 start value (plies)
 *   index    blocks x (u32 ply, u32 first number, u32 entries, u32 offset, u32 length,
 *            u32 CRC-32 of the block's bytes before compression)
 *   blocks   raw LZMA2 (dictionary BLOCK_DICTIONARY) of: the entries' numbers as LEB128
 *            gaps from the one before (the first is in the index), then a byte each: the
 *            move (its place among the position's moves in (from, to) order), then a byte
 *            each: the plies until the enemy wins with best play on both sides.
 *
 * An entry is a position where the enemy is to move, by its ply and smallest number under
 * the four symmetries (board.h); blocks are in (ply, number) order. */
#ifndef STRATEGY_FILE_H
#define STRATEGY_FILE_H

#include <stdint.h>

#define STRATEGY_MAGIC "TM-STRAT"
#define STRATEGY_VERSION 1
#define BLOCK_ENTRIES 8192
#define BLOCK_DICTIONARY (1u << 20)

typedef struct {
    uint32_t number;
    uint8_t move, plies;
} Entry;

/* One ply's entries, in number order. */
typedef struct {
    Entry *entries;
    uint64_t count;
} PlyEntries;

int write_strategy(const char *file, PlyEntries plies[], int start_plies);
/* Reads every entry (plies[] indexed by ply); returns the start value, or -1. */
int read_strategy(const char *file, PlyEntries plies[]);
const Entry *find_entry(const PlyEntries *ply, uint32_t number);

#endif
