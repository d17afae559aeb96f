package minerals

import "minehall/game"

// LocalizeError says an error of this game (its engine's English
// message, see [State.Explain]) in lang, one of [game.Languages]; false
// when the message has no translation.
func (Game) LocalizeError(err error, lang string) (string, bool) {
	return reasons.LocalizeError(err, lang)
}

var _ game.ErrorLocalizer = Game{}

// reasons are the engine's reasons (explain.go) in the app's languages.
var reasons = func() *game.Phrasebook {
	b := &game.Phrasebook{}
	b.Terms([][4]string{
		{"wollastonite", "Wollastonit", "wollastonite", "wollastoniet"},
		{"kyanite", "Kyanit", "cyanite", "kyaniet"},
		{"tourmaline", "Turmalin", "tourmaline", "toermalijn"},
		{"anthracite", "Anthrazit", "anthracite", "antraciet"},
		{"orpiment", "Auripigment", "orpiment", "auripigment"},
		{"hammer", "Hammer", "Marteau", "Hamer"},
		{"shovel", "Schaufel", "Pelle", "Schep"},
		{"chest", "Truhe", "Coffre", "Kist"},
		{"sack", "Sack", "Sac", "Zak"},
		{"map", "Karte", "Carte", "Kaart"},
		{"compass", "Kompass", "Boussole", "Kompas"},
		{"magnifying glass", "Lupe", "Loupe", "Vergrootglas"},
		{"vortex", "Wirbel", "Vortex", "Draaikolk"},
		{"rope", "Seil", "Corde", "Touw"},
		{"dynamite", "Dynamit", "Dynamite", "Dynamiet"},
	}...)
	b.Term("nothing", map[string]string{"de": "nichts", "fr": "rien", "nl": "niets"})
	b.Terms([][4]string{
		{"hex", "Feld", "case", "vak"},
		{"hexes", "Felder", "cases", "vakken"},
		{"point", "Punkt", "point", "punt"},
		{"points", "Punkte", "points", "punten"},
	}...)
	say := b.SayDeFrNl
	say(`the game is over`, "Die Partie ist vorbei.", "La partie est terminée.", "De partij is voorbij.")
	say(`it is seat (\d+)'s turn, not seat (\d+)'s`,
		"Platz {1} ist am Zug, nicht Platz {2}.", "C’est au tour de la place {1}, pas de la place {2}.", "Plaats {1} is aan de beurt, niet plaats {2}.")
	say(`it is seat (\d+)'s turn, not .*`,
		"Platz {1} ist am Zug.", "C’est au tour de la place {1}.", "Plaats {1} is aan de beurt.")
	say(`a random draw comes next, not a player's move`,
		"Als Nächstes wird zufällig gezogen, kein Spieler ist am Zug.", "Un tirage au hasard vient d’abord, pas le coup d’un joueur.", "Eerst volgt een willekeurige trekking, geen zet van een speler.")
	say(`you are building a Sack swap with seat (\d+); make it \(sack swap\) or cancel it \(sack cancel\) first`,
		"Du stellst gerade einen Sack-Tausch mit Platz {1} zusammen; führe ihn aus (sack swap) oder brich ihn ab (sack cancel).",
		"Vous préparez un échange au Sac avec la place {1} ; faites-le (sack swap) ou annulez-le (sack cancel) d’abord.",
		"Je stelt een Zak-ruil met plaats {1} samen; voer die uit (sack swap) of annuleer hem (sack cancel).")
	say(`that card is not in the deck`, "Diese Karte ist nicht im Stapel.", "Cette carte n’est pas dans la pioche.", "Die kaart zit niet in de stapel.")
	say(`the pouch holds no such mineral`, "Der Beutel enthält kein solches Mineral.", "Le sac ne contient pas ce minéral.", "De buidel bevat zo’n mineraal niet.")
	say(`at set-up each player removes one mineral from the board \(remove HEX\)`,
		"Beim Aufbau entfernt jeder Spieler ein Mineral vom Spielplan (remove FELD).",
		"À la mise en place, chaque joueur retire un minéral du plateau (remove CASE).",
		"Bij de opbouw haalt elke speler één mineraal van het bord (remove VAK).")
	say(`there is no mineral on ([a-z]\d+)`, "Auf {1} liegt kein Mineral.", "Il n’y a pas de minéral en {1}.", "Op {1} ligt geen mineraal.")
	say(`removing it would divide the board; the board must stay one piece`,
		"Das würde den Spielplan teilen; er muss ein zusammenhängendes Stück bleiben.",
		"Le retirer diviserait le plateau ; il doit rester d’un seul tenant.",
		"Dat zou het bord in stukken delen; het moet één geheel blijven.")
	say(`place the pawn on a free wollastonite first \(place HEX\)`,
		"Stelle zuerst die Figur auf ein freies Wollastonit (place FELD).",
		"Placez d’abord le pion sur une wollastonite libre (place CASE).",
		"Zet eerst de pion op een vrij wollastoniet (place VAK).")
	say(`pawns are placed on a wollastonite \(white mineral\)`,
		"Figuren werden auf ein Wollastonit (weißes Mineral) gestellt.",
		"Les pions se placent sur une wollastonite (minéral blanc).",
		"Pionnen worden op een wollastoniet (wit mineraal) gezet.")
	say(`another pawn stands there`, "Dort steht schon eine Figur.", "Un autre pion s’y trouve.", "Daar staat al een pion.")
	say(`fragments are about to be cut off; cut, or use the Hammer or the Shovel if you may`,
		"Bruchstücke werden gleich abgetrennt: trenne sie ab (cut) oder nutze Hammer oder Schaufel, wenn du darfst.",
		"Des fragments vont être détachés : détachez-les (cut) ou utilisez le Marteau ou la Pelle si vous le pouvez.",
		"Er worden fragmenten afgesneden: snij ze af (cut) of gebruik de Hamer of de Schep als dat mag.")
	say(`you have already moved this turn`, "Du hast in diesem Zug schon gezogen.", "Vous vous êtes déjà déplacé ce tour-ci.", "Je hebt deze beurt al gezet.")
	say(`a correct move exists, so you must make it`,
		"Es gibt einen korrekten Zug, also musst du ihn machen.", "Un déplacement correct existe : vous devez le faire.", "Er bestaat een correcte zet, dus die moet je doen.")
	say(`you must move before your turn can end`, "Du musst ziehen, bevor dein Zug enden kann.", "Vous devez vous déplacer avant de finir votre tour.", "Je moet zetten voordat je beurt kan eindigen.")
	say(`nothing is being cut off now`, "Gerade wird nichts abgetrennt.", "Rien n’est détaché maintenant.", "Er wordt nu niets afgesneden.")
	say(`draws and reveals are random events, not a player's move`,
		"Ziehen und Aufdecken sind Zufallsereignisse, kein Spielerzug.", "Tirages et révélations sont des événements aléatoires, pas des coups de joueur.", "Trekken en omdraaien zijn toevalsgebeurtenissen, geen zet van een speler.")
	say(`this version is played without tools`, "Diese Version wird ohne Werkzeuge gespielt.", "Cette version se joue sans outils.", "Deze versie wordt zonder gereedschap gespeeld.")
	say(`you have already used a tool this turn \(one tool per turn\)`,
		"Du hast in diesem Zug schon ein Werkzeug benutzt (ein Werkzeug pro Zug).", "Vous avez déjà utilisé un outil ce tour-ci (un outil par tour).", "Je hebt deze beurt al gereedschap gebruikt (één per beurt).")
	say(`the (.+) is not in this game \(its tile shows the other side\)`,
		"{t1} ist nicht im Spiel (sein Plättchen zeigt die andere Seite).", "{t1} n’est pas en jeu (sa tuile montre l’autre face).", "{t1} is niet in het spel (de tegel toont de andere kant).")
	say(`the (.+) costs one ([a-z]+) and you have none`,
		"{t1} kostet ein {t2}, und du hast keines.", "{t1} coûte une {t2} et vous n’en avez pas.", "{t1} kost één {t2} en je hebt er geen.")
	say(`the (.+) is used after a correct move`,
		"{t1} wird nach einem korrekten Zug benutzt.", "{t1} s’utilise après un déplacement correct.", "{t1} wordt na een correcte zet gebruikt.")
	say(`the (.+) is used during your move, and you have already moved`,
		"{t1} wird während des Zugs benutzt, und du hast schon gezogen.", "{t1} s’utilise pendant le déplacement, et vous vous êtes déjà déplacé.", "{t1} wordt tijdens de zet gebruikt, en je hebt al gezet.")
	say(`the Shovel is used when your move cuts off several fragments, on a mineral of one of them`,
		"Die Schaufel wird benutzt, wenn dein Zug mehrere Bruchstücke abtrennt, auf einem Mineral eines davon.",
		"La Pelle s’utilise quand votre déplacement détache plusieurs fragments, sur un minéral de l’un d’eux.",
		"De Schep wordt gebruikt als je zet meerdere fragmenten afsnijdt, op een mineraal van één ervan.")
	say(`the Chest cannot be used when the pouch is empty`,
		"Die Truhe kann nicht benutzt werden, wenn der Beutel leer ist.", "Le Coffre ne peut servir quand le sac est vide.", "De Kist kan niet gebruikt worden als de buidel leeg is.")
	say(`the pouch holds no ([a-z]+)`, "Der Beutel enthält kein {t1}.", "Le sac ne contient pas de {t1}.", "De buidel bevat geen {t1}.")
	say(`([a-z]\d+) already holds a mineral`, "Auf {1} liegt schon ein Mineral.", "{1} porte déjà un minéral.", "Op {1} ligt al een mineraal.")
	say(`the Hammer adds a mineral only on an empty hex touching at least two minerals`,
		"Der Hammer legt ein Mineral nur auf ein leeres Feld, das mindestens zwei Mineralien berührt.",
		"Le Marteau ne pose un minéral que sur une case vide touchant au moins deux minéraux.",
		"De Hamer legt alleen een mineraal op een leeg vak dat minstens twee mineralen raakt.")
	say(`with the Map the move is still exactly (\d+ hex(?:es)?), turns once over a crevice or a pawn, ends on a free mineral, and reaches a hex a straight move does not`,
		"Mit der Karte geht der Zug weiterhin genau {c1}, biegt einmal über einer Spalte oder Figur ab, endet auf einem freien Mineral und erreicht ein Feld, das ein gerader Zug nicht erreicht.",
		"Avec la Carte, le déplacement fait toujours exactement {c1}, tourne une fois au-dessus d’une crevasse ou d’un pion, finit sur un minéral libre et atteint une case qu’un déplacement droit n’atteint pas.",
		"Met de Kaart is de zet nog steeds precies {c1}, draait één keer boven een kloof of pion, eindigt op een vrij mineraal en bereikt een vak dat een rechte zet niet bereikt.")
	say(`the Compass moves fewer hexes than a plain move and at least 1, so it cannot move from wollastonite`,
		"Der Kompass zieht weniger Felder als ein gewöhnlicher Zug und mindestens 1, also kann er von Wollastonit aus nicht ziehen.",
		"La Boussole avance de moins de cases qu’un déplacement ordinaire et d’au moins 1 : depuis une wollastonite, elle ne peut pas avancer.",
		"Het Kompas zet minder vakken dan een gewone zet en minstens 1, dus vanaf wollastoniet kan het niet zetten.")
	say(`the Compass moves 1 hex in a straight line and stops on a free mineral just before a crevice, the edge of the grid or a pawn`,
		"Der Kompass zieht 1 Feld geradeaus und hält auf einem freien Mineral direkt vor einer Spalte, dem Rand oder einer Figur.",
		"La Boussole avance d’une case en ligne droite et s’arrête sur un minéral libre juste avant une crevasse, le bord ou un pion.",
		"Het Kompas zet 1 vak in een rechte lijn en stopt op een vrij mineraal vlak voor een kloof, de rand of een pion.")
	say(`the Compass moves 1 to (\d+) hexes in a straight line and stops on a free mineral just before a crevice, the edge of the grid or a pawn`,
		"Der Kompass zieht 1 bis {1} Felder geradeaus und hält auf einem freien Mineral direkt vor einer Spalte, dem Rand oder einer Figur.",
		"La Boussole avance de 1 à {1} cases en ligne droite et s’arrête sur un minéral libre juste avant une crevasse, le bord ou un pion.",
		"Het Kompas zet 1 tot {1} vakken in een rechte lijn en stopt op een vrij mineraal vlak voor een kloof, de rand of een pion.")
	say(`the Magnifying Glass takes a free mineral next to your pawn whose color differs from the mineral your pawn stands on now`,
		"Die Lupe nimmt ein freies Mineral neben deiner Figur, dessen Farbe sich von dem Mineral unter deiner Figur unterscheidet.",
		"La Loupe prend un minéral libre voisin de votre pion, d’une autre couleur que le minéral sous votre pion.",
		"Het Vergrootglas neemt een vrij mineraal naast je pion met een andere kleur dan het mineraal onder je pion.")
	say(`the Vortex carries your pawn and its mineral to an empty hex touching at least two other minerals`,
		"Der Wirbel trägt deine Figur mit ihrem Mineral auf ein leeres Feld, das mindestens zwei andere Mineralien berührt.",
		"Le Vortex porte votre pion et son minéral sur une case vide touchant au moins deux autres minéraux.",
		"De Draaikolk brengt je pion met zijn mineraal naar een leeg vak dat minstens twee andere mineralen raakt.")
	say(`with the Rope the move is still exactly (\d+ hex(?:es)?) in a straight line, ends on a free mineral, and reaches a hex a straight move does not`,
		"Mit dem Seil geht der Zug weiterhin genau {c1} geradeaus, endet auf einem freien Mineral und erreicht ein Feld, das ein gewöhnlicher Zug nicht erreicht.",
		"Avec la Corde, le déplacement fait toujours exactement {c1} en ligne droite, finit sur un minéral libre et atteint une case qu’un déplacement ordinaire n’atteint pas.",
		"Met het Touw is de zet nog steeds precies {c1} in een rechte lijn, eindigt op een vrij mineraal en bereikt een vak dat een gewone zet niet bereikt.")
	say(`the Dynamite blasts a mineral without a pawn, and a pawn stands on ([a-z]\d+)`,
		"Das Dynamit sprengt ein Mineral ohne Figur, und auf {1} steht eine Figur.",
		"La Dynamite fait sauter un minéral sans pion, et un pion se trouve en {1}.",
		"Het Dynamiet blaast een mineraal zonder pion op, en op {1} staat een pion.")
	say(`the (.+) cannot do that now`, "{t1} kann das jetzt nicht.", "{t1} ne peut pas faire cela maintenant.", "{t1} kan dat nu niet.")
	say(`your pawn stands on ([a-z]+) and must move exactly (\d+ hex(?:es)?), not (\d+)`,
		"Deine Figur steht auf {t1} und muss genau {c2} ziehen, nicht {3}.",
		"Votre pion est sur une {t1} et doit avancer d’exactement {c2}, pas {3}.",
		"Je pion staat op {t1} en moet precies {c2} zetten, niet {3}.")
	say(`the way crosses a crevice wider than one hex`,
		"Der Weg quert eine Spalte, die breiter als ein Feld ist.", "Le chemin franchit une crevasse de plus d’une case.", "De weg kruist een kloof die breder is dan één vak.")
	say(`a move cannot end on a crevice`, "Ein Zug kann nicht auf einer Spalte enden.", "Un déplacement ne peut finir sur une crevasse.", "Een zet kan niet op een kloof eindigen.")
	say(`not in a straight line from ([a-z]\d+)`, "nicht in gerader Linie von {1} aus.", "pas en ligne droite depuis {1}.", "niet in een rechte lijn vanaf {1}.")
	say(`this version is played without collection cards`,
		"Diese Version wird ohne Sammelkarten gespielt.", "Cette version se joue sans cartes de collection.", "Deze versie wordt zonder verzamelkaarten gespeeld.")
	say(`collection cards are taken after your move`,
		"Sammelkarten werden nach deinem Zug genommen.", "Les cartes de collection se prennent après votre déplacement.", "Verzamelkaarten worden na je zet genomen.")
	say(`you have already taken a collection card this turn`,
		"Du hast in diesem Zug schon eine Sammelkarte genommen.", "Vous avez déjà pris une carte de collection ce tour-ci.", "Je hebt deze beurt al een verzamelkaart genomen.")
	say(`face-up slot (\d+) is empty`, "Der offene Platz {1} ist leer.", "L’emplacement visible {1} est vide.", "Open plek {1} is leeg.")
	say(`card (\S+) cannot be taken without an orpiment: only ♦♦ cards with an orpiment can`,
		"Karte {1} kann nicht ohne Auripigment genommen werden: das geht nur bei ♦♦-Karten mit Auripigment.",
		"La carte {1} ne peut être prise sans orpiment : seules les cartes ♦♦ avec un orpiment le peuvent.",
		"Kaart {1} kan niet zonder auripigment genomen worden: dat kan alleen bij ♦♦-kaarten met een auripigment.")
	say(`card (\S+) asks for minerals you do not have besides its orpiment`,
		"Karte {1} verlangt außer dem Auripigment Mineralien, die du nicht hast.",
		"La carte {1} demande, outre son orpiment, des minéraux que vous n’avez pas.",
		"Kaart {1} vraagt naast het auripigment mineralen die je niet hebt.")
	say(`card (\S+) asks for an orpiment you do not have; take it without the orpiment \(take (\d+) without orpiment\) for (\d+) points`,
		"Karte {1} verlangt ein Auripigment, das du nicht hast; nimm sie ohne Auripigment (take {2} without orpiment) für {3} Punkte.",
		"La carte {1} demande un orpiment que vous n’avez pas ; prenez-la sans orpiment (take {2} without orpiment) pour {3} points.",
		"Kaart {1} vraagt een auripigment dat je niet hebt; neem haar zonder auripigment (take {2} without orpiment) voor {3} punten.")
	say(`card (\S+) asks for minerals you do not have`,
		"Karte {1} verlangt Mineralien, die du nicht hast.", "La carte {1} demande des minéraux que vous n’avez pas.", "Kaart {1} vraagt mineralen die je niet hebt.")
	say(`no Sack swap is being built; open one with an opponent first \(sack with SEAT\)`,
		"Es wird kein Sack-Tausch zusammengestellt; beginne zuerst einen mit einem Gegner (sack with PLATZ).",
		"Aucun échange au Sac n’est en préparation ; ouvrez-en d’abord un avec un adversaire (sack with PLACE).",
		"Er wordt geen Zak-ruil samengesteld; begin er eerst een met een tegenstander (sack with PLAATS).")
	say(`you are already building a Sack swap with seat (\d+); make it \(sack swap\) or cancel it \(sack cancel\) first`,
		"Du stellst schon einen Sack-Tausch mit Platz {1} zusammen; führe ihn aus (sack swap) oder brich ihn ab (sack cancel).",
		"Vous préparez déjà un échange au Sac avec la place {1} ; faites-le (sack swap) ou annulez-le (sack cancel) d’abord.",
		"Je stelt al een Zak-ruil met plaats {1} samen; voer die uit (sack swap) of annuleer hem (sack cancel).")
	say(`the Sack swaps with an opponent, not with yourself`,
		"Der Sack tauscht mit einem Gegner, nicht mit dir selbst.", "Le Sac échange avec un adversaire, pas avec vous-même.", "De Zak ruilt met een tegenstander, niet met jezelf.")
	say(`there is no seat (\d+) in this game`, "In dieser Partie gibt es keinen Platz {1}.", "Il n’y a pas de place {1} dans cette partie.", "In deze partij is er geen plaats {1}.")
	say(`seat (\d+) has no minerals to swap`, "Platz {1} hat keine Mineralien zum Tauschen.", "La place {1} n’a aucun minéral à échanger.", "Plaats {1} heeft geen mineralen om te ruilen.")
	say(`you have no minerals to give besides the ([a-z]+) that pays for the Sack`,
		"Außer dem {t1}, das den Sack bezahlt, hast du keine Mineralien zum Geben.",
		"Vous n’avez rien à donner en dehors de la {t1} qui paie le Sac.",
		"Je hebt niets om te geven behalve het {t1} dat de Zak betaalt.")
	say(`no swap of equal value is possible: you can give (.+) \(the Sack's own ([a-z]+) aside\), seat (\d+) has (.+)`,
		"Kein Tausch gleichen Werts ist möglich: du kannst {c1} geben (ohne das {t2} für den Sack), Platz {3} hat {c4}.",
		"Aucun échange de même valeur n’est possible : vous pouvez donner {c1} (hors la {t2} du Sac), la place {3} a {c4}.",
		"Geen ruil van gelijke waarde is mogelijk: je kunt {c1} geven (het {t2} voor de Zak niet meegerekend), plaats {3} heeft {c4}.")
	say(`you take ([a-z]+) already: a kind on both sides would cancel out`,
		"Du nimmst schon {t1}: eine Sorte auf beiden Seiten hebt sich auf.", "Vous prenez déjà de la {t1} : une sorte des deux côtés s’annulerait.", "Je neemt al {t1}: een soort aan beide kanten valt weg.")
	say(`you give ([a-z]+) already: a kind on both sides would cancel out`,
		"Du gibst schon {t1}: eine Sorte auf beiden Seiten hebt sich auf.", "Vous donnez déjà de la {t1} : une sorte des deux côtés s’annulerait.", "Je geeft al {t1}: een soort aan beide kanten valt weg.")
	say(`you have no more ([a-z]+) to give \(one ([a-z]+) pays for the Sack at the swap\)`,
		"Du hast kein {t1} mehr zum Geben (ein {t2} bezahlt beim Tausch den Sack).",
		"Vous n’avez plus de {t1} à donner (une {t2} paie le Sac à l’échange).",
		"Je hebt geen {t1} meer om te geven (één {t2} betaalt de Zak bij de ruil).")
	say(`you have no more ([a-z]+) to give`, "Du hast kein {t1} mehr zum Geben.", "Vous n’avez plus de {t1} à donner.", "Je hebt geen {t1} meer om te geven.")
	say(`with one more ([a-z]+) given, no swap of equal value can be completed: seat (\d+) does not have the minerals to make up the difference`,
		"Mit einem weiteren {t1} lässt sich kein Tausch gleichen Werts mehr vollenden: Platz {2} hat nicht die Mineralien für den Ausgleich.",
		"Avec une {t1} de plus donnée, aucun échange de même valeur n’est possible : la place {2} n’a pas de quoi compenser.",
		"Met nog één {t1} erbij is geen ruil van gelijke waarde meer mogelijk: plaats {2} heeft niet de mineralen om het verschil te maken.")
	say(`seat (\d+) has no more ([a-z]+) to give up`, "Platz {1} hat kein {t2} mehr abzugeben.", "La place {1} n’a plus de {t2} à céder.", "Plaats {1} heeft geen {t2} meer om af te staan.")
	say(`with one more ([a-z]+) taken, no swap of equal value can be completed: you do not have the minerals to make up the difference`,
		"Mit einem weiteren {t1} lässt sich kein Tausch gleichen Werts mehr vollenden: du hast nicht die Mineralien für den Ausgleich.",
		"Avec une {t1} de plus prise, aucun échange de même valeur n’est possible : vous n’avez pas de quoi compenser.",
		"Met nog één {t1} erbij is geen ruil van gelijke waarde meer mogelijk: je hebt niet de mineralen om het verschil te maken.")
	say(`choose the minerals to give and to take first \(sack give MINERAL, sack take MINERAL\)`,
		"Wähle zuerst die Mineralien zum Geben und Nehmen (sack give MINERAL, sack take MINERAL).",
		"Choisissez d’abord les minéraux à donner et à prendre (sack give MINERAL, sack take MINERAL).",
		"Kies eerst de mineralen om te geven en te nemen (sack give MINERAL, sack take MINERAL).")
	say(`the two sides are not worth the same: you give (\d+ points?) of minerals and take (\d+)`,
		"Beide Seiten sind nicht gleich viel wert: du gibst Mineralien für {c1} und nimmst {2}.",
		"Les deux côtés ne valent pas autant : vous donnez {c1} de minéraux et en prenez {2}.",
		"De twee kanten zijn niet evenveel waard: je geeft {c1} aan mineralen en neemt er {2}.")
	say(`the Sack cannot do that now`, "Der Sack kann das jetzt nicht.", "Le Sac ne peut pas faire cela maintenant.", "De Zak kan dat nu niet.")
	// Last, a reason about one action: the action as written, then why.
	say(`([^:]+): (.+)`,
		"{1}: {s2}", "{1} : {s2}", "{1}: {s2}")
	return b
}()
