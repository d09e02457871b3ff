// 2,000 goroutines parked on a channel: more than Delve lists in a `threads` answer.
package main

import (
	"fmt"
	"sync"
)

func park(ready *sync.WaitGroup, block chan struct{}) {
	ready.Done()
	<-block
}

func main() {
	var ready sync.WaitGroup
	block := make(chan struct{})
	const count = 2000
	ready.Add(count)
	for i := 0; i < count; i++ {
		go park(&ready, block)
	}
	ready.Wait()
	fmt.Println("parked", count) // @parked
	close(block)
}
