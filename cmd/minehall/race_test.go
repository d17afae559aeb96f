//go:build race

package main

// raceMemoryFactor scales memory bounds under the race detector, whose
// shadow memory multiplies what the heap touches (Go documents 5 to 10
// times for a whole program; the hashers' memory measured 2.2 times).
const raceMemoryFactor = 4
