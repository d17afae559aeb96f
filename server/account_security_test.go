package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/server"
	"minehall/store"
)

// behindProxy is the Config of a server that believes X-Forwarded-For from
// 127.0.0.1, so that a test's browsers may come from many addresses.
func behindProxy(cfg server.Config) server.Config {
	cfg.ClientIPHeader = "X-Forwarded-For"
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	return cfg
}

// "Each look-alike name above is refused": with an account "Victim", the
// Cyrillic і, the fullwidth and the mathematical bold look-alikes, the
// fullwidth colon of a bot's identity and the reserved "Guest" are each
// refused with a clear message, and make no account.
func TestLookAlikeNamesRefused(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	newBrowser(t, ts.URL).signUp("Victim", "correct horse")
	for _, tc := range []struct {
		name string
		st   int
		code game.Code
	}{
		{"Vіctim", http.StatusConflict, game.CodeConflict},    // Cyrillic і: the skeleton of Victim
		{"Ｖｉｃｔｉｍ", http.StatusConflict, game.CodeConflict},    // fullwidth: Victim's key
		{"𝐕𝐢𝐜𝐭𝐢𝐦", http.StatusBadRequest, game.CodeInvalid},   // mathematical bold: not a PRECIS username
		{"bot：easy", http.StatusBadRequest, game.CodeInvalid}, // fullwidth colon: a bot's identity
		{"Guest", http.StatusBadRequest, game.CodeInvalid},    // reserved
		{"Rаndom", http.StatusBadRequest, game.CodeInvalid},   // a bot level, with a Cyrillic а
		{"deleted player", http.StatusBadRequest, game.CodeInvalid},
	} {
		for path, body := range map[string]map[string]any{
			"/api/account/signup":               {"name": tc.name, "password": "long enough password"},
			"/api/account/passkey/signup/begin": {"name": tc.name},
		} {
			b := newBrowser(t, ts.URL)
			if st, code := b.call("POST", path, body, nil); st != tc.st || code != tc.code {
				t.Errorf("%s %q: %d %s; want %d %s", path, tc.name, st, code, tc.st, tc.code)
			}
		}
	}
	n := 0
	for _, name := range []string{"Vіctim", "victim", "guest", "bot:easy", "random"} {
		if _, err := ts.db.AccountByName(context.Background(), name); err == nil {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d accounts under the names tried; want Victim's alone", n)
	}
}

// "The owner signs in from their own address while an attacker guesses":
// an attacker guessing from many addresses puts a growing wait on the
// name for unknown browsers, but the owner's browser (known to the
// account by its device cookie) and the owner's address (which signed in
// before) sign in at once; an unknown browser at a new address waits.
func TestOwnerSignsInWhileAttackerGuesses(t *testing.T) {
	// Every guess waits for a hasher rather than be refused as busy.
	ts := newAccountServer(t, behindProxy(server.Config{SignInsPerName: 5, SignInsPerAddress: 1000, HashWait: time.Minute}))
	owner := newBrowser(t, ts.URL)
	owner.addr = "192.0.2.10"
	owner.signUp("Victim", "correct horse")
	ownerElsewhere := newBrowser(t, ts.URL) // the owner's other browser, same address
	ownerElsewhere.addr = "192.0.2.10"
	if st, code := ownerElsewhere.call("POST", "/api/account/signin", map[string]any{"name": "Victim", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Fatalf("the owner's sign-in before the attack: %d %s", st, code)
	}
	var wg sync.WaitGroup
	refused := make(chan int, 100)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := newBrowser(t, ts.URL)
			a.addr = fmt.Sprintf("198.51.100.%d", i+1)
			for range 2 {
				st, _ := a.call("POST", "/api/account/signin", map[string]any{"name": "victim", "password": fmt.Sprintf("guess number %d", i)}, nil)
				refused <- st
			}
		}()
	}
	wg.Wait()
	close(refused)
	counts := map[int]int{}
	for st := range refused {
		counts[st]++
	}
	if counts[http.StatusOK] != 0 || counts[http.StatusTooManyRequests] == 0 {
		t.Fatalf("the attacker's 80 guesses: %v; want none signed in, and some held back (429)", counts)
	}
	// The name is held back for browsers it does not know ...
	stranger := newBrowser(t, ts.URL)
	stranger.addr = "203.0.113.5"
	if st, code := stranger.call("POST", "/api/account/signin", map[string]any{"name": "Victim", "password": "correct horse"}, nil); st != http.StatusTooManyRequests || code != game.CodeLimit {
		t.Errorf("an unknown browser at a new address during the attack: %d %s; want 429 limit", st, code)
	}
	// ... but not for the owner: the browser they signed in with, from
	// anywhere, and any browser at the address they signed in from.
	owner.addr = "203.0.113.99"
	if st, code := owner.call("POST", "/api/account/signin", map[string]any{"name": "Victim", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Errorf("the owner's known browser during the attack: %d %s; want 200", st, code)
	}
	fresh := newBrowser(t, ts.URL)
	fresh.addr = "192.0.2.10"
	if st, code := fresh.call("POST", "/api/account/signin", map[string]any{"name": "Victim", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Errorf("a new browser at the owner's address during the attack: %d %s; want 200", st, code)
	}
}

// "Per (name, address) a few tries then growing delay": one address
// guessing one name waits after WrongPasswordsPerSource wrong passwords,
// with a Retry-After, even for the right password; the right password
// before that clears its count.
func TestWrongPasswordsFromOneAddressWait(t *testing.T) {
	ts := newAccountServer(t, behindProxy(server.Config{WrongPasswordsPerSource: 3, SignInsPerName: 100, SignInsPerAddress: 1000}))
	newBrowser(t, ts.URL).signUp("Ann", "correct horse")
	b := newBrowser(t, ts.URL)
	b.addr = "198.51.100.7"
	for i := range 2 {
		if st, _ := b.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "wrong password"}, nil); st != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d; want 401", i+1, st)
		}
	}
	if st, _ := b.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Fatalf("the right password after 2 wrong: %d; want 200", st)
	}
	c := newBrowser(t, ts.URL)
	c.addr = "198.51.100.8"
	for i := range 3 {
		if st, _ := c.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "wrong password"}, nil); st != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d; want 401", i+1, st)
		}
	}
	st, retry, eb := post(t, ts.URL+"/api/account/signin", map[string]string{"X-Forwarded-For": "198.51.100.8"}, map[string]any{"name": "Ann", "password": "correct horse"}, nil)
	wantLimit(t, "a 4th try after 3 wrong passwords", st, retry, eb, "wrong passwords")
	other := newBrowser(t, ts.URL)
	other.addr = "198.51.100.9"
	if st, _ := other.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Errorf("another address meanwhile: %d; want 200", st)
	}
}

// "Cap concurrent password hashes (a small pool; refuse the rest with 503
// and Retry-After)": a burst of sign-ins beyond the pool gets 503 with a
// Retry-After and a message, never a 500, and those that get a slot the
// usual 401.
func TestPasswordHashersBusy(t *testing.T) {
	ts := newAccountServer(t, behindProxy(server.Config{PasswordHashers: 1, HashWait: time.Millisecond, PasswordCost: account.DefaultCost}))
	var wg sync.WaitGroup
	type answer struct {
		st    int
		retry string
		eb    errorBody
	}
	answers := make(chan answer, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, retry, eb := post(t, ts.URL+"/api/account/signin", map[string]string{"X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i+1)},
				map[string]any{"name": fmt.Sprintf("nobody%d", i), "password": "wrong password"}, nil)
			answers <- answer{st, retry, eb}
		}()
	}
	wg.Wait()
	close(answers)
	counts := map[int]int{}
	for a := range answers {
		counts[a.st]++
		if a.st == http.StatusServiceUnavailable && (a.retry == "" || a.eb.Code != game.CodeUnavailable || a.eb.Message == "") {
			t.Errorf("a busy refusal: Retry-After %q, %+v; want a Retry-After and code unavailable with a message", a.retry, a.eb)
		}
	}
	if counts[http.StatusUnauthorized] == 0 || counts[http.StatusServiceUnavailable] == 0 || counts[http.StatusUnauthorized]+counts[http.StatusServiceUnavailable] != 20 {
		t.Errorf("20 sign-ins at once with one hasher: %v; want some 401 and the rest 503", counts)
	}
}

type sessionsJSON struct {
	Sessions []struct {
		Created   time.Time `json:"created"`
		UserAgent string    `json:"user_agent"`
		Address   string    `json:"address"`
		Current   bool      `json:"current"`
	} `json:"sessions"`
}

// "A list of the account's sessions with 'sign out everywhere else', and
// password change (needs the old password; signs out other sessions)".
func TestSessionsAndPasswordChange(t *testing.T) {
	ts := newAccountServer(t, behindProxy(server.Config{}))
	laptop := newBrowser(t, ts.URL)
	laptop.addr = "192.0.2.10"
	laptop.signUp("Ann", "correct horse")
	phone := newBrowser(t, ts.URL)
	phone.addr = "198.51.100.20"
	var a accountJSON
	if st, _ := phone.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, &a); st != http.StatusOK {
		t.Fatalf("sign-in on the phone: %d", st)
	}
	phone.csrf = a.CSRF
	var list sessionsJSON
	if st, _ := laptop.call("GET", "/api/account/sessions", nil, &list); st != http.StatusOK || len(list.Sessions) != 2 {
		t.Fatalf("GET /api/account/sessions: %d %+v; want 2 sessions", st, list)
	}
	if s := list.Sessions[0]; s.Current || s.Address != "198.51.100.0/24" {
		t.Errorf("the newest session %+v; want the phone's (198.51.100.0/24), not current", s)
	}
	if s := list.Sessions[1]; !s.Current || s.Address != "192.0.2.0/24" || s.UserAgent == "" {
		t.Errorf("the laptop's session %+v; want current, 192.0.2.0/24, with its user agent", s)
	}
	if st, code := laptop.call("POST", "/api/account/sessions/signout", map[string]any{}, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
		t.Errorf("sign out elsewhere without others: true: %d %s; want 400 invalid", st, code)
	}
	var out struct {
		SignedOut int `json:"signed_out"`
	}
	if st, _ := laptop.call("POST", "/api/account/sessions/signout", map[string]any{"others": true}, &out); st != http.StatusOK || out.SignedOut != 1 {
		t.Errorf("sign out elsewhere: %d %+v; want 1 signed out", st, out)
	}
	if phone.signedIn() {
		t.Errorf("the phone is still signed in after sign out elsewhere; want it signed out")
	}
	if !laptop.signedIn() {
		t.Errorf("the laptop was signed out by its own sign out elsewhere; want it signed in")
	}

	// Password change: refusals change nothing.
	if st, _ := phone.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, &a); st != http.StatusOK {
		t.Fatalf("sign-in on the phone again: %d", st)
	}
	for _, tc := range []struct {
		body map[string]any
		st   int
		code game.Code
	}{
		{map[string]any{"password": "wrong password", "new_password": "battery staple"}, http.StatusUnauthorized, game.CodeUnauthorized},
		{map[string]any{"password": "correct horse", "new_password": "short"}, http.StatusBadRequest, game.CodeInvalid},
		{map[string]any{"password": "correct horse", "new_password": "              "}, http.StatusBadRequest, game.CodeInvalid},
		{map[string]any{"password": "correct horse"}, http.StatusBadRequest, game.CodeInvalid},
	} {
		if st, code := laptop.call("POST", "/api/account/password", tc.body, nil); st != tc.st || code != tc.code {
			t.Errorf("password change %v: %d %s; want %d %s", tc.body, st, code, tc.st, tc.code)
		}
	}
	if !phone.signedIn() {
		t.Fatalf("a refused password change signed the phone out")
	}
	if st, code := laptop.call("POST", "/api/account/password", map[string]any{"password": "correct horse", "new_password": "battery staple"}, nil); st != http.StatusOK {
		t.Fatalf("password change: %d %s", st, code)
	}
	if phone.signedIn() {
		t.Errorf("the phone is still signed in after the password change; want it signed out")
	}
	if !laptop.signedIn() {
		t.Errorf("the laptop was signed out by its own password change; want it still signed in")
	}
	fresh := newBrowser(t, ts.URL)
	if st, _ := fresh.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, nil); st != http.StatusUnauthorized {
		t.Errorf("the old password after the change: %d; want 401", st)
	}
	if st, _ := fresh.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "battery staple"}, nil); st != http.StatusOK {
		t.Errorf("the new password: %d; want 200", st)
	}
}

// "Account deletion that removes the person's name from records (kept as
// 'deleted player') and their ratings from the leaderboards": after a
// rated game, the deleted account's seat reads "deleted player", it has
// no profile and no place on the leaderboard, its session and its name
// are free; a wrong password deletes nothing.
func TestDeleteAccount(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	annAcc := ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	id := playRatedGoofspiel(t, ts, ann, bo)
	if st, code := ann.call("POST", "/api/account/delete", map[string]any{"password": "wrong password"}, nil); st != http.StatusUnauthorized || code != game.CodeUnauthorized {
		t.Errorf("delete with a wrong password: %d %s; want 401", st, code)
	}
	if st, code := ann.call("POST", "/api/account/delete", map[string]any{}, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
		t.Errorf("delete without the password: %d %s; want 400", st, code)
	}
	if st, _ := ann.call("GET", "/api/players/Ann", nil, nil); st != http.StatusOK {
		t.Fatalf("Ann's profile after the refusals: %d; want it kept", st)
	}
	if st, code := ann.call("POST", "/api/account/delete", map[string]any{"password": "correct horse"}, nil); st != http.StatusOK {
		t.Fatalf("delete: %d %s", st, code)
	}
	if ann.signedIn() {
		t.Errorf("the session is still signed in after deletion; want it signed out")
	}
	if st, _ := bo.call("GET", "/api/players/Ann", nil, nil); st != http.StatusNotFound {
		t.Errorf("Ann's profile after deletion: %d; want 404", st)
	}
	var lb struct {
		Players []struct {
			Player string `json:"player"`
			Name   string `json:"name"`
		} `json:"players"`
	}
	if st, _ := bo.call("GET", "/api/leaderboard/goofspiel", nil, &lb); st != http.StatusOK {
		t.Fatalf("leaderboard: %d", st)
	}
	for _, p := range lb.Players {
		if p.Player == annAcc.ID || p.Name == "Ann" {
			t.Errorf("the leaderboard holds the deleted account: %+v", lb.Players)
		}
	}
	tb, err := ts.db.Table(context.Background(), id)
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if s := tb.Seats[0]; s.Name != "deleted player" || s.Account != "" {
		t.Errorf("the deleted account's seat: %q, account %q; want \"deleted player\", none", s.Name, s.Account)
	}
	if s := tb.Seats[1]; s.Name != "Bo" {
		t.Errorf("Bo's seat: %q; want Bo", s.Name)
	}
	if _, err := ts.db.Account(context.Background(), annAcc.ID); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the account row after deletion: %v; want not found", err)
	}
	newBrowser(t, ts.URL).signUp("Ann", "a new person here")
}

// playRatedGoofspiel plays a rated three-card goofspiel of ann, bo and a
// bot to its end and returns the table's id once it is recorded.
func playRatedGoofspiel(t *testing.T, ts *accountServer, ann, bo *browser) string {
	t.Helper()
	id, tokens := createRatedGoofspiel(t, ann, bo)
	seq := [2]int{}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		tb, err := ts.db.Table(context.Background(), id)
		if err == nil && tb.Status == store.StatusFinished {
			// Wait for the recorder.
			var prof struct {
				Ratings []any `json:"ratings"`
			}
			if st, _ := ann.call("GET", "/api/players/Ann", nil, &prof); st == http.StatusOK && len(prof.Ratings) > 0 {
				return id
			}
			continue
		}
		bidOnce(t, ts.URL, id, tokens, &seq)
	}
	t.Fatalf("the rated table did not finish and get recorded")
	return ""
}

// createRatedGoofspiel makes, as ann, a rated three-card goofspiel of ann,
// bo and a random bot that starts when they have joined, and returns its
// id and their seat tokens.
func createRatedGoofspiel(t *testing.T, ann, bo *browser) (string, [2]string) {
	t.Helper()
	body := map[string]any{"game": "goofspiel", "players": 3, "options": map[string]string{"cards": "3", "timer": "0"}, "autostart": true, "rated": true,
		"time_control": map[string]int{"move_s": 600, "bank_s": 600},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}}}
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	id := c.Table.ID
	var tokens [2]string
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Token string `json:"token"`
		}
		if st, code := b.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "x"}, &j); st != http.StatusOK {
			t.Fatalf("join: %d %s", st, code)
		}
		tokens[i] = j.Token
	}
	return id, tokens
}

// bidOnce plays, for each of the two people of a goofspiel at base, the
// lowest bid the table takes, counting their sequence numbers in seq.
func bidOnce(t *testing.T, base, id string, tokens [2]string, seq *[2]int) {
	t.Helper()
	for seat := range tokens {
		for _, m := range []string{"bid 1", "bid 2", "bid 3"} {
			if st, _ := do(t, base, "POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": seq[seat] + 1}, nil); st == http.StatusOK {
				seq[seat]++
				break
			}
		}
	}
}

// "For passkey-only accounts a confirmation typed name is acceptable": an
// account without a password is deleted when its name is typed again (in
// any case), and not for another name.
func TestDeletePasskeyOnlyAccountByName(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ctx := context.Background()
	if err := ts.db.CreateAccount(ctx, &store.Account{ID: "pk1", Name: "Ann", NameKey: "ann", Skeleton: "ann", Created: time.Now()}); err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	token, hash := account.NewToken()
	if err := ts.db.CreateSession(ctx, store.Session{Hash: hash, AccountID: "pk1", Created: time.Now(), Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	b := newBrowser(t, ts.URL)
	b.c.Jar.SetCookies(mustURL(t, ts.URL+"/"), []*http.Cookie{{Name: "minehall_session", Value: token}})
	b.csrf = account.CSRFToken(token)
	for _, body := range []map[string]any{{}, {"name": "Bo"}, {"password": "correct horse"}} {
		if st, code := b.call("POST", "/api/account/delete", body, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
			t.Errorf("delete %v: %d %s; want 400 invalid", body, st, code)
		}
	}
	if _, err := ts.db.Account(ctx, "pk1"); err != nil {
		t.Fatalf("the refusals deleted the account: %v", err)
	}
	if st, code := b.call("POST", "/api/account/delete", map[string]any{"name": "ANN"}, nil); st != http.StatusOK {
		t.Fatalf("delete with the name typed again: %d %s", st, code)
	}
	if _, err := ts.db.Account(ctx, "pk1"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the account after deletion: %v; want not found", err)
	}
}

// An account that holds a seat at an unfinished table is not deleted
// (the table would go on under its name): conflict, and nothing changes.
func TestDeleteAccountWithUnfinishedTable(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann := newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	body := map[string]any{"game": "connectfour", "players": 2, "time_control": map[string]int{"move_s": 600},
		"seats": []map[string]any{{"kind": "person", "name": "Ann", "here": true}, {"kind": "person"}}}
	if st, code := ann.call("POST", "/api/tables", body, nil); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	if st, code := ann.call("POST", "/api/account/delete", map[string]any{"password": "correct horse"}, nil); st != http.StatusConflict || code != game.CodeConflict {
		t.Errorf("delete with a seat at an open table: %d %s; want 409 conflict", st, code)
	}
	if !ann.signedIn() {
		t.Errorf("the session was signed out by the refused deletion; want it kept")
	}
}
