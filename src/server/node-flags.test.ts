import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './node-flags.ts';

describe('the server’s Node flags', () => {
  it('are the ones npm start runs with', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${serverNodeFlags.join(' ')} scripts/start.ts`);
  });
});
