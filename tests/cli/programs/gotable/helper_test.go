package gotable

import "testing"

func checkAdd(t *testing.T, a, b, want int) {
	t.Helper()
	if got := Add(a, b); got != want {
		t.Errorf("Add(%d, %d) = %d, want %d", a, b, got, want) // @errorf
	}
}

func TestWithHelper(t *testing.T) {
	x := 5
	checkAdd(t, x, 1, 6) // @helper
}
