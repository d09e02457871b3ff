/* Crashes with SIGSEGV when given an argument, else exits with code 11 (the signal's number). */
#include <stdio.h>

int main(int argc, char **argv) {
    printf("before\n");
    fflush(stdout);
    if (argc > 1) {
        int *p = 0;
        *p = 1;  // @segv
    }
    return 11;
}
