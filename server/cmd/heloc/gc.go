package main

import (
	"os"
	"runtime/debug"
)

// collectLessOften paces Go's garbage collector for a process whose work
// is mostly policy evaluations, each of which allocates much and keeps
// little (the server, and `heloc policy impact`'s batch): a collection
// when the heap has grown by four times what is live (GOGC 400) instead
// of once (100). Measured on the server (make perf, GOGC 100 and 400 in
// turn, 2026-11-30): an anonymous estimate 2,260-2,350 µs of CPU against
// 1,730-1,905, about a quarter more estimates a second; application.save
// 796-838/s against 992-1,007/s with 64 clients. The price is memory: make
// memprobe's server 125 MB after warm-up against 175 MB, and 153 MB against
// 287 MB at the height of its uploads (budget 500 MB). The policy impact's
// batch spends about a fifth less too (BenchmarkCompare100k). The soft
// limit (GOMEMLIMIT) keeps the heap from growing past limitBytes when much
// is live: the collector then runs as often as it must to stay under it
// (at 128 MiB it ran so often that estimates halved). GOGC and GOMEMLIMIT,
// when set in the environment, decide.
func collectLessOften(limitBytes int64) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" && limitBytes > 0 {
		debug.SetMemoryLimit(limitBytes)
	}
}

// serverHeapLimit is the server's soft heap limit: well below the memory
// budgets of `make memprobe` (README "Request bodies"), well above what a
// server under `make perf`'s load keeps live.
const serverHeapLimit = 256 << 20
