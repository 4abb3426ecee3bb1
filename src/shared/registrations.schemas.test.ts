import { describe, expect, it } from 'vitest';
import { registrationChecklists, registrationStages, stagesSold } from './registrations.schemas.ts';

describe('stagesSold', () => {
  it('gives a name reservation its one stage', () => {
    expect(stagesSold('registration-name-reservation', ['registration-vat'])).toEqual([
      'name_reservation',
    ]);
  });

  it('adds VAT and PAYE only when bought, as add-ons or in the complete start-up', () => {
    const core = [
      'name_reservation',
      'lodged',
      'certificate',
      'beneficial_ownership',
      'income_tax',
    ];
    expect(stagesSold('registration-basic-company', [])).toEqual(core);
    expect(stagesSold('registration-basic-company', ['registration-paye-uif'])).toEqual([
      ...core,
      'paye',
    ]);
    expect(stagesSold('registration-complete-startup', [])).toEqual(registrationStages);
  });

  it('has a checklist for every stage', () => {
    for (const stage of registrationStages) {
      expect(registrationChecklists[stage].length, stage).toBeGreaterThan(0);
    }
  });
});
