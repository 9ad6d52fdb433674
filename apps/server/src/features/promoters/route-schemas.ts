// What the promoters routes share in their OpenAPI schema: the tag, and the club and promoter paths.
import { z } from 'zod';

export const tags = ['rpp'];
export const clubParams = z.object({ clubId: z.string().min(1).max(100) });
export const promoterParams = clubParams.extend({ userId: z.string().min(1).max(100) });
