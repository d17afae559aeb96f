package storetest

import (
	"context"
	"maps"
	"testing"

	"minehall/game"
	"minehall/store"
)

// An account's preferences: none at first; a preference set is read back,
// set again it is replaced, and another account's stay apart; an unknown
// account is not found and gets no preference; deleting an account
// deletes its preferences.
func testPreferences(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	mustAccount(t, s, "a2", "Bo")
	check := func(id string, want map[string]string) {
		t.Helper()
		got, err := s.Preferences(ctx, id)
		if err != nil || !maps.Equal(got, want) {
			t.Errorf("Preferences(%s) = %v, %v; want %v", id, got, err, want)
		}
	}
	check("a1", map[string]string{})
	if err := s.SetPreference(ctx, "a1", store.PrefSRMode, "1", base()); err != nil {
		t.Fatalf("SetPreference(a1, sr_mode, 1): %v", err)
	}
	check("a1", map[string]string{store.PrefSRMode: "1"})
	check("a2", map[string]string{})
	if err := s.SetPreference(ctx, "a1", store.PrefSRMode, "0", base()); err != nil {
		t.Fatalf("SetPreference(a1, sr_mode, 0): %v", err)
	}
	if err := s.SetPreference(ctx, "a2", store.PrefSRMode, "1", base()); err != nil {
		t.Fatalf("SetPreference(a2, sr_mode, 1): %v", err)
	}
	check("a1", map[string]string{store.PrefSRMode: "0"})
	check("a2", map[string]string{store.PrefSRMode: "1"})

	_, err := s.Preferences(ctx, "nobody")
	checkCode(t, "Preferences(nobody)", err, game.CodeNotFound)
	err = s.SetPreference(ctx, "nobody", store.PrefSRMode, "1", base())
	checkCode(t, "SetPreference(nobody)", err, game.CodeNotFound)
	err = s.SetPreference(ctx, "a1", "", "1", base())
	checkCode(t, "SetPreference without a name", err, game.CodeInvalid)
	check("a1", map[string]string{store.PrefSRMode: "0"})

	if err := s.DeleteAccount(ctx, "a2", "Deleted"); err != nil {
		t.Fatalf("DeleteAccount(a2): %v", err)
	}
	_, err = s.Preferences(ctx, "a2")
	checkCode(t, "Preferences of a deleted account", err, game.CodeNotFound)
	mustAccount(t, s, "a2", "Bo")
	check("a2", map[string]string{})
}
