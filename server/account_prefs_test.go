package server_test

import (
	"net/http"
	"testing"

	"minehall/game"
	"minehall/server"
)

// prefsJSON is the preferences of an account as the API says them.
type prefsJSON struct {
	Preferences struct {
		SRMode bool   `json:"sr_mode"`
		Lang   string `json:"lang"`
	} `json:"preferences"`
}

// The screen-reader mode follows the account: off at first, set on in one
// browser it is on in GET /api/account there and in another browser that
// signs in to the account, and set off again; a body that sets nothing,
// or sets it to something else than true or false, is refused and changes
// nothing, and so is a guest's request.
func TestAccountPreferencesFollowTheAccount(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	home := newBrowser(t, ts.URL)
	home.signUp("Ann", "correct horse battery")
	read := func(b *browser, want bool, what string) {
		t.Helper()
		var a prefsJSON
		if st, code := b.call("GET", "/api/account", nil, &a); st != http.StatusOK || a.Preferences.SRMode != want {
			t.Errorf("%s: GET /api/account: %d %s, sr_mode %v; want 200, %v", what, st, code, a.Preferences.SRMode, want)
		}
	}
	read(home, false, "a new account")

	var got prefsJSON
	if st, code := home.call("POST", "/api/account/preferences", map[string]any{"sr_mode": true}, &got); st != http.StatusOK || !got.Preferences.SRMode {
		t.Fatalf("set sr_mode on: %d %s, %+v; want 200 and sr_mode true", st, code, got)
	}
	read(home, true, "after setting it on")

	away := newBrowser(t, ts.URL)
	var a accountJSON
	if st, code := away.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse battery"}, &a); st != http.StatusOK {
		t.Fatalf("sign in from another browser: %d %s", st, code)
	}
	away.csrf = a.CSRF
	read(away, true, "another browser")

	for _, body := range []map[string]any{{}, {"sr_mode": "yes"}, {"sr_mode": true, "colour": "red"}} {
		if st, code := away.call("POST", "/api/account/preferences", body, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
			t.Errorf("POST /api/account/preferences %v: %d %s; want 400 invalid", body, st, code)
		}
	}
	read(home, true, "after the refusals")

	if st, code := away.call("POST", "/api/account/preferences", map[string]any{"sr_mode": false}, nil); st != http.StatusOK {
		t.Errorf("set sr_mode off: %d %s; want 200", st, code)
	}
	read(home, false, "after setting it off elsewhere")

	guest := newBrowser(t, ts.URL)
	if st, code := guest.call("POST", "/api/account/preferences", map[string]any{"sr_mode": true}, nil); st != http.StatusUnauthorized || code != game.CodeUnauthorized {
		t.Errorf("a guest sets sr_mode: %d %s; want 401 unauthorized", st, code)
	}
}

// The language the player last chose follows the account too; a language
// Minehall does not speak is refused, with the screen-reader mode given
// beside it left as it was.
func TestAccountLanguagePreference(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	b := newBrowser(t, ts.URL)
	b.signUp("Ann", "correct horse battery")
	var got prefsJSON
	if st, code := b.call("GET", "/api/account", nil, &got); st != http.StatusOK || got.Preferences.Lang != "" {
		t.Fatalf("a new account: %d %s, lang %q; want none", st, code, got.Preferences.Lang)
	}
	if st, code := b.call("POST", "/api/account/preferences", map[string]any{"lang": "de"}, &got); st != http.StatusOK || got.Preferences.Lang != "de" || got.Preferences.SRMode {
		t.Fatalf("set lang de: %d %s, %+v; want 200, de, the mode still off", st, code, got.Preferences)
	}
	for _, body := range []map[string]any{{"lang": "xx"}, {"lang": ""}, {"lang": 7}, {"lang": "xx", "sr_mode": true}} {
		if st, code := b.call("POST", "/api/account/preferences", body, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
			t.Errorf("POST /api/account/preferences %v: %d %s; want 400 invalid", body, st, code)
		}
	}
	if st, _ := b.call("GET", "/api/account", nil, &got); st != http.StatusOK || got.Preferences.Lang != "de" || got.Preferences.SRMode {
		t.Errorf("after the refusals: %+v; want lang de, the mode off", got.Preferences)
	}
}
