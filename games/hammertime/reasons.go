package hammertime

import "minehall/game"

// LocalizeError says an error of this game (its engine's English
// message, see [State.Explain]) in lang, one of [game.Languages]; false
// when the message has no translation.
func (*Game) LocalizeError(err error, lang string) (string, bool) {
	return reasons.LocalizeError(err, lang)
}

var _ game.ErrorLocalizer = (*Game)(nil)

// reasons are the engine's reasons (state.go, fill.go) in the app's
// languages; gems' colours as the app names them.
var reasons = func() *game.Phrasebook {
	b := &game.Phrasebook{}
	b.Terms([][4]string{
		{"white", "weiße", "blanches", "witte"},
		{"blue", "blaue", "bleues", "blauwe"},
		{"green", "grüne", "vertes", "groene"},
		{"yellow", "gelbe", "jaunes", "gele"},
		{"red", "rote", "rouges", "rode"},
		{"black", "schwarze", "noires", "zwarte"},
		// one gem, one slot: a count of one in the singular
		{"white gem", "weißer Stein", "gemme blanche", "witte steen"},
		{"blue gem", "blauer Stein", "gemme bleue", "blauwe steen"},
		{"green gem", "grüner Stein", "gemme verte", "groene steen"},
		{"yellow gem", "gelber Stein", "gemme jaune", "gele steen"},
		{"red gem", "roter Stein", "gemme rouge", "rode steen"},
		{"black gem", "schwarzer Stein", "gemme noire", "zwarte steen"},
		{"blue slot", "blaues Feld", "case bleue", "blauw vak"},
		{"green slot", "grünes Feld", "case verte", "groen vak"},
		{"yellow slot", "gelbes Feld", "case jaune", "geel vak"},
		{"red slot", "rotes Feld", "case rouge", "rood vak"},
	}...)
	say := b.SayDeFrNl
	say(`the game is over`, "Die Partie ist vorbei.", "La partie est terminée.", "De partij is voorbij.")
	say(`the die is rolled first: it decides seat (\d+)'s technique for this turn`,
		"Zuerst wird gewürfelt: der Würfel bestimmt die Technik von Platz {1} in diesem Zug.",
		"Le dé est lancé d’abord : il décide de la technique de la place {1} pour ce tour.",
		"Eerst wordt gegooid: de dobbelsteen bepaalt de techniek van plaats {1} deze beurt.")
	say(`there is no die to roll now: it is seat (\d+)'s turn`,
		"Jetzt wird nicht gewürfelt: Platz {1} ist am Zug.", "Il n’y a pas de dé à lancer : c’est au tour de la place {1}.", "Er valt nu niets te gooien: plaats {1} is aan de beurt.")
	say(`it is seat (\d+)'s turn, not seat (\S+)'s`,
		"Platz {1} ist am Zug, nicht Platz {2}.", "C’est au tour de la place {1}, pas de la place {2}.", "Plaats {1} is aan de beurt, niet plaats {2}.")
	say(`(.+) is the die's roll, which only chance makes at the start of a turn`,
		"{1} ist ein Wurf des Würfels, den nur der Zufall zu Beginn eines Zugs macht.",
		"{1} est un lancer du dé, que seul le hasard fait au début d’un tour.",
		"{1} is een worp van de dobbelsteen, die alleen het toeval aan het begin van een beurt doet.")
	say(`seat (\d+)'s next wagon is turned face up first: chance draws it from the wagons left in the pile`,
		"Zuerst wird die nächste Lore von Platz {1} aufgedeckt: der Zufall zieht sie aus den Loren, die im Stapel übrig sind.",
		"Le prochain wagonnet de la place {1} est d’abord retourné : le hasard le tire parmi les wagonnets restés dans la pile.",
		"Eerst wordt het volgende wagentje van plaats {1} omgedraaid: het toeval trekt het uit de wagentjes die nog op de stapel liggen.")
	say(`the next mission card is turned face up first: chance draws it from the cards left in the pile`,
		"Zuerst wird die nächste Missionskarte aufgedeckt: der Zufall zieht sie aus den Karten, die im Stapel übrig sind.",
		"La prochaine carte de mission est d’abord retournée : le hasard la tire parmi les cartes restées dans la pile.",
		"Eerst wordt de volgende missiekaart omgedraaid: het toeval trekt haar uit de kaarten die nog op de stapel liggen.")
	say(`(.+) does not turn a card face up, which chance does now`,
		"{1} deckt keine Karte auf, und das tut der Zufall jetzt.",
		"{1} ne retourne aucune carte, ce que le hasard fait maintenant.",
		"{1} draait geen kaart om, en dat doet het toeval nu.")
	say(`(.+) turns a card face up, which only chance does when a card is turned up; none is now`,
		"{1} deckt eine Karte auf, was nur der Zufall tut, wenn eine Karte aufgedeckt wird; jetzt wird keine aufgedeckt.",
		"{1} retourne une carte, ce que seul le hasard fait quand une carte est retournée ; aucune ne l’est maintenant.",
		"{1} draait een kaart om, wat alleen het toeval doet wanneer een kaart wordt omgedraaid; nu wordt er geen omgedraaid.")
	say(`(.+) is not in seat (\d+)'s wagon pile, whose next wagon is turned up now`,
		"{1} liegt nicht im Lorenstapel von Platz {2}, dessen nächste Lore jetzt aufgedeckt wird.",
		"{1} n’est pas dans la pile de wagonnets de la place {2}, dont le prochain wagonnet est retourné maintenant.",
		"{1} ligt niet op de stapel wagentjes van plaats {2}, waarvan nu het volgende wagentje wordt omgedraaid.")
	say(`(.+) is not among the mission cards left face down, whose next card is turned up now`,
		"{1} ist nicht unter den verdeckten Missionskarten, deren nächste jetzt aufgedeckt wird.",
		"{1} n’est pas parmi les cartes de mission encore face cachée, dont la prochaine est retournée maintenant.",
		"{1} is niet een van de missiekaarten die nog dicht liggen, waarvan nu de volgende wordt omgedraaid.")
	say(`(.+) is not a face of the die`, "{1} ist keine Seite des Würfels.", "{1} n’est pas une face du dé.", "{1} is geen kant van de dobbelsteen.")
	say(`you fill your wagon after gems fall; hit the tray first`,
		"Deine Lore füllst du, nachdem Steine gefallen sind; schlag zuerst auf das Tablett.",
		"Vous remplissez votre wagonnet après la chute de gemmes ; frappez d’abord le plateau.",
		"Je vult je wagentje nadat er stenen zijn gevallen; sla eerst op het blad.")
	say(`you have already turned or pushed the tray (\d+) times this turn; hit it now`,
		"Du hast das Tablett in diesem Zug schon {1}-mal gedreht oder geschoben; schlag jetzt zu.",
		"Vous avez déjà tourné ou poussé le plateau {1} fois ce tour-ci ; frappez maintenant.",
		"Je hebt het blad deze beurt al {1} keer gedraaid of geschoven; sla nu.")
	say(`gems have already fallen this turn: choose how to fill your wagon, for example "(.+)"`,
		"In diesem Zug sind schon Steine gefallen: wähle, wie du deine Lore füllst, zum Beispiel „{1}“.",
		"Des gemmes sont déjà tombées ce tour-ci : choisissez comment remplir votre wagonnet, par exemple « {1} ».",
		"Er zijn deze beurt al stenen gevallen: kies hoe je je wagentje vult, bijvoorbeeld „{1}”.")
	say(`(fill .+|fill nothing) is not possible: (.+)`, "{1} ist nicht möglich: {s2}", "{1} n’est pas possible : {s2}", "{1} is niet mogelijk: {s2}")
	say(`black gems fill no wagon`, "Schwarze Steine füllen keine Lore.", "Les gemmes noires ne remplissent aucun wagonnet.", "Zwarte stenen vullen geen wagentje.")
	say(`1 (\w+ gem) fell, not (\d+)`, "1 {t1} ist gefallen, nicht {2}.", "1 {t1} est tombée, pas {2}.", "Er is 1 {t1} gevallen, niet {2}.")
	say(`(\d+) (\w+) gems fell, not (\d+)`, "{1} {t2} Steine sind gefallen, nicht {3}.", "{1} gemmes {t2} sont tombées, pas {3}.", "Er zijn {1} {t2} stenen gevallen, niet {3}.")
	say(`your wagon (\S+) has 1 free (\w+ slot), not (\d+) \(white gems can take the others\)`,
		"Deine Lore {1} hat 1 freies {t2}, nicht {3} (weiße Steine können die anderen nehmen).",
		"Votre wagonnet {1} a 1 {t2} libre, pas {3} (les gemmes blanches peuvent prendre les autres).",
		"Je wagentje {1} heeft 1 vrij {t2}, niet {3} (witte stenen kunnen de andere nemen).")
	say(`your wagon (\S+) has (\d+) free (\w+) slots, not (\d+) \(white gems can take the others\)`,
		"Deine Lore {1} hat {2} freie {t3} Felder, nicht {4} (weiße Steine können die anderen nehmen).",
		"Votre wagonnet {1} a {2} cases {t3} libres, pas {4} (les gemmes blanches peuvent prendre les autres).",
		"Je wagentje {1} heeft {2} vrije {t3} vakken, niet {4} (witte stenen kunnen de andere nemen).")
	say(`your wagon (\S+) has 1 empty slot, and the filling puts (\d+) gems in it`,
		"Deine Lore {1} hat 1 leeres Feld, und die Füllung legt {2} Steine hinein.",
		"Votre wagonnet {1} a 1 case vide, et le remplissage y met {2} gemmes.",
		"Je wagentje {1} heeft 1 leeg vak, en de vulling legt er {2} stenen in.")
	say(`your wagon (\S+) has (\d+) empty slots, and the filling puts (\d+) gems in it`,
		"Deine Lore {1} hat {2} leere Felder, und die Füllung legt {3} Steine hinein.",
		"Votre wagonnet {1} a {2} cases vides, et le remplissage y met {3} gemmes.",
		"Je wagentje {1} heeft {2} lege vakken, en de vulling legt er {3} stenen in.")
	say(`you hold no mission cards`, "Du hast keine Missionskarten.", "Vous n’avez aucune carte de mission.", "Je hebt geen missiekaarten.")
	say(`you hold 1 mission card, not (\d+)`, "Du hast 1 Missionskarte, nicht {1}.", "Vous avez 1 carte de mission, pas {1}.", "Je hebt 1 missiekaart, niet {1}.")
	say(`you hold (\d+) mission cards, not (\d+)`, "Du hast {1} Missionskarten, nicht {2}.", "Vous avez {1} cartes de mission, pas {2}.", "Je hebt {1} missiekaarten, niet {2}.")
	say(`mission cards may only complete the wagon: its only empty slot takes exactly 1 gem or card, not (\d+)`,
		"Missionskarten dürfen die Lore nur vollmachen: ihr einziges leeres Feld nimmt genau einen Stein oder eine Karte, nicht {1}.",
		"Les cartes de mission ne peuvent que compléter le wagonnet : sa seule case vide prend exactement une gemme ou une carte, pas {1}.",
		"Missiekaarten mogen het wagentje alleen vol maken: het enige lege vak neemt precies één steen of kaart, niet {1}.")
	say(`mission cards may only complete the wagon: its (\d+) empty slots take exactly (\d+) gems and cards, not (\d+)`,
		"Missionskarten dürfen die Lore nur vollmachen: ihre {1} leeren Felder nehmen genau {2} Steine und Karten, nicht {3}.",
		"Les cartes de mission ne peuvent que compléter le wagonnet : ses {1} cases vides prennent exactement {2} gemmes et cartes, pas {3}.",
		"Missiekaarten mogen het wagentje alleen vol maken: de {1} lege vakken nemen precies {2} stenen en kaarten, niet {3}.")
	return b
}()
