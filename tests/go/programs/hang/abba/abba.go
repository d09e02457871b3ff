// Two goroutines take two sync.Mutexes in opposite orders and deadlock (ABBA); main sleeps, so
// the runtime sees a timer and reports nothing. Prints "both wait for the other's mutex" once
// each mutex is held and has a waiter.
package main

import (
	"fmt"
	"reflect"
	"sync"
	"time"
)

var lockA, lockB sync.Mutex

func waiters(m *sync.Mutex) int64 {
	return reflect.ValueOf(m).Elem().FieldByName("state").Int() >> 3 // sync's mutexWaiterShift
}

func transferAB(both *sync.WaitGroup) {
	lockA.Lock()
	both.Done()
	both.Wait()
	lockB.Lock() // @wait_b
	lockB.Unlock()
	lockA.Unlock()
}

func transferBA(both *sync.WaitGroup) {
	lockB.Lock()
	both.Done()
	both.Wait()
	lockA.Lock() // @wait_a
	lockA.Unlock()
	lockB.Unlock()
}

func main() {
	var both sync.WaitGroup
	both.Add(2)
	go transferAB(&both)
	go transferBA(&both)
	for waiters(&lockA) < 1 || waiters(&lockB) < 1 {
		time.Sleep(time.Millisecond)
	}
	fmt.Println("both wait for the other's mutex")
	for {
		time.Sleep(100 * time.Millisecond) // @sleep
	}
}
