/* A null pointer write: the stop names the signal once. */
int main(void) {
    int *p = 0;
    *p = 1;  // @crash
    return 0;
}
