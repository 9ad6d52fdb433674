// What the assistant's routes share in their schemas: the OpenAPI tag and the conversation path parameter.
import { z } from 'zod';

export const tags = ['asistente'];
export const conversationParams = z.object({ conversationId: z.string().min(1).max(100) });
