/* A loop of N passes (argv[1], default 10000): hit counts and log points at scale. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000;
    long sum = 0;
    for (long i = 0; i < n; i++) {
        sum += i;   // @scale-body
    }
    printf("sum=%ld\n", sum);  // @scale-end
    return 0;
}
