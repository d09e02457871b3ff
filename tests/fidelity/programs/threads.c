/* Three threads run work(): a breakpoint there is hit once by each. */
#include <pthread.h>
#include <stdio.h>
int shared = 0;
void *work(void *arg) {
    int id = *(int *)arg;
    shared += id;   // @work
    return NULL;
}
int main(void) {
    pthread_t t[3]; int ids[3] = {1, 2, 3};
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, work, &ids[i]);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    printf("shared=%d\n", shared);
    return 0;
}
