/* Masks, numbering and moves of Three Musketeers positions (see board.h). */
#include "board.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

uint64_t binomial[32][32];
uint32_t neighbours[CELLS];
uint32_t triple_mask[TRIPLES];
uint8_t triple_lined[TRIPLES];
static uint32_t rank_low[1 << 11];
static uint32_t rank_high[12][1 << 11];
static uint8_t symmetry_of[SYMMETRIES][CELLS];

/* The four symmetries that keep the a1-c3-e5 diagonal (the start's Musketeers). */
static int mirrored(int symmetry, int cell) {
    int file = cell % 5, rank = cell / 5;
    switch (symmetry) {
    case 1: return file * 5 + rank;                   /* about the a1-e5 diagonal */
    case 2: return (4 - rank) * 5 + (4 - file);       /* half a turn */
    case 3: return (4 - file) * 5 + (4 - rank);       /* about the a5-e1 diagonal */
    default: return cell;
    }
}

void board_init(void) {
    for (int n = 0; n < 32; n++) {
        binomial[n][0] = 1;
        for (int k = 1; k <= n; k++) binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
    }
    for (int cell = 0; cell < CELLS; cell++) {
        int file = cell % 5, rank = cell / 5;
        uint32_t m = 0;
        if (file > 0) m |= 1u << (cell - 1);
        if (file < 4) m |= 1u << (cell + 1);
        if (rank > 0) m |= 1u << (cell - 5);
        if (rank < 4) m |= 1u << (cell + 5);
        neighbours[cell] = m;
        for (int s = 0; s < SYMMETRIES; s++) symmetry_of[s][cell] = (uint8_t)mirrored(s, cell);
    }
    for (int c = 2; c < CELLS; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++) {
                int t = triple_rank((1u << a) | (1u << b) | (1u << c));
                triple_mask[t] = (1u << a) | (1u << b) | (1u << c);
                triple_lined[t] = (a / 5 == b / 5 && b / 5 == c / 5) ||
                                  (a % 5 == b % 5 && b % 5 == c % 5);
            }
    for (uint32_t x = 0; x < (1u << 11); x++) {
        uint32_t low = 0;
        int i = 0;
        for (int bit = 0; bit < 11; bit++)
            if (x >> bit & 1) low += (uint32_t)binomial[bit][++i];
        rank_low[x] = low;
        for (int before = 0; before < 12; before++) {
            uint32_t high = 0;
            int j = before;
            for (int bit = 0; bit < 11; bit++)
                if (x >> bit & 1) high += (uint32_t)binomial[11 + bit][++j];
            rank_high[before][x] = high;
        }
    }
}

uint32_t deposit(uint32_t bits, uint32_t mask) {
#ifdef __BMI2__
    return _pdep_u32(bits, mask);
#else
    uint32_t out = 0;
    for (; mask; mask &= mask - 1, bits >>= 1)
        if (bits & 1) out |= mask & -mask;
    return out;
#endif
}

uint32_t extract(uint32_t bits, uint32_t mask) {
#ifdef __BMI2__
    return _pext_u32(bits, mask);
#else
    uint32_t out = 0;
    for (int i = 0; mask; mask &= mask - 1, i++)
        if (bits & mask & -mask) out |= 1u << i;
    return out;
#endif
}

int triple_rank(uint32_t m) {
    int a = lowest(m);
    m &= m - 1;
    int b = lowest(m);
    m &= m - 1;
    int c = lowest(m);
    return (int)(binomial[a][1] + binomial[b][2] + binomial[c][3]);
}

uint32_t subset_rank(uint32_t bits22) {
    uint32_t low = bits22 & 0x7FF;
    return rank_low[low] + rank_high[__builtin_popcount(low)][bits22 >> 11];
}

uint32_t subset_unrank(uint64_t rank, int k) {
    uint32_t bits = 0;
    for (int i = k, cell = 21; i > 0; i--) {
        while (binomial[cell][i] > rank) cell--;
        bits |= 1u << cell;
        rank -= binomial[cell][i];
        cell--;
    }
    return bits;
}

uint64_t position_index(int ply, uint32_t musketeers, uint32_t enemies) {
    uint32_t free_cells = ALL_CELLS & ~musketeers;
    return (uint64_t)triple_rank(musketeers) * block_size(ply) +
           subset_rank(extract(enemies, free_cells));
}

void position_at(int ply, uint64_t index, uint32_t *musketeers, uint32_t *enemies) {
    uint64_t block = block_size(ply);
    *musketeers = triple_mask[index / block];
    *enemies = deposit(subset_unrank(index % block, enemies_at(ply)), ALL_CELLS & ~*musketeers);
}

uint32_t symmetric(int symmetry, uint32_t cells) {
    uint32_t out = 0;
    for (; cells; cells &= cells - 1) out |= 1u << symmetry_of[symmetry][lowest(cells)];
    return out;
}

uint64_t canonical_index(int ply, uint32_t musketeers, uint32_t enemies) {
    uint64_t best = position_index(ply, musketeers, enemies);
    for (int s = 1; s < SYMMETRIES; s++) {
        uint64_t index = position_index(ply, symmetric(s, musketeers), symmetric(s, enemies));
        if (index < best) best = index;
    }
    return best;
}

int list_moves(int ply, uint32_t musketeers, uint32_t enemies, Move *moves) {
    uint32_t movers = musketeers_move(ply) ? musketeers : enemies;
    uint32_t targets = musketeers_move(ply) ? enemies : ALL_CELLS & ~musketeers & ~enemies;
    int n = 0;
    for (uint32_t m = movers; m; m &= m - 1) {
        int from = lowest(m);
        for (uint32_t to = neighbours[from] & targets; to; to &= to - 1)
            moves[n++] = (Move){(uint8_t)from, (uint8_t)lowest(to)};
    }
    return n;
}

void play(int ply, Move move, uint32_t *musketeers, uint32_t *enemies) {
    uint32_t step = (1u << move.from) | (1u << move.to);
    if (musketeers_move(ply)) {
        *musketeers ^= step;
        *enemies &= ~(1u << move.to);
    } else {
        *enemies ^= step;
    }
}
