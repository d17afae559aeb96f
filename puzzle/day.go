package puzzle

import (
	"fmt"
	"hash/fnv"
	"time"
)

// Day is a UTC calendar date, counted in days since 1970-01-01.
type Day int

// DayOf returns the UTC date of t.
func DayOf(t time.Time) Day { return Day(t.UTC().Unix() / 86400) }

// ParseDay parses a date written YYYY-MM-DD.
func ParseDay(s string) (Day, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0, fmt.Errorf("day %q is not a date written YYYY-MM-DD", s)
	}
	return DayOf(t), nil
}

// String writes the day as YYYY-MM-DD.
func (d Day) String() string { return time.Unix(int64(d)*86400, 0).UTC().Format(time.DateOnly) }

// Seed returns the day's seed for the puzzle family name: the same for
// everyone, different for each day and name.
func (d Day) Seed(name string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "minehall puzzle %s %s", name, d)
	return h.Sum64()
}
