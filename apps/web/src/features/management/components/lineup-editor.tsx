// The line-up of an event: DJs in order with their set times, each optionally linked to a DJ account.
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { useDjAccounts } from '../api/events.ts';
import type { EventFormValues } from './event-form-values.ts';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function LineupEditor({
  control,
  register,
  errors,
}: {
  control: Control<EventFormValues>;
  register: UseFormRegister<EventFormValues>;
  errors: { lineup?: string };
}) {
  const { t } = useTranslation('manage');
  const { fields, append, remove } = useFieldArray({ control, name: 'lineup' });
  const djs = useDjAccounts('');
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="text-sm font-semibold text-white/80">{t('event.lineup')}</p>
      {fields.length === 0 && <p className="text-sm text-white/50">{t('event.lineupEmpty')}</p>}
      <ol className="grid grid-cols-1 gap-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="grid grid-cols-2 gap-2 rounded-xl border border-white/10 p-3 sm:grid-cols-[2fr_2fr_1fr_1fr_auto] sm:items-end"
          >
            <Field label={t('event.djName')} className="col-span-2 sm:col-span-1">
              <Input {...register(`lineup.${index}.djName`, { required: true })} />
            </Field>
            <Field label={t('event.djAccount')} className="col-span-2 sm:col-span-1">
              <Select {...register(`lineup.${index}.djUserId`)}>
                <option value="">{t('event.djNoAccount')}</option>
                {djs.data?.map((dj) => (
                  <option key={dj.id} value={dj.id}>
                    {dj.name}
                    {dj.username ? ` (@${dj.username})` : ''}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('event.setStart')}>
              <Input type="time" {...register(`lineup.${index}.startTime`)} />
            </Field>
            <Field label={t('event.setEnd')}>
              <Input type="time" {...register(`lineup.${index}.endTime`)} />
            </Field>
            <button
              type="button"
              onClick={() => remove(index)}
              aria-label={t('event.removeDj', { n: index + 1 })}
              className={`col-span-2 inline-flex h-11 items-center justify-center rounded-xl border border-white/15 px-3 text-white/70 hover:text-white sm:col-span-1 ${focusRing}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      {errors.lineup && (
        <p role="alert" className="text-sm text-flame-500">
          {errors.lineup}
        </p>
      )}
      <Button
        tone="secondary"
        type="button"
        className="justify-self-start"
        onClick={() => append({ djName: '', djUserId: '', startTime: '', endTime: '' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('event.addDj')}
      </Button>
    </div>
  );
}
