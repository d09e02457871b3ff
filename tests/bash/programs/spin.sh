#!/bin/bash
# Runs until stopped, with a child in the background: a pause stops it, `stop` ends both.
sleep 299.25 &
n=0
while true; do
    n=$((n + 1))  # @spin
    sleep 0.1
done
