/* The fidelity scenario in C (the same steps as fid.py, fid.go, fid.js): lines are found by
 * their @marker comments. Ends with SIGUSR1 (a handler lets it go on) and exit code 3. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct point {
    int x;
    int y;
};

static void on_usr1(int sig) { (void)sig; }

static int square(int n) {
    int result = n * n;  // @square-body
    return result;       // @square-return
}

int main(int argc, char **argv) {
    struct point point = {3, 4};
    int values[5] = {10, 20, 30, 40, 50};
    int total = 0;
    int mark = 0;
    signal(SIGUSR1, on_usr1);
    for (int i = 0; i < 5; i++) {
        total += values[i];  // @loop-body
        mark = i;            // @loop-hit
        mark += 1;           // @log
    }
    int sq = square(point.x);  // @call
    printf("a\tb héllo wörld %d %d %d\n", total, sq, mark);  // @print
    fflush(stdout);
    while (argc > 1 && access(argv[1], F_OK) != 0) {  // @wait
        usleep(10000);
    }
    raise(SIGUSR1);  // @raise
    return 3;        // @exit
}
