// Cycles by identity: two nodes that point at each other, and a copy of one of them.
package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func main() {
	a := &Node{Val: 1}
	b := &Node{Val: 1}
	a.Next = b
	b.Next = a
	var s Node = *a
	fmt.Println(a.Val, b.Val, s.Val) // @ready
}
