//go:build !race

package main

// raceMemoryFactor scales memory bounds under the race detector: 1
// without it.
const raceMemoryFactor = 1
