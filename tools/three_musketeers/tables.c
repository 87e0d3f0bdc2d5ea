/* Writing and mapping the solved plies (see tables.h). */
#include "tables.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"

static void ply_path(char *path, size_t size, const char *dir, int ply) {
    snprintf(path, size, "%s/ply-%02d.i8", dir, ply);
}

int write_ply(const char *dir, int ply, const int8_t *values, uint64_t size) {
    char path[4096];
    ply_path(path, sizeof path, dir, ply);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(values, 1, size, f) != size || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

const int8_t *map_ply(const char *dir, int ply) {
    char path[4096];
    ply_path(path, sizeof path, dir, ply);
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || (uint64_t)st.st_size != ply_size(ply)) {
        fprintf(stderr, "cannot read %s (run the solve first): %s\n", path,
                fd < 0 ? strerror(errno) : "wrong size");
        return NULL;
    }
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "cannot map %s: %s\n", path, strerror(errno));
        return NULL;
    }
    return p;
}
