import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule of eslint.config.js that keeps one money voice (issue 28): amounts made by hand
 * are refused outside money.ts, numbers.ts and PayFast's wire format; prose and tests are not.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function moneyProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message.split(':')[0]!);
}

describe('the money lint rule', () => {
  it('finds toFixed(2) and hand-made "R" amounts in server, shared and client code', async () => {
    const code = [
      'export const a = (n: number) => n.toFixed(2);',
      'export const b = (n: number) => `R${n}`;',
      "export const c = (n: number) => 'R ' + n;",
      "export const d = 'Enter an amount above R0.00';",
      'export const e = `at most R 1 000 000,00 for ${"x"}`;',
    ].join('\n');
    for (const file of ['src/server/x.service.ts', 'src/shared/x.ts']) {
      expect(await moneyProblems(code, file)).toHaveLength(5);
    }
    const page = 'export const P = ({ n }: { n: number }) => <p>Only R 12,50 for {`R${n}`}</p>;';
    expect(await moneyProblems(page, 'src/client/features/orders/x.tsx')).toHaveLength(2);
  });

  it('leaves the formatter modules, round figures in prose and other figures alone', async () => {
    const code = 'export const f = (n: number) => [n.toFixed(2), `R${n}`];';
    for (const file of [
      'src/shared/money.ts',
      'src/shared/numbers.ts',
      'src/server/integrations/payfast/amounts.ts',
      'src/server/x.test.ts',
    ]) {
      expect(await moneyProblems(code, file), file).toEqual([]);
    }
    const prose = [
      "export const g = 'The CIPC fee is R 50; VAT is compulsory above R2,3 million.';",
      'export const h = (ms: number) => (ms / 1000).toFixed(1);',
      'export const i = (n: number) => `PR${n}`;',
    ].join('\n');
    expect(await moneyProblems(prose, 'src/server/x.ts')).toEqual([]);
  });
});
