/* Three Musketeers positions as bit masks, and their numbering by ply.
 *
 * Cells 0..24, cell = (rank - 1) * 5 + file, as in rules/three_musketeers.py. Every
 * Musketeer move captures, so the ply fixes the number of enemy pieces and the side to
 * move: ply 0 is the start (Musketeers to move, 22 enemies). A position of a ply is
 * numbered t * C(22, k) + r, where t numbers the Musketeers' three cells (colex order of
 * 3-subsets of 25) and r the k enemy cells among the 22 other cells (colex order). */
#ifndef BOARD_H
#define BOARD_H

#include <stdint.h>

#define CELLS 25
#define ALL_CELLS 0x1FFFFFFu
#define PLIES 45 /* plies 0..44; ply 44 has no enemy left */
#define TRIPLES 2300
#define SYMMETRIES 4
#define MUSKETEERS_WIN (-100)
#define ENEMY_WINS 100

extern uint64_t binomial[32][32];
extern uint32_t neighbours[CELLS];
extern uint32_t triple_mask[TRIPLES];
extern uint8_t triple_lined[TRIPLES];

void board_init(void);

static inline int musketeers_move(int ply) { return ply % 2 == 0; }
static inline int enemies_at(int ply) { return ply % 2 == 0 ? 22 - ply / 2 : 21 - (ply - 1) / 2; }
static inline uint64_t block_size(int ply) { return binomial[22][enemies_at(ply)]; }
static inline uint64_t ply_size(int ply) { return TRIPLES * block_size(ply); }
static inline int lowest(uint32_t m) { return __builtin_ctz(m); }
static inline int lowest64(uint64_t m) { return __builtin_ctzll(m); }

uint32_t deposit(uint32_t bits, uint32_t mask);
uint32_t extract(uint32_t bits, uint32_t mask);
int triple_rank(uint32_t musketeers);
uint32_t subset_rank(uint32_t bits22);
uint32_t subset_unrank(uint64_t rank, int k);
uint64_t position_index(int ply, uint32_t musketeers, uint32_t enemies);
void position_at(int ply, uint64_t index, uint32_t *musketeers, uint32_t *enemies);
uint32_t symmetric(int symmetry, uint32_t cells);
uint64_t canonical_index(int ply, uint32_t musketeers, uint32_t enemies);

/* A move: from and to cells; a side's moves in order of (from, to), the order of the
 * strategy's stored move numbers. */
typedef struct {
    uint8_t from, to;
} Move;
int list_moves(int ply, uint32_t musketeers, uint32_t enemies, Move *moves);
void play(int ply, Move move, uint32_t *musketeers, uint32_t *enemies);

#endif
