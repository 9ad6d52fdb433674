// POST /api/reports: report a person or a message.
import { useMutation } from '@tanstack/react-query';
import type { CreateReport } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const createReport = (input: CreateReport) =>
  api<{ id: string; status: string; createdAt: string }>('/api/reports', { method: 'POST', json: input });

export const useCreateReport = () => useMutation({ mutationFn: createReport });
