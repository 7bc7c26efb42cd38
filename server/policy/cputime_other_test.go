//go:build !linux

package policy_test

import "time"

// threadCPU: no per-thread CPU clock read here; benchmarks report the wall
// clock's median only.
func threadCPU() (time.Duration, bool) { return 0, false }
