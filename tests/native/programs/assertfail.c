/* A failing assert(): gdb lists __PRETTY_FUNCTION__ among check's locals but cannot create a
   variable object for it, so cdt-gdb-adapter fails the whole `variables` request. */
#include <assert.h>
#include <stdio.h>

static int check(int got) {
    int want = 42;
    assert(got == want); // @assert
    return got;
}

int main(void) {
    int got = 7;
    printf("%d\n", check(got));
    return 0;
}
