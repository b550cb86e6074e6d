import Type from 'typebox';

/**
 * Embedded dashboards and guest tokens (issue 25 part 3), as the BI server's embedding contract:
 *
 * - `GET|POST|PUT|DELETE /api/v1/dashboard/{id_or_slug}/embedded` — body {@link EmbeddedDashboardPut}
 *   (POST and PUT upsert; the uuid stays the same), reply {@link EmbeddedDashboardReply};
 *   DELETE → `{"message": "OK"}`; GET of a dashboard without an embedding → 404.
 * - `GET /api/v1/embedded_dashboard/{uuid}` → {@link EmbeddedDashboardReply}.
 * - `POST /api/v1/security/guest_token/` — body {@link GuestTokenRequest}, reply {@link GuestTokenReply}.
 * - `GET /embedded/{uuid}` — the web app's page with {@link EmbeddedBootstrap} injected as
 *   `<script id="rama-embedded" type="application/json">` ({@link EMBEDDED_BOOTSTRAP_ELEMENT_ID}).
 *
 * Every route answers 404 while the `EMBEDDED_SUPERSET` feature flag is off. A guest sends its
 * token in the header named by `guest_token_header` (default {@link DEFAULT_GUEST_TOKEN_HEADER}).
 */

/** The id of the `<script type="application/json">` element the `/embedded/{uuid}` page carries. */
export const EMBEDDED_BOOTSTRAP_ELEMENT_ID = 'rama-embedded';
/** GUEST_TOKEN_HEADER_NAME's default. */
export const DEFAULT_GUEST_TOKEN_HEADER = 'X-GuestToken';
/** At most this many allowed domains per embedding. */
export const MAX_ALLOWED_DOMAINS = 100;
/** Bounds of a guest token request. */
export const GUEST_TOKEN_LIMITS = { resources: 50, rls: 100, clauseLength: 10_000 } as const;

/** What `/embedded/{uuid}` injects for the page (JSON in the element {@link EMBEDDED_BOOTSTRAP_ELEMENT_ID}). */
export interface EmbeddedBootstrap {
  uuid: string;
  /** the embedded dashboard's id (a number, as the BI server's embedded bootstrap data) */
  dashboard_id: number;
  /** origins that may frame the page and send the SDK's port transfer message; empty: any */
  allowed_domains: string[];
  /** the header that carries the guest token on every API request (GUEST_TOKEN_HEADER_NAME) */
  guest_token_header: string;
}

/** POST/PUT /api/v1/dashboard/{id_or_slug}/embedded */
export const EmbeddedDashboardPut = Type.Object(
  {
    allowed_domains: Type.Array(Type.String({ maxLength: 2048 }), { maxItems: MAX_ALLOWED_DOMAINS }),
  },
  { additionalProperties: false },
);
export type EmbeddedDashboardPut = Type.Static<typeof EmbeddedDashboardPut>;

/** An embedding as the API answers it. */
export interface EmbeddedDashboard {
  uuid: string;
  allowed_domains: string[];
  /** the dashboard's id as text (the BI server's schema types it as a string) */
  dashboard_id: string;
  /** ISO 8601 */
  changed_on: string;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}

export interface EmbeddedDashboardReply {
  result: EmbeddedDashboard;
}

/** POST /api/v1/security/guest_token/ */
export const GuestTokenRequest = Type.Object(
  {
    user: Type.Object(
      {
        username: Type.Optional(Type.String({ maxLength: 255 })),
        first_name: Type.Optional(Type.String({ maxLength: 255 })),
        last_name: Type.Optional(Type.String({ maxLength: 255 })),
      },
      { additionalProperties: false },
    ),
    resources: Type.Array(
      Type.Object(
        {
          type: Type.Literal('dashboard'),
          id: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: GUEST_TOKEN_LIMITS.resources },
    ),
    rls: Type.Optional(
      Type.Array(
        Type.Object(
          {
            clause: Type.String({ minLength: 1, maxLength: GUEST_TOKEN_LIMITS.clauseLength }),
            dataset: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        { maxItems: GUEST_TOKEN_LIMITS.rls },
      ),
    ),
  },
  { additionalProperties: false },
);
export type GuestTokenRequest = Type.Static<typeof GuestTokenRequest>;

export interface GuestTokenReply {
  token: string;
}

/** The claims of a guest token (a JWT signed with GUEST_TOKEN_JWT_SECRET), as the BI server writes them. */
export interface GuestTokenClaims {
  user: { username?: string; first_name?: string; last_name?: string };
  resources: { type: 'dashboard'; id: string }[];
  rls_rules: { clause: string; dataset?: number | null }[];
  iat: number;
  exp: number;
  aud: string;
  type: 'guest';
}

/**
 * Why an `allowed_domains` entry is not an origin (`scheme://host[:port]`, http or https, no path,
 * query, fragment or credentials), or null when it is. A trailing `/` is tolerated.
 */
export function allowedDomainProblem(entry: string): string | null {
  const text = entry.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${entry}" is not an origin such as https://example.com`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${entry}" must start with http:// or https://`;
  if (url.username || url.password) return `"${entry}" must not carry credentials`;
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return `"${entry}" must not have a query or fragment`;
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) return `"${entry}" must not have a path`;
  if (text.includes('*')) return `"${entry}" must not contain wildcards`;
  return null;
}

/** The origin an accepted entry stands for (lower-case scheme and host, default port dropped). */
export function normalizeAllowedDomain(entry: string): string {
  return new URL(entry.trim()).origin;
}
