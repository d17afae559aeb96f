// Translations: every text of the app in English, German, French and Dutch,
// loaded from /assets/i18n/<lang>.json, switchable at any time without a
// reload and remembered in localStorage.

export const LANGUAGES = ['en', 'de', 'fr', 'nl'];
const KEY = 'minehall.lang';

let lang = 'en';
let wanted = 'en'; // the language last asked for
let dict = {};
let english = {};
const listeners = new Set();

function initialLanguage() {
  const saved = localStorage.getItem(KEY);
  if (LANGUAGES.includes(saved)) return saved;
  for (const l of navigator.languages || []) {
    const base = l.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

async function fetchDict(l) {
  const r = await fetch(`/assets/i18n/${l}.json`);
  if (!r.ok) throw new Error(`no translations for ${l}`);
  return r.json();
}

// start loads the remembered (or the browser's) language.
export async function start() {
  english = await fetchDict('en');
  await setLanguage(initialLanguage());
}

// language returns the current language code.
export function language() { return lang; }

// setLanguage switches every text to l and tells the listeners.
export async function setLanguage(l) {
  if (!LANGUAGES.includes(l)) l = 'en';
  // Kept before its texts arrive, so that a page loaded meanwhile keeps it;
  // of two quick switches the later one wins, whichever texts come first.
  wanted = l;
  localStorage.setItem(KEY, l);
  const texts = l === 'en' ? english : await fetchDict(l);
  if (wanted !== l) return;
  dict = texts;
  lang = l;
  document.documentElement.lang = l;
  translateStatic(document);
  for (const fn of listeners) fn(l);
}

// onLanguage calls fn after every switch; it returns a function that stops.
export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const pluralRules = new Map(); // language → Intl.PluralRules

// pluralForm returns the plural category of n in the current language:
// "one", "other", and in some languages "few", "many", "two", "zero".
function pluralForm(n) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang).select(n);
}

// t returns the text of key with {name} placeholders filled from params;
// a key missing in the language falls back to English, then to the key.
// When params.n is a number and the language has a text for key.FORM,
// where FORM is n's plural category ("one", "other", …, as
// Intl.PluralRules says), that text is used: "table.points.one" reads
// "{n} pt" where "table.points" reads "{n} pts".
export function t(key, params) {
  let text;
  if (params && typeof params.n === 'number') text = dict[`${key}.${pluralForm(params.n)}`];
  text ??= dict[key] ?? english[key] ?? key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return text;
}

// has reports whether key has a text.
export function has(key) { return key in english; }

// translateStatic sets the text of every element with data-i18n under root.
export function translateStatic(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
}
