// A small Go program for the Delve tests: lines are found by their @marker comments.
package main

import (
	"fmt"
	"os"
	"sync"
)

type Point struct {
	X, Y int
	Name string
}

func scale(p Point, k int) Point { // @scale_entry
	q := Point{X: p.X * k, Y: p.Y * k, Name: p.Name} // @scale
	return q                                         // @scale_return
}

func worker(id int, wg *sync.WaitGroup, out chan<- int) {
	defer wg.Done()
	out <- id * 10 // @worker
}

func main() {
	p := Point{X: 1, Y: 2, Name: "pünkt"}
	nums := []int{10, 20, 30}
	ages := map[string]int{"ann": 31, "bob": 42}
	total := 0
	for i, n := range nums {
		total += n * (i + 1) // @loop
	}
	q := scale(p, 3)                       // @call
	fmt.Println("héllo wörld", q.X, total) // @print
	var wg sync.WaitGroup
	out := make(chan int, 1)
	wg.Add(1)
	go worker(7, &wg, out)
	wg.Wait()
	got := <-out
	fmt.Fprintln(os.Stderr, "stderr line", got, len(ages)) // @after
	os.Exit(3)                                             // @exit
}
