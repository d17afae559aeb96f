package table_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// nextUpdate returns sub's next update of the given type, skipping others.
func nextUpdate(t *testing.T, sub *table.Subscription, kind string) *table.Update {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case u, ok := <-sub.C:
			if !ok {
				t.Fatalf("subscription closed while waiting for a %s update: %v", kind, sub.Err())
			}
			if u.Type == kind {
				return u
			}
		case <-timeout:
			t.Fatalf("no %s update within 5 s", kind)
		}
	}
}

// Chat at a table is stored as an event numbered apart from the actions,
// sent to every subscriber in a chat update, listed in state updates, kept
// across a restart, and written into the record with the number of actions
// each message followed.
func TestChatIsKeptWithTheTable(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	if _, _, err := tb.Join(ctx, "Ann", -1); err != nil {
		t.Fatal(err)
	}
	// Said in the lobby, before the start.
	if _, err := tb.Chat(ctx, table.Sender{Seat: 0}, "", "hello, anyone?", ""); err != nil {
		t.Fatalf("Ann chats before the start: %v", err)
	}
	e.clock.Advance(time.Second)
	if _, _, err := tb.Join(ctx, "Bo", -1); err != nil {
		t.Fatal(err)
	}
	ann, err := tb.Subscribe(0, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	if st := nextUpdate(t, ann, table.UpdateState); len(st.Chat) != 1 || st.Chat[0].Text != "hello, anyone?" || st.Chat[0].Name != "Ann" {
		t.Fatalf("Ann's state: chat %+v; want her lobby message", st.Chat)
	}
	if _, err := tb.Act(ctx, 0, "d", 1); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(2 * time.Second)
	m, err := tb.Chat(ctx, table.Sender{Seat: 1}, "", "", "good_luck")
	if err != nil {
		t.Fatalf("Bo says a quick phrase: %v", err)
	}
	want := table.ChatMessage{ID: 2, After: 1, Seat: 1, Name: "Bo", Phrase: "good_luck", At: e.clock.Now().UnixMilli()}
	if m != want {
		t.Errorf("Bo's message: got %+v; want %+v", m, want)
	}
	if u := nextUpdate(t, ann, table.UpdateChat); u.Message == nil || *u.Message != want || u.N != 1 {
		t.Errorf("Ann's chat update: %+v; want Bo's message at n=1", u)
	}

	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	if tb, err = e.hall.Table(ctx, id); err != nil {
		t.Fatal(err)
	}
	st := stateFor(t, tb, game.Spectator)
	if len(st.Chat) != 2 || st.Chat[1] != want {
		t.Fatalf("state after a restart: chat %+v; want both messages", st.Chat)
	}
	// The log goes on with the next numbers.
	if m, err := tb.Chat(ctx, table.Sender{Seat: 0}, "", "thanks!", ""); err != nil || m.ID != 3 {
		t.Fatalf("Ann chats after the restart: %+v, %v; want message 3", m, err)
	}
	for _, mv := range []struct {
		seat game.Player
		move string
		seq  int64
	}{{1, "c", 1}, {0, "d", 2}, {1, "c", 2}, {0, "d", 3}, {1, "c", 3}, {0, "d", 4}} {
		if _, err := tb.Act(ctx, mv.seat, mv.move, mv.seq); err != nil {
			t.Fatalf("Act %s: %v", mv.move, err)
		}
	}
	// Chat goes on once the game is over.
	if _, err := tb.Chat(ctx, table.Sender{Seat: 1}, "", "", "good_game"); err != nil {
		t.Fatalf("Bo chats after the end: %v", err)
	}
	rec, err := e.hall.Record(ctx, id)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(e.reg, rec); err != nil {
		t.Errorf("the record with its chat does not verify: %v", err)
	}
	wantLines := []game.ChatLine{
		{N: 0, Ms: -1000, Seat: 0, Name: "Ann", Text: "hello, anyone?"},
		{N: 1, Ms: 2000, Seat: 1, Name: "Bo", Phrase: "good_luck"},
		{N: 1, Ms: 2000, Seat: 0, Name: "Ann", Text: "thanks!"},
		{N: 7, Ms: 2000, Seat: 1, Name: "Bo", Phrase: "good_game"},
	}
	if !slices.Equal(rec.Chat, wantLines) {
		t.Errorf("record's chat:\ngot  %+v\nwant %+v", rec.Chat, wantLines)
	}
	// The replay shows each message after the action it followed.
	step, err := e.hall.Replay(ctx, id, 7)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if len(step.Chat) != 1 || step.Chat[0].Phrase != "good_game" {
		t.Errorf("replay step 7: chat %+v; want Bo's good game", step.Chat)
	}
	log, err := e.hall.ChatLog(ctx, id)
	if err != nil || len(log) != 4 || log[0].After != 0 || log[3].After != 7 {
		t.Errorf("ChatLog: %+v, %v; want the 4 messages after 0, 1, 1 and 7 actions", log, err)
	}
}

// A message is text only, at most 500 characters once normalised as names
// are (NFC, without format characters, without spaces around); a quick
// phrase is one of the listed keys. Bad messages are refused and change
// nothing; a script-bearing message is kept as the same text.
func TestChatMessagesAreChecked(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb := twoPeoplePlaying(t, e, "connectfour", nil)
	say := func(text, phrase string) (table.ChatMessage, error) {
		return tb.Chat(ctx, table.Sender{Seat: 0}, "", text, phrase)
	}
	for _, tc := range []struct {
		name, text, phrase string
	}{
		{"ErrEmpty", "   ", ""},
		{"ErrOnlyFormatCharacters", "\u200b\u202e", ""},
		{"ErrTooLong", strings.Repeat("é", 501), ""},
		{"ErrControl", "one\ntwo", ""},
		{"ErrNotUTF8", "\xff", ""},
		{"ErrUnknownPhrase", "", "checkmate"},
		{"ErrTextAndPhrase", "hi", "hello"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := say(tc.text, tc.phrase); code(err) != game.CodeInvalid {
				t.Errorf("Chat(%q, %q): got %v; want invalid", tc.text, tc.phrase, err)
			}
		})
	}
	if log, _ := e.hall.ChatLog(ctx, tb.ID()); len(log) != 0 {
		t.Fatalf("refused messages were stored: %+v", log)
	}
	for _, tc := range []struct{ text, want string }{
		{strings.Repeat("é", 500), strings.Repeat("é", 500)},
		{"  e\u0301te\u0301\u202e \u200d", "été"},
		{`<script>alert("x")</script> <b>&amp;</b>`, `<script>alert("x")</script> <b>&amp;</b>`},
	} {
		m, err := say(tc.text, "")
		if err != nil || m.Text != tc.want {
			t.Errorf("Chat(%q): got %q, %v; want %q", tc.text, m.Text, err, tc.want)
		}
	}
	for _, p := range table.Phrases {
		if _, err := say("", p); err != nil {
			t.Errorf("phrase %q: %v", p, err)
		}
	}
}

// The owner says who chats: spectators only when allowed, and no muted
// seat; a refused sender is told why and nothing is stored.
func TestOwnerSaysWhoChats(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatal(err)
	}
	tb.Join(ctx, "Ann", -1)
	tb.Join(ctx, "Bo", -1)
	cy := table.Sender{Seat: game.Spectator, Name: "Cy"}
	if _, err := tb.Chat(ctx, cy, "", "hi all", ""); code(err) != game.CodeUnauthorized || !strings.Contains(err.Error(), "spectators may not chat") {
		t.Errorf("a spectator chats by default: got %v; want unauthorized, saying spectators may not chat", err)
	}
	yes, no := true, false
	if err := tb.SetChat(ctx, "not the owner", table.ChatSettings{Spectators: &yes}); code(err) != game.CodeUnauthorized {
		t.Errorf("SetChat without the owner's token: got %v; want unauthorized", err)
	}
	if err := tb.SetChat(ctx, owner, table.ChatSettings{Muted: &[]game.Player{2}}); code(err) != game.CodeInvalid {
		t.Errorf("muting seat 2 of 2 seats: got %v; want invalid", err)
	}
	if err := tb.SetChat(ctx, owner, table.ChatSettings{Spectators: &yes, Muted: &[]game.Player{1}}); err != nil {
		t.Fatalf("SetChat: %v", err)
	}
	if info := tb.Info(); !info.Chat.Spectators || !slices.Equal(info.Chat.Muted, []game.Player{1}) {
		t.Errorf("Info().Chat: %+v; want spectators allowed and seat 1 muted", info.Chat)
	}
	m, err := tb.Chat(ctx, cy, "", "hi all", "")
	if err != nil || m.Seat != game.Spectator || m.Name != "Cy" {
		t.Errorf("Cy chats once spectators may: %+v, %v", m, err)
	}
	if m, err := tb.Chat(ctx, table.Sender{Seat: game.Spectator}, "", "", "hello"); err != nil || m.Name != "" {
		t.Errorf("an anonymous spectator chats: %+v, %v", m, err)
	}
	if _, err := tb.Chat(ctx, table.Sender{Seat: 1}, "", "let me talk", ""); code(err) != game.CodeUnauthorized || !strings.Contains(err.Error(), "muted") {
		t.Errorf("muted Bo chats: got %v; want unauthorized, saying he is muted", err)
	}
	if err := tb.SetChat(ctx, owner, table.ChatSettings{Spectators: &no}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Chat(ctx, cy, "", "again", ""); code(err) != game.CodeUnauthorized {
		t.Errorf("Cy chats once spectators are muted: got %v; want unauthorized", err)
	}
	// Bo is still muted: an unset field stays as it was; the settings are stored.
	rec, _ := e.db.Table(ctx, tb.ID())
	if rec.Settings.SpectatorChat || !slices.Equal(rec.Settings.Muted, []game.Player{1}) {
		t.Errorf("stored settings: %+v; want spectators muted and seat 1 muted", rec.Settings)
	}
	if log, _ := e.hall.ChatLog(ctx, tb.ID()); len(log) != 2 {
		t.Errorf("chat log: %+v; want only the two spectators' messages", log)
	}
	if _, err := tb.Chat(ctx, table.Sender{Seat: 1, Name: "Mallory"}, "", "hi", ""); err == nil {
		t.Errorf("muted Bo under another name: got no error")
	}
}

// Spectators are counted, and named when they give a name, in the table's
// description and its table updates; a bad name is refused.
func TestSpectatorsAreShown(t *testing.T) {
	e := newEnv(t)
	tb := twoPeoplePlaying(t, e, "connectfour", nil)
	ann, err := tb.Subscribe(0, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	nextUpdate(t, ann, table.UpdateState)
	cy, err := tb.Watch("  Cy ")
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	u := nextUpdate(t, ann, table.UpdateTable)
	if s := u.Table.Spectators; s == nil || s.Count != 1 || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("Ann's table update: spectators %+v; want Cy", s)
	}
	anon, err := tb.Watch("")
	if err != nil {
		t.Fatal(err)
	}
	nextUpdate(t, ann, table.UpdateTable)
	if s := tb.Info().Spectators; s.Count != 2 || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("Info().Spectators: %+v; want 2, Cy named", s)
	}
	if _, err := tb.Watch("bad\x00name"); code(err) != game.CodeInvalid {
		t.Errorf("Watch with a control character: got %v; want invalid", err)
	}
	cy.Close()
	anon.Close()
	if s := tb.Info().Spectators; s.Count != 0 || len(s.Names) != 0 {
		t.Errorf("Info().Spectators after they left: %+v; want none", s)
	}
	stored, err := e.hall.List(context.Background(), 0, store.StatusPlaying)
	if err != nil || len(stored) != 1 || stored[0].Spectators != nil {
		t.Errorf("a listed table: %+v, %v; want no spectators (only a live table knows them)", stored, err)
	}
}
