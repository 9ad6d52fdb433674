// GET /api/me/account: e-mail, sign-in methods, pending deletion; PUT /api/me/locale.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountSecurity } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export const accountQuery = () =>
  queryOptions({ queryKey: settingsKeys.account(), queryFn: () => api<AccountSecurity>('/api/me/account') });

export const useAccount = () => useQuery(accountQuery());

export const useSaveLocale = () =>
  useMutation({
    mutationFn: (locale: 'es' | 'en') => api('/api/me/locale', { method: 'PUT', json: { locale } }),
  });
