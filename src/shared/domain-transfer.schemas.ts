import { z } from 'zod';

/**
 * A transfer in: the name registered elsewhere and the EPP/auth code its current registrar gave
 * the owner (registries allow 6–32 characters; anything printable but spaces is kept as typed).
 */
export const domainTransferFields = {
  domain: z.string().trim().min(1, 'Enter the domain to transfer').max(300),
  authCode: z
    .string({ error: 'Enter the auth code' })
    .trim()
    .min(6, 'An auth code has at least 6 characters')
    .max(64, 'An auth code has at most 64 characters')
    .regex(
      /^[\x21-\x7e]+$/,
      'An auth code has no spaces or accents: copy it as the registrar sent it',
    ),
};

export const domainTransferSchema = z.object(domainTransferFields);
export type DomainTransferInput = z.input<typeof domainTransferSchema>;
