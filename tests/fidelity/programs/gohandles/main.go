// Handles live for one stop: a struct listed at one stop, then a `next`.
package main

import "fmt"

type Pair struct {
	A, B int
}

func use(p *Pair) int {
	return p.A + p.B
}

func main() {
	first := Pair{A: 1, B: 2}
	n := 5
	m := 6
	second := Pair{A: 3, B: 4} // @start
	n = use(&first) + n        // @next
	m = use(&second) + m
	fmt.Println(n, m, first, second)
}
