import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { randToCents } from '#shared/money.ts';
import { storageKeys } from '../../lib/storage-keys.ts';

export const DEFAULT_MARKUP_PERCENT = 20;

export interface SelectedDomain {
  domain: string;
  price: number;
  currency: string;
  pricing: {
    basePrice: number;
    totalPrice: number;
    registrarCost: number;
    customerPrice: number;
    profitMargin: number;
    markupPercentage: number;
    tld: string;
    isPremium: boolean;
  };
  availability: DomainCheckResult;
}

/** The selected domain of SPEC §3, built from a check result. */
export function toSelectedDomain(result: DomainCheckResult): SelectedDomain {
  const margin = (randToCents(result.price) - randToCents(result.originalPrice)) / 100;
  return {
    domain: result.domain,
    price: result.price,
    currency: result.currency || 'ZAR',
    pricing: {
      basePrice: result.originalPrice,
      totalPrice: result.price,
      registrarCost: result.originalPrice,
      customerPrice: result.price,
      profitMargin: margin,
      markupPercentage: result.premium ? 0 : DEFAULT_MARKUP_PERCENT,
      tld: result.domain.split('.').pop() ?? '',
      isPremium: result.premium,
    },
    availability: result,
  };
}

export function saveSelectedDomain(selected: SelectedDomain): void {
  sessionStorage.setItem(storageKeys.selectedDomain, JSON.stringify(selected));
}
