/**
 * The one pipeline behind both ways in (SMTP and POST /intake/email): read the message once (in
 * the extraction pool, off the request thread), find the user of each intake address, hand it to
 * the intake use case.
 */
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import { unprocessable } from '../../core/errors.js';
import type { IntakeOutcome } from '../../core/intake/intake.js';
import type { IntakeService } from '../../core/intake/intake.service.js';
import type { ReadResult } from './read-message.js';

export interface Recipient {
  id: string;
  email: string;
}

/** Parses and reads a raw message: the extraction pool's `read`. */
export type MessageReading = (raw: Buffer) => Promise<ReadResult>;

export function createIntakePipeline(accounts: AccountsService, intake: IntakeService, readMessage: MessageReading) {
  async function findRecipient(address: string): Promise<Recipient | null> {
    const user = await accounts.findUserByIntakeAddress(address.replace(/^<|>$/g, ''));
    return user ? { id: user.id, email: user.email } : null;
  }

  /** The first intake address among the message's recipient headers that belongs to a user. */
  async function recipientFromHeaders(read: ReadResult): Promise<Recipient> {
    const candidates = read.recipients;
    if (!candidates.length) {
      if (read.read.failure) throw unprocessable('to', 'required', `${read.read.failure.message}, and its recipient is unknown: pass ?to=<intake address>`);
      throw unprocessable('to', 'required', 'No recipient: pass ?to=<intake address> or send a message addressed to one');
    }
    for (const address of candidates) {
      const user = await findRecipient(address);
      if (user) return user;
    }
    throw unknownRecipient();
  }

  return {
    findRecipient,
    readMessage,

    deliver: (recipient: Recipient, raw: Buffer, read: ReadResult): Promise<IntakeOutcome> => intake.receive(recipient, raw, read.read),

    /** The HTTP way in: an explicit recipient is checked before the body is read at all. */
    async deliverHttp(raw: Buffer, to: string | undefined): Promise<IntakeOutcome> {
      let recipient = to ? await findRecipient(to) : null;
      if (to && !recipient) throw unknownRecipient();
      const read = await readMessage(raw);
      recipient ??= await recipientFromHeaders(read);
      return intake.receive(recipient, raw, read.read);
    },
  };
}

const unknownRecipient = () => unprocessable('to', 'unknown_recipient', 'No user has this intake address (it may have been rotated)');

export type IntakePipeline = ReturnType<typeof createIntakePipeline>;
