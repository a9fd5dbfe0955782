import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as d from '../../src/core/versioning/drafts.js';

const field = fc.constantFrom('title', 'description', 'priority');
const value = fc.constantFrom('a', 'b', 'c', null);
const op = fc.oneof(
  fc.record({ kind: fc.constant('draft' as const), changes: fc.dictionary(field, value) }),
  fc.record({ kind: fc.constant('publish' as const), changes: fc.dictionary(field, value) }),
  fc.record({ kind: fc.constantFrom('accept' as const, 'discard' as const) }),
);

describe('draft engine (pure)', () => {
  it('keeps its invariants under any sequence of edits, publications, accepts and discards', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let values: d.Values = { title: 'a', description: null, priority: 'a' };
        let state = d.initialState();
        // The model: what the published record holds.
        let published = { ...values };
        for (const o of ops) {
          try {
            let r: d.EditResult;
            if (o.kind === 'draft') r = d.editAsDraft(values, state, o.changes);
            else if (o.kind === 'publish') {
              r = d.editAndPublish(values, state, o.changes);
              published = { ...published, ...o.changes };
            } else if (o.kind === 'accept') {
              r = d.acceptDraft(values, state);
              published = { ...values };
            } else r = d.discardDraft(values, state);
            if (r.published && o.kind !== 'accept') expect(r.state.major).toBe(state.major + 1);
            values = r.values;
            state = r.state;
          } catch (err) {
            const code = (err as { code?: string }).code;
            expect(['unprocessable_entity', 'draft_conflict']).toContain(code);
            if (code === 'draft_conflict') expect(state.draft!.base).toBeLessThan(state.major);
            if (code === 'unprocessable_entity') expect(state.draft).toBeNull();
          }
          // Invariants: published state is recoverable; no draft means minor 0.
          expect(d.publishedValues(values, state)).toEqual(published);
          if (!state.draft) expect(state.minor).toBe(0);
          else expect(state.minor).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reports conflicting fields as those changed by both the draft and a later publication', () => {
    let r = d.editAsDraft({ a: 1, b: 1, c: 1 }, d.initialState(), { a: 2, b: 2 });
    r = d.editAndPublish(r.values, r.state, { b: 3, c: 3 });
    expect(() => d.acceptDraft(r.values, r.state)).toThrowError(
      expect.objectContaining({
        code: 'draft_conflict',
        extra: expect.objectContaining({ data: { your_version: '1.1', current_version: '2.0', conflicting_fields: ['b'] } }),
      }),
    );
  });
});
