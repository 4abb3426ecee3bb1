/**
 * What a stored mail's link carries instead of its token. The token is minted when the mail is
 * delivered, so the outbox, a backup or a back-office reader never holds a working link.
 */
export const tokenMintedOnDelivery = 'TOKEN-MINTED-ON-DELIVERY';
