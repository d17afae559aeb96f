package outofmine

import "minehall/game"

// LocalizeError says an error of this game (its engine's English
// message, see [State.Explain]) in lang, one of [game.Languages]; false
// when the message has no translation.
func (*Game) LocalizeError(err error, lang string) (string, bool) {
	return reasons.LocalizeError(err, lang)
}

var _ game.ErrorLocalizer = (*Game)(nil)

// reasons are the engine's reasons (actions.go) in the app's languages;
// tiles keep their shapes' names (L3, T4), their elements and colours
// are said as the app says them.
var reasons = func() *game.Phrasebook {
	b := &game.Phrasebook{}
	b.Terms([][4]string{
		{"gold", "Gold", "or", "goud"},
		{"silver", "Silber", "argent", "zilver"},
		{"woodworm", "Holzwurm", "ver à bois", "houtworm"},
		{"rat", "Ratte", "rat", "rat"},
		{"yellow", "gelb", "jaune", "geel"},
		{"blue", "blau", "bleu", "blauw"},
		{"green", "grün", "vert", "groen"},
		{"red", "rot", "rouge", "rood"},
		{"white", "weiß", "blanc", "wit"},
	}...)
	say := b.SayDeFrNl
	say(`the game is over`, "Die Partie ist vorbei.", "La partie est terminée.", "De partij is voorbij.")
	say(`only chance deals boards and cards and draws lots`,
		"Nur der Zufall teilt Spielpläne und Karten aus und lost.", "Seul le hasard distribue plateaux et cartes et tire au sort.", "Alleen het toeval deelt borden en kaarten uit en loot.")
	say(`only the round clock ends a round by time`,
		"Nur die Rundenuhr beendet eine Runde nach Zeit.", "Seule l’horloge de la manche termine une manche au temps.", "Alleen de rondeklok beëindigt een ronde op tijd.")
	say(`player (\S+) has no seat at this table`, "Spieler {1} hat keinen Platz an diesem Tisch.", "Le joueur {1} n’a pas de place à cette table.", "Speler {1} heeft geen plaats aan deze tafel.")
	say(`the boards are being dealt; wait for yours`, "Die Spielpläne werden ausgeteilt; warte auf deinen.", "Les plateaux sont distribués ; attendez le vôtre.", "De borden worden uitgedeeld; wacht op het jouwe.")
	say(`the treasure cards are being dealt; the round starts when every player has one`,
		"Die Schatzkarten werden ausgeteilt; die Runde beginnt, wenn jeder eine hat.",
		"Les cartes trésor sont distribuées ; la manche commence quand chacun en a une.",
		"De schatkaarten worden uitgedeeld; de ronde begint als iedereen er een heeft.")
	say(`you already chose side (\w+)`, "Du hast schon Seite {1} gewählt.", "Vous avez déjà choisi la face {1}.", "Je hebt al kant {1} gekozen.")
	say(`the round has not started: every player first chooses a side of their board`,
		"Die Runde hat noch nicht begonnen: jeder wählt zuerst eine Seite seines Spielplans.",
		"La manche n’a pas commencé : chacun choisit d’abord une face de son plateau.",
		"De ronde is nog niet begonnen: iedereen kiest eerst een kant van zijn bord.")
	say(`a (\S+) turned (\w+) looks the same as turned (\w+); use (\w+)`,
		"Ein {1}, gedreht {2}, sieht genauso aus wie gedreht {3}; nimm {4}.",
		"Un {1} tourné {2} est identique à tourné {3} ; utilisez {4}.",
		"Een {1} gedraaid {2} ziet er hetzelfde uit als gedraaid {3}; gebruik {4}.")
	say(`a tile may lie only on the board: (\S+) at (\w+) would stick out of the (\d+)x(\d+) board`,
		"Ein Plättchen darf nur auf dem Spielplan liegen: {1} auf {2} ragte über den {3}×{4}-Spielplan hinaus.",
		"Une tuile ne peut être posée que sur le plateau : {1} en {2} dépasserait du plateau de {3}×{4}.",
		"Een tegel mag alleen op het bord liggen: {1} op {2} zou buiten het bord van {3}×{4} steken.")
	say(`assist mode: (\S+) at (\w+) would cover rock at (\w+)`,
		"Hilfsmodus: {1} auf {2} bedeckte Fels auf {3}.", "Mode assisté : {1} en {2} couvrirait la roche en {3}.", "Hulpmodus: {1} op {2} zou rots op {3} bedekken.")
	say(`assist mode: your card allows only 1 (\w+) tile and it is already on your board`,
		"Hilfsmodus: deine Karte erlaubt nur 1 Plättchen in {t1}, und es liegt schon auf deinem Spielplan.",
		"Mode assisté : votre carte n’autorise qu’une tuile {t1}, et elle est déjà sur votre plateau.",
		"Hulpmodus: je kaart staat maar 1 {t1} tegel toe, en die ligt al op je bord.")
	say(`assist mode: your card allows only (\d+) (\w+) tiles and they are already on your board`,
		"Hilfsmodus: deine Karte erlaubt nur {1} Plättchen in {t2}, und sie liegen schon auf deinem Spielplan.",
		"Mode assisté : votre carte n’autorise que {1} tuiles {t2}, et elles sont déjà sur votre plateau.",
		"Hulpmodus: je kaart staat maar {1} {t2} tegels toe, en die liggen al op je bord.")
	say(`assist mode: your card has no (\w+) tiles`, "Hilfsmodus: deine Karte hat keine Plättchen in {t1}.", "Mode assisté : votre carte n’a pas de tuiles {t1}.", "Hulpmodus: je kaart heeft geen {t1} tegels.")
	say(`no round clock is running`, "Es läuft keine Rundenuhr.", "Aucune horloge de manche ne tourne.", "Er loopt geen rondeklok.")
	say(`the round clock is off, and not every player has stopped`,
		"Die Rundenuhr ist aus, und noch nicht jeder hat aufgehört.",
		"L’horloge de la manche est arrêtée, et tous les joueurs n’ont pas encore cessé de creuser.",
		"De rondeklok staat uit, en nog niet iedereen is gestopt.")
	say(`you have stopped digging this round; it ends when every player has stopped or someone calls OUT OF MINE!`,
		"Du hast in dieser Runde aufgehört zu graben; sie endet, wenn jeder aufgehört hat oder jemand OUT OF MINE! ruft.",
		"Vous avez cessé de creuser pour cette manche ; elle se termine quand tous les joueurs ont cessé ou que quelqu’un crie OUT OF MINE!",
		"Je bent deze ronde gestopt met graven; ze eindigt wanneer iedereen gestopt is of iemand OUT OF MINE! roept.")
	say(`sides are chosen between rounds, not now`, "Seiten werden zwischen den Runden gewählt, nicht jetzt.", "Les faces se choisissent entre les manches, pas maintenant.", "Kanten worden tussen de rondes gekozen, niet nu.")
	say(`the supply has no (.+?) left \(it has (.+)\)`,
		"Im Vorrat ist kein {c1} mehr (er hat {c2}).", "La réserve n’a plus de {c1} (elle a {c2}).", "De voorraad heeft geen {c1} meer (er is nog {c2}).")
	say(`the supply has no (.+) left`, "Im Vorrat ist kein {c1} mehr.", "La réserve n’a plus de {c1}.", "De voorraad heeft geen {c1} meer.")
	say(`tile (\d+) already lies there`, "Plättchen {1} liegt schon dort.", "La tuile {1} est déjà là.", "Tegel {1} ligt daar al.")
	say(`tile (\d+) is already a (.+)`, "Plättchen {1} ist schon ein {c2}.", "La tuile {1} est déjà un {c2}.", "Tegel {1} is al een {c2}.")
	say(`tile (\d+) is not on your board`, "Plättchen {1} liegt nicht auf deinem Spielplan.", "La tuile {1} n’est pas sur votre plateau.", "Tegel {1} ligt niet op je bord.")
	say(`tiles never overlap: (\S+) at (\w+) would cover (\w+), which is taken`,
		"Plättchen überlappen nie: {1} auf {2} bedeckte {3}, das schon belegt ist.",
		"Les tuiles ne se chevauchent jamais : {1} en {2} couvrirait {3}, déjà occupée.",
		"Tegels overlappen nooit: {1} op {2} zou {3} bedekken, dat al bezet is.")
	say(`you already hold a tile; place it or put it back before swapping \(one hand\)`,
		"Du hältst schon ein Plättchen; lege es oder leg es zurück, bevor du tauschst (eine Hand).",
		"Vous tenez déjà une tuile ; posez-la ou remettez-la avant d’échanger (une seule main).",
		"Je houdt al een tegel vast; leg hem neer of terug voordat je ruilt (één hand).")
	say(`you already hold a tile; place it or put it back first \(one hand\)`,
		"Du hältst schon ein Plättchen; lege es zuerst oder leg es zurück (eine Hand).",
		"Vous tenez déjà une tuile ; posez-la ou remettez-la d’abord (une seule main).",
		"Je houdt al een tegel vast; leg hem eerst neer of terug (één hand).")
	say(`you hold no tile to place; take one from the supply first`,
		"Du hältst kein Plättchen zum Legen; nimm zuerst eines aus dem Vorrat.",
		"Vous ne tenez aucune tuile à poser ; prenez-en d’abord une dans la réserve.",
		"Je houdt geen tegel vast om te leggen; neem er eerst een uit de voorraad.")
	say(`you hold no tile to put back`, "Du hältst kein Plättchen zum Zurücklegen.", "Vous ne tenez aucune tuile à remettre.", "Je houdt geen tegel vast om terug te leggen.")
	say(`you may call OUT OF MINE! only when every gallery space is covered; 1 is still empty`,
		"OUT OF MINE! darfst du erst rufen, wenn jedes Stollenfeld bedeckt ist; 1 ist noch leer.",
		"Vous ne pouvez crier OUT OF MINE! que lorsque chaque case de galerie est couverte ; 1 est encore vide.",
		"Je mag pas OUT OF MINE! roepen als elk gangvak bedekt is; er is er nog 1 leeg.")
	say(`you may call OUT OF MINE! only when every gallery space is covered; (\d+) are still empty`,
		"OUT OF MINE! darfst du erst rufen, wenn jedes Stollenfeld bedeckt ist; {1} sind noch leer.",
		"Vous ne pouvez crier OUT OF MINE! que lorsque chaque case de galerie est couverte ; {1} sont encore vides.",
		"Je mag pas OUT OF MINE! roepen als elk gangvak bedekt is; er zijn er nog {1} leeg.")
	say(`you were dealt the same board again, so you must play its other side`,
		"Du hast denselben Spielplan wieder bekommen und musst daher seine andere Seite spielen.",
		"On vous a redonné le même plateau : vous devez jouer son autre face.",
		"Je kreeg hetzelfde bord opnieuw, dus je moet de andere kant spelen.")
	say(`chance only deals boards and cards and draws lots; "(.+)" is a player's move`,
		"Der Zufall teilt nur Spielpläne und Karten aus und lost; „{1}“ ist ein Spielerzug.",
		"Le hasard ne fait que distribuer plateaux et cartes et tirer au sort ; « {1} » est un coup de joueur.",
		"Het toeval deelt alleen borden en kaarten uit en loot; „{1}” is een zet van een speler.")
	say(`seat (\d+) gets the next card`, "Platz {1} bekommt die nächste Karte.", "La place {1} reçoit la carte suivante.", "Plaats {1} krijgt de volgende kaart.")
	say(`seat (\d+) gets the next board`, "Platz {1} bekommt den nächsten Spielplan.", "La place {1} reçoit le plateau suivant.", "Plaats {1} krijgt het volgende bord.")
	say(`first the lot decides who returns the board`, "Zuerst entscheidet das Los, wer den Spielplan zurückgibt.", "D’abord le tirage au sort décide qui rend le plateau.", "Eerst beslist het lot wie het bord teruggeeft.")
	say(`first a new board comes from the pile`, "Zuerst kommt ein neuer Spielplan vom Stapel.", "D’abord un nouveau plateau vient de la pile.", "Eerst komt er een nieuw bord van de stapel.")
	say(`the boards are being dealt now`, "Gerade werden die Spielpläne ausgeteilt.", "Les plateaux sont en cours de distribution.", "De borden worden nu uitgedeeld.")
	say(`the treasure cards are being dealt now`, "Gerade werden die Schatzkarten ausgeteilt.", "Les cartes trésor sont en cours de distribution.", "De schatkaarten worden nu uitgedeeld.")
	say(`that card was already dealt in this game`, "Diese Karte wurde in dieser Partie schon ausgeteilt.", "Cette carte a déjà été distribuée dans cette partie.", "Die kaart is deze partij al uitgedeeld.")
	say(`that board is not among the boards to deal`, "Dieser Spielplan gehört nicht zu den auszuteilenden.", "Ce plateau n’est pas parmi ceux à distribuer.", "Dat bord hoort niet bij de borden om uit te delen.")
	say(`that board is not in the pile \(it is in play or was seen and returned\)`,
		"Dieser Spielplan ist nicht im Stapel (er ist im Spiel oder wurde gesehen und zurückgegeben).",
		"Ce plateau n’est pas dans la pile (il est en jeu ou a été vu et rendu).",
		"Dat bord zit niet in de stapel (het is in het spel of werd gezien en teruggegeven).")
	say(`the players act`, "Die Spieler sind am Zug.", "Les joueurs jouent.", "De spelers zijn aan zet.")
	say(`that seat is not among those tied for the most covered spaces`,
		"Dieser Platz gehört nicht zu denen mit gleich vielen bedeckten Feldern an der Spitze.",
		"Cette place n’est pas parmi les ex æquo pour le plus de cases couvertes.",
		"Die plaats hoort niet bij de gelijken met de meeste bedekte vakken.")
	// Last, a reason about one action: the action as written, then why.
	say(`([^:]+): (.+)`, "{1}: {s2}", "{1} : {s2}", "{1}: {s2}")
	return b
}()
