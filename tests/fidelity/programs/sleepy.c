/* Runs until stopped, almost always inside libc's sleep: a pause lands in a library. It says
   "tick N" each round, so a test knows it runs main's loop (past the dynamic loader). */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int counter = 0;
    while (1) {
        counter++;  // @tick
        printf("tick %d\n", counter);
        fflush(stdout);
        sleep(1);   // @nap
    }
    return counter;
}
