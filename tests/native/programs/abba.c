/* Two threads take two mutexes in opposite orders and deadlock (ABBA).
   Prints "both wait for the other's mutex" once each holds its first mutex and has asked
   for the other's (the owner fields say so; the futex wait follows at once). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
pthread_barrier_t both;

static void *transfer_ab(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock_a);
    pthread_barrier_wait(&both);
    pthread_mutex_lock(&lock_b); // @wait_b
    pthread_mutex_unlock(&lock_b);
    pthread_mutex_unlock(&lock_a);
    return NULL;
}

static void *transfer_ba(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock_b);
    pthread_barrier_wait(&both);
    pthread_mutex_lock(&lock_a); // @wait_a
    pthread_mutex_unlock(&lock_a);
    pthread_mutex_unlock(&lock_b);
    return NULL;
}

int main(void) {
    pthread_t first, second;
    pthread_barrier_init(&both, NULL, 2);
    pthread_create(&first, NULL, transfer_ab, NULL);
    pthread_create(&second, NULL, transfer_ba, NULL);
    /* both mutexes owned and each with a waiter: glibc counts waiters in __lock (2 = contended) */
    while (lock_a.__data.__lock != 2 || lock_b.__data.__lock != 2)
        usleep(1000);
    printf("both wait for the other's mutex\n");
    fflush(stdout);
    pthread_join(first, NULL); // @join
    pthread_join(second, NULL);
    return 0;
}
