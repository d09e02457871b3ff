/* Runs until stopped, almost always inside libc's sleep: a pause lands in a library. */
#include <unistd.h>

int main(void) {
    int counter = 0;
    while (1) {
        counter++;  // @tick
        sleep(1);
    }
    return counter;
}
