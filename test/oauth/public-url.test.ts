/** PUBLIC_URL (D20): the issuer when set, http://HOST:PORT otherwise; bad values stop the start with a message. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as { problems?: string[] }).problems ?? [String(err)];
  }
  return [];
};

describe('PUBLIC_URL', () => {
  it('defaults to http://HOST:PORT and keeps only the origin of a given URL', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://agendum.example.com/' }).publicUrl).toBe('https://agendum.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://Agendum.Example.com:8443' }).publicUrl).toBe('https://agendum.example.com:8443');
  });

  it('refuses anything but an http(s) origin', () => {
    for (const bad of ['agendum.example.com', 'ftp://agendum.example.com', 'https://a.example/agendum', 'https://a.example/?x=1', 'https://u:p@a.example']) {
      expect(problems({ PUBLIC_URL: bad }), bad).toEqual([expect.stringContaining('PUBLIC_URL must be an http(s) origin')]);
    }
  });
});
