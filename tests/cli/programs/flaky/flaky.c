/* A test binary that fails on one run only: each run counts itself in the file "runs" of the
   folder FLAKY_DIR names; the run numbered FLAKY_FAIL_ON (default 3) fails its assert(). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static int bump(void) {
    char path[4096];
    int count = 0;
    snprintf(path, sizeof path, "%s/runs", getenv("FLAKY_DIR"));
    FILE *in = fopen(path, "r");
    if (in != NULL) {
        if (fscanf(in, "%d", &count) != 1) count = 0;
        fclose(in);
    }
    count++; /* @bump */
    FILE *out = fopen(path, "w");
    fprintf(out, "%d", count);
    fclose(out);
    return count;
}

int main(void) {
    int count = bump();
    const char *fail_on = getenv("FLAKY_FAIL_ON");
    assert(count != (fail_on ? atoi(fail_on) : 3)); /* @assert */
    return 0;
}
