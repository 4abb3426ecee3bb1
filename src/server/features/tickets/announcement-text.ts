import { Lexer, type Token, type Tokens } from 'marked';

/** The readable text of inline Markdown: emphasis dropped, a link as "label (address)". */
function inlineText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token): string => {
      switch (token.type) {
        case 'link': {
          const { href, tokens: label } = token as Tokens.Link;
          const text = inlineText(label);
          return text && text !== href ? `${text} (${href})` : href;
        }
        case 'image':
          return (token as Tokens.Image).text;
        case 'br':
          return '\n';
        case 'html':
          return '';
        case 'codespan':
        case 'escape':
          return (token as Tokens.Codespan).text;
        default:
          return 'tokens' in token && token.tokens
            ? inlineText(token.tokens)
            : 'text' in token
              ? String(token.text)
              : '';
      }
    })
    .join('');
}

function blockParagraphs(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token): string[] => {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'html':
        return [];
      case 'code':
        return [(token as Tokens.Code).text];
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        return [
          list.items
            .map((item, index) => {
              const text = blockParagraphs(item.tokens).join(' ');
              return `${list.ordered ? `${start + index}.` : '•'} ${text}`;
            })
            .join('\n'),
        ];
      }
      case 'blockquote':
        return blockParagraphs((token as Tokens.Blockquote).tokens);
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) =>
          cells.map((c) => inlineText(c.tokens)).join(' | ');
        return [[row(table.header), ...table.rows.map(row)].join('\n')];
      }
      default:
        return 'tokens' in token && token.tokens ? [inlineText(token.tokens)] : [];
    }
  });
}

/**
 * An announcement's Markdown as the paragraphs of a plain-text mail: headings, paragraphs and
 * lists each one paragraph, emphasis dropped, links spelled out, raw HTML left out.
 */
export function markdownToParagraphs(markdown: string): string[] {
  return blockParagraphs(new Lexer({ gfm: true }).lex(markdown))
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
