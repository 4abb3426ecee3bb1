import { describe, expect, it } from 'vitest';
import { serviceTypeLabel, serviceTypes } from './service-types.ts';

describe('serviceTypeLabel', () => {
  it('gives the display labels of SPEC §3', () => {
    expect(serviceTypeLabel('business_plan')).toBe('Business Plan');
    expect(serviceTypeLabel('website_development')).toBe('Website Development');
    expect(serviceTypeLabel('business_registration')).toBe('Business Registration');
    expect(serviceTypeLabel('financial_management')).toBe('Financial Management');
    expect(serviceTypeLabel('custom_email')).toBe('Custom Email Solution');
    expect(serviceTypeLabel('mobile_app')).toBe('Mobile App Development');
    expect(serviceTypeLabel('multiple_services')).toBe('Multiple Services');
    expect(serviceTypes).toHaveLength(7);
  });

  it('shows an unknown value as it is', () => {
    expect(serviceTypeLabel('seo_audit')).toBe('seo_audit');
    expect(serviceTypeLabel('toString')).toBe('toString');
  });
});
