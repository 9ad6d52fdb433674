// POST /api/contact.
import { useMutation } from '@tanstack/react-query';
import type { ContactForm } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const useSendContact = () =>
  useMutation({
    mutationFn: (form: ContactForm) =>
      api<{ received: true }>('/api/contact', { method: 'POST', json: form }),
  });
