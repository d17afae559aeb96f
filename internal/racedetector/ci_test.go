package racedetector_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCIRunsPartialTestsWhole checks that every test that picks a part of
// its work under the race detector, or none (it calls racedetector.Pick or
// racedetector.WholeOnly), is named in
// .ci/run's step that runs such tests without the detector, so that CI
// checks the whole of each.
func TestCIRunsPartialTestsWhole(t *testing.T) {
	root := filepath.Join("..", "..")
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go test -count=1 -run '\^\(([A-Za-z0-9_|]+)\)\$' \./games/\.\.\.$`).FindSubmatch(ci)
	if m == nil {
		t.Fatal(".ci/run has no step `go test -count=1 -run '^(TestA|TestB)$' ./games/...` for the tests that pick a part of their work under the race detector")
	}
	named := map[string]bool{}
	for _, n := range strings.Split(string(m[1]), "|") {
		named[n] = true
	}
	found := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") || strings.Contains(path, "internal/racedetector") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || !picks(fn) {
				continue
			}
			found++
			if !strings.HasPrefix(path, filepath.Join(root, "games")+string(filepath.Separator)) {
				t.Errorf("%s in %s does a part or none of its work under the race detector; only tests under games/ are run whole by .ci/run", fn.Name.Name, path)
			} else if !named[fn.Name.Name] {
				t.Errorf("%s in %s does a part or none of its work under the race detector but .ci/run does not run it without the detector", fn.Name.Name, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no test calls racedetector.Pick; the search found nothing")
	}
}

// picks reports whether fn calls racedetector.Pick or
// racedetector.WholeOnly.
func picks(fn *ast.FuncDecl) bool {
	calls := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Pick" || sel.Sel.Name == "WholeOnly") {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "racedetector" {
				calls = true
			}
		}
		return !calls
	})
	return calls
}
