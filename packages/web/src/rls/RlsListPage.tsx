/** Settings → Row level security. OWNER: RLS helper. */
export function RlsListPage() {
  return null;
}
