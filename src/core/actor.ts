/** Who is acting, and through which door. `system` is explicit, never a default that skips checks. */
export interface Actor {
  userId: string;
  email: string;
  via: 'rest' | 'caldav' | 'email' | 'system';
}
