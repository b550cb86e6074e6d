/**
 * The "Embed dashboard" dialog's rules (issue 25 part 3): the allowed domains as typed (one per
 * line, or separated by commas or spaces) and the three steps a host application follows.
 */
import { MAX_ALLOWED_DOMAINS, allowedDomainProblem } from '@rama/shared';
import { t } from '../../i18n';

export interface AllowedDomainsInput {
  domains: string[];
  /** one message per entry that is not an origin, and one when there are too many */
  problems: string[];
}

export function parseAllowedDomains(text: string): AllowedDomainsInput {
  const entries = text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const domains: string[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const problem = allowedDomainProblem(entry);
    if (problem) problems.push(problem);
    else {
      const domain = entry.replace(/\/$/, '');
      if (!domains.includes(domain)) domains.push(domain);
    }
  }
  if (domains.length > MAX_ALLOWED_DOMAINS) problems.push(t('embedded:tooManyDomains', { max: MAX_ALLOWED_DOMAINS }));
  return { domains, problems };
}

export interface EmbedSnippets {
  install: string;
  token: string;
  embed: string;
}

/** The three steps, ready to copy: install the SDK, get a guest token from the backend, embed. */
export function embedSnippets(uuid: string, ramaOrigin: string): EmbedSnippets {
  const id = JSON.stringify(uuid);
  const domain = JSON.stringify(ramaOrigin);
  return {
    install: 'npm install --save @superset-ui/embedded-sdk',
    token: [
      '# Your backend, signed in as a user who may grant guest tokens (can_grant_guest_token):',
      `POST ${ramaOrigin}/api/v1/security/guest_token/`,
      JSON.stringify(
        {
          user: { username: 'viewer', first_name: 'Embedded', last_name: 'Viewer' },
          resources: [{ type: 'dashboard', id: uuid }],
          rls: [{ clause: 'customer_id = 42' }],
        },
        null,
        2,
      ),
      '# → {"token": "…"}: hand it to the page; the SDK asks again before it expires.',
    ].join('\n'),
    embed: [
      "import { embedDashboard } from '@superset-ui/embedded-sdk';",
      '',
      'embedDashboard({',
      `  id: ${id},`,
      `  supersetDomain: ${domain},`,
      "  mountPoint: document.getElementById('dashboard'),",
      "  fetchGuestToken: () => fetch('/your-backend/guest-token').then((r) => r.json()).then((r) => r.token),",
      '  dashboardUiConfig: { hideTitle: false, filters: { expanded: true } },',
      '});',
    ].join('\n'),
  };
}
