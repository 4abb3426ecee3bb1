import { describe, expect, it } from 'vitest';
import { parseSaId, saIdMessages } from './sa-id.ts';

const today = new Date('2026-11-22T10:00:00Z');

describe('parseSaId', () => {
  it('accepts valid numbers and reads the date of birth, gender and citizenship', () => {
    expect(parseSaId('9506245120008', today)).toEqual({
      valid: true,
      dateOfBirth: '1995-06-24',
      gender: 'male',
      citizenship: 'citizen',
    });
    expect(parseSaId('8001015009087', today)).toMatchObject({
      valid: true,
      dateOfBirth: '1980-01-01',
    });
    expect(parseSaId('800101 5009 087', today)).toMatchObject({ valid: true });
  });

  it('infers the century: 05 is 2005, 99 is 1999', () => {
    // 050315 0800 0 8 ? — compute a valid check digit for a 2005 birth date.
    const base = '050315080008';
    const check = [...Array(10).keys()].find((d) => parseSaId(`${base}${d}`, today).valid);
    expect(parseSaId(`${base}${check}`, today)).toMatchObject({
      valid: true,
      dateOfBirth: '2005-03-15',
      gender: 'female',
    });
  });

  it('refuses a bad check digit', () => {
    expect(parseSaId('8001015009086', today)).toEqual({
      valid: false,
      reason: saIdMessages.checksum,
    });
  });

  it('refuses an impossible date of birth', () => {
    expect(parseSaId('9902305009086', today)).toEqual({ valid: false, reason: saIdMessages.date });
    expect(parseSaId('8013015009087', today)).toEqual({ valid: false, reason: saIdMessages.date });
  });

  it('refuses the wrong length or letters', () => {
    expect(parseSaId('80010150090', today)).toEqual({ valid: false, reason: saIdMessages.length });
    expect(parseSaId('80010150090877', today)).toEqual({
      valid: false,
      reason: saIdMessages.length,
    });
    expect(parseSaId('8001015OO9087', today)).toEqual({
      valid: false,
      reason: saIdMessages.length,
    });
  });

  it('refuses a citizenship digit other than 0 or 1', () => {
    const base = '800101500928';
    const check = [...Array(10).keys()].find((d) => {
      const r = parseSaId(`${base}${d}`, today);
      return !r.valid && r.reason !== saIdMessages.checksum;
    });
    expect(parseSaId(`${base}${check}`, today)).toEqual({
      valid: false,
      reason: saIdMessages.citizenship,
    });
  });
});
