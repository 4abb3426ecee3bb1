/** Every browser-store key of SPEC §3 in one place. */
export const storageKeys = {
  cart: 'cart',
  /** The cart's id: every try to pay the same cart names it, so the paid one closes the others. */
  cartId: 'cartId',
  selectedDomain: 'selectedDomain',
  checkoutRedirect: 'checkoutRedirect',
  checkoutRecoveryNeeded: 'checkoutRecoveryNeeded',
  authReturnTo: 'authReturnTo',
  userLogoutTimestamp: 'userLogoutTimestamp',
  adminLogoutTimestamp: 'adminLogoutTimestamp',
  sessionRecovery: 'sessionRecovery',
  recoveryUserEmail: 'recoveryUserEmail',
  adminSessionBackup: 'adminSessionBackup',
  adminSessionBackupTime: 'adminSessionBackupTime',
} as const;
