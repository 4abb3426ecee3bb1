import { describe, expect, it } from 'vitest';
import { businessRegistrationSchema } from './business-registration.schemas.ts';

const valid = {
  packageId: 'registration-basic-company',
  names: ['Ubuntu Bakery', 'Ubuntu Breads', '', ''],
  companyType: 'private_company',
  directors: [{ fullName: 'Nandi Zulu', idType: 'sa_id', idNumber: '9506245120008' }],
  address: {
    street: '12 Vilakazi Street',
    city: 'Soweto',
    province: 'Gauteng',
    postalCode: '1804',
  },
  financialYearEnd: 'February',
  taxRegistrations: ['income_tax'],
  contactEmail: 'nandi@example.co.za',
};

describe('businessRegistrationSchema', () => {
  it('accepts a complete order and drops blank names', () => {
    const parsed = businessRegistrationSchema.parse(valid);
    expect(parsed.names).toEqual(['Ubuntu Bakery', 'Ubuntu Breads']);
  });

  it('checks SA ID numbers of directors, and passports for non-citizens', () => {
    const result = businessRegistrationSchema.safeParse({
      ...valid,
      directors: [
        { fullName: 'Nandi Zulu', idType: 'sa_id', idNumber: '8001015009086' },
        { fullName: 'John Smith', idType: 'passport', passportNumber: 'x', passportCountry: '' },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'directors.0.idNumber: This ID number fails its check digit: look for a typing error',
        'directors.1.passportNumber: Enter the passport number: 6 to 12 letters and digits',
        'directors.1.passportCountry: Enter the country that issued the passport',
      ]),
    );
  });

  it('needs at least one name and one director, and a 4-digit postal code', () => {
    const result = businessRegistrationSchema.safeParse({
      ...valid,
      names: ['', '', '', ''],
      directors: [],
      address: { ...valid.address, postalCode: '12345' },
    });
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Propose at least one company name',
        'A company needs at least one director',
        'A postal code has 4 digits',
      ]),
    );
  });
});
