// A small Markdown renderer for rules texts: headings, paragraphs, ordered
// and unordered lists, tables, emphasis, strong and code. It builds DOM
// nodes (never HTML strings), so the text cannot inject markup.
import { h } from './dom.js';

function inline(text) {
  const out = [];
  const re = /(\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[2] !== undefined) out.push(h('strong', { text: m[2] }));
    else if (m[3] !== undefined) out.push(h('em', { text: m[3] }));
    else out.push(h('code', { text: m[4] }));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

// markdown returns the nodes of a Markdown text.
export function markdown(src) {
  const lines = src.replace(/\r\n/g, '\n').split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const head = line.match(/^(#{1,6})\s+(.*)$/);
    if (head) {
      out.push(h('h' + Math.min(6, head[1].length + 1), {}, inline(head[2])));
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const header = cells(rows[0]);
      const body = rows.slice(rows.length > 1 && /^[\s|:-]+$/.test(rows[1]) ? 2 : 1).map(cells);
      out.push(h('div', { class: 'table-wrap' }, h('table', {},
        h('thead', {}, h('tr', {}, header.map((c) => h('th', { scope: 'col' }, inline(c))))),
        h('tbody', {}, body.map((r) => h('tr', {}, r.map((c) => h('td', {}, inline(c)))))))));
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
    if (item.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = h(ordered ? 'ol' : 'ul', {});
      let li = null;
      while (i < lines.length && (item.test(lines[i]) || (li && /^\s{2,}\S/.test(lines[i])))) {
        const m = lines[i].match(item);
        if (m && m[1].length < 2) { li = h('li', {}, inline(m[3])); list.append(li); } else { li.append(' ', ...inline(lines[i].trim())); }
        i++;
      }
      out.push(list);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i])) para.push(lines[i++].trim());
    out.push(h('p', {}, inline(para.join(' '))));
  }
  return out;
}
