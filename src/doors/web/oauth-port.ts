/**
 * What the consent pages need from the authorization server (the OAuth door builds it on its
 * library; the host hands it in). Requests and responses are the raw Node ones, because the
 * library keeps its own signed cookies on them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface PendingAuthorization {
  uid: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  /** Who the authorization server thinks is signed in, if anyone. */
  accountId?: string;
}

export interface OAuthInteractions {
  /** The authorization waiting for this browser; throws when it is unknown or expired. */
  details(req: IncomingMessage, res: ServerResponse): Promise<PendingAuthorization>;
  /** Grants `scopes` to the app for `accountId`; returns where the browser goes next. */
  approve(req: IncomingMessage, res: ServerResponse, accountId: string, scopes: string[]): Promise<string>;
  /** Ends the request with an error for the app; returns where the browser goes next. */
  refuse(req: IncomingMessage, res: ServerResponse, error: 'access_denied' | 'invalid_scope', description: string): Promise<string>;
}
