// A shadowed variable (Delve's `(x)`), and a step of main that a breakpoint on another goroutine interrupts, every time: main cannot
// finish the @release line before the worker passed its @worker line.
package main

import "fmt"

func worker(start <-chan struct{}, done chan<- int) {
	<-start
	n := 42 // @worker
	done <- n
}

func shadow() {
	x := 1
	{
		x := 2
		fmt.Println(x) // @shadow
	}
	fmt.Println(x)
}

func main() {
	shadow()
	start, done := make(chan struct{}), make(chan int)
	go worker(start, done)
	close(start); got := <-done // @release
	fmt.Println("got", got)     // @after
}
