/* The C twin of examples/buggy.py as a test program: the discount loses its cents.
 * Build and debug the failing assert:
 *   gcc -g -O0 -o test_cart test_cart.c && dapcli test ./test_cart
 */
#include <assert.h>
#include <stdio.h>

struct item { const char *name; int cents; };

static const struct item cart[] = {{"notebook", 1999}, {"pen", 525}, {"stickers", 99}, {"tape", 250}};

static int total(const struct item *items, int count, int percent) {
    int running = 0;
    for (int i = 0; i < count; i++) {
        int discount = items[i].cents * percent / 100 / 100 * 100; /* the bug: whole units only */
        running += items[i].cents - discount;
    }
    return running;
}

static void test_total_with_discount(void) {
    int got = total(cart, 4, 15);
    assert(got == 2441); /* @assert */
}

int main(void) {
    assert(total(cart, 4, 0) == 2873);
    test_total_with_discount();
    puts("all passed");
    return 0;
}
