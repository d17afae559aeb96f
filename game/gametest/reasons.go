package gametest

import (
	"testing"

	"minehall/game"
)

// ReasonLanguages are the app's languages besides English, the one the
// engines write their reasons in.
var ReasonLanguages = []string{"de", "fr", "nl"}

// CheckReasonsLocalized asks st (a game.Explainer) about actions 0 to
// numActions-1 of every player in ps, and checks that each reason not in
// seen has words in every language of [ReasonLanguages] from l: the
// explain frame says the engine's reason in the reader's language. It adds
// each reason met to seen; a reason with CodeInvalid (a number that names
// no action) needs no words.
func CheckReasonsLocalized(t testing.TB, st game.State, l game.ErrorLocalizer, ps []game.Player, numActions game.Action, seen map[string]bool) {
	t.Helper()
	ex, ok := st.(game.Explainer)
	if !ok {
		t.Fatalf("%T does not explain its actions", st)
	}
	for _, p := range ps {
		for a := range numActions {
			err := ex.Explain(p, a)
			if err == nil || seen[err.Error()] {
				continue
			}
			seen[err.Error()] = true
			if game.ErrorCode(err) == game.CodeInvalid {
				continue
			}
			for _, lang := range ReasonLanguages {
				got, ok := l.LocalizeError(err, lang)
				if !ok || got == "" || got == err.Error() {
					t.Fatalf("%s: no %s words for %q (got %q)", st.ActionString(p, a), lang, err.Error(), got)
				}
			}
		}
	}
}

// CheckRefusalWords plays move for p in s, wants it refused as illegal,
// and checks the refusal word for word in every language of
// [game.Languages], in their order: want[0] is the engine's English,
// the others what l says in German, French and Dutch.
func CheckRefusalWords(t testing.TB, s game.State, p game.Player, move string, l game.ErrorLocalizer, want [4]string) {
	t.Helper()
	_, err := game.PlayNotation(s, p, move)
	if game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("%s: got %v; want it refused", move, err)
		return
	}
	for i, lang := range game.Languages {
		got, ok := err.Error(), true
		if lang != "en" {
			got, ok = l.LocalizeError(err, lang)
		}
		if !ok || got != want[i] {
			t.Errorf("%s in %s: got %q (%v); want %q", move, lang, got, ok, want[i])
		}
	}
}

// MustHash returns s's hash ([game.Hash]) or fails the test.
func MustHash(t testing.TB, s game.State) string {
	t.Helper()
	h, err := game.Hash(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
