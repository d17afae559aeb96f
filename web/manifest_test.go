package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"strings"
	"testing"
)

// webManifest is the part of the web app manifest that browsers check
// before they offer to install the app.
type webManifest struct {
	Name       string `json:"name"`
	ShortName  string `json:"short_name"`
	StartURL   string `json:"start_url"`
	Scope      string `json:"scope"`
	Display    string `json:"display"`
	ThemeColor string `json:"theme_color"`
	Icons      []struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	} `json:"icons"`
}

// The page links a manifest that makes the app installable: a name, the
// lobby as start page, a standalone window, and icons that exist at the
// sizes they claim, 192 and 512 pixels in PNG for both purposes.
func TestManifestMakesTheAppInstallable(t *testing.T) {
	h := Handler()
	index := get(t, h, "GET", "/", nil).Body.String()
	for _, want := range []string{`<link rel="manifest" href="/assets/manifest.webmanifest">`, `<meta name="theme-color"`, `<meta name="description"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html does not contain %s", want)
		}
	}
	var m webManifest
	if err := json.Unmarshal(get(t, h, "GET", "/assets/manifest.webmanifest", nil).Body.Bytes(), &m); err != nil {
		t.Fatalf("the manifest does not decode: %v", err)
	}
	if m.Name != "Minehall" || m.ShortName == "" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" || m.ThemeColor == "" {
		t.Errorf("got name %q, short_name %q, start_url %q, scope %q, display %q, theme_color %q; want Minehall, a short name, /, /, standalone and a color",
			m.Name, m.ShortName, m.StartURL, m.Scope, m.Display, m.ThemeColor)
	}
	found := map[string]bool{}
	for _, icon := range m.Icons {
		rec := get(t, h, "GET", icon.Src, nil)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != icon.Type {
			t.Errorf("icon %s: got status %d, Content-Type %q; want 200, %s", icon.Src, rec.Code, rec.Header().Get("Content-Type"), icon.Type)
			continue
		}
		if icon.Type != "image/png" {
			continue
		}
		img, err := png.DecodeConfig(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Errorf("icon %s does not decode: %v", icon.Src, err)
			continue
		}
		if got := fmt.Sprintf("%dx%d", img.Width, img.Height); got != icon.Sizes {
			t.Errorf("icon %s: got %s pixels; want %s as the manifest says", icon.Src, got, icon.Sizes)
		}
		found[icon.Purpose+" "+icon.Sizes] = true
	}
	for _, want := range []string{"any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"} {
		if !found[want] {
			t.Errorf("the manifest has no PNG icon %s", want)
		}
	}
}
