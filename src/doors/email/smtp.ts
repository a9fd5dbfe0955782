/**
 * The SMTP way in (D16): accepts mail only for known intake addresses (550 at RCPT for others),
 * enforces INTAKE_MAX_BYTES (SIZE extension, then the stream itself: 552), offers STARTTLS only
 * when a certificate is configured, and hands each message to the same pipeline as HTTP.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Config } from '../../config.js';
import { DomainError } from '../../core/errors.js';
import type { IntakePipeline, Recipient } from './intake-pipeline.js';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

export interface SmtpLog {
  error(obj: object, msg: string): void;
}

const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpListener(config: Config, pipeline: IntakePipeline, log: SmtpLog): Promise<SmtpListener> {
  const { intake } = config;
  const tls = intake.tls ? { key: readFileSync(intake.tls.keyFile), cert: readFileSync(intake.tls.certFile) } : null;

  const server = new SMTPServer({
    name: intake.domain,
    banner: 'Agendum email intake',
    size: intake.maxBytes,
    rejectOversized: true,
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    ...(tls ? { ...tls, disabledCommands: ['AUTH'] } : { disabledCommands: ['STARTTLS', 'AUTH'] }),

    onRcptTo(address, _session, callback) {
      pipeline.findRecipient(address.address).then(
        (user) => callback(user ? undefined : reply(550, `5.1.1 <${address.address}>: no such intake address`)),
        (err) => {
          log.error({ err }, 'smtp: recipient lookup failed');
          callback(reply(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Past the limit the rest is drained, not kept.
        if (bytes <= intake.maxBytes) chunks.push(chunk);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > intake.maxBytes) {
          callback(reply(552, `5.3.4 Message exceeds the maximum size of ${intake.maxBytes} bytes`));
          return;
        }
        deliver(Buffer.concat(chunks), session).then(
          (message) => callback(null, message),
          (err) => callback(err),
        );
      });
    },
  });

  /** One message, possibly for several intake addresses: read once, delivered to each. */
  async function deliver(raw: Buffer, session: SMTPServerSession): Promise<string> {
    try {
      const read = await pipeline.readMessage(raw);
      const recipients: Recipient[] = [];
      for (const rcpt of session.envelope.rcptTo) {
        const user = await pipeline.findRecipient(rcpt.address);
        if (user && !recipients.some((r) => r.id === user.id)) recipients.push(user);
      }
      if (!recipients.length) throw reply(550, '5.1.1 The intake address is no longer valid');
      const failures: string[] = [];
      for (const user of recipients) {
        const outcome = await pipeline.deliver(user, raw, read);
        if (outcome.status === 'failed') failures.push(`${outcome.emailId}: ${outcome.error}`);
      }
      // The message is stored; a permanent failure tells the sender nothing was made from it.
      if (failures.length) throw reply(554, `5.6.0 Stored but nothing was made from it: ${failures.join('; ').slice(0, 400)}`);
      return 'OK: message accepted';
    } catch (err) {
      if (err instanceof Error && 'responseCode' in err) throw err;
      if (err instanceof DomainError && (err.code === 'validation_error' || err.code === 'unprocessable_entity')) {
        throw reply(550, `5.6.0 ${err.message.replace(/[\r\n]+/g, ' ').slice(0, 400)}`);
      }
      if (err instanceof DomainError && err.code === 'service_unavailable') throw reply(451, `4.3.2 ${err.message}`);
      log.error({ err }, 'smtp: delivery failed');
      throw reply(451, '4.3.0 Temporary failure, try again later');
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(intake.smtpPort ?? 0, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ err }, 'smtp: server error'));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
