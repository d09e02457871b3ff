/* Built without -g: a function with no line info (the "no source" case). */
int nodebug_twice(int x) {
    return x * 2;
}
