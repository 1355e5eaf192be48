import { COLOURS } from '../factsheet/styles';

/**
 * The site's one style sheet and one script, served from /assets (the CSP allows 'self' only: no inline
 * style or script anywhere), and that Content-Security-Policy.
 */

export const SITE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Every pair of text and background colours below has a contrast of at least 4.5:1. */
const C = {
  ...COLOURS,
  page: '#ffffff',
  panel: '#f4f6f8',
  link: '#0b4f8a',
  focus: '#1d5fd1',
  danger: '#a3191e',
  dangerHover: '#7f1216',
  okText: '#14532d',
  okBack: '#e7f4ea',
  errorText: '#7f1d1d',
  errorBack: '#fdecec',
  warnText: '#4d3300',
  warnBack: '#fff4d6',
  onceBack: '#fffbea',
  onceRule: '#b58900',
} as const;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const RULES = [
  '*, *::before, *::after { box-sizing: border-box; }',
  'html { -webkit-text-size-adjust: 100%; }',
  `body { margin: 0; font-family: ${FONT}; font-size: 1rem; line-height: 1.5; color: ${C.text}; background: ${C.page}; }`,
  '.container { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }',
  `a { color: ${C.link}; text-underline-offset: 0.15em; }`,
  `a:hover { color: ${C.accent}; }`,
  `:focus-visible { outline: 3px solid ${C.focus}; outline-offset: 2px; }`,
  'main:focus { outline: none; }',
  `h1, h2, h3 { line-height: 1.25; color: ${C.text}; }`,
  'h1 { font-size: 1.9rem; margin: 1.5rem 0 1rem; }',
  'h2 { font-size: 1.35rem; margin: 2rem 0 0.75rem; }',
  'h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }',
  `code, pre, kbd { font-family: ${MONO}; font-size: 0.92em; }`,
  `pre { background: ${C.panel}; border: 1px solid ${C.rule}; border-radius: 6px; padding: 0.85rem 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }`,
  'code { overflow-wrap: anywhere; }',
  // Long addresses and URLs wrap rather than push the page wider than a phone.
  'p, li, dd, dt, h1, h2, h3, h4, caption, summary, legend, label { overflow-wrap: anywhere; }',
  `.muted { color: ${C.muted}; }`,
  // Skip link: off screen until focused.
  `.skip-link { position: absolute; left: 0.5rem; top: -3rem; z-index: 10; padding: 0.5rem 0.9rem; background: ${C.accent}; color: #ffffff; border-radius: 4px; }`,
  '.skip-link:focus { top: 0.5rem; color: #ffffff; }',
  '.visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }',
  // Header and footer.
  `.site-header { border-bottom: 1px solid ${C.rule}; background: ${C.panel}; }`,
  '.header-inner { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding-top: 0.75rem; padding-bottom: 0.75rem; }',
  `.brand { font-weight: 700; font-size: 1.1rem; color: ${C.accent}; text-decoration: none; }`,
  '.nav { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }',
  '.nav a { display: inline-block; padding: 0.25rem 0; }',
  `.nav a[aria-current="page"] { font-weight: 700; color: ${C.text}; text-decoration-thickness: 3px; }`,
  `.who { margin-left: auto; display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; font-size: 0.92rem; color: ${C.muted}; }`,
  `.who-email { color: ${C.text}; overflow-wrap: anywhere; }`,
  `.site-footer { margin-top: 3rem; border-top: 1px solid ${C.rule}; background: ${C.panel}; padding: 1rem 0 1.5rem; font-size: 0.92rem; }`,
  '.site-footer p { margin: 0.5rem 0 0; }',
  // Buttons: primary (default), secondary, danger; links styled as buttons.
  `button, .button { display: inline-block; font: inherit; font-weight: 600; line-height: 1.2; padding: 0.55rem 1rem; border-radius: 6px; border: 1px solid ${C.accent}; background: ${C.accent}; color: #ffffff; cursor: pointer; text-decoration: none; }`,
  `button:hover, .button:hover { background: #0a2b4b; color: #ffffff; }`,
  `button.secondary, .button.secondary, button.copy { background: #ffffff; color: ${C.accent}; }`,
  `button.secondary:hover, .button.secondary:hover, button.copy:hover { background: ${C.panel}; color: ${C.accent}; }`,
  `button.danger { background: ${C.danger}; border-color: ${C.danger}; color: #ffffff; }`,
  `button.danger:hover { background: ${C.dangerHover}; }`,
  'button.small, button.copy { padding: 0.3rem 0.65rem; font-size: 0.9rem; }',
  '.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 1rem 0; }',
  'form.inline { display: inline; margin: 0; }',
  // Forms: one column; fields no wider than a line of text.
  'form.stack { max-width: 32rem; }',
  '.field { margin: 0 0 1rem; }',
  'label { display: block; font-weight: 600; margin-bottom: 0.25rem; }',
  `input[type="text"], input[type="email"], input[type="password"], input[type="url"], input[type="search"], select, textarea { display: block; width: 100%; font: inherit; padding: 0.5rem 0.6rem; border: 1px solid ${C.muted}; border-radius: 6px; background: #ffffff; color: ${C.text}; }`,
  `input[readonly] { background: ${C.panel}; font-family: ${MONO}; font-size: 0.88rem; }`,
  'textarea { min-height: 5rem; }',
  `.help { margin: 0.25rem 0 0; font-size: 0.9rem; color: ${C.muted}; }`,
  'fieldset { border: 0; padding: 0; margin: 0 0 1rem; }',
  'legend { font-weight: 600; padding: 0; margin-bottom: 0.25rem; }',
  '.check { display: flex; align-items: center; gap: 0.5rem; margin: 0.25rem 0; }',
  '.check label { display: inline; font-weight: 400; margin: 0; }',
  'input[type="checkbox"] { width: 1.1rem; height: 1.1rem; margin: 0; }',
  '.filters { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end; margin: 1rem 0; }',
  '.filters .field { margin: 0; min-width: 12rem; }',
  '.filters .check { margin: 0 0 0.5rem; }',
  // Notices and boxes.
  '.notice { border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; border: 1px solid; }',
  '.notice p { margin: 0.25rem 0; }',
  '.notice h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }',
  `.notice.ok { background: ${C.okBack}; color: ${C.okText}; border-color: ${C.okText}; }`,
  `.notice.error { background: ${C.errorBack}; color: ${C.errorText}; border-color: ${C.errorText}; }`,
  `.notice.warn { background: ${C.warnBack}; color: ${C.warnText}; border-color: ${C.onceRule}; }`,
  `.notice.warn h2 { color: ${C.warnText}; }`,
  `.box { background: ${C.panel}; border: 1px solid ${C.rule}; border-radius: 6px; padding: 1rem 1.25rem; margin: 1rem 0; }`,
  '.box h2 { margin-top: 0; }',
  `.once { background: ${C.onceBack}; border: 2px solid ${C.onceRule}; border-radius: 6px; padding: 1rem 1.25rem; margin: 1rem 0; }`,
  '.once h2 { margin-top: 0; }',
  '.secret { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }',
  `.secret code { background: #ffffff; border: 1px solid ${C.rule}; border-radius: 4px; padding: 0.35rem 0.5rem; font-size: 0.95rem; }`,
  '.props { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; margin: 0.5rem 0; }',
  '.props dt { font-weight: 600; }',
  '.props dd { margin: 0; overflow-wrap: anywhere; }',
  '.url-heading code { overflow-wrap: anywhere; }',
  `.endpoint { border: 1px solid ${C.rule}; border-radius: 6px; padding: 0 1.25rem 1rem; margin: 1.25rem 0; }`,
  // Figures of the overview.
  '.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: 0.75rem; margin: 1rem 0; padding: 0; }',
  `.figures div { background: ${C.panel}; border: 1px solid ${C.rule}; border-radius: 6px; padding: 0.75rem 1rem; }`,
  `.figures dt { font-size: 0.9rem; color: ${C.muted}; }`,
  '.figures dd { margin: 0.15rem 0 0; font-size: 1.2rem; font-weight: 600; }',
  '.meter { margin: 1rem 0; max-width: 40rem; }',
  'meter { display: block; width: 100%; height: 1.4rem; }',
  '.chart { margin: 1rem 0; }',
  '.chart-scroll { overflow-x: auto; }',
  '.chart-svg { display: block; width: 100%; min-width: 36rem; height: auto; }',
  // Tables: they scroll sideways in their wrapper rather than squeezing on a phone.
  '.table-wrap { position: relative; overflow-x: auto; margin: 1rem 0; }',
  'table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }',
  // On a phone a table keeps a readable width and its wrapper scrolls; ids and codes do not break.
  '.table-wrap table.mid { min-width: 40rem; }',
  '.table-wrap table.wide { min-width: 56rem; }',
  'td code, th code { overflow-wrap: normal; white-space: nowrap; }',
  `caption { text-align: left; font-weight: 600; padding: 0 0 0.5rem; color: ${C.text}; }`,
  `th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.6rem; border-bottom: 1px solid ${C.rule}; }`,
  `thead th { background: ${C.panel}; border-bottom: 2px solid ${C.rule}; white-space: nowrap; }`,
  'td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }',
  'td form { margin: 0 0 0.35rem; }',
  `tfoot th, tfoot td { font-weight: 700; border-top: 2px solid ${C.rule}; }`,
  '.links-cell { min-width: 18rem; }',
  '.link-copy { display: flex; gap: 0.35rem; align-items: center; margin: 0.25rem 0; }',
  '.link-copy label { font-weight: 400; font-size: 0.85rem; margin: 0; min-width: 3.5rem; }',
  '.link-copy input { min-width: 10rem; }',
  `details { margin: 1rem 0; }`,
  `summary { cursor: pointer; font-weight: 600; color: ${C.link}; }`,
  '.plans td, .plans th { white-space: nowrap; }',
  '.lead { font-size: 1.15rem; max-width: 48rem; }',
  '.features { max-width: 48rem; }',
  '@media (max-width: 700px) {',
  '  h1 { font-size: 1.5rem; }',
  '  .container { padding: 0 0.9rem; }',
  '  .who { margin-left: 0; }',
  '  .filters { display: block; }',
  '  .filters .field { margin: 0 0 0.75rem; }',
  '  .figures { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.5rem; }',
  '  .figures div { padding: 0.5rem 0.75rem; }',
  '  .figures dd { font-size: 1.05rem; }',
  '  .actions .button, .actions button { flex: 1 1 auto; text-align: center; }',
  '}',
  '@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }',
];

export const SITE_CSS = `${RULES.join('\n')}\n`;

/**
 * Progressive enhancement only: copy buttons and confirmations; every page works without it. No eval,
 * no inline handler, no HTML written from data.
 */
export const SITE_JS = `(function () {
  'use strict';
  var live = null;
  function announce(text) {
    if (!live) return;
    live.textContent = '';
    window.setTimeout(function () { live.textContent = text; }, 50);
  }
  function textOf(target) {
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return target.value;
    return target.textContent || '';
  }
  function selectText(target) {
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') {
      target.focus();
      target.select();
      return;
    }
    var range = document.createRange();
    range.selectNodeContents(target);
    var selection = window.getSelection();
    if (selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }
  function done(button, label) {
    var original = button.getAttribute('data-label') || button.textContent;
    button.setAttribute('data-label', original);
    button.textContent = label;
    window.setTimeout(function () { button.textContent = original; }, 2000);
  }
  function fallback(button, target) {
    selectText(target);
    done(button, 'Selected');
    announce('The text is selected: press Ctrl+C (or Command+C) to copy it.');
  }
  function copy(button) {
    var target = document.getElementById(button.getAttribute('data-copy-target') || '');
    if (!target) return;
    var text = textOf(target);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () {
        done(button, 'Copied');
        announce('Copied to the clipboard.');
      }, function () { fallback(button, target); });
    } else {
      fallback(button, target);
    }
  }
  document.addEventListener('DOMContentLoaded', function () {
    live = document.getElementById('live');
    var buttons = document.querySelectorAll('button.copy[data-copy-target]');
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener('click', function () { copy(button); });
    });
    var forms = document.querySelectorAll('form[data-confirm]');
    Array.prototype.forEach.call(forms, function (form) {
      form.addEventListener('submit', function (event) {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
  });
})();
`;

/** The site's icon (a browser would otherwise ask for /favicon.ico): a bar chart in the accent colour. */
export const SITE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0f3b66"/>' +
  '<path d="M4 12V8M8 12V4M12 12V6" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>';
