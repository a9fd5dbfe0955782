/** The context as the API shows it, and the rules of its fields (D4) and of nesting (D5, D10). */
import type { ContextsTable } from '../../db/schema.js';
import { longerThan } from '../characters.js';
import { invalid } from '../errors.js';

/** A top-level context is level 1; nothing may sit below level 3. */
export const MAX_DEPTH = 3;
export const CONTEXT_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type ContextSortField = (typeof CONTEXT_SORT_FIELDS)[number];

export interface Context {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  parent_context_id: string | null;
}

export interface ContextInput {
  name?: string;
  description?: string | null;
  color?: string | null;
  parent_context_id?: string | null;
  user_id?: string;
}

export const toContext = (row: ContextsTable): Context => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  created_at: row.created_at,
  updated_at: row.updated_at,
  user_id: row.user_id,
  parent_context_id: row.parent_context_id,
});

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Field rules the schema cannot say: a name blank after trimming, colours stored lower-case. */
export function normalizeContext(input: ContextInput): Partial<ContextsTable> {
  const out: Partial<ContextsTable> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw invalid('name', 'minLength', 'name must not be blank');
    if (longerThan(name, 500)) throw invalid('name', 'maxLength', 'name must be at most 500 characters');
    out.name = name;
  }
  if (input.description !== undefined) out.description = input.description;
  if (input.color !== undefined) {
    if (input.color !== null && !COLOR.test(input.color)) throw invalid('color', 'pattern', 'color must look like #rrggbb');
    out.color = input.color === null ? null : input.color.toLowerCase();
  }
  return out;
}
