/* Case 1 of issue 10: a bad expression's diagnosis comes first, a caret last. */
int main(void) {
    int w = 7;
    return w - 7;  // @stop
}
