// What the club staff routes share in their schemas: the error answers, the club and member path parameters and the
// answer to adding someone.
import { z } from 'zod';
import { clubRefSchema, clubStaffMemberSchema } from '@nocturna/shared';
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 403, 404, 409);
export const clubParams = z.object({ clubId: z.string().min(1).max(200) });
export const memberParams = clubParams.extend({ userId: z.string().min(1).max(100) });
export const added = z.object({ club: clubRefSchema, member: clubStaffMemberSchema });
