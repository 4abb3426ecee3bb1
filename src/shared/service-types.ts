export const serviceTypeLabels = {
  business_plan: 'Business Plan',
  website_development: 'Website Development',
  business_registration: 'Business Registration',
  financial_management: 'Financial Management',
  custom_email: 'Custom Email Solution',
  mobile_app: 'Mobile App Development',
  multiple_services: 'Multiple Services',
} as const;

export type ServiceType = keyof typeof serviceTypeLabels;

export const serviceTypes = Object.keys(serviceTypeLabels) as ServiceType[];

/** Display label of a service type; an unknown value is shown as it is (SPEC §3). */
export function serviceTypeLabel(value: string): string {
  return Object.hasOwn(serviceTypeLabels, value) ? serviceTypeLabels[value as ServiceType] : value;
}
