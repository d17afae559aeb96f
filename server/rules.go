package server

import (
	"net/http"

	"minehall/game"
)

// rulesText is the answer of GET /api/games/{id}/rules.
type rulesText struct {
	// Lang is the language asked for.
	Lang string `json:"lang"`
	// Fallback is true when the game has no text in Lang and Markdown is
	// its English text instead.
	Fallback bool   `json:"fallback"`
	Markdown string `json:"markdown"`
}

// validLang reports whether lang looks like a two- or three-letter
// lower-case language code, such as "de".
func validLang(lang string) bool {
	if len(lang) < 2 || len(lang) > 3 {
		return false
	}
	for _, c := range lang {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func (s *Server) gameRules(w http.ResponseWriter, r *http.Request) {
	g, err := s.cfg.Registry.Lookup(r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	lang := r.URL.Query().Get("lang")
	if lang == "" {
		lang = "en"
	}
	if !validLang(lang) {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "lang %q is not a language code such as en, de, fr or nl", lang))
		return
	}
	rb, ok := g.(game.Rulebook)
	if !ok {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "%s has no rules text", g.Spec().Title))
		return
	}
	text, ok := rb.Rules(lang)
	if text == "" {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "%s has no rules text", g.Spec().Title))
		return
	}
	writeJSON(w, http.StatusOK, rulesText{Lang: lang, Fallback: !ok, Markdown: text})
}
