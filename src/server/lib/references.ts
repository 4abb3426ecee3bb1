import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read over the phone. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A customer-facing reference such as SR-7KQ2MX: a prefix and `length` unambiguous characters. */
export const newReference = (prefix: string, length: number) =>
  `${prefix}-${Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
