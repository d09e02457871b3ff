/* A variable shadowed in a nested block (cdt gave the outer one the inner one's value). */
int main(void) {
    int shadow = 1;
    int other = 5;
    {
        int shadow = 2;
        other += shadow;  // @inner
    }
    return other - 8;
}
