package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/spf13/pflag"
)

// valueWanted says, by a flag's type, what values the flag takes; a whole
// number's bounds are said only of a value beyond them, or of a flag that
// takes no negative number.
var valueWanted = map[string]string{
	"int":      "a whole number",
	"int64":    "a whole number",
	"uint64":   fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)),
	"duration": "a duration such as 500ms, 90s or 1h30m",
	"bool":     "true or false",
}

// flagError is the usage error of a command line that pflag refused. A
// value its flag cannot take is said in words, with what the flag takes
// (--seed takes a whole number from 0 to …, not "x"), in place of the
// parser's (invalid argument … strconv.ParseUint: parsing …); any other
// refusal is kept as pflag words it.
func flagError(err error) error {
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) {
		kind := bad.GetFlag().Value.Type()
		if want, ok := valueWanted[kind]; ok {
			switch {
			case !errors.Is(bad, strconv.ErrRange):
			case kind == "int":
				want = fmt.Sprintf("a whole number from %d to %d", math.MinInt, math.MaxInt)
			case kind == "int64":
				want = fmt.Sprintf("a whole number from %d to %d", math.MinInt64, math.MaxInt64)
			}
			err = fmt.Errorf("--%s takes %s, not %q", bad.GetFlag().Name, want, bad.GetValue())
		}
	}
	return usageError{err}
}
