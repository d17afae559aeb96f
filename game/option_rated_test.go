package game

import (
	"strings"
	"testing"
)

func TestCheckRated(t *testing.T) {
	spec := Spec{Title: "Test", Options: []OptionSpec{
		{Key: "wagons", Title: "Wagons", Kind: OptionInt, Default: "4", Min: 1, Max: 4, Rated: []string{"4"}},
		{Key: "expert", Title: "Expert", Kind: OptionBool, Default: "false"},
	}}
	for _, tc := range []struct {
		name string
		opts Options
		want string // a word the error names; "" for none
	}{
		{"defaults", Options{}, ""},
		{"rulebook values", Options{"wagons": "4", "expert": "true"}, ""},
		{"an option with every value rated", Options{"expert": "true"}, ""},
		{"a short game", Options{"wagons": "1"}, "option wagons"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := spec.CheckRated(tc.opts)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("CheckRated(%v) = %v; want nil", tc.opts, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || ErrorCode(err) != CodeInvalid):
				t.Errorf("CheckRated(%v) = %v; want an invalid error naming %q", tc.opts, err, tc.want)
			}
		})
	}
}

func TestOwnMovesToRate(t *testing.T) {
	if got := (Spec{}).OwnMovesToRate(); got != DefaultRatedMoves {
		t.Errorf("OwnMovesToRate of a spec without RatedMoves = %d; want %d", got, DefaultRatedMoves)
	}
	if got := (Spec{RatedMoves: 5}).OwnMovesToRate(); got != 5 {
		t.Errorf("OwnMovesToRate with RatedMoves 5 = %d; want 5", got)
	}
}
