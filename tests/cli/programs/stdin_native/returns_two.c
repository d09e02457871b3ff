/* A test binary whose main returns 2 (no exit() call of its own). */
static int count_failures(void) { return 2; }

int main(void) {
    int failures = count_failures();
    return failures;
}
