// The sign-up form's rules with translated messages; the server checks the same rules (shared schemas).
import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  GENDERS,
  NAME_MAX_LENGTH,
  USERNAME_PATTERN,
  dateOfBirthSchema,
  phoneNumberSchema,
} from '@nocturna/shared/auth';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@nocturna/shared/constants';
import { personalPasswordRefusal } from '@nocturna/shared/password-rules';

export function profileSchema(t: TFunction<'auth'>) {
  const required = t('validation.required');
  const nameTooLong = t('validation.nameTooLong', { max: NAME_MAX_LENGTH });
  return z.object({
    firstName: z.string().trim().min(1, required).max(NAME_MAX_LENGTH, nameTooLong),
    lastName: z.string().trim().min(1, required).max(NAME_MAX_LENGTH, nameTooLong),
    username: z
      .string()
      .trim()
      .min(USERNAME_MIN_LENGTH, t('username.tooShort'))
      .max(30)
      .regex(USERNAME_PATTERN, t('username.invalid')),
    phoneNumber: z
      .string()
      .trim()
      .min(1, required)
      .refine((v) => phoneNumberSchema.safeParse(v).success, t('validation.phone')),
    dateOfBirth: z
      .string()
      .min(1, required)
      .refine((v) => dateOfBirthSchema.safeParse(v).success, t('validation.date')),
    gender: z.enum(GENDERS, { message: required }),
  });
}

// The password is also checked here for the words it may not hold (the site's name, the person's own e-mail,
// username and name), so the form says so before sending, in the words the server's refusal would get (the errors
// catalogue); how guessable it is otherwise, the server says.
export function signUpSchema(t: TFunction<'auth'>) {
  return profileSchema(t)
    .extend({
      acceptTerms: consent(t),
      email: z.email(t('validation.email')),
      password: z.string().min(PASSWORD_MIN_LENGTH, t('validation.passwordMin')).max(128),
    })
    .superRefine((values, ctx) => {
      const code = personalPasswordRefusal(values.password, values);
      if (code) ctx.addIssue({ code: 'custom', path: ['password'], message: t(code, { ns: 'errors' }) });
    });
}

// The required checkbox of sign-up and of a Google account's first profile (the server refuses either without it).
const consent = (t: TFunction<'auth'>) => z.boolean().refine((value) => value, t('terms.required'));

export function completeProfileSchema(t: TFunction<'auth'>) {
  return profileSchema(t).extend({ acceptTerms: consent(t) });
}

export type SignUpValues = z.infer<ReturnType<typeof signUpSchema>>;
export type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;
export type CompleteProfileValues = z.infer<ReturnType<typeof completeProfileSchema>>;
