// What the club staff routes share in their schemas: the error answers, the club and member path parameters and the
// answer to adding someone.
import { z } from 'zod';
import { apiErrorSchema, clubRefSchema, clubStaffMemberSchema } from '@nocturna/shared';

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
export const clubParams = z.object({ clubId: z.string().min(1).max(200) });
export const memberParams = clubParams.extend({ userId: z.string().min(1).max(100) });
export const added = z.object({ club: clubRefSchema, member: clubStaffMemberSchema });
