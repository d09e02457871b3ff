// main waits on a channel nobody sends on: the runtime reports "all goroutines are asleep".
package main

import "fmt"

func main() {
	results := make(chan int)
	fmt.Println("waiting for a result")
	total := <-results // @recv
	fmt.Println(total)
}
