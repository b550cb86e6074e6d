import { describe, expect, it } from 'vitest';
import { allowedDomainProblem, normalizeAllowedDomain } from './embedded.js';

describe('allowed_domains entries', () => {
  it('accepts origins, with a port, and a trailing slash', () => {
    for (const ok of ['https://example.com', 'http://localhost:3000', 'https://app.example.com/', 'HTTPS://Example.COM'])
      expect(allowedDomainProblem(ok), ok).toBeNull();
    expect(normalizeAllowedDomain('HTTPS://Example.COM:443/')).toBe('https://example.com');
    expect(normalizeAllowedDomain('http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('refuses what is not an origin, naming the entry', () => {
    expect(allowedDomainProblem('example.com')).toContain('"example.com"');
    expect(allowedDomainProblem('https://example.com/app')).toContain('path');
    expect(allowedDomainProblem('https://example.com/?x=1')).toContain('query');
    expect(allowedDomainProblem('https://example.com#top')).toContain('fragment');
    expect(allowedDomainProblem('ftp://example.com')).toContain('http');
    expect(allowedDomainProblem('javascript:alert(1)')).not.toBeNull();
    expect(allowedDomainProblem('https://user:pw@example.com')).toContain('credentials');
    expect(allowedDomainProblem('https://*.example.com')).toContain('wildcard');
    expect(allowedDomainProblem('')).not.toBeNull();
    expect(allowedDomainProblem("https://a.com; script-src 'unsafe-inline'")).not.toBeNull();
  });
});
