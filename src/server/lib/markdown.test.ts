import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './markdown.ts';

describe('markdownToSafeHtml', () => {
  it('keeps the formatting an article needs', () => {
    const html = markdownToSafeHtml(
      '# Title\n\nSome **bold** and [a link](https://example.co.za).\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain(
      '<a href="https://example.co.za" target="_blank" rel="noopener noreferrer">a link</a>',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<li>one</li>');
  });

  it('drops scripts, event attributes, frames and javascript: links', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script>\n\n<img src="https://x.example/a.png" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<iframe src="https://evil.example"></iframe>\n\n<a href="/help" onclick="x()">ours</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(html).toContain('<img src="https://x.example/a.png" />');
    expect(html).toContain('<a href="/help">ours</a>');
  });
});
