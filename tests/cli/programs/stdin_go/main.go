// Reads one line of stdin and echoes it: --stdin FILE and typed input (`dapcli input`).
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	fmt.Println("ready")
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil {
		fmt.Println("read nothing")
		return
	}
	fmt.Printf("read=<%s>\n", line)
}
