/* Ends by SIGABRT: the same death must read the same under every adapter. */
#include <stdlib.h>

int main(void) {
    int reached = 1;
    abort();  // @abort
    return reached;
}
