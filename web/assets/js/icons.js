// Small inline SVG icons drawn with the text's colour (emoji would depend
// on the fonts of the system and show as boxes without them). An icon is
// decoration: the text beside it says the same for screen readers.
import { s } from './dom.js';

const PATHS = {
  // A stopwatch: the dial, the crown and the hand.
  clock: [['circle', { cx: 12, cy: 13.5, r: 8 }], ['path', { d: 'M9.5 2.5h5M12 2.5v3M12 13.5V9M18.5 6.5l1.5-1.5' }]],
  // A cup with two handles on a foot.
  trophy: [['path', { d: 'M7 3.5h10v5a5 5 0 0 1-10 0zM7 5.5H4.5v1a3 3 0 0 0 3 3M17 5.5h2.5v1a3 3 0 0 1-3 3M12 13.5v4M8 20.5h8M9.5 17.5h5v3h-5z' }]],
  // A robot's head: the stand-in.
  bot: [['rect', { x: 5, y: 8, width: 14, height: 11, rx: 2.5 }], ['path', { d: 'M12 8V4.5M9.5 13h.01M14.5 13h.01M9.5 16.5h5' }], ['circle', { cx: 12, cy: 3.5, r: 1 }]],
  // A door with an arrow out: leaving the table.
  leave: [['path', { d: 'M14 4.5H6.5v15H14M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5' }]],
};

// icon returns the named icon, hidden from screen readers.
export function icon(name, cls) {
  const svg = s('svg', { class: ['icon', `icon-${name}`, cls], viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' });
  for (const [tag, attrs] of PATHS[name] || []) svg.append(s(tag, attrs));
  return svg;
}
