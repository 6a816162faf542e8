// Layout problems: main parts that overlap, or run off or are cut off.
// Evaluated in the page by Playwright (page.evaluate).
(() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
  const groups = ['.seat', '#board > * > *', '.sewn-field, .sewn-centre', '.ff-field, .ff-centre', '.sow-row, .sow-centre',
                  '.harvest-player', '.harvest-field', '.table-body > *', '.side > *', '.fan.hand > *', '.box'];
  for (const sel of groups) {
    const els = [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null || e instanceof SVGElement);
    const rects = els.map(e => e.getBoundingClientRect());
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i], b = rects[j];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2 && !els[i].contains(els[j]) && !els[j].contains(els[i]))
          problems.push(`${sel}: #${i} and #${j} overlap by ${w.toFixed(0)}x${h.toFixed(0)}`);
      }
    }
  }
  for (const el of document.querySelectorAll('.box, .sewn-field, .ff-field, .sow-row, .harvest-field, .picker, .status, .seat')) {
    if (el.scrollWidth > el.clientWidth + 2) problems.push(`${el.className} is cut off: ${el.scrollWidth} > ${el.clientWidth}`);
    const r = el.getBoundingClientRect();
    if (r.right > doc.clientWidth + 1) problems.push(`${el.className} runs off the page`);
  }
  return problems;
})
