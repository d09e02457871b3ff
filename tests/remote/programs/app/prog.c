/* A program debugged "remotely": built and run in another directory than the user's checkout. */
#include <stdio.h>

int nodebug_twice(int x); /* in nodebug.c, built without debug info */

int twice(int x) {
    int y = x * 2; /* @twice */
    return y;
}

int main(void) {
    int total = 0;
    for (int i = 0; i < 3; i++) {
        total += twice(i) + nodebug_twice(i);
    }
    printf("total %d\n", total);
    return 0;
}
