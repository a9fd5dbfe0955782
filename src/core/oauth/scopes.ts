/**
 * The OAuth scopes (D20) and what each lets an app do, in the words the consent page shows. The
 * REST door maps its routes to these; the authorization server offers exactly these.
 */
export const SCOPES = {
  'tasks:read': 'See your tasks, their comments and assignees',
  'tasks:write': 'Create, change, complete and delete your tasks, and comment on them',
  'events:read': 'See your calendar events, their attendees and comments',
  'events:write': 'Create, change and delete your events, and answer invitations',
  'contexts:read': 'See your contexts (projects and folders) and who they are shared with',
  'contexts:write': 'Create, rename, move, share and delete your contexts',
  webhooks: 'Manage webhooks that send your changes to other services',
  offline_access: 'Keep this access after you close the app (until you revoke it)',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export const isScope = (value: string): value is Scope => Object.hasOwn(SCOPES, value);

/** Scope strings as sent on the wire: space-separated, duplicates dropped, order kept. */
export const parseScope = (value: string | undefined | null): string[] => [...new Set((value ?? '').split(' ').filter(Boolean))];

/** The one resource OAuth access tokens are for (their `aud`): this service's API. */
export const apiAudience = (issuer: string) => `${issuer}/api/v1`;
