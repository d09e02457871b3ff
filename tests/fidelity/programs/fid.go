// The fidelity scenario in Go (the same steps as fid.py, fid.c, fid.js): lines are found by
// their @marker comments. Ends with a panic (exit status 2).
package main

import (
	"fmt"
	"os"
	"time"
)

type Point struct {
	X, Y int
}

func square(n int) int {
	result := n * n // @square-body
	return result   // @square-return
}

func main() {
	point := Point{X: 3, Y: 4}
	values := []int{10, 20, 30, 40, 50}
	total := 0
	mark := 0
	for i := 0; i < 5; i++ {
		total += values[i] // @loop-body
		mark = i           // @loop-hit
		mark += 1          // @log
	}
	sq := square(point.X)                                                         // @call
	fmt.Println("a\tb héllo wörld", total, sq, mark)                              // @print
	for _, err := os.Stat(os.Args[1]); err != nil; _, err = os.Stat(os.Args[1]) { // @wait
		time.Sleep(10 * time.Millisecond)
	}
	panic("boom") // @raise
}
