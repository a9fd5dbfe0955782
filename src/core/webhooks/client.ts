/**
 * What the core needs from the outside to talk to receivers. The implementation (HTTP, signing,
 * address checks) lives in src/workers: the core knows no transport.
 */
export interface SendTarget {
  url: string;
  secret: string;
}

export interface SendMessage {
  /** The event id: Standard Webhooks' `webhook-id`, the same on every attempt. */
  id: string;
  /** The exact bytes sent and signed. */
  body: string;
}

export interface SendResult {
  /** HTTP status, or null when no response came (refused address, timeout, connection error). */
  status: number | null;
  ms: number;
  /** Why it failed, safe to show the webhook's owner; null on a 2xx. */
  error: string | null;
  /** The response body, at most 64 KiB. */
  body: string;
}

export interface WebhookClient {
  /** One signed POST: 5 s at most, no redirects followed, blocked addresses refused before connecting. */
  send(target: SendTarget, message: SendMessage): Promise<SendResult>;
}
