import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp, Uuid } from './common.js';

export const LastLive = Nullable(Type.Object({ version: Type.String() }, {
  additionalProperties: true,
  description: 'Published values of the fields the open draft changed, plus the published version "M.0"; null without a draft',
}));

/** The version and provenance fields every versioned record (task, event) shows. */
export const VersionedRecordFields = {
  version_major: Type.Integer(),
  version_minor: Type.Integer(),
  is_published: Type.Boolean(),
  last_live: LastLive,
  has_unpublished_changes: Type.Optional(Type.Boolean({ description: 'Only with include_draft_status=true' })),
  source_email_id: Type.Optional(Uuid('Only on items made from an email')),
  extracted_at: Type.Optional(Timestamp('Only on items made from an email')),
  extraction_confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Only on items made from an email' })),
  recurrence: Type.Optional(Nullable(Type.String({
    description: 'Read-only: the RRULE/RDATE/EXDATE lines a calendar app wrote over CalDAV, one per line; null when the record does not repeat',
  }))),
};

/** Fields a client may echo back in a body: accepted and ignored (D3); `user_id` naming another user is 403. */
export const ReadOnlyEchoFields = {
  user_id: Type.Optional(Uuid('Read-only: naming another user is 403')),
  id: Type.Optional(Type.Unknown()),
  created_at: Type.Optional(Type.Unknown()),
  updated_at: Type.Optional(Type.Unknown()),
  version_major: Type.Optional(Type.Unknown()),
  version_minor: Type.Optional(Type.Unknown()),
  is_published: Type.Optional(Type.Unknown()),
  last_live: Type.Optional(Type.Unknown()),
  has_unpublished_changes: Type.Optional(Type.Unknown()),
  recurrence: Type.Optional(Type.Unknown()),
};
