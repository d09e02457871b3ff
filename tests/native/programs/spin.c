/* Runs until killed: the attach test's program. */
#include <unistd.h>

int main(void) {
    volatile unsigned long ticks = 0;
    for (;;) {
        ticks++;  // @tick
        usleep(2000);
    }
    return 0;
}
