package gotable

import "testing"

func TestAddTable(t *testing.T) {
	cases := []struct {
		name string
		a, b int
		want int
	}{
		{"zero", 0, 0, 0},
		{"one two", 1, 2, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Add(c.a, c.b)
			if got != c.want {
				t.Fatalf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want) // @fatal
			}
		})
	}
}

func TestDivPanics(t *testing.T) {
	zero := 0
	_ = Div(1, zero)
}

func TestSubPanic(t *testing.T) {
	t.Run("inner", func(t *testing.T) {
		_ = Div(4, 0)
	})
}
