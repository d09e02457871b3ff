/* A loop, calls through a pointer, recursion and two threads (hit conditions, stepping). */
#include <stdio.h>
#include <pthread.h>

static int total;
typedef int (*op_t)(int);

int square(int n) {
    int r = n * n;  // @square
    return r;
}

int apply(op_t f, int v) {
    return f(v);  // @apply
}

int depth(int n) {
    if (n == 0)
        return 0;  // @bottom
    return 1 + depth(n - 1);
}

void *worker(void *arg) {
    int id = *(int *)arg;
    total += id;  // @worker
    return NULL;
}

int main(void) {
    for (int i = 0; i < 6; i++) {
        total += i;  // @loop
    }
    int s = apply(square, 7);  // @call
    int d = depth(4);
    pthread_t th[2];
    int ids[2] = {10, 20};
    for (int k = 0; k < 2; k++)
        pthread_create(&th[k], NULL, worker, &ids[k]);
    for (int k = 0; k < 2; k++)
        pthread_join(th[k], NULL);
    printf("s=%d d=%d total=%d\n", s, d, total);  // @end
    return 0;
}
