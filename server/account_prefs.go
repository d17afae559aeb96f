package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"minehall/game"
	"minehall/store"
)

// An account's preferences follow its player to every browser where they
// sign in (docs/protocol.md):
//
//	GET  /api/account: its "preferences"
//	POST /api/account/preferences  {"sr_mode": true, "lang": "de"}: set the ones given

// preferencesInfo is an account's preferences as the API says them; a
// preference never set has its default.
type preferencesInfo struct {
	// SRMode is the client's screen-reader mode.
	SRMode bool `json:"sr_mode"`
	// Lang is the language the player last chose, "" before any.
	Lang string `json:"lang,omitempty"`
}

// preferencesChange is the body of POST /api/account/preferences: the
// preferences to set; those left out keep their value.
type preferencesChange struct {
	SRMode *bool   `json:"sr_mode"`
	Lang   *string `json:"lang"`
}

// preferencesOf returns the preferences of account id.
func (s *Server) preferencesOf(ctx context.Context, id string) (preferencesInfo, error) {
	p, err := s.cfg.Accounts.Preferences(ctx, id)
	if err != nil {
		return preferencesInfo{}, err
	}
	return preferencesInfo{SRMode: p[store.PrefSRMode] == "1", Lang: p[store.PrefLang]}, nil
}

// setPreferences sets the preferences the body gives and answers them
// all.
func (s *Server) setPreferences(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req preferencesChange
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	var set [][2]string
	if req.SRMode != nil {
		value := "0"
		if *req.SRMode {
			value = "1"
		}
		set = append(set, [2]string{store.PrefSRMode, value})
	}
	if req.Lang != nil {
		if _, ok := mailTexts[*req.Lang]; !ok {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "lang %q is not a language of Minehall (%s)", *req.Lang, strings.Join(mailLanguages(), ", ")))
			return
		}
		set = append(set, [2]string{store.PrefLang, *req.Lang})
	}
	if len(set) == 0 {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, `say which preference to set, such as {"sr_mode": true} or {"lang": "de"}`))
		return
	}
	for _, kv := range set {
		if err := s.cfg.Accounts.SetPreference(r.Context(), who.Account.ID, kv[0], kv[1], time.Now()); err != nil {
			writeError(w, s.log, err)
			return
		}
	}
	p, err := s.preferencesOf(r.Context(), who.Account.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"preferences": p})
}
