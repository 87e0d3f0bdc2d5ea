/* Writing and reading the shipped strategy file (format in strategy_file.h). */
#include "strategy_file.h"

#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define HEADER_BYTES 24
#define INDEX_BYTES 24

static void lzma2_filters(lzma_options_lzma *options, lzma_filter filters[2]) {
    lzma_lzma_preset(options, 9 | LZMA_PRESET_EXTREME);
    options->dict_size = BLOCK_DICTIONARY;
    filters[0] = (lzma_filter){.id = LZMA_FILTER_LZMA2, .options = options};
    filters[1] = (lzma_filter){.id = LZMA_VLI_UNKNOWN, .options = NULL};
}

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A block's bytes before compression; returns their length. */
static size_t pack_block(const Entry *entries, uint32_t count, uint8_t *out) {
    size_t n = 0;
    for (uint32_t i = 1; i < count; i++)
        for (uint32_t gap = entries[i].number - entries[i - 1].number;; gap >>= 7) {
            out[n++] = (uint8_t)((gap & 0x7F) | (gap > 0x7F ? 0x80 : 0));
            if (gap <= 0x7F) break;
        }
    for (uint32_t i = 0; i < count; i++) out[n++] = entries[i].move;
    for (uint32_t i = 0; i < count; i++) out[n++] = entries[i].plies;
    return n;
}

int write_strategy(const char *file, PlyEntries plies[], int start_plies) {
    uint32_t blocks = 0, entries = 0;
    for (int ply = 0; ply < PLIES; ply++) {
        blocks += (uint32_t)((plies[ply].count + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES);
        entries += (uint32_t)plies[ply].count;
    }
    size_t raw_size = BLOCK_ENTRIES * 7, data_size = 0, data_capacity = 1 << 20;
    uint8_t *raw = malloc(raw_size), *data = malloc(data_capacity);
    uint8_t *index = calloc(blocks, INDEX_BYTES);
    lzma_options_lzma options;
    lzma_filter filters[2];
    lzma2_filters(&options, filters);
    uint32_t b = 0;
    for (int ply = 0; ply < PLIES; ply++)
        for (uint64_t first = 0; first < plies[ply].count; first += BLOCK_ENTRIES, b++) {
            const Entry *block = plies[ply].entries + first;
            uint32_t count = (uint32_t)(plies[ply].count - first < BLOCK_ENTRIES
                                            ? plies[ply].count - first
                                            : BLOCK_ENTRIES);
            size_t n = pack_block(block, count, raw), out = 0;
            if (data_capacity < data_size + 2 * n + 1024) {
                data_capacity = 2 * (data_size + 2 * n + 1024);
                data = realloc(data, data_capacity);
            }
            if (lzma_raw_buffer_encode(filters, NULL, raw, n, data + data_size, &out,
                                       data_capacity - data_size) != LZMA_OK) {
                fprintf(stderr, "cannot compress a block\n");
                return 1;
            }
            uint8_t *row = index + (size_t)b * INDEX_BYTES;
            put32(row, (uint32_t)ply);
            put32(row + 4, block[0].number);
            put32(row + 8, count);
            put32(row + 12, (uint32_t)(HEADER_BYTES + (size_t)blocks * INDEX_BYTES + data_size));
            put32(row + 16, (uint32_t)out);
            put32(row + 20, lzma_crc32(raw, n, 0));
            data_size += out;
        }
    uint8_t header[HEADER_BYTES];
    memcpy(header, STRATEGY_MAGIC, 8);
    put32(header + 8, STRATEGY_VERSION);
    put32(header + 12, entries);
    put32(header + 16, blocks);
    put32(header + 20, (uint32_t)start_plies);
    FILE *f = fopen(file, "wb");
    int failed = !f || fwrite(header, 1, HEADER_BYTES, f) != HEADER_BYTES ||
                 fwrite(index, INDEX_BYTES, blocks, f) != blocks ||
                 fwrite(data, 1, data_size, f) != data_size || fclose(f) != 0;
    if (failed) fprintf(stderr, "cannot write %s: %s\n", file, strerror(errno));
    else
        printf("%s: %u entries in %u blocks, %zu bytes\n", file, entries, blocks,
               HEADER_BYTES + (size_t)blocks * INDEX_BYTES + data_size);
    free(raw);
    free(data);
    free(index);
    return failed;
}

static int unpack_block(const uint8_t *raw, size_t size, uint32_t first, Entry *out,
                        uint32_t count) {
    size_t n = 0;
    out[0].number = first;
    for (uint32_t i = 1; i < count; i++) {
        uint32_t gap = 0;
        for (int shift = 0;; shift += 7) {
            if (n >= size || shift > 28) return 1;
            gap |= (uint32_t)(raw[n] & 0x7F) << shift;
            if (!(raw[n++] & 0x80)) break;
        }
        out[i].number = out[i - 1].number + gap;
    }
    if (n + 2 * (size_t)count != size) return 1;
    for (uint32_t i = 0; i < count; i++) out[i].move = raw[n + i];
    for (uint32_t i = 0; i < count; i++) out[i].plies = raw[n + count + i];
    return 0;
}

int read_strategy(const char *file, PlyEntries plies[]) {
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s: %s\n", file, strerror(errno));
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *bytes = malloc((size_t)size);
    if (fread(bytes, 1, (size_t)size, f) != (size_t)size || size < HEADER_BYTES ||
        memcmp(bytes, STRATEGY_MAGIC, 8) != 0 || get32(bytes + 8) != STRATEGY_VERSION) {
        fprintf(stderr, "%s is not a version %d strategy file\n", file, STRATEGY_VERSION);
        return -1;
    }
    fclose(f);
    uint32_t blocks = get32(bytes + 16);
    if (HEADER_BYTES + (uint64_t)blocks * INDEX_BYTES > (uint64_t)size) {
        fprintf(stderr, "%s is cut short\n", file);
        return -1;
    }
    int start_plies = (int)get32(bytes + 20);
    memset(plies, 0, sizeof(PlyEntries) * PLIES);
    for (uint32_t b = 0; b < blocks; b++) {
        const uint8_t *row = bytes + HEADER_BYTES + (size_t)b * INDEX_BYTES;
        uint32_t ply = get32(row), count = get32(row + 8);
        if (ply < PLIES) plies[ply].count += count;
    }
    for (int ply = 0; ply < PLIES; ply++) {
        plies[ply].entries = malloc(sizeof(Entry) * (plies[ply].count + 1));
        plies[ply].count = 0;
    }
    lzma_options_lzma options;
    lzma_filter filters[2];
    lzma2_filters(&options, filters);
    uint8_t *raw = malloc(BLOCK_ENTRIES * 7);
    for (uint32_t b = 0; b < blocks; b++) {
        const uint8_t *row = bytes + HEADER_BYTES + (size_t)b * INDEX_BYTES;
        uint32_t ply = get32(row), count = get32(row + 8), offset = get32(row + 12);
        size_t in = 0, out = 0;
        if (ply >= PLIES || count > BLOCK_ENTRIES || (uint64_t)offset + get32(row + 16) > (uint64_t)size ||
            lzma_raw_buffer_decode(filters, NULL, bytes + offset, &in, get32(row + 16), raw, &out,
                                   BLOCK_ENTRIES * 7) != LZMA_OK ||
            lzma_crc32(raw, out, 0) != get32(row + 20) ||
            unpack_block(raw, out, get32(row + 4), plies[ply].entries + plies[ply].count, count)) {
            fprintf(stderr, "%s: block %u is damaged\n", file, b);
            return -1;
        }
        plies[ply].count += count;
    }
    free(raw);
    free(bytes);
    return start_plies;
}

const Entry *find_entry(const PlyEntries *ply, uint32_t number) {
    uint64_t low = 0, high = ply->count;
    while (low < high) {
        uint64_t mid = (low + high) / 2;
        if (ply->entries[mid].number < number) low = mid + 1;
        else high = mid;
    }
    return low < ply->count && ply->entries[low].number == number ? &ply->entries[low] : NULL;
}
