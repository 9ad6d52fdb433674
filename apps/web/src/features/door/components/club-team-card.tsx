// One club's door team for its CEO: who is on it, add someone by username or e-mail, remove them.
import { useState, type FormEvent } from 'react';
import { UserMinus, UserPlus } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useAddDoorStaff, useClubStaff, useRemoveDoorStaff } from '../api/club-staff.ts';

export function ClubTeamCard({ club }: { club: { id: string; name: string } }) {
  const { t } = useTranslation('door');
  const errorText = useErrorText();
  const staff = useClubStaff(club.id);
  const add = useAddDoorStaff(club.id);
  const remove = useRemoveDoorStaff(club.id);
  const [login, setLogin] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    add.mutate(login.trim(), {
      onSuccess: (data) => {
        const name = (data as { member?: { name?: string } }).member?.name ?? login;
        toast.success(t('ceo.added', { name, club: club.name }));
        setLogin('');
      },
      onError: (error) => setFieldError(errorText(error, t('ceo.error'))),
    });
  };

  return (
    <section
      aria-labelledby={`team-${club.id}`}
      data-club-id={club.id}
      className="rounded-2xl border border-white/10 bg-night-900 p-5"
    >
      <h2 id={`team-${club.id}`} className="text-lg font-bold text-white">
        {club.name}
      </h2>
      <p className="text-sm text-white/50">{t('ceo.team')}</p>
      {staff.isError && <p className="mt-3 text-sm text-flame-500">{t('ceo.error')}</p>}
      <ul className="mt-3 flex flex-col divide-y divide-white/5">
        {staff.data?.staff.map((member) => (
          <li key={member.userId} className="flex items-center justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="truncate font-semibold text-white">{member.name}</p>
              <p className="truncate text-sm text-white/50">
                {member.username ? `@${member.username} · ` : ''}
                {member.role === 'owner' ? t('ceo.owner') : t('ceo.doorRole')}
              </p>
            </div>
            {member.role === 'door' && (
              <Button
                type="button"
                tone="secondary"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('ceo.removeLabel', { name: member.name, club: club.name })}
                onClick={() =>
                  remove.mutate(member.userId, {
                    onSuccess: () => toast.success(t('ceo.removed', { name: member.name, club: club.name })),
                    onError: (error) => toast.error(errorText(error, t('ceo.error'))),
                  })
                }
                className="shrink-0"
              >
                <UserMinus aria-hidden="true" className="size-4" />
                {t('ceo.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {staff.isSuccess && staff.data.staff.every((m) => m.role !== 'door') && (
        <p className="mt-1 text-sm text-white/50">{t('ceo.noStaff')}</p>
      )}
      {/* The button lines up with the input, not with the error that may show under it: on a wide screen it
          starts below the label (a 20 px line and the field's 6 px gap). */}
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={t('ceo.addLabel')} error={fieldError ?? undefined} className="flex-1">
          <Input
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            placeholder={t('ceo.addPlaceholder')}
            autoComplete="off"
          />
        </Field>
        <Button
          type="submit"
          shape="block"
          disabled={add.isPending || login.trim().length < 3}
          className="shrink-0 gap-2 sm:mt-6.5"
        >
          <UserPlus aria-hidden="true" className="size-4" />
          {t('ceo.add')}
        </Button>
      </form>
    </section>
  );
}
