import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { markupPercent } from '#shared/domain-pricing.ts';
import { randToCents } from '#shared/money.ts';
import { storageKeys } from '../../lib/storage-keys.ts';

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
  /** A transfer in, with the auth code from the current registrar (not a registration). */
  transfer?: { authCode: string };
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
      markupPercentage: markupPercent(result.premium),
      tld: result.domain.split('.').pop() ?? '',
      isPremium: result.premium,
    },
    availability: result,
  };
}

export function saveSelectedDomain(selected: SelectedDomain): void {
  sessionStorage.setItem(storageKeys.selectedDomain, JSON.stringify(selected));
}

/** A domain to transfer in: the registration page asks for its registrant next. */
export function saveSelectedTransfer(input: { domain: string; price: number; authCode: string }) {
  const result: DomainCheckResult = {
    available: false,
    message: `Transfer of ${input.domain}`,
    price: input.price,
    currency: 'ZAR',
    originalPrice: input.price,
    premium: false,
    domain: input.domain,
  };
  saveSelectedDomain({ ...toSelectedDomain(result), transfer: { authCode: input.authCode } });
}
