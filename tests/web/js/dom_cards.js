// Every card a page shows: drawn (data-card), written, or in its labels.
// Evaluated in the page by Playwright (page.evaluate).
(() => {
  const cards = [...document.querySelectorAll('[data-card]')].map(e => e.getAttribute('data-card'));
  const labels = [...document.querySelectorAll('[aria-label],[title]')].map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return {cards, text: document.body.innerText, labels: labels.join(' | '), version: Number(document.body.dataset.version)};
})
