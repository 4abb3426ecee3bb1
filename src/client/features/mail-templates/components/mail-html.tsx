import { useEffect, useRef } from 'react';

/**
 * The HTML part of a mail in a shadow root of its own: the site's styles do not reach it (nor its
 * styles the page), and it is part of the page, so a keyboard, a screen reader and axe read it
 * like the rest. Parsed, not run: no script, frame or object of it is kept (the server escaped
 * every value in it, and the page's CSP runs no inline script in any case).
 */
export function MailHtml({ html, label }: { html: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    parsed
      .querySelectorAll('script, iframe, object, embed, base, meta, link')
      .forEach((node) => node.remove());
    // The mail's <body> carries its background and font: a wrapper keeps them.
    const body = document.createElement('div');
    body.setAttribute('style', parsed.body.getAttribute('style') ?? '');
    body.append(...Array.from(parsed.body.childNodes, (node) => document.importNode(node, true)));
    root.replaceChildren(body);
  }, [html]);
  return (
    <div
      ref={host}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-md border border-line bg-white"
    />
  );
}
