import { startDovecot } from '../helpers/dovecot.ts';

/**
 * The e2e run's support mailbox: Debian's Dovecot, which the app polls over IMAP
 * (INBOUND_IMAP_URL) and into which the tests drop a customer's answer.
 */
const dovecot = await startDovecot({ port: Number(process.env.E2E_IMAP_PORT ?? 5096) });

const stop = () => void dovecot.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
