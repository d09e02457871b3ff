/* Return values after `finish` (stepOut): an int, a struct, a double and a void function. */
#include <stdio.h>

struct pt {
    int x;
    int y;
};

static int square(int x) {
    int y = x * x;
    return y;  // @in-square
}

static struct pt make_point(int a) {
    struct pt p = {a, a + 1};
    return p;  // @in-make-point
}

static double half(double v) {
    return v / 2;  // @in-half
}

static void nothing(void) {
    puts("nothing");  // @in-nothing
}

int main(void) {
    int total = square(7);
    struct pt p = make_point(3);
    double h = half(5.0);
    nothing();
    printf("%d %d %g\n", total, p.x, h);
    return 0;
}
