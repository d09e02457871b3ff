// Values of several Go kinds that Delve cuts or names oddly (the fidelity tests of values on
// Delve): lines are found by their @marker comments.
package main

import (
	"fmt"
	"os"
	"strings"
)

type Point struct {
	X, Y int
	Name string
}

type Node struct {
	Val  int
	Next *Node
}

func main() {
	p := Point{X: 1, Y: 2, Name: "pünkt"}
	pp := &p
	long := strings.Repeat("héllo wörld ", 200) // 2,800 bytes, 2,400 characters
	big := make([]int, 1000)
	for i := range big {
		big[i] = i * 2
	}
	bigmap := make(map[int]string, 300)
	for i := 0; i < 300; i++ {
		bigmap[i] = fmt.Sprint("v", i)
	}
	list := &Node{1, &Node{2, &Node{3, nil}}}
	n := 5
	ip := &n
	fmt.Println(pp.X, len(long), len(big), len(bigmap), list.Val, *ip) // @ready
	if len(os.Args) > 1 && os.Args[1] == "deadlock" {
		<-make(chan int) // @deadlock
	}
}
