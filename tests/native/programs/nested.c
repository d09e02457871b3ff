/* Three frames deep, none with an array: main -> outer -> inner (the frames a stop in inner
 * has not listed yet are outer's and main's). Tests find lines by `@marker` comments. */
#include <stdio.h>

struct pair {
    int left;
    int right;
};

static int inner(int n) {
    int doubled = n * 2;  // @inner-body
    return doubled;
}

static int outer(int a, int b) {
    struct pair both = {a, b};
    int sum = a + b;
    int got = inner(sum);  // @outer-call
    return got + both.left;
}

int main(void) {
    int result = outer(3, 4);
    printf("result=%d\n", result);
    return 0;
}
