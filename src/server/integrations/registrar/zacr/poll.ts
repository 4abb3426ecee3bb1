/**
 * The registry's message queue (RFC 5730 §2.9.2.3): its asynchronous answers — a transfer
 * approved or rejected, a pending create, update or delete finished (RFC 5731 panData) — read
 * one at a time and acknowledged so the next one comes.
 */
import { readTransfer, type Command, type TransferData } from './domain-commands.ts';
import type { EppSession } from './epp-session.ts';
import { attr, child, childText, commandDocument, text } from './epp-xml.ts';
import { dateOf, type EppResponse } from './epp-response.ts';

export interface PollMessage {
  id: string;
  date: Date | undefined;
  /** The registry's own words. */
  message: string;
  /** Set for a transfer's outcome (trnData). */
  transfer?: TransferData | undefined;
  /** Set for a pending action's outcome (panData): the domain and whether it succeeded. */
  pendingAction?: { domain: string; succeeded: boolean; date: Date | undefined } | undefined;
}

export const pollRequest: Command = (clTRID) =>
  commandDocument({ poll: { '@_op': 'req' } }, clTRID);

export const pollAck =
  (id: string): Command =>
  (clTRID) =>
    commandDocument({ poll: { '@_op': 'ack', '@_msgID': id } }, clTRID);

/** The message a 1301 answer carries; undefined for 1300 (the queue is empty). */
export function readPollMessage(response: EppResponse): PollMessage | undefined {
  const queue = response.messageQueue;
  if (response.code !== 1301 || !queue?.id) return undefined;
  const transfer = child(response.resData, 'trnData');
  const pan = child(response.resData, 'panData');
  const panName = child(pan, 'name');
  return {
    id: queue.id,
    date: queue.date,
    message: queue.message ?? response.message,
    transfer: transfer ? readTransfer(transfer) : undefined,
    pendingAction: pan
      ? {
          domain: (text(panName) ?? '').toLowerCase(),
          succeeded: ['1', 'true'].includes(attr(panName, 'paResult') ?? ''),
          date: dateOf(childText(pan, 'paDate')),
        }
      : undefined,
  };
}

/**
 * Reads and acknowledges up to `limit` messages; answers them in the registry's order. A
 * message is acknowledged only after it was read whole, so a failure leaves it queued.
 */
export async function drainPoll(session: EppSession, limit = 100): Promise<PollMessage[]> {
  const messages: PollMessage[] = [];
  while (messages.length < limit) {
    const message = readPollMessage(await session.command(pollRequest));
    if (!message) break;
    messages.push(message);
    await session.command(pollAck(message.id));
  }
  return messages;
}
