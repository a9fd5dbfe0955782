/**
 * Two service instances on one database (as behind a load balancer): the authorization starts on
 * one, the code is exchanged on the other, refreshes alternate, and a refresh token reused on the
 * second instance revokes the grant on both. Nothing of the authorization server lives in one
 * process's memory.
 */
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { api, authorizationRequest, insecure, registerApp, signedIn, startOAuthApp, walk, type OAuthTestApp, type TestClient } from '../helpers/oauth.js';

let a: OAuthTestApp;
let b: App;
let bBase: string;
let app: TestClient;

beforeAll(async () => {
  a = await startOAuthApp();
  b = await createApp(a.t.config, { logger: false });
  await b.server.listen({ port: 0, host: '127.0.0.1' });
  bBase = `http://127.0.0.1:${(b.server.server.address() as AddressInfo).port}`;
  app = await registerApp(a.t, await a.t.user('dev'));
});

afterAll(async () => {
  await b?.close();
  await a?.t.close();
});

it('shares interactions, codes, grants and refresh tokens between instances', async () => {
  const alice = await a.t.user('alice');
  const onB = { ...a.as, token_endpoint: `${bBase}/oauth/token` };
  const request = await authorizationRequest(a, app, 'tasks:read offline_access');
  const { redirect } = await walk(a, await signedIn(a.base, alice), request.url);
  const params = oauth.validateAuthResponse(a.as, app.client, redirect!, request.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    onB,
    app.client,
    await oauth.authorizationCodeGrantRequest(onB, app.client, app.auth, params, app.redirectUri, request.verifier, insecure),
  );
  expect((await api(a, tokens.access_token, 'GET', '/tasks')).status).toBe(200);
  expect((await fetch(`${bBase}/api/v1/tasks`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);

  const refreshOn = async (as: oauth.AuthorizationServer, token: string) =>
    oauth.processRefreshTokenResponse(as, app.client, await oauth.refreshTokenGrantRequest(as, app.client, app.auth, token, insecure));
  const second = await refreshOn(a.as, tokens.refresh_token!);
  const third = await refreshOn(onB, second.refresh_token!);
  await expect(refreshOn(onB, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  await expect(refreshOn(a.as, third.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  expect((await fetch(`${bBase}/api/v1/tasks`, { headers: { authorization: `Bearer ${third.access_token}` } })).status).toBe(401);
});
