/* A 100,000-element array: the first page of `vars` must not fetch every element. */
#include <stdio.h>

int main(void) {
    int big[100000];
    for (int i = 0; i < 100000; i++) {
        big[i] = i * 3;
    }
    printf("%d\n", big[99999]);  // @print
    return 0;
}
