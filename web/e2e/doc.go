// Package e2e tests the browser client end to end: the real server runs
// in-process with a temporary SQLite store and the web client mounted, and
// headless Chromium (Debian's chromium, started from /usr/bin/chromium)
// plays through the pages with clicks and keys. Each test has its own
// server and store and its own browser contexts (cookies, storage,
// cache) in one shared Chromium, and three tests run at once
// (testsAtOnce). Pages open as for a person who asks for less motion;
// a test of an animation asks for motion (withMotion). A failing test
// saves a screenshot and logs its path.
// Chromium missing is a failure, not a skip.
package e2e
