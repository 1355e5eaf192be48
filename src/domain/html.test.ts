import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onload="x', '&quot; onload=&quot;x'],
    ["l'Épargne & Cie", 'l&#39;Épargne &amp; Cie'],
    ['&amp;', '&amp;amp;'],
    ['', ''],
    ['plain text 1.5%', 'plain text 1.5%'],
  ])('%j -> %j', (input, expected) => expect(escapeHtml(input)).toBe(expected));
});
