/**
 * The customer's own domain at DNSimple: the registrar lock, the transfer out and the registrant
 * contact, as DNSimple's API v2 documents them (developer.dnsimple.com/v2/registrar).
 */
import type { DNSimple } from 'dnsimple';
import { z } from 'zod';
import { explain } from './dnsimple-transport.ts';
import { RegistrarError, type Registrant, type Registrar } from './registrar.ts';

const lockSchema = z.object({ enabled: z.boolean() });
const domainSchema = z.object({ id: z.number(), registrant_id: z.number().nullable() });
const contactSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  organization_name: z.string().nullable().optional(),
  email: z.string(),
  phone: z.string(),
  address1: z.string(),
  city: z.string(),
  state_province: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
const checkSchema = z.object({
  extended_attributes: z.array(
    z.object({ name: z.string(), description: z.string(), required: z.boolean() }),
  ),
});
/** DNSimple's registrant change states: new → pending → completed, or cancelling → cancelled. */
const changeSchema = z.object({
  state: z.enum(['new', 'pending', 'cancelling', 'cancelled', 'completed']),
  registry_owner_change: z.boolean().optional(),
  irt_lock_lifted_by: z.string().nullable().optional(),
});

type Management = Pick<
  Registrar,
  'transferLock' | 'setTransferLock' | 'transferCode' | 'registrant' | 'changeRegistrant'
>;

export function dnsimpleManagement(
  client: DNSimple,
  account: number,
  createContact: (registrant: Registrant) => Promise<number>,
): Management {
  const registrar = client.registrar;

  async function lock(domain: string): Promise<boolean> {
    return lockSchema.parse((await registrar.getDomainTransferLock(account, domain)).data).enabled;
  }

  const domainOf = async (domain: string) =>
    domainSchema.parse((await client.domains.getDomain(account, domain)).data);

  /** The domain's registrant contact, as DNSimple holds it. */
  async function registrantOf(domain: string) {
    const held = await domainOf(domain);
    if (held.registrant_id === null) {
      throw new RegistrarError(`DNSimple holds no registrant for ${domain}`, {
        transient: false,
        status: 502,
      });
    }
    const { data } = await client.contacts.getContact(account, held.registrant_id);
    return contactSchema.parse(data);
  }

  return {
    async transferLock(domain) {
      try {
        return await lock(domain);
      } catch (error) {
        return explain(error);
      }
    },
    async setTransferLock(domain, locked) {
      try {
        const { data } = locked
          ? await registrar.enableDomainTransferLock(account, domain)
          : await registrar.disableDomainTransferLock(account, domain);
        return lockSchema.parse(data).enabled;
      } catch (error) {
        return explain(error);
      }
    },
    async transferCode(domain) {
      try {
        // DNSimple's authorize_transfer_out unlocks the domain by itself: the owner's lock is
        // honoured here, as the port promises, instead of being lifted behind their back.
        if (await lock(domain)) {
          throw new RegistrarError(
            `${domain} is locked: turn the registrar lock off before asking for its transfer code`,
            { transient: false, status: 502 },
          );
        }
        const contact = await registrantOf(domain);
        // 204: DNSimple mails the code to the domain's contact and never shows it to us.
        await registrar.transferDomainOut(account, domain);
        return { kind: 'emailed', to: contact.email || null };
      } catch (error) {
        return explain(error);
      }
    },
    async registrant(domain) {
      try {
        const contact = await registrantOf(domain);
        return {
          firstName: contact.first_name,
          lastName: contact.last_name,
          organisation: contact.organization_name || undefined,
          email: contact.email,
          phone: contact.phone,
          address1: contact.address1,
          city: contact.city,
          stateProvince: contact.state_province,
          postalCode: contact.postal_code,
          country: contact.country,
        };
      } catch (error) {
        return explain(error);
      }
    },
    async changeRegistrant(domain, registrant) {
      try {
        const domainId = (await domainOf(domain)).id;
        // A registrant change moves the domain to another contact: a new one, never an edit of
        // the contact other domains (or the registration history) may share.
        const contactId = await createContact(registrant);
        const check = checkSchema.parse(
          (
            await registrar.checkRegistrantChange(account, {
              domain_id: domainId,
              contact_id: contactId,
            })
          ).data,
        );
        const required = check.extended_attributes.filter((attribute) => attribute.required);
        if (required.length > 0) {
          // The ending's registry wants more than a contact (DNSimple's extended attributes).
          throw new RegistrarError(
            `The registry of ${domain} needs more for a new registrant: ${required
              .map((attribute) => attribute.description || attribute.name)
              .join('; ')}. Please contact support.`,
            { transient: false, status: 502 },
          );
        }
        const change = changeSchema.parse(
          (
            await registrar.createRegistrantChange(account, {
              domain_id: domainId,
              contact_id: contactId,
              extended_attributes: {},
            })
          ).data,
        );
        if (change.state === 'completed') return { state: 'done' };
        if (change.state === 'cancelling' || change.state === 'cancelled') {
          throw new RegistrarError(`DNSimple cancelled the registrant change of ${domain}`, {
            transient: false,
            status: 502,
          });
        }
        const lockedUntil = change.irt_lock_lifted_by
          ? ` Transfers stay locked until ${change.irt_lock_lifted_by.slice(0, 10)}.`
          : '';
        return {
          state: 'pending',
          reason: change.registry_owner_change
            ? `The registry confirms a change of owner: the current registrant may be asked by e-mail to approve it.${lockedUntil}`
            : `The registry is confirming the change.${lockedUntil}`,
        };
      } catch (error) {
        return explain(error);
      }
    },
  };
}
