#!/bin/bash
# A small bash program for dapcli's bash-dap tests: a function, a loop, an array, an exit status.
total() {
    local sum=0
    for p in "$@"; do
        sum=$((sum + p))  # @add
    done
    echo "$sum"
}

prices=(3 5 8)
name="ferris"
t=$(total "${prices[@]}")  # @call
echo "$name $t"  # @print
exit 3
