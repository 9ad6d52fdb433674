// What the ticket routes share in their schemas: the OpenAPI tag and the ticket path parameter.
import { z } from 'zod';

export const tags = ['entradas'];
export const ticketParams = z.object({ ticketId: z.string().min(1).max(200) });
