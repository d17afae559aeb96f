// navigate goes to a path of the app without reloading the page.
let show = () => {};

// setRouter registers the function that shows the current location.
export function setRouter(fn) { show = fn; }

export function navigate(path) {
  history.pushState(null, '', path);
  show();
  document.getElementById('main')?.focus();
}
