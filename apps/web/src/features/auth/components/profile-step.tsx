// Step 2 of sign-up (and part of completing a Google profile): phone, date of birth, gender.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@nocturna/shared/auth';
import { Field, Input, Select } from '../../../components/ui/field.tsx';

type Values = { phoneNumber: string; dateOfBirth: string; gender: string };

export function ProfileStep<T extends Values>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation('auth');
  const reg = register as unknown as UseFormRegister<Values>;
  const err = errors as FieldErrors<Values>;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <Field label={t('fields.phoneNumber')} error={err.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...reg('phoneNumber')} />
      </Field>
      <Field label={t('fields.dateOfBirth')} error={err.dateOfBirth?.message}>
        <Input type="date" autoComplete="bday" max={today} {...reg('dateOfBirth')} />
      </Field>
      <Field label={t('fields.gender')} error={err.gender?.message}>
        <Select {...reg('gender')}>
          <option value="">{t('chooseGender')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`genders.${g}`)}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
