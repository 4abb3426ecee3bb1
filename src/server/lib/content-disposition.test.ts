import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './content-disposition.ts';

describe('download file names', () => {
  it('drops every bidirectional control character', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    for (const control of controls) {
      expect(safeFileName(`invoice${control}fdp.exe`), control.codePointAt(0)!.toString(16)).toBe(
        'invoicefdp.exe',
      );
    }
  });

  it('sends a right-to-left override as neither the name nor its UTF-8 form', () => {
    const header = attachmentDisposition('invoice\u202Efdp.exe');
    expect(header).toBe('attachment; filename="invoicefdp.exe"');
    expect(header).not.toContain('%E2%80%AE');
  });

  it('keeps other letters in filename* and an ASCII stand-in, with quotes and controls gone', () => {
    expect(attachmentDisposition('Ωmega\u202E "plan"\r\n.pdf')).toBe(
      `attachment; filename="_mega _plan_.pdf"; filename*=UTF-8''%CE%A9mega%20%22plan%22.pdf`,
    );
    expect(attachmentDisposition("it's (final).pdf")).toBe(
      'attachment; filename="it\'s (final).pdf"',
    );
    expect(attachmentDisposition('\u202E', 'file')).toBe('attachment; filename="file"');
  });
});
