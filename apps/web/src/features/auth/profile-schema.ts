// The sign-up form's rules with translated messages; the server checks the same rules (shared schemas).
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { GENDERS, USERNAME_PATTERN, dateOfBirthSchema, phoneNumberSchema } from '@nocturna/shared/auth';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@nocturna/shared/constants';

export function profileSchema(t: TFunction<'auth'>) {
  const required = t('validation.required');
  return z.object({
    firstName: z.string().trim().min(1, required).max(60),
    lastName: z.string().trim().min(1, required).max(60),
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

export function signUpSchema(t: TFunction<'auth'>) {
  return profileSchema(t).extend({
    email: z.email(t('validation.email')),
    password: z.string().min(PASSWORD_MIN_LENGTH, t('validation.passwordMin')).max(128),
  });
}

export type SignUpValues = z.infer<ReturnType<typeof signUpSchema>>;
export type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;
