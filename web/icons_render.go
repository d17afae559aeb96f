//go:build ignore

// Command icons_render draws the PNG icons of the web app manifest from
// their SVG sources with headless Chromium, once; the PNGs are committed.
// Run it from this directory after changing assets/icon.svg or
// assets/icons/maskable.svg:
//
//	go run icons_render.go
//
// icon-N.png is icon.svg on a transparent background; maskable-N.png is
// maskable.svg, whose background fills the square and whose drawing keeps
// inside the middle 80% that every mask shape shows.
package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

func main() {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath("/usr/bin/chromium"), chromedp.NoSandbox)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	for icon, source := range map[string]string{"icon": "icon.svg", "maskable": "icons/maskable.svg"} {
		svg, err := os.ReadFile(filepath.Join("assets", source))
		if err != nil {
			log.Fatal(err)
		}
		for _, size := range []int64{192, 512} {
			page := fmt.Sprintf(`<!doctype html><style>html,body{margin:0;background:transparent}img{display:block;width:%dpx;height:%dpx}</style><img src="data:image/svg+xml;base64,%s">`,
				size, size, base64.StdEncoding.EncodeToString(svg))
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(size, size),
				chromedp.Navigate("data:text/html;base64,"+base64.StdEncoding.EncodeToString([]byte(page))),
				chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetDefaultBackgroundColorOverride,
						emulation.SetDefaultBackgroundColorOverrideParams{Color: &cdp.RGBA{A: 0.001}}) // an alpha of 0 would be left out, meaning 1
					return err
				}),
				chromedp.WaitVisible(chromedp.CSS("img")),
			)
			if err != nil {
				log.Fatal(err)
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				log.Fatal(err)
			}
			out := filepath.Join("assets", "icons", fmt.Sprintf("%s-%d.png", icon, size))
			if err := os.WriteFile(out, png, 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
}
