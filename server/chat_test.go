package server_test

import (
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// nextChat returns the client's next chat frame's message.
func (cl *client) nextChat() table.ChatMessage {
	cl.t.Helper()
	f := cl.next("chat")
	if f.Said == nil {
		cl.t.Fatalf("client %d: chat frame without a message: %s", cl.idx, f.raw)
	}
	return *f.Said
}

// Two players chat over their WebSockets and a named spectator, allowed
// by the owner, joins in: every message reaches everyone with its sender's
// seat and name, in order, and GET …/chat lists them. A message that looks
// like markup is stored and sent back as the same text, escaped in JSON:
// the server never reads it as markup.
func TestChatBetweenClients(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, owner, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")

	ann.send(map[string]any{"type": "chat", "text": "hello Bo"})
	for _, cl := range []*client{ann, bo} {
		if m := cl.nextChat(); m.Seat != 0 || m.Name != "P0" || m.Text != "hello Bo" || m.ID != 1 || m.After != 0 {
			t.Errorf("client %d: chat %+v; want Ann's hello as message 1", cl.idx, m)
		}
	}
	const script = `<script>alert("hi")</script> & <b>bold</b>`
	bo.send(map[string]any{"type": "chat", "text": script})
	f := ann.next("chat")
	if f.Said == nil || f.Said.Text != script {
		t.Fatalf("Ann got %s; want Bo's text as it was written", f.raw)
	}
	if strings.Contains(f.raw, "<script>") || !strings.Contains(f.raw, `\u003cscript\u003e`) {
		t.Errorf("chat frame %s: want the markup's < and > escaped in the JSON", f.raw)
	}
	bo.nextChat()

	// Spectators chat once the owner allows it, under the name they gave.
	cy := dialNamed(t, ts.URL, id, "Cy", 2)
	cy.next("state")
	cy.send(map[string]any{"type": "chat", "phrase": "hello"})
	if f := cy.next("error"); f.Frame != "chat" || f.Code != game.CodeUnauthorized {
		t.Errorf("Cy chats before the owner allows it: %s; want an unauthorized chat error", f.raw)
	}
	var info table.Info
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat/settings", owner, map[string]any{"spectators": true}, &info); st != http.StatusOK || !info.Chat.Spectators {
		t.Fatalf("owner allows spectators: %d %+v %+v", st, eb, info.Chat)
	}
	cy.send(map[string]any{"type": "chat", "phrase": "hello"})
	for _, cl := range []*client{ann, bo, cy} {
		if m := cl.nextChat(); m.Seat != game.Spectator || m.Name != "Cy" || m.Phrase != "hello" || m.Text != "" {
			t.Errorf("client %d: chat %+v; want Cy's quick phrase", cl.idx, m)
		}
	}
	// A seat chats over HTTP too.
	var m table.ChatMessage
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat", toks[1], map[string]any{"phrase": "your_turn"}, &m); st != http.StatusOK || m.ID != 4 || m.Seat != 1 {
		t.Fatalf("chat over HTTP: %d %+v %+v", st, eb, m)
	}
	if got := ann.nextChat(); got != m {
		t.Errorf("Ann got %+v; want %+v", got, m)
	}
	var log struct {
		Messages []table.ChatMessage `json:"messages"`
	}
	if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id+"/chat", "", nil, &log); st != http.StatusOK || len(log.Messages) != 4 || log.Messages[1].Text != script {
		t.Errorf("GET chat: %d %+v %+v; want the 4 messages", st, eb, log.Messages)
	}
	// A reload shows the chat in the state frame.
	again := dial(t, ts.URL, id, toks[0], 0, nil)
	if st := again.next("state"); len(st.Chat) != 4 || st.Chat[3] != m {
		t.Errorf("state after a reload: chat %+v; want the 4 messages", st.Chat)
	}
}

// dialNamed connects as a spectator who gives a name.
func dialNamed(t *testing.T, base, id, name string, idx int) *client {
	t.Helper()
	return dialHello(t, base, id, map[string]any{"type": "hello", "name": name}, idx)
}

// Muted and unknown senders are refused with a clear error, over the
// WebSocket and HTTP, and nothing is said; the chat limit refuses a
// sixth message within ten seconds with code limit.
func TestChatRefusals(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, owner, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat/settings", toks[0], map[string]any{"muted": []int{1}}, nil); st != http.StatusUnauthorized {
		t.Errorf("a seat token mutes: %d %+v; want 401", st, eb)
	}
	var info table.Info
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat/settings", owner, map[string]any{"muted": []int{1}}, &info); st != http.StatusOK || !slices.Equal(info.Chat.Muted, []game.Player{1}) {
		t.Fatalf("owner mutes Bo: %d %+v %+v", st, eb, info.Chat)
	}
	for f := ann.next("table"); !slices.Equal(f.Table.Chat.Muted, []game.Player{1}); f = ann.next("table") {
	}
	bo.send(map[string]any{"type": "chat", "text": "hi"})
	if f := bo.next("error"); f.Frame != "chat" || f.Code != game.CodeUnauthorized || !strings.Contains(f.Message, "muted") {
		t.Errorf("muted Bo chats: %s; want unauthorized, saying he is muted", f.raw)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat", toks[1], map[string]any{"text": "hi"}, nil); st != http.StatusUnauthorized || !strings.Contains(eb.Message, "muted") {
		t.Errorf("muted Bo chats over HTTP: %d %+v; want 401 saying he is muted", st, eb)
	}
	for _, tc := range []struct {
		name, token string
		body        any
		status      int
	}{
		{"unknown token", "0123456789abcdef0123456789abcdef", map[string]any{"text": "hi"}, http.StatusUnauthorized},
		{"no token", "", map[string]any{"text": "hi"}, http.StatusUnauthorized},
		{"name with a seat token", toks[0], map[string]any{"text": "hi", "name": "Eve"}, http.StatusBadRequest},
		{"unknown phrase", toks[0], map[string]any{"phrase": "checkmate"}, http.StatusBadRequest},
		{"too long", toks[0], map[string]any{"text": strings.Repeat("x", 501)}, http.StatusBadRequest},
	} {
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat", tc.token, tc.body, nil); st != tc.status {
			t.Errorf("%s: %d %+v; want %d", tc.name, st, eb, tc.status)
		}
	}
	anon := dial(t, ts.URL, id, "", 2, nil)
	anon.next("state")
	anon.send(map[string]any{"type": "chat", "text": "hi"})
	if f := anon.next("error"); f.Frame != "chat" || f.Code != game.CodeUnauthorized || !strings.Contains(f.Message, "spectators may not chat") {
		t.Errorf("a spectator chats: %s; want unauthorized", f.raw)
	}
	// Ann's five messages pass; the sixth within ten seconds does not. A
	// message refused for what it says does not count.
	ann.send(map[string]any{"type": "chat", "phrase": "checkmate"})
	if f := ann.next("error"); f.Frame != "chat" || f.Code != game.CodeInvalid {
		t.Errorf("an unknown phrase: %s; want an invalid chat error", f.raw)
	}
	for i := range 6 {
		ann.send(map[string]any{"type": "chat", "text": "spam"})
		if i < 5 {
			ann.nextChat()
		}
	}
	if f := ann.next("error"); f.Frame != "chat" || f.Code != game.CodeLimit {
		t.Errorf("Ann's sixth message: %s; want a limit error", f.raw)
	}
	var log struct {
		Messages []table.ChatMessage `json:"messages"`
	}
	do(t, ts.URL, "GET", "/api/tables/"+id+"/chat", "", nil, &log)
	if len(log.Messages) != 5 {
		t.Errorf("chat log: %d messages; want Ann's five", len(log.Messages))
	}
	// Over HTTP a seat has the same limit.
	for i := range 6 {
		st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/chat", toks[0], map[string]any{"text": "more"}, nil)
		if want := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[i < 5]; st != want {
			t.Errorf("HTTP message %d: %d %+v; want %d", i+1, st, eb, want)
		}
	}
}

// Spectators, anonymous and named, are counted and named in table frames
// and in GET /api/tables/{id}; a bad name is refused at hello.
func TestSpectatorsAreListed(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	cy := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "name": "Cy"}, 1)
	cy.next("state")
	anon := dial(t, ts.URL, id, "", 2, nil)
	st := anon.next("state")
	if s := st.Table.Spectators; s == nil || s.Count != 2 || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("state's spectators: %+v; want 2, Cy named", s)
	}
	for {
		f := ann.next("table")
		if s := f.Table.Spectators; s != nil && s.Count == 2 {
			break
		}
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	if s := info.Spectators; s == nil || s.Count != 2 || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("GET table: spectators %+v; want 2, Cy named", s)
	}
	if info.Seats[0].Presence != table.PresenceOnline || info.Seats[1].Presence != table.PresenceOffline {
		t.Errorf("GET table: presence %s, %s; want online, offline", info.Seats[0].Presence, info.Seats[1].Presence)
	}
	bad := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "name": "Cy\u0007"}, 3)
	if f := bad.next("error"); f.Code != game.CodeInvalid {
		t.Errorf("hello with a bad name: %s; want invalid", f.raw)
	}
	seatNamed := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "token": toks[1], "name": "Bo"}, 4)
	if f := seatNamed.next("error"); f.Code != game.CodeInvalid {
		t.Errorf("hello with a token and a name: %s; want invalid", f.raw)
	}
	cy.c.CloseNow()
	for {
		f := ann.next("table")
		if s := f.Table.Spectators; s != nil && s.Count == 1 && len(s.Names) == 0 {
			break
		}
	}
}

// The chat survives the server being killed (SIGKILL) and a graceful
// restart (the SQLite file reopened): the state frame after each shows it,
// and the numbering goes on.
func TestChatSurvivesRestarts(t *testing.T) {
	db := sqlitetest.Path(t)
	base, proc := startServer(t, db)
	id, _, toks := createTable(t, base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann := dial(t, base, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, base, id, toks[1], 1, nil)
	bo.next("state")
	ann.act("d")
	ann.next("ack")
	ann.send(map[string]any{"type": "chat", "text": "before the kill"})
	ann.nextChat()
	// Kill -9 right after the message was broadcast, hence stored.
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()

	base, proc = startServer(t, db)
	bo = dial(t, base, id, toks[1], 1, nil)
	st := bo.next("state")
	if len(st.Chat) != 1 || st.Chat[0].Text != "before the kill" || st.Chat[0].After != 1 {
		t.Fatalf("state after the kill: chat %+v; want Ann's message after action 1", st.Chat)
	}
	bo.send(map[string]any{"type": "chat", "phrase": "one_moment"})
	if m := bo.nextChat(); m.ID != 2 {
		t.Errorf("Bo's message after the kill: %+v; want number 2", m)
	}
	proc.Process.Signal(syscall.SIGTERM)
	if err := proc.Wait(); err != nil {
		t.Errorf("server after SIGTERM: %v", err)
	}

	base, _ = startServer(t, db)
	ann = dial(t, base, id, toks[0], 0, nil)
	st = ann.next("state")
	if len(st.Chat) != 2 || st.Chat[1].Phrase != "one_moment" || st.Chat[1].Name != "P1" {
		t.Fatalf("state after a graceful restart: chat %+v; want both messages", st.Chat)
	}
}
