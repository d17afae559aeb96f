// navigate goes to a path of the app without reloading the page; retitle
// sets the document's title again once a page knows more (a game's title
// fetched after the page was shown).
let show = () => {};
let title = () => {};

// setRouter registers the function that shows the current location, and
// the one that sets the document's title from the current page.
export function setRouter(fn, titler) {
  show = fn;
  if (titler) title = titler;
}

export function navigate(path) {
  history.pushState(null, '', path);
  show();
  document.getElementById('main')?.focus();
}

// retitle sets the document's title from the current page's title().
export function retitle() { title(); }
