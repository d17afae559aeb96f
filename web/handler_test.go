package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

func get(t testing.TB, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandlerRoutes(t *testing.T) {
	h := Handler()
	tests := []struct {
		name, method, path string
		status             int
		ctype              string
		contains           string
	}{
		{"Index", "GET", "/", 200, "text/html", `<script type="module" src="/assets/js/main.js">`},
		{"TableRoute", "GET", "/tables/3f2a9c0d11b4e7a2", 200, "text/html", "<main"},
		{"ReplayRoute", "GET", "/replay/3f2a9c0d11b4e7a2", 200, "text/html", "<main"},
		{"ReviewRoute", "GET", "/review/3f2a9c0d11b4e7a2", 200, "text/html", "<main"},
		{"RulesRoute", "GET", "/rules/minerals", 200, "text/html", "<main"},
		{"Head", "HEAD", "/tables/x", 200, "text/html", ""},
		{"Script", "GET", "/assets/js/main.js", 200, "text/javascript", "import"},
		{"Style", "GET", "/assets/app.css", 200, "text/css", ".hexboard"},
		{"Translation", "GET", "/assets/i18n/de.json", 200, "application/json", "Lobby"},
		{"Renderer", "GET", "/assets/games/minerals.js", 200, "text/javascript", "export function render"},
		{"CardData", "GET", "/assets/data/minerals.json", 200, "application/json", `"d01"`},
		{"Manifest", "GET", "/assets/manifest.webmanifest", 200, "application/manifest+json", `"start_url": "/"`},
		{"ServiceWorker", "GET", "/sw.js", 200, "text/javascript", "const SHELL = ["},
		{"Robots", "GET", "/robots.txt", 200, "text/plain", "User-agent: *"},
		{"Icon", "GET", "/assets/icons/maskable-512.png", 200, "image/png", "PNG"},
		{"ErrUnknownAsset", "GET", "/assets/js/nope.js", 404, "", ""},
		{"ErrIndexAsAsset", "GET", "/assets/index.html", 404, "", ""},
		{"ErrWorkerSourceAsAsset", "GET", "/assets/sw.js", 404, "", ""},
		{"ErrAPIPath", "GET", "/api/unknown", 404, "", ""},
		{"ErrWSPath", "GET", "/ws/tables/x", 404, "", ""},
		{"ErrPost", "POST", "/", 405, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := get(t, h, tc.method, tc.path, nil)
			if rec.Code != tc.status {
				t.Fatalf("%s %s: got status %d; want %d", tc.method, tc.path, rec.Code, tc.status)
			}
			if got := rec.Header().Get("Content-Security-Policy"); !strings.Contains(got, "default-src 'self'") {
				t.Errorf("%s: got Content-Security-Policy %q; want default-src 'self'", tc.path, got)
			}
			if tc.ctype != "" && !strings.HasPrefix(rec.Header().Get("Content-Type"), tc.ctype) {
				t.Errorf("%s: got Content-Type %q; want %s", tc.path, rec.Header().Get("Content-Type"), tc.ctype)
			}
			if !strings.Contains(rec.Body.String(), tc.contains) {
				t.Errorf("%s: body does not contain %q", tc.path, tc.contains)
			}
		})
	}
}

func TestHandlerRevalidatesAndCompresses(t *testing.T) {
	h := Handler()
	first := get(t, h, "GET", "/assets/js/table.js", nil)
	etag := first.Header().Get("ETag")
	if etag == "" {
		t.Fatalf("got no ETag; want one")
	}
	if got := get(t, h, "GET", "/assets/js/table.js", map[string]string{"If-None-Match": etag}); got.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the ETag: got status %d; want 304", got.Code)
	}
	z := get(t, h, "GET", "/assets/js/table.js", map[string]string{"Accept-Encoding": "gzip, br"})
	if z.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Accept-Encoding gzip: got Content-Encoding %q; want gzip", z.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(z.Body)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != first.Body.String() {
		t.Errorf("the gzipped body does not decompress to the plain one")
	}
}

// TestAssetsStayOnTheirServer proves that no asset names another host: the
// page makes no request outside its own server.
func TestAssetsStayOnTheirServer(t *testing.T) {
	url := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	namespaces := []string{"http://www.w3.org/2000/svg"}
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".json") {
			return err
		}
		b, _ := fs.ReadFile(assets, p)
		text := string(b)
		for _, ns := range namespaces {
			text = strings.ReplaceAll(text, ns, "")
		}
		if m := url.FindString(text); m != "" {
			t.Errorf("%s names another host: %s", p, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := fs.ReadFile(assets, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestTranslationsComplete checks that every language has exactly the
// English keys, none empty, and that every key the code names exists.
func TestTranslationsComplete(t *testing.T) {
	var en map[string]string
	readJSON(t, "assets/i18n/en.json", &en)
	for _, lang := range []string{"de", "fr", "nl"} {
		var d map[string]string
		readJSON(t, "assets/i18n/"+lang+".json", &d)
		for k := range en {
			if v, ok := d[k]; !ok || strings.TrimSpace(v) == "" {
				t.Errorf("%s: key %q is missing or empty", lang, k)
			}
		}
		for k := range d {
			if _, ok := en[k]; !ok && !isPluralOf(en, k) {
				t.Errorf("%s: key %q is not an English key (nor a plural form of one)", lang, k)
			}
		}
	}
	keyUse := regexp.MustCompile(`\bt\('([a-zA-Z0-9_.+ -]+)'\s*[,)]|data-i18n="([^"]+)"|'data-i18n': '([^']+)'`)
	fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html")) {
			return err
		}
		b, _ := fs.ReadFile(assets, p)
		for _, m := range keyUse.FindAllStringSubmatch(string(b), -1) {
			k := m[1] + m[2] + m[3]
			if _, ok := en[k]; !ok {
				t.Errorf("%s uses translation key %q, which en.json lacks", p, k)
			}
		}
		return nil
	})
}

// pluralForms are the plural categories of Intl.PluralRules: a text may
// have a form per category as key.one, key.few, …, beside key itself.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// isPluralOf reports whether k is a plural form (key.one, …) of a key of
// dict.
func isPluralOf(dict map[string]string, k string) bool {
	i := strings.LastIndexByte(k, '.')
	if i < 0 || !slices.Contains(pluralForms, k[i+1:]) {
		return false
	}
	_, ok := dict[k[:i]]
	return ok
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// TestTranslationsKeepPlaceholders checks that every text names only the
// placeholders of its English key ({n}, {name}, …), so that no value is
// lost or left unfilled in a language, and that a plural form names only
// its key's placeholders.
func TestTranslationsKeepPlaceholders(t *testing.T) {
	var en map[string]string
	readJSON(t, "assets/i18n/en.json", &en)
	names := func(text string) []string {
		var out []string
		for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		var d map[string]string
		readJSON(t, "assets/i18n/"+lang+".json", &d)
		for k, v := range d {
			base, plural := k, isPluralOf(en, k)
			if plural {
				base = k[:strings.LastIndexByte(k, '.')]
			}
			want, got := names(en[base]), names(v)
			if plural {
				// A singular may say "one" in words instead of {n}.
				for _, p := range got {
					if !slices.Contains(want, p) {
						t.Errorf("%s: %s names {%s}, which %s does not have", lang, k, p, base)
					}
				}
				continue
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s names %v; want %v as in English", lang, k, got, want)
			}
		}
	}
}

// TestTranslationsCountWithPlurals checks that a count whose noun changes
// between one and many reads right in every language: each such key of
// the client (table.points, table.legalcount, …) has its singular form
// (key.one) in every language whose singular differs from its plural.
func TestTranslationsCountWithPlurals(t *testing.T) {
	want := map[string][]string{ // key: the languages whose singular differs
		"table.points":             {"en", "fr", "nl"},
		"table.legalcount":         {"en", "de", "fr", "nl"},
		"table.waiting":            {"en", "de", "fr", "nl"},
		"log.earlier":              {"en", "de", "fr", "nl"},
		"dur.d":                    {"en", "de", "fr", "nl"},
		"mn.cardpoints":            {"en", "de", "fr", "nl"},
		"oom.removed":              {"en", "fr", "nl"},
		"oom.empty":                {"fr"},
		"oom.boardof":              {"fr"},
		"oom.call.notyet":          {"fr"},
		"oom.kind":                 {"fr"},
		"oom.kind.shape":           {"fr"},
		"lobby.free":               {"fr"},
		"tourney.rounds":           {"en", "de", "fr", "nl"},
		"tourney.players":          {"en", "fr", "nl"},
		"friends.players":          {"en", "fr", "nl"},
		"tf.goal":                  {"en", "fr", "nl"},
		"tf.roundlimit":            {"en", "de", "fr", "nl"},
		"tf.bd.crewmarkers":        {"en", "fr", "nl"},
		"mn.log.cardwords":         {"en", "de", "fr", "nl"},
		"mn.access.pawnon":         {"en", "de", "fr", "nl"},
		"mn.access.boardcount":     {"en", "de", "fr", "nl"},
		"outofmine.access.board":   {"en", "de", "fr", "nl"},
		"outofmine.access.timelow": {"en", "de", "fr", "nl"},
		"hammertime.access.edge":   {"en", "de", "fr", "nl"},
		"hammertime.access.hit":    {"en", "de", "fr", "nl"},
		"hammertime.access.tray":   {"en", "de", "fr", "nl"},
		"pz.ht.score":              {"en", "de", "fr", "nl"},
	}
	dicts := map[string]map[string]string{}
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		var d map[string]string
		readJSON(t, "assets/i18n/"+lang+".json", &d)
		dicts[lang] = d
	}
	for key, langs := range want {
		for _, lang := range langs {
			d := dicts[lang]
			one, other := d[key+".one"], d[key]
			if one == "" || one == other {
				t.Errorf("%s: %s.one is %q beside %s %q; want a singular of its own", lang, key, one, key, other)
			}
		}
	}
}

func TestMineralsCardData(t *testing.T) {
	rec := get(t, Handler(), "GET", "/assets/data/minerals.json", nil)
	var data struct {
		Cards []cardInfo `json:"cards"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &data); err != nil {
		t.Fatalf("card data does not decode: %v", err)
	}
	if len(data.Cards) != 24 {
		t.Fatalf("got %d cards; want 24", len(data.Cards))
	}
	if z := get(t, Handler(), "GET", "/assets/data/minerals.json", map[string]string{"Accept-Encoding": "gzip"}); z.Header().Get("Content-Encoding") != "gzip" || z.Body.Len() >= rec.Body.Len() {
		t.Errorf("the card data with gzip: encoding %q, %d bytes of %d; want it gzipped", z.Header().Get("Content-Encoding"), z.Body.Len(), rec.Body.Len())
	}
	i := slices.IndexFunc(data.Cards, func(c cardInfo) bool { return c.ID == "d01" })
	if i < 0 {
		t.Fatalf("card d01 is missing")
	}
	d01 := data.Cards[i]
	want := map[string]int{"wollastonite": 1, "kyanite": 2, "tourmaline": 2, "anthracite": 1}
	if d01.Points != 21 || len(d01.Minerals) != len(want) {
		t.Errorf("d01: got %d points and %v; want 21 and %v", d01.Points, d01.Minerals, want)
	}
	for m, n := range want {
		if d01.Minerals[m] != n {
			t.Errorf("d01: got %d %s; want %d", d01.Minerals[m], m, n)
		}
	}
}

// symbolFree are the assets that must draw every symbol as an SVG icon
// (icons.js) rather than as a character: the shared client, its texts, and
// the renderers of Minerals, Out of Mine and generic games. (Hammer Time's
// and TF22's renderers join the list once their symbols are icons.)
var symbolFree = []string{"js/", "app.css", "index.html", "i18n/", "games/"}

// typography are the non-letter characters a text may use: every text
// font has them.
const typography = "·—–…×→←−’‘“”«»°  "

// TestNoSymbolGlyphs checks that the client writes no emoji or symbol
// character (a die face, a dragon, a stopwatch, a star, a geometric shape):
// those depend on the fonts of the system and show as empty boxes on a
// stock Debian Chromium. Letters of every language and typography are
// fine.
func TestNoSymbolGlyphs(t *testing.T) {
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := strings.TrimPrefix(p, "assets/")
		if !slices.ContainsFunc(symbolFree, func(pre string) bool { return strings.HasPrefix(name, pre) }) {
			return nil
		}
		b, _ := fs.ReadFile(assets, p)
		for i, line := range strings.Split(string(b), "\n") {
			for _, r := range line {
				if r < 128 || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || strings.ContainsRune(typography, r) {
					continue
				}
				t.Errorf("%s:%d: the character %q (U+%04X) is drawn by a font; draw it as an icon", name, i+1, r, r)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTranslationsNameEachKeyOnce: a key given twice in a language file
// silently keeps only its last text, so the first is a translation lost.
func TestTranslationsNameEachKeyOnce(t *testing.T) {
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		b, err := fs.ReadFile(assets, "assets/i18n/"+lang+".json")
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		seen := map[string]bool{}
		if _, err := dec.Token(); err != nil { // {
			t.Fatalf("%s: %v", lang, err)
		}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			k := tok.(string)
			if seen[k] {
				t.Errorf("%s: key %q is given twice", lang, k)
			}
			seen[k] = true
			if _, err := dec.Token(); err != nil { // its text
				t.Fatalf("%s: %v", lang, err)
			}
		}
	}
}
