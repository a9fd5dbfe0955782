/** Who is acting, and through which door. `system` is explicit, never a default that skips checks. */
export interface Actor {
  userId: string;
  email: string;
  via: 'rest' | 'caldav' | 'email' | 'system';
  /**
   * Set only for OAuth access tokens (D20): the scopes the user granted the app, which the doors
   * enforce. Absent means full access (API tokens, sessions, system).
   */
  oauth?: { clientId: string; grantId: string; scopes: readonly string[] };
}
