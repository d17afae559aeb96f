package server

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// mailText is a mail's subject and body, with %s for the link.
type mailText struct{ subject, body string }

// mailTexts are the mails the server sends, by language (the page's, sent
// with the request) and purpose; English when the language is not one of
// the site's.
var mailTexts = map[string]map[string]mailText{
	"en": {
		"digest": {"Tables waiting for you on Minehall",
			"Hello,\n\nit is your move at these tables:\n\n%s\n\nTo stop these daily mails, turn the digest off on your account page.\n"},
		"verify": {"Confirm your e-mail address for Minehall",
			"Hello,\n\nsomeone (we hope you) added this address to a Minehall account. To confirm it, open this link within a day:\n\n%s\n\nIf it was not you, ignore this mail: the address will not be used.\n"},
		"reset": {"Set a new Minehall password",
			"Hello,\n\nsomeone (we hope you) asked to set a new password for the Minehall account with this address. Open this link within an hour to choose one; it works once:\n\n%s\n\nIf it was not you, ignore this mail: your password stays as it is.\n"},
	},
	"de": {
		"digest": {"Tische, die bei Minehall auf dich warten",
			"Hallo,\n\nan diesen Tischen bist du am Zug:\n\n%s\n\nUm diese täglichen E-Mails abzubestellen, schalte die Übersicht auf deiner Kontoseite aus.\n"},
		"verify": {"Bestätige deine E-Mail-Adresse für Minehall",
			"Hallo,\n\njemand (hoffentlich du) hat diese Adresse zu einem Minehall-Konto hinzugefügt. Öffne zur Bestätigung innerhalb eines Tages diesen Link:\n\n%s\n\nWarst du es nicht, ignoriere diese E-Mail: Die Adresse wird nicht verwendet.\n"},
		"reset": {"Neues Minehall-Passwort festlegen",
			"Hallo,\n\njemand (hoffentlich du) möchte ein neues Passwort für das Minehall-Konto mit dieser Adresse festlegen. Öffne innerhalb einer Stunde diesen Link, um eines zu wählen; er funktioniert nur einmal:\n\n%s\n\nWarst du es nicht, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.\n"},
	},
	"fr": {
		"digest": {"Des tables vous attendent sur Minehall",
			"Bonjour,\n\nc'est à vous de jouer à ces tables :\n\n%s\n\nPour ne plus recevoir ces messages quotidiens, désactivez le récapitulatif sur la page de votre compte.\n"},
		"verify": {"Confirmez votre adresse e-mail pour Minehall",
			"Bonjour,\n\nquelqu'un (vous, nous l'espérons) a ajouté cette adresse à un compte Minehall. Pour la confirmer, ouvrez ce lien dans les 24 heures :\n\n%s\n\nSi ce n'était pas vous, ignorez ce message : l'adresse ne sera pas utilisée.\n"},
		"reset": {"Choisir un nouveau mot de passe Minehall",
			"Bonjour,\n\nquelqu'un (vous, nous l'espérons) a demandé un nouveau mot de passe pour le compte Minehall de cette adresse. Ouvrez ce lien dans l'heure pour en choisir un ; il ne sert qu'une fois :\n\n%s\n\nSi ce n'était pas vous, ignorez ce message : votre mot de passe ne change pas.\n"},
	},
	"nl": {
		"digest": {"Tafels die op Minehall op je wachten",
			"Hallo,\n\naan deze tafels ben je aan zet:\n\n%s\n\nWil je deze dagelijkse mails niet meer, schakel het overzicht dan uit op je accountpagina.\n"},
		"verify": {"Bevestig je e-mailadres voor Minehall",
			"Hallo,\n\niemand (hopelijk jij) heeft dit adres aan een Minehall-account toegevoegd. Open binnen een dag deze link om het te bevestigen:\n\n%s\n\nWas jij het niet, negeer dan deze mail: het adres wordt niet gebruikt.\n"},
		"reset": {"Een nieuw Minehall-wachtwoord kiezen",
			"Hallo,\n\niemand (hopelijk jij) wil een nieuw wachtwoord voor het Minehall-account met dit adres. Open binnen een uur deze link om er een te kiezen; hij werkt één keer:\n\n%s\n\nWas jij het niet, negeer dan deze mail: je wachtwoord blijft zoals het is.\n"},
	},
}

// mailLanguages lists the languages mail is written in, sorted.
func mailLanguages() []string {
	return slices.Sorted(maps.Keys(mailTexts))
}

// mailFor returns the subject and body of the mail of purpose in lang,
// with link.
func mailFor(lang, purpose, link string) (subject, body string) {
	texts, ok := mailTexts[strings.ToLower(lang)]
	if !ok {
		texts = mailTexts["en"]
	}
	t := texts[purpose]
	return t.subject, fmt.Sprintf(t.body, link)
}
