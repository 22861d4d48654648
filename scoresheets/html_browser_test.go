package scoresheets

import (
	"bytes"
	"context"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The pages in a real browser: headless Chromium, driven with chromedp.
// chromedp rather than Chromium's command line (--screenshot,
// --print-to-pdf) because the test must see what the command line does not
// report reliably: every console message and uncaught exception, every
// request the page makes, and a PDF printed on a paper size chosen by the
// test (A4 and Letter), all from one browser for all the pages.

// screenshotFile is the picture of the basic example's page that the
// README shows, rewritten by
//
//	go test ./scoresheets -run TestHTMLInBrowser -update
const screenshotFile = "../docs/basic-match.png"

// maxScreenshot keeps the README's picture small.
const maxScreenshot = 300 << 10

// chromium returns the browser to run. Without one the test is skipped,
// but under CI (CI=true), where .ci/run installs it, it fails.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium on PATH: install it (apt-get install chromium) to run the browser test"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; under CI it must be there (.ci/run installs it)")
	}
	t.Skip(msg)
	return ""
}

// browser starts headless Chromium with an empty user data folder and no
// way to reach a network: every host resolves to nothing and every
// request goes to a proxy that is not there.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
		chromedp.ProxyServer("127.0.0.1:9"),
		chromedp.WindowSize(960, 1280),
	)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil { // start the browser
		t.Fatalf("starting %s: %v", exe, err)
	}
	return bctx
}

// loaded is what the browser made of one page.
type loaded struct {
	console    []string // console messages of level warning or error, and exceptions
	requests   []string // every URL the page asked for
	screenshot []byte   // PNG of the first screen
	pdf        map[string][]byte
	scripts    int    // script elements in the document
	text       string // the body's text
}

var papers = map[string]chromedp.PaperSize{"A4": chromedp.PaperA4, "Letter": chromedp.PaperLetter}

// load opens file in a new tab and reads it back: console, requests, a
// screenshot, and a PDF on each paper.
func load(t *testing.T, bctx context.Context, file string) loaded {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	defer cancel()
	sub, stop := context.WithCancel(ctx)
	var (
		mu  sync.Mutex
		out = loaded{pdf: map[string][]byte{}}
		wg  sync.WaitGroup
	)
	msgs := chromedp.Console(sub)
	reqs := chromedp.Events(sub, network.RequestWillBeSent)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for m, err := range msgs {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleError, chromedp.ConsoleWarning, chromedp.ConsoleException:
				mu.Lock()
				out.console = append(out.console, string(m.Type)+": "+m.Text)
				mu.Unlock()
			}
		}
	}()
	go func() {
		defer wg.Done()
		for ev, err := range reqs {
			if err != nil {
				return
			}
			mu.Lock()
			out.requests = append(out.requests, ev.Request.URL)
			mu.Unlock()
		}
	}()

	u := (&url.URL{Scheme: "file", Path: file}).String()
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(960, 1280),
		chromedp.Navigate(u),
	)
	if err == nil {
		out.scripts, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.scripts.length`))
	}
	if err == nil {
		out.text, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	}
	if err == nil {
		out.screenshot, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	}
	for name, size := range papers {
		if err != nil {
			break
		}
		out.pdf[name], err = chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(size), chromedp.PDFMargin(0.4)))
	}
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	// Let late messages arrive, then end the subscriptions.
	time.Sleep(200 * time.Millisecond)
	stop()
	wg.Wait()
	return out
}

var pdfPageRE = regexp.MustCompile(`/Type\s*/Page[^s]`)

// pdfPages counts the pages of a PDF as Chromium writes it (its page
// objects are not compressed).
func pdfPages(b []byte) int { return len(pdfPageRE.FindAll(b, -1)) }

// browserPage is a page to open and what it must show.
type browserPage struct {
	name    string
	html    []byte
	names   []string // player names its text shows
	onePage bool     // it prints on one sheet
}

func TestHTMLInBrowser(t *testing.T) {
	var pages []browserPage
	var sheets []*Sheet
	for _, pg := range allHTMLPages(t) {
		var b bytes.Buffer
		if err := ExportHTML(pg.sheet, &b); err != nil {
			t.Fatal(err)
		}
		// Every match page up to 20 rounds prints on one sheet.
		pages = append(pages, browserPage{pg.name, b.Bytes(), pg.sheet.Players, len(pg.sheet.Rounds) <= 20})
		sheets = append(sheets, pg.sheet)
	}
	var b bytes.Buffer
	rec := Stats(sheets)
	if err := StatsHTML(rec, &b); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range rec.Players {
		names = append(names, p.Player)
	}
	pages = append(pages, browserPage{"stats", b.Bytes(), names, false})

	bctx := browser(t)
	dir := t.TempDir()
	for _, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			file := filepath.Join(dir, pg.name+".html")
			if err := os.WriteFile(file, pg.html, 0o644); err != nil {
				t.Fatal(err)
			}
			got := load(t, bctx, file)

			if len(got.console) > 0 {
				t.Errorf("console:\n%s", strings.Join(got.console, "\n"))
			}
			u := (&url.URL{Scheme: "file", Path: file}).String()
			for _, r := range got.requests {
				if r != u {
					t.Errorf("the page asked for %s", r)
				}
			}
			if len(got.requests) != 1 {
				t.Errorf("requests: %q, want the page alone", got.requests)
			}
			if got.scripts != 0 {
				t.Errorf("%d script elements", got.scripts)
			}
			for _, p := range pg.names {
				if !strings.Contains(got.text, p) {
					t.Errorf("the page's text does not show %q", p)
				}
			}
			img, err := png.Decode(bytes.NewReader(got.screenshot))
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			if sz := img.Bounds().Size(); sz.X != 960 || sz.Y != 1280 {
				t.Errorf("screenshot is %v, want 960x1280", sz)
			}
			for name, pdf := range got.pdf {
				if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
					t.Fatalf("%s: not a PDF", name)
				}
				if n := pdfPages(pdf); n < 1 || pg.onePage && n != 1 {
					t.Errorf("prints on %d %s pages, want 1", n, name)
				}
			}
			if pg.name == "basic" && *update {
				if len(got.screenshot) > maxScreenshot {
					t.Fatalf("screenshot is %d bytes, more than %d", len(got.screenshot), maxScreenshot)
				}
				if err := os.WriteFile(screenshotFile, got.screenshot, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s (%d bytes)", screenshotFile, len(got.screenshot))
			}
		})
	}
}
