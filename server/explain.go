package server

import (
	"slices"

	"minehall/game"
)

// explainFrame answers an explain frame: whether the connection's seat may
// play Move now (OK) and, when not, the engine's reason in the
// connection's language (Reason), its code and its English message.
// Fallback is true when the game has no words for the reason in that
// language: Reason then says only what kind of refusal it is and Message
// says why.
type explainFrame struct {
	Type     string    `json:"type"`
	Move     string    `json:"move"`
	OK       bool      `json:"ok"`
	Code     game.Code `json:"code,omitempty"`
	Reason   string    `json:"reason,omitempty"`
	Message  string    `json:"message,omitempty"`
	Fallback bool      `json:"fallback,omitempty"`
}

// answerLang returns lang when it is one of the app's languages, else
// English.
func answerLang(lang string) string {
	if slices.Contains(game.Languages, lang) {
		return lang
	}
	return "en"
}

// explain answers whether the connection's seat may play f.Move now,
// without playing it, in f.Lang or else the hello's language.
func (c *wsConn) explain(f clientFrame) {
	lang := c.lang
	if f.Lang != "" {
		lang = answerLang(f.Lang)
	}
	var err error
	if c.seat.Seated() {
		err = c.t.Explain(c.seat, f.Move)
	} else {
		err = game.Errorf(game.CodeUnauthorized, "spectators cannot act; join a seat and say hello with its token")
	}
	if err == nil {
		c.send(explainFrame{Type: "explain", Move: f.Move, OK: true})
		return
	}
	c.send(explainAnswer(c.t.Game(), f.Move, lang, publicError(c.s.log, err), err))
}

// explainAnswer builds the answer to an explain frame for a move refused
// with err, whose public body is body.
func explainAnswer(g game.Game, move, lang string, body errorBody, err error) explainFrame {
	a := explainFrame{Type: "explain", Move: move, Code: body.Code, Message: body.Message}
	if l, ok := g.(game.ErrorLocalizer); ok && body.Code != game.CodeInternal {
		if text, ok := l.LocalizeError(err, lang); ok {
			a.Reason = text
			return a
		}
	}
	if lang == "en" {
		a.Reason = body.Message
		return a
	}
	a.Reason = refusalWords[body.Code][lang]
	if a.Reason == "" {
		a.Reason = refusalWords[game.CodeIllegal][lang]
	}
	a.Fallback = true
	return a
}

// refusalWords say, by code and language, what kind of refusal an error
// is, for reasons a game has no words for.
var refusalWords = map[game.Code]map[string]string{
	game.CodeInvalid: {
		"de": "Das ist kein Zug in der Schreibweise dieses Spiels.",
		"fr": "Ce n’est pas un coup dans la notation de ce jeu.",
		"nl": "Dat is geen zet in de notatie van dit spel.",
	},
	game.CodeIllegal: {
		"de": "Dieser Zug ist jetzt nicht erlaubt.",
		"fr": "Ce coup n’est pas permis maintenant.",
		"nl": "Deze zet is nu niet toegestaan.",
	},
	game.CodeNotYourTurn: {
		"de": "Du bist gerade nicht am Zug.",
		"fr": "Ce n’est pas votre tour.",
		"nl": "Je bent nu niet aan de beurt.",
	},
	game.CodeGameOver: {
		"de": "Die Partie ist vorbei.",
		"fr": "La partie est terminée.",
		"nl": "De partij is voorbij.",
	},
	game.CodeConflict: {
		"de": "Die Partie hat noch nicht begonnen.",
		"fr": "La partie n’a pas commencé.",
		"nl": "De partij is nog niet begonnen.",
	},
	game.CodeUnauthorized: {
		"de": "Zuschauer können nicht ziehen; nimm einen Platz ein.",
		"fr": "Les spectateurs ne peuvent pas jouer ; prenez une place.",
		"nl": "Toeschouwers kunnen niet zetten; neem een plaats in.",
	},
	game.CodeInternal: {
		"de": "Auf dem Server ist etwas schiefgegangen.",
		"fr": "Une erreur s’est produite sur le serveur.",
		"nl": "Er ging iets mis op de server.",
	},
}
