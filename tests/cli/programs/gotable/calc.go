// Package gotable has a wrong Add and a Div that panics on zero: table tests and panics for `dapcli test`.
package gotable

// Add is off by one (the bug the table test finds).
func Add(a, b int) int { return a + b + 1 }

// Div divides; a zero b panics.
func Div(a, b int) int { return a / b } // @div
