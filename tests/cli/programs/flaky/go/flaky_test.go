package flaky

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// bump counts this run in the file "runs" of the folder FLAKY_DIR names.
func bump(t *testing.T) int {
	path := filepath.Join(os.Getenv("FLAKY_DIR"), "runs")
	data, _ := os.ReadFile(path)
	count, _ := strconv.Atoi(string(data))
	count++ // @bump
	if err := os.WriteFile(path, []byte(strconv.Itoa(count)), 0o600); err != nil {
		t.Fatal(err)
	}
	return count
}

func TestSometimes(t *testing.T) {
	count := bump(t)
	failOn, err := strconv.Atoi(os.Getenv("FLAKY_FAIL_ON"))
	if err != nil {
		failOn = 3
	}
	if count == failOn {
		t.Errorf("run %d failed", count) // @fail
	}
}
