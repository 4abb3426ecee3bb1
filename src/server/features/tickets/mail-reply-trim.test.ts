import { describe, expect, it } from 'vitest';
import { trimReply } from './mail-reply-trim.ts';

describe('trimReply', () => {
  it('keeps the text above a Gmail "On … wrote:" line, also when wrapped', () => {
    expect(
      trimReply(
        'Yes please.\r\n\r\nOn Mon, 2 Mar 2026 at 10:00, Sebenza <a@b.co.za> wrote:\r\n> Shall we?',
      ),
    ).toBe('Yes please.');
    expect(
      trimReply('Yes.\n\nOn Mon, 2 Mar 2026 at 10:00, Sebenza Digital\n<a@b.co.za> wrote:\n> x'),
    ).toBe('Yes.');
  });

  it("cuts at Outlook's separators and header block", () => {
    expect(trimReply('Done.\n\n-----Original Message-----\nFrom: Sebenza\nSent: today')).toBe(
      'Done.',
    );
    expect(
      trimReply(
        'Done.\n\n________________________________\nFrom: Sebenza <a@b.co.za>\nSent: Monday',
      ),
    ).toBe('Done.');
    expect(trimReply('Done.\n\nFrom: Sebenza <a@b.co.za>\nSent: Monday\nTo: me\nSubject: x')).toBe(
      'Done.',
    );
  });

  it('drops quoted lines and the signature, keeping the lines between', () => {
    expect(trimReply('> old\nFirst line\n> quoted\nSecond line\n-- \nThandi\n082 000 0000')).toBe(
      'First line\nSecond line',
    );
    expect(trimReply('Thanks!\n\nSent from my iPhone')).toBe('Thanks!');
  });

  it('leaves a message without marks as it is', () => {
    const text = 'From the start: our site is down.\nOn Monday it worked.';
    expect(trimReply(text)).toBe(text);
  });
});
