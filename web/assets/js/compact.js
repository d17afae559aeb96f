// The compact layout: a phone's screen, upright or on its side. On a
// table page it folds the page's header into one slim bar and gives the
// game's renderer a stage of a known height (the CSS custom property
// --stage-h on #board) to hold its board and the controls of a step.
// The same query is written in app.css and the games' CSS.

export const compactQuery = '(max-width: 700px), (max-height: 500px)';

const list = window.matchMedia(compactQuery);

// compact returns the MediaQueryList of the compact layout: .matches tells
// whether it applies now, and its change event says when that changes.
export function compact() { return list; }
