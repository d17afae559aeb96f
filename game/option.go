package game

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind string

const (
	OptionChoice OptionKind = "choice" // one of Choices
	OptionInt    OptionKind = "int"    // an integer in [Min, Max]
	OptionBool   OptionKind = "bool"   // "true" or "false"
)

// OptionSpec declares one option of a game (a variant or a table setting).
type OptionSpec struct {
	Key     string     `json:"key"`
	Title   string     `json:"title"`
	Help    string     `json:"help,omitempty"`
	Kind    OptionKind `json:"kind"`
	Default string     `json:"default"`
	Choices []string   `json:"choices,omitempty"` // OptionChoice only
	Min     int        `json:"min,omitempty"`     // OptionInt only
	Max     int        `json:"max,omitempty"`     // OptionInt only
	// Rated lists the values a rated table may use: the rulebook's
	// settings. Empty means every value is a rulebook setting; any other
	// value makes a casual table (see [Spec.CheckRated]).
	Rated []string `json:"rated,omitempty"`
	// Former, when set, makes the option a rules version rather than a
	// variant: the value that stored options lacking the key mean (a
	// record, a table, a tutorial script or a puzzle made before the
	// option existed). [Spec.ResolveStoredOptions] fills it in where
	// [Spec.ResolveOptions], for a new game, fills in Default. The lobby
	// does not offer a rules version: a new table gets Default.
	Former string `json:"former,omitempty"`
}

// RulebookValue reports whether v is one of the option's rulebook
// settings, the values a rated table may use.
func (o OptionSpec) RulebookValue(v string) bool {
	return len(o.Rated) == 0 || slices.Contains(o.Rated, v)
}

// CheckRated returns an error of code CodeInvalid naming the first option
// (in declaration order) whose value in opts is not a rulebook setting, and
// nil when every option's is: a table with other values is casual. A value
// absent from opts is the option's default.
func (s Spec) CheckRated(opts Options) error {
	for _, o := range s.Options {
		v, ok := opts[o.Key]
		if !ok {
			v = o.Default
		}
		if !o.RulebookValue(v) {
			return Errorf(CodeInvalid, "option %s (%s): %s is not the rulebook's setting (%s), so the table cannot be rated; leave it at %s or make the table casual",
				o.Key, o.Title, v, strings.Join(o.Rated, " or "), strings.Join(o.Rated, " or "))
		}
	}
	return nil
}

// Check returns an error naming the option unless v is a valid value.
func (o OptionSpec) Check(v string) error {
	switch o.Kind {
	case OptionChoice:
		if !slices.Contains(o.Choices, v) {
			return fmt.Errorf("option %s: %q is not one of %s", o.Key, v, strings.Join(o.Choices, ", "))
		}
	case OptionInt:
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("option %s: %q is not a whole number", o.Key, v)
		}
		if n < o.Min || n > o.Max {
			return fmt.Errorf("option %s: %d is outside %d to %d", o.Key, n, o.Min, o.Max)
		}
	case OptionBool:
		if v != "true" && v != "false" {
			return fmt.Errorf("option %s: %q is not true or false", o.Key, v)
		}
	default:
		return fmt.Errorf("option %s: unknown kind %q", o.Key, o.Kind)
	}
	return nil
}

// Options maps option keys to values, all as strings. A resolved Options
// (see [Spec.ResolveOptions]) holds every declared key.
type Options map[string]string

// String returns the value of key, "" when absent.
func (o Options) String(key string) string { return o[key] }

// Int returns the value of key as an integer, 0 when absent or malformed.
func (o Options) Int(key string) int {
	n, _ := strconv.Atoi(o[key])
	return n
}

// Bool reports whether the value of key is "true".
func (o Options) Bool(key string) bool { return o[key] == "true" }

// Clone returns a copy of o.
func (o Options) Clone() Options {
	c := make(Options, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

// ParseOptions turns KEY=VALUE strings into Options, reporting every
// malformed one.
func ParseOptions(kvs []string) (Options, error) {
	o := Options{}
	var errs []error
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			errs = append(errs, fmt.Errorf("option %q is not KEY=VALUE", kv))
			continue
		}
		o[k] = v
	}
	if err := errors.Join(errs...); err != nil {
		return nil, &Error{Code: CodeInvalid, Message: err.Error()}
	}
	return o, nil
}

// ResolveOptions validates raw against the spec and returns a complete
// Options with defaults filled in. It reports every unknown key and every bad
// value by name in one error of code CodeInvalid; raw is not modified.
func (s Spec) ResolveOptions(raw Options) (Options, error) {
	return s.resolve(raw, false)
}

// ResolveStoredOptions is [Spec.ResolveOptions] for options that were
// stored with a game (a record, a table, a tutorial script, a puzzle): a
// rules version (an option with Former set) their options lack takes its
// Former value, the rules the game was played under, not its Default.
func (s Spec) ResolveStoredOptions(stored Options) (Options, error) {
	return s.resolve(stored, true)
}

func (s Spec) resolve(raw Options, stored bool) (Options, error) {
	out := make(Options, len(s.Options))
	var errs []error
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.ContainsFunc(s.Options, func(o OptionSpec) bool { return o.Key == k }) {
			errs = append(errs, fmt.Errorf("option %s: %s has no such option (it has %s)", k, s.Title, s.optionKeys()))
		}
	}
	for _, o := range s.Options {
		v, ok := raw[o.Key]
		switch {
		case ok:
		case stored && o.Former != "":
			v = o.Former
		default:
			v = o.Default
		}
		if err := o.Check(v); err != nil {
			errs = append(errs, err)
			continue
		}
		out[o.Key] = v
	}
	if err := errors.Join(errs...); err != nil {
		return nil, &Error{Code: CodeInvalid, Message: err.Error()}
	}
	return out, nil
}

func (s Spec) optionKeys() string {
	if len(s.Options) == 0 {
		return "none"
	}
	keys := make([]string, len(s.Options))
	for i, o := range s.Options {
		keys[i] = o.Key
	}
	return strings.Join(keys, ", ")
}
