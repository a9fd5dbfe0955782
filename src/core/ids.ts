import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Canonical timestamp form (DECISIONS D3): UTC, milliseconds, Z. */
export const nowIso = (): string => new Date().toISOString();

export const toIso = (value: string | Date): string => new Date(value).toISOString();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
