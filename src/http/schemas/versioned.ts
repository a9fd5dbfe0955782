import { Type, type TProperties } from '@sinclair/typebox';
import { Nullable, Ref, Timestamp, Uuid } from './common.js';

/**
 * `last_live` of a record type: the published values of the fields its open draft changed, plus
 * the published version. `fields` are the record's draftable fields, all optional here. Inline and
 * `nullable` rather than a named component: OpenAPI 3.0 ignores `nullable` beside a `$ref`.
 */
export const LastLiveOf = (fields: TProperties) =>
  Nullable(
    Type.Object(
      {
        version: Type.String({ pattern: '^[0-9]+\\.0$', description: 'The published version, "<major>.0"' }),
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])),
      },
      {
        additionalProperties: false,
        description: 'Published values of the fields the open draft changed, plus the published version; null without a draft',
      },
    ),
  );

type LastLive = ReturnType<typeof LastLiveOf>;

/** The version and provenance fields every versioned record (task, event) shows. */
export const VersionedRecordFields = (lastLive: LastLive) => ({
  version_major: Type.Integer({ minimum: 1, description: 'Published versions so far' }),
  version_minor: Type.Integer({ minimum: 0, description: 'Edits since the last publication (0: published as is)' }),
  is_published: Type.Boolean({ description: 'False while a draft is open' }),
  last_live: lastLive,
  has_unpublished_changes: Type.Optional(Type.Boolean({ description: 'Only with include_draft_status=true' })),
  source_email_id: Type.Optional(Uuid('Only on items made from an email')),
  extracted_at: Type.Optional(Timestamp('Only on items made from an email')),
  extraction_confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Only on items made from an email' })),
  recurrence: Type.Optional(
    Nullable(
      Type.String({
        description: 'Read-only: the RRULE/RDATE/EXDATE lines a calendar app wrote over CalDAV, one per line; null when the record does not repeat',
      }),
    ),
  ),
});

/**
 * Read-only fields a client may echo back in a body (D3): accepted and ignored, so a record read
 * with GET can be sent back as is. They are typed as GET shows them and marked readOnly; the REST door
 * drops them before validation (read-only-fields.ts), so whatever is echoed never fails.
 * `user_id` naming another user is 403.
 */
export const ReadOnlyEchoFields = {
  user_id: Type.Optional(Uuid('Read-only: the caller; naming another user is 403')),
  id: Type.Optional(Type.String({ format: 'uuid', readOnly: true, description: 'Read-only: ignored' })),
  created_at: Type.Optional(Type.String({ format: 'date-time', readOnly: true, description: 'Read-only: ignored' })),
  updated_at: Type.Optional(Type.String({ format: 'date-time', readOnly: true, description: 'Read-only: ignored' })),
  version_major: Type.Optional(Type.Integer({ readOnly: true, description: 'Read-only: ignored' })),
  version_minor: Type.Optional(Type.Integer({ readOnly: true, description: 'Read-only: ignored' })),
  is_published: Type.Optional(Type.Boolean({ readOnly: true, description: 'Read-only: ignored' })),
  last_live: Type.Optional(Type.Unsafe<unknown>({ type: 'object', nullable: true, readOnly: true, description: 'Read-only: ignored' })),
  has_unpublished_changes: Type.Optional(Type.Boolean({ readOnly: true, description: 'Read-only: ignored' })),
  recurrence: Type.Optional(Type.Unsafe<unknown>({ type: 'string', nullable: true, readOnly: true, description: 'Read-only: ignored' })),
  // An item made from an email carries its provenance; sending it back as read is not an error.
  source_email_id: Type.Optional(Type.String({ format: 'uuid', readOnly: true, description: 'Read-only: ignored' })),
  extracted_at: Type.Optional(Type.String({ format: 'date-time', readOnly: true, description: 'Read-only: ignored' })),
  extraction_confidence: Type.Optional(Type.Number({ readOnly: true, description: 'Read-only: ignored' })),
};

export const HistoryEntry = Type.Object(
  {
    version: Type.String({ description: 'A published version, "<major>.0"' }),
    published_at: Timestamp(),
  },
  { $id: 'HistoryEntry', title: 'HistoryEntry', examples: [{ version: '1.0', published_at: '2026-11-25T21:00:00.000Z' }] },
);

/** GET /<records>/{id}/history for one record type; `snapshot` holds the published fields. */
export const HistoryOf = (id: string, snapshot: TProperties, example: Record<string, unknown>) =>
  Type.Object(
    {
      current: Type.Object({ version: Type.String(), is_published: Type.Boolean(), updated_at: Timestamp() }, { description: 'The record as it is now' }),
      published: Type.Object(
        {
          version: Type.String(),
          updated_at: Timestamp(),
          snapshot: Type.Object(Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, Type.Optional(v)])), {
            additionalProperties: false,
            description: 'The published values of the versioned fields and the context',
          }),
        },
        { description: 'The latest publication' },
      ),
      history: Type.Array(Ref(HistoryEntry), { description: 'Every published version, oldest first' }),
    },
    { $id: id, title: id, examples: [example] },
  );
