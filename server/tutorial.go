package server

import (
	"net/http"

	"minehall/game"
)

// tutorialCheck is the body of POST /api/games/{id}/tutorial/check.
type tutorialCheck struct {
	Lang string `json:"lang"`
	// Lesson is the lesson's id; "" for the game's first lesson.
	Lesson string `json:"lesson"`
	// Step is the 0-based index of a learner's step.
	Step int    `json:"step"`
	Move string `json:"move"`
}

// routeTutorials adds the tutorial endpoints when the server has
// tutorials.
func (s *Server) routeTutorials() {
	if s.cfg.Tutorials == nil {
		return
	}
	s.mux.HandleFunc("GET /api/games/{id}/tutorial", s.gameTutorial)
	s.mux.HandleFunc("POST /api/games/{id}/tutorial/check", s.checkTutorial)
}

// tutorialLang returns the lang of a tutorial request: "en" when empty.
func tutorialLang(lang string) string {
	if lang == "" {
		return "en"
	}
	return lang
}

// gameTutorial answers GET /api/games/{id}/tutorial?lang=xx&lesson=yy with
// the lesson yy (default the first) of the game's tutorial in lang
// (default en): see docs/protocol.md.
func (s *Server) gameTutorial(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ls, err := s.cfg.Tutorials.LessonOf(r.PathValue("id"), q.Get("lesson"), tutorialLang(q.Get("lang")))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, ls)
}

// checkTutorial answers POST /api/games/{id}/tutorial/check: whether the
// learner's move at a step is the script's, and if not, why not. It
// changes nothing.
func (s *Server) checkTutorial(w http.ResponseWriter, r *http.Request) {
	var req tutorialCheck
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if req.Move == "" {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "the request needs a move"))
		return
	}
	v, err := s.cfg.Tutorials.CheckLesson(r.PathValue("id"), req.Lesson, tutorialLang(req.Lang), req.Step, req.Move)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
