/* Prints two lines (no fflush: stdout is block-buffered on a pipe) and crashes in strlen. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int total = 0;
    const char *name = argc > 5 ? argv[1] : NULL;
    for (int i = 0; i < 2; i++) {
        total += 3 * (i + 1);
        printf("i=%d total=%d\n", i, total);  // @print
    }
    total += (int)strlen(name);  // @strlen
    return total;
}
