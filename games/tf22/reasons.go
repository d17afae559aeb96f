package tf22

import "minehall/game"

// LocalizeError says an error of this game (its engine's English
// message, see [State.Explain]) in lang, one of [game.Languages]; false
// when the message has no translation.
func (*Game) LocalizeError(err error, lang string) (string, bool) {
	return reasons.LocalizeError(err, lang)
}

var _ game.ErrorLocalizer = (*Game)(nil)

// reasons are the engine's reasons (legal.go) in the app's languages:
// crews' and tunnels' colours and the symbols in the words the app uses.
var reasons = func() *game.Phrasebook {
	b := &game.Phrasebook{}
	b.Terms([][4]string{
		{"white", "weiß", "blanche", "wit"},
		{"red", "rot", "rouge", "rood"},
		{"blue", "blau", "bleue", "blauw"},
		{"yellow", "gelb", "jaune", "geel"},
		{"drill", "Bohrer", "foreuse", "boor"},
		{"gear", "Zahnrad", "engrenage", "tandwiel"},
		{"crystal", "Kristall", "cristal", "kristal"},
		{"comet", "Komet", "comète", "komeet"},
		{"lamp", "Lampe", "lampe", "lamp"},
	}...)
	say := b.SayDeFrNl
	say(`the game is over`,
		"Die Partie ist vorbei.",
		"La partie est terminée.",
		"De partij is voorbij.")
	say(`no symbol card is drawn now: (.+)`,
		"Jetzt wird keine Symbolkarte gezogen: {s1}",
		"Aucune carte symbole n’est tirée maintenant : {s1}",
		"Er wordt nu geen symboolkaart getrokken: {s1}")
	say(`it is not your turn: (.+)`,
		"Du bist nicht am Zug: {s1}",
		"Ce n’est pas votre tour : {s1}",
		"Je bent niet aan de beurt: {s1}")
	say(`a symbol card of seat (\d+) is drawn`,
		"Eine Symbolkarte von Platz {1} wird gezogen.",
		"Une carte symbole de la place {1} est tirée.",
		"Er wordt een symboolkaart van plaats {1} getrokken.")
	say(`seat 1 \(the start player\) may swap cards`,
		"Platz 1 (Startspieler) darf Karten tauschen.",
		"La place 1 (premier joueur) peut échanger des cartes.",
		"Plaats 1 (startspeler) mag kaarten ruilen.")
	say(`seat (\d+) chooses a crew`,
		"Platz {1} wählt eine Minencrew.",
		"La place {1} choisit une équipe.",
		"Plaats {1} kiest een ploeg.")
	say(`seat (\d+) places delivered Ranium`,
		"Platz {1} legt geliefertes Ranium.",
		"La place {1} place le Ranium livré.",
		"Plaats {1} legt geleverd Ranium.")
	say(`seat (\d+) plays a symbol card in the combat`,
		"Platz {1} spielt eine Symbolkarte im Kampf.",
		"La place {1} joue une carte symbole dans le combat.",
		"Plaats {1} speelt een symboolkaart in het gevecht.")
	say(`seat (\d+) takes its free action after winning a defense`,
		"Platz {1} macht seine freie Aktion nach einer gewonnenen Verteidigung.",
		"La place {1} joue son action gratuite après une défense gagnée.",
		"Plaats {1} doet zijn vrije actie na een gewonnen verdediging.")
	say(`seat (\d+) is playing its turn`,
		"Platz {1} spielt seinen Zug.",
		"La place {1} joue son tour.",
		"Plaats {1} speelt zijn beurt.")
	say(`chance only draws a symbol card of seat (\d+) now`,
		"Der Zufall zieht jetzt nur eine Symbolkarte von Platz {1}.",
		"Le hasard ne tire maintenant qu’une carte symbole de la place {1}.",
		"Het toeval trekt nu alleen een symboolkaart van plaats {1}.")
	say(`the (\d+) of seat (\d+) is not in the pile`,
		"Die {1} von Platz {2} ist nicht im Stapel.",
		"Le {1} de la place {2} n’est pas dans la pioche.",
		"De {1} van plaats {2} zit niet in de stapel.")
	say(`name two different ring cards, the lower ring index first`,
		"Nenne zwei verschiedene Ringkarten, die mit der kleineren Ringnummer zuerst.",
		"Nommez deux cartes d’anneau différentes, la plus petite d’abord.",
		"Noem twee verschillende ringkaarten, de laagste ringindex eerst.")
	say(`before the first turn the start player may only swap two pairs of ring cards or keep the planet`,
		"Vor dem ersten Zug darf der Startspieler nur zwei Paare Ringkarten tauschen oder den Planeten lassen, wie er ist.",
		"Avant le premier tour, le premier joueur peut seulement échanger deux paires de cartes d’anneau ou garder la planète.",
		"Voor de eerste beurt mag de startspeler alleen twee paren ringkaarten ruilen of de planeet houden.")
	say(`the players are still choosing their crews`,
		"Die Spieler wählen noch ihre Minencrews.",
		"Les joueurs choisissent encore leurs équipes.",
		"De spelers kiezen nog hun ploegen.")
	say(`the white crew is not in the game with 3 players`,
		"Die weiße Minencrew ist bei 3 Spielern nicht im Spiel.",
		"L’équipe blanche n’est pas en jeu à 3 joueurs.",
		"Ploeg wit doet met 3 spelers niet mee.")
	say(`the (\w+) crew already belongs to seat (\d+)`,
		"Die {t1}e Minencrew gehört schon Platz {2}.",
		"L’équipe {t1} appartient déjà à la place {2}.",
		"Ploeg {t1} is al van plaats {2}.")
	say(`first reveal a symbol card from your hand to place the delivered Ranium`,
		"Decke zuerst eine Symbolkarte aus deiner Hand auf, um das gelieferte Ranium zu legen.",
		"Révélez d’abord une carte symbole de votre main pour placer le Ranium livré.",
		"Toon eerst een symboolkaart uit je hand om het geleverde Ranium te leggen.")
	say(`first place the delivered Ranium on an inner-ring card`,
		"Lege zuerst das gelieferte Ranium auf eine Karte des inneren Rings.",
		"Placez d’abord le Ranium livré sur une carte de l’anneau intérieur.",
		"Leg eerst het geleverde Ranium op een kaart van de binnenring.")
	say(`card (\d,\d) is not in the inner ring`,
		"Karte {1} liegt nicht im inneren Ring.",
		"La carte {1} n’est pas dans l’anneau intérieur.",
		"Kaart {1} ligt niet in de binnenring.")
	say(`card (\d,\d) already holds Ranium`,
		"Auf Karte {1} liegt schon Ranium.",
		"La carte {1} porte déjà du Ranium.",
		"Op kaart {1} ligt al Ranium.")
	say(`card (\d,\d) does not show the revealed symbol (\w+), and an empty inner-ring card does`,
		"Karte {1} zeigt das aufgedeckte Symbol {t2} nicht, eine leere Karte des inneren Rings aber schon.",
		"La carte {1} ne montre pas le symbole révélé ({t2}), alors qu’une carte vide de l’anneau intérieur le montre.",
		"Kaart {1} toont het getoonde symbool {t2} niet, en een lege kaart van de binnenring wel.")
	say(`the combat waits for your symbol card`,
		"Der Kampf wartet auf deine Symbolkarte.",
		"Le combat attend votre carte symbole.",
		"Het gevecht wacht op je symboolkaart.")
	say(`the set-up is over`,
		"Der Aufbau ist vorbei.",
		"La mise en place est terminée.",
		"De opbouw is voorbij.")
	say(`symbol cards are drawn by chance, not by a player`,
		"Symbolkarten zieht der Zufall, kein Spieler.",
		"Les cartes symbole sont tirées au hasard, pas par un joueur.",
		"Symboolkaarten worden door het toeval getrokken, niet door een speler.")
	say(`in this variant symbol cards are drawn from the pile, not chosen`,
		"In dieser Variante werden Symbolkarten vom Stapel gezogen, nicht gewählt.",
		"Dans cette variante, les cartes symbole sont tirées de la pioche, pas choisies.",
		"In deze variant worden symboolkaarten van de stapel getrokken, niet gekozen.")
	say(`symbol cards are played only in combat or to place delivered Ranium`,
		"Symbolkarten werden nur im Kampf oder zum Legen gelieferten Raniums gespielt.",
		"Les cartes symbole ne se jouent qu’en combat ou pour placer le Ranium livré.",
		"Symboolkaarten worden alleen in een gevecht of voor geleverd Ranium gespeeld.")
	say(`there is no delivered Ranium to place`,
		"Es gibt kein geliefertes Ranium zu legen.",
		"Il n’y a pas de Ranium livré à placer.",
		"Er is geen geleverd Ranium om te leggen.")
	say(`the free action after a won defense must be a 1-ore action`,
		"Die freie Aktion nach einer gewonnenen Verteidigung muss eine Aktion für 1 Erz sein.",
		"L’action gratuite après une défense gagnée doit être une action à 1 minerai.",
		"De vrije actie na een gewonnen verdediging moet een actie van 1 erts zijn.")
	say(`action (\w) costs (\d+) ore and you have (\d+) left`,
		"Aktion {1} kostet {2} Erz, und du hast noch {3}.",
		"L’action {1} coûte {2} minerai et il vous en reste {3}.",
		"Actie {1} kost {2} erts en je hebt er nog {3}.")
	say(`loader (\d) is blocked by another loader`,
		"Raumlader {1} wird von einem anderen Raumlader blockiert.",
		"Le cargo {1} est bloqué par un autre cargo.",
		"Vrachtschip {1} wordt door een ander vrachtschip geblokkeerd.")
	say(`the (\w+) crew is not in the game`,
		"Die {t1}e Minencrew ist nicht im Spiel.",
		"L’équipe {t1} n’est pas en jeu.",
		"Ploeg {t1} doet niet mee.")
	say(`the (\w+) crew is not yours`,
		"Die {t1}e Minencrew gehört nicht dir.",
		"L’équipe {t1} n’est pas à vous.",
		"Ploeg {t1} is niet van jou.")
	say(`the (\w+) crew stands where its (\w+) tunnel was before the card turned; switch to a tunnel of this card first \(E\)`,
		"Die {t1}e Minencrew steht im Fels, wo ihr Stollen in {t2} vor dem Drehen der Karte war; wechsle zuerst in einen Stollen dieser Karte (E).",
		"L’équipe {t1} est dans la roche, là où était son tunnel de couleur {t2} avant que la carte tourne ; passez d’abord dans un tunnel de cette carte (E).",
		"Ploeg {t1} staat in de rots, waar haar tunnel {t2} was voordat de kaart draaide; wissel eerst naar een tunnel van deze kaart (E).")
	say(`the (\w+) crew is already on card (\d,\d)`,
		"Die {t1}e Minencrew steht schon auf Karte {2}.",
		"L’équipe {t1} est déjà sur la carte {2}.",
		"Ploeg {t1} staat al op kaart {2}.")
	say(`card (\d,\d) is not connected to card (\d,\d) by (\w+) tunnels`,
		"Karte {1} ist nicht durch Stollen in {t3} mit Karte {2} verbunden.",
		"La carte {1} n’est pas reliée à la carte {2} par des tunnels de couleur {t3}.",
		"Kaart {1} is niet met kaart {2} verbonden door tunnels {t3}.")
	say(`the (\w+) crew already stands in the (\w+) tunnel`,
		"Die {t1}e Minencrew steht schon im Stollen in {t2}.",
		"L’équipe {t1} est déjà dans le tunnel de couleur {t2}.",
		"Ploeg {t1} staat al in de tunnel {t2}.")
	say(`card (\d,\d) has no (\w+) tunnel`,
		"Karte {1} hat keinen Stollen in {t2}.",
		"La carte {1} n’a pas de tunnel de couleur {t2}.",
		"Kaart {1} heeft geen tunnel {t2}.")
	say(`there is no Ranium on card (\d,\d)`,
		"Auf Karte {1} liegt kein Ranium.",
		"Il n’y a pas de Ranium sur la carte {1}.",
		"Op kaart {1} ligt geen Ranium.")
	say(`the (\w+) crew is not an opponent's crew`,
		"Die {t1}e Minencrew ist keine gegnerische.",
		"L’équipe {t1} n’est pas une équipe adverse.",
		"Ploeg {t1} is geen ploeg van een tegenstander.")
	say(`the (\w+) crew is not on card (\d,\d)`,
		"Die {t1}e Minencrew steht nicht auf Karte {2}.",
		"L’équipe {t1} n’est pas sur la carte {2}.",
		"Ploeg {t1} staat niet op kaart {2}.")
	say(`the (\w+) crew carries no Ranium`,
		"Die {t1}e Minencrew trägt kein Ranium.",
		"L’équipe {t1} ne porte pas de Ranium.",
		"Ploeg {t1} draagt geen Ranium.")
	say(`you have delivered (\d+) units of White Ranium this turn, the most a turn allows`,
		"Du hast in diesem Zug schon {1} Einheiten Weißes Ranium geliefert, mehr erlaubt ein Zug nicht.",
		"Vous avez déjà livré {1} unités de Ranium blanc ce tour-ci, le maximum par tour.",
		"Je hebt deze beurt al {1} eenheden Wit Ranium geleverd, het meeste dat een beurt toestaat.")
	say(`no loader is docked at an exit of the (\w+) crew's (\w+) tunnels`,
		"Kein Raumlader liegt an einem Ausgang der Stollen in {t2} der {t1}en Minencrew.",
		"Aucun cargo n’est amarré à une sortie des tunnels de couleur {t2} de l’équipe {t1}.",
		"Geen vrachtschip ligt aan een uitgang van de tunnels {t2} van ploeg {t1}.")
	say(`the secret tunnel is closed to the (\w+) crew while it carries Ranium`,
		"Der Geheimstollen ist für die {t1}e Minencrew gesperrt, solange sie Ranium trägt.",
		"Le tunnel secret est fermé à l’équipe {t1} tant qu’elle porte du Ranium.",
		"De geheime tunnel is dicht voor ploeg {t1} zolang ze Ranium draagt.")
	say(`the secret tunnel is closed to you while your (\w+) crew carries Ranium: a player who uses it may have no White Ranium`,
		"Der Geheimstollen ist für dich gesperrt, solange deine {t1}e Minencrew Ranium trägt: wer ihn benutzt, darf kein Weißes Ranium haben.",
		"Le tunnel secret vous est fermé tant que votre équipe {t1} porte du Ranium : qui l’emprunte ne doit avoir aucun Ranium blanc.",
		"De geheime tunnel is dicht voor jou zolang je ploeg {t1} Ranium draagt: wie hem gebruikt, mag geen Wit Ranium hebben.")
	say(`no opponent's crew is on card (\d,\d)`,
		"Keine gegnerische Minencrew steht auf Karte {1}.",
		"Aucune équipe adverse n’est sur la carte {1}.",
		"Geen ploeg van een tegenstander staat op kaart {1}.")
	say(`the target must be another card than (\d,\d)`,
		"Das Ziel muss eine andere Karte als {1} sein.",
		"La cible doit être une autre carte que {1}.",
		"Het doel moet een andere kaart zijn dan {1}.")
	say(`card (\d,\d) has no (\w+) tunnel like card (\d,\d)`,
		"Karte {1} hat keinen Stollen in {t2} wie Karte {3}.",
		"La carte {1} n’a pas, comme la carte {3}, de tunnel de couleur {t2}.",
		"Kaart {1} heeft geen tunnel {t2} zoals kaart {3}.")
	say(`the (\d+) is not in your hand`,
		"Die {1} ist nicht in deiner Hand.",
		"Le {1} n’est pas dans votre main.",
		"De {1} zit niet in je hand.")
	return b
}()
