// What the harness reads of the table page: version, status, the picker's state.
// Evaluated in the page by Playwright (page.evaluate).
(() => {
  const b = document.body.dataset;
  const picker = document.getElementById('picker');
  const q = (s) => picker ? picker.querySelectorAll(s).length : 0;
  return {
    version: Number(b.version || -1),
    status: b.status || '',
    depth: picker && !picker.hidden ? Number(picker.dataset.depth || 0) : -1,
    options: q('.option'),
    confirm: q('.confirm'),
    sending: q('.sending'),
    targets: document.querySelectorAll('#board .choosable').length,
    banner: (() => { const e = document.getElementById('banner'); return e && !e.hidden ? e.textContent : ''; })(),
  };
})
