package game

import (
	"maps"
	"testing"
)

// A rules version (an option with Former) takes its default in a new
// game and its former value in stored options that lack it; a value
// given is kept either way, and other options take their defaults.
func TestResolveStoredOptions(t *testing.T) {
	spec := Spec{Title: "Test", Options: []OptionSpec{
		{Key: "cards", Title: "Cards", Kind: OptionInt, Default: "5", Min: 1, Max: 9},
		{Key: "piles", Title: "Piles", Kind: OptionChoice, Default: "chance", Choices: []string{"setup", "chance"}, Former: "setup"},
	}}
	for _, tc := range []struct {
		name         string
		raw          Options
		fresh, saved Options
	}{
		{"nothing given", Options{}, Options{"cards": "5", "piles": "chance"}, Options{"cards": "5", "piles": "setup"}},
		{"made before the option", Options{"cards": "3"}, Options{"cards": "3", "piles": "chance"}, Options{"cards": "3", "piles": "setup"}},
		{"the version given", Options{"piles": "chance"}, Options{"cards": "5", "piles": "chance"}, Options{"cards": "5", "piles": "chance"}},
		{"the former version given", Options{"piles": "setup"}, Options{"cards": "5", "piles": "setup"}, Options{"cards": "5", "piles": "setup"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fresh, err := spec.ResolveOptions(tc.raw)
			if err != nil || !maps.Equal(fresh, tc.fresh) {
				t.Errorf("ResolveOptions(%v) = %v, %v; want %v", tc.raw, fresh, err, tc.fresh)
			}
			saved, err := spec.ResolveStoredOptions(tc.raw)
			if err != nil || !maps.Equal(saved, tc.saved) {
				t.Errorf("ResolveStoredOptions(%v) = %v, %v; want %v", tc.raw, saved, err, tc.saved)
			}
		})
	}
	if _, err := spec.ResolveStoredOptions(Options{"piles": "dealt"}); ErrorCode(err) != CodeInvalid {
		t.Errorf("ResolveStoredOptions with a bad value: %v; want invalid", err)
	}
}
