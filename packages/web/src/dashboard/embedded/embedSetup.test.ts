import { describe, expect, it } from 'vitest';
import { embedSnippets, parseAllowedDomains } from './embedSetup';

describe('parseAllowedDomains', () => {
  it('reads one origin per line, or separated by commas, without duplicates or trailing slashes', () => {
    expect(parseAllowedDomains('https://app.example.com/\nhttp://localhost:9000, https://app.example.com\n\n')).toEqual({
      domains: ['https://app.example.com', 'http://localhost:9000'],
      problems: [],
    });
  });

  it('names each entry that is not an origin', () => {
    const { domains, problems } = parseAllowedDomains(
      'app.example.com\nhttps://ok.example.com\nhttps://x.example.com/path\nftp://files.example.com',
    );
    expect(domains).toEqual(['https://ok.example.com']);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('app.example.com');
    expect(problems[1]).toContain('must not have a path');
    expect(problems[2]).toContain('http:// or https://');
  });

  it('bounds how many domains there are', () => {
    const many = Array.from({ length: 101 }, (_, i) => `https://h${i}.example.com`).join('\n');
    expect(parseAllowedDomains(many).problems).toEqual(['At most 100 domains may embed a dashboard.']);
  });

  it('an empty text is an empty list (any domain may embed)', () => {
    expect(parseAllowedDomains('  ')).toEqual({ domains: [], problems: [] });
  });
});

describe('embedSnippets', () => {
  it('names the embedding and this server in the steps', () => {
    const s = embedSnippets('1b7e-uuid', 'https://rama.example.com');
    expect(s.install).toBe('npm install --save @superset-ui/embedded-sdk');
    expect(s.token).toContain('POST https://rama.example.com/api/v1/security/guest_token/');
    expect(s.token).toContain('"id": "1b7e-uuid"');
    expect(s.embed).toContain('id: "1b7e-uuid"');
    expect(s.embed).toContain('supersetDomain: "https://rama.example.com"');
    expect(s.embed).toContain('embedDashboard({');
  });
});
