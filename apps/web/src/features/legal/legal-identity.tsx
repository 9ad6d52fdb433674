// The company's identifying data under the first section of both documents (LSSI-CE art. 10): its name, and its
// tax number, registered address and Mercantile Registry entry as the server is configured with them.
import { useQuery } from '@tanstack/react-query';
import type { LegalIdentity } from '@nocturna/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';

export function LegalIdentityList() {
  const { t } = useTranslation('legal');
  const identity = useQuery({
    queryKey: ['legal', 'identity'] as const,
    queryFn: ({ signal }) => api<LegalIdentity>('/api/legal/identity', { signal }),
    staleTime: Infinity,
  });
  if (!identity.data) return null;
  const rows = (['name', 'nif', 'address', 'registry'] as const).flatMap((field) => {
    const value = identity.data[field];
    return value ? [{ field, value }] : [];
  });
  return (
    <dl
      data-testid="legal-identity"
      className="mt-4 grid gap-x-4 gap-y-1 rounded-xl border border-white/10 bg-night-900 p-4 text-sm sm:grid-cols-[auto_1fr]"
    >
      {rows.map(({ field, value }) => (
        <div key={field} className="contents">
          <dt className="font-semibold text-white/60">{t(`identity.${field}`)}</dt>
          <dd className="text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
