/**
 * South African ID numbers: 13 digits YYMMDD SSSS C A Z — date of birth, sequence (0000–4999
 * female, 5000–9999 male), citizenship (0 citizen, 1 permanent resident), a legacy digit, and a
 * Luhn check digit over all 13.
 */
export type SaIdResult =
  | {
      valid: true;
      dateOfBirth: string;
      gender: 'female' | 'male';
      citizenship: 'citizen' | 'permanent_resident';
    }
  | { valid: false; reason: string };

export const saIdMessages = {
  length: 'An ID number has 13 digits',
  date: 'The first six digits are not a real date of birth',
  citizenship: 'The 11th digit must be 0 (citizen) or 1 (permanent resident)',
  checksum: 'This ID number fails its check digit: look for a typing error',
} as const;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `today` decides the century: a two-digit year after this year's is from the 1900s. */
export function parseSaId(input: string, today: Date = new Date()): SaIdResult {
  const id = input.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(id)) return { valid: false, reason: saIdMessages.length };
  const yy = Number(id.slice(0, 2));
  const month = Number(id.slice(2, 4));
  const day = Number(id.slice(4, 6));
  const currentYear = today.getUTCFullYear();
  const year = 2000 + yy > currentYear ? 1900 + yy : 2000 + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDate =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!realDate || date.getTime() > today.getTime()) {
    return { valid: false, reason: saIdMessages.date };
  }
  const citizenshipDigit = id[10];
  if (citizenshipDigit !== '0' && citizenshipDigit !== '1') {
    return { valid: false, reason: saIdMessages.citizenship };
  }
  if (!luhnValid(id)) return { valid: false, reason: saIdMessages.checksum };
  return {
    valid: true,
    dateOfBirth: date.toISOString().slice(0, 10),
    gender: Number(id.slice(6, 10)) < 5000 ? 'female' : 'male',
    citizenship: citizenshipDigit === '0' ? 'citizen' : 'permanent_resident',
  };
}
