// "Save to wallet": which wallets the server backs (GET /api/tickets/wallets, the same for everyone), the address
// of a ticket's Apple Wallet pass, and its Google Wallet save link (GET /api/tickets/:id/wallet/google).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { GoogleWalletLink, WalletAvailability } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const useWallets = () =>
  useQuery({
    queryKey: ticketKeys.wallets,
    queryFn: ({ signal }) => api<WalletAvailability>('/api/tickets/wallets', { signal }),
    staleTime: Infinity,
  });

export const appleWalletUrl = (ticketId: string) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/wallet/apple`;

export const getGoogleWalletLink = (ticketId: string) =>
  api<GoogleWalletLink>(`/api/tickets/${encodeURIComponent(ticketId)}/wallet/google`);

// Google's page takes over: the holder confirms there and comes back with the back button.
export const useSaveToGoogleWallet = () =>
  useMutation({
    mutationFn: getGoogleWalletLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
