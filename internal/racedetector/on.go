//go:build race

package racedetector

// Enabled reports whether the race detector is on.
const Enabled = true
