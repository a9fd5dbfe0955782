import { Type } from '@sinclair/typebox';
import { Body, Nullable, Timestamp, Uuid } from './common.js';

const USER_EXAMPLE = { id: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35', email: 'alex@example.com', name: 'Alex', created_at: '2026-11-20T08:00:00.000Z' };

export const User = Type.Object(
  { id: Uuid(), email: Type.String(), name: Nullable(Type.String()), created_at: Timestamp() },
  { $id: 'User', title: 'User', examples: [USER_EXAMPLE] },
);

export const Account = Type.Object(
  {
    ...User.properties,
    intake_address: Nullable(Type.String({ description: 'Forward mail here to make tasks and events (D16)' })),
  },
  { $id: 'Account', title: 'Account', examples: [{ ...USER_EXAMPLE, intake_address: 'u-4f9d2c1ab7e3@intake.example.com' }] },
);

export const ApiToken = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    created_at: Timestamp(),
    expires_at: Timestamp(),
    last_used_at: Nullable(Timestamp()),
  },
  {
    $id: 'ApiToken',
    title: 'ApiToken',
    examples: [
      {
        id: '2a4c6e8f-0b1d-4f3a-8c5e-7a9b1c3d5e6f',
        name: 'laptop',
        created_at: '2026-11-20T08:05:00.000Z',
        expires_at: '2027-02-18T08:05:00.000Z',
        last_used_at: null,
      },
    ],
  },
);

export const NewApiToken = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    token: Type.String({ description: 'Shown only once: send it as Authorization: Bearer <token>' }),
    created_at: Timestamp(),
    expires_at: Timestamp(),
  },
  {
    $id: 'NewApiToken',
    title: 'NewApiToken',
    examples: [
      {
        id: '2a4c6e8f-0b1d-4f3a-8c5e-7a9b1c3d5e6f',
        name: 'laptop',
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5ZjVjIn0.c2lnbmF0dXJl',
        created_at: '2026-11-20T08:05:00.000Z',
        expires_at: '2027-02-18T08:05:00.000Z',
      },
    ],
  },
);

export const SignupInput = Body(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    password: Type.String({ maxLength: 1000, description: 'At least 10 characters' }),
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { $id: 'SignupInput', title: 'SignupInput', examples: [{ email: 'alex@example.com', password: 'correct horse battery', name: 'Alex' }] },
);

export const LoginInput = Body(
  { email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1000 }) },
  { $id: 'LoginInput', title: 'LoginInput', examples: [{ email: 'alex@example.com', password: 'correct horse battery' }] },
);

export const ApiTokenInput = Body(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: 90 })),
  },
  { $id: 'ApiTokenInput', title: 'ApiTokenInput', examples: [{ name: 'laptop', expires_in_days: 90 }] },
);
