// On the admin dashboard: who runs each club. An admin makes a CEO responsible for a club (then that CEO
// manages its door team) or takes the club away from them.
import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useAddOwner, useClubOwners, useRemoveOwner } from './api/club-owners.ts';

export function AdminClubOwnersSection() {
  const { t } = useTranslation('door');
  const errorText = useErrorText();
  const owners = useClubOwners();
  const add = useAddOwner();
  const remove = useRemoveOwner();
  const [clubId, setClubId] = useState('');
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = owners.data ?? [];
  const chosen = clubId || items[0]?.club.id || '';
  const clubName = (id: string) => items.find((i) => i.club.id === id)?.club.name ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { clubId: chosen, login: login.trim() },
      {
        onSuccess: (data) => {
          toast.success(
            t('admin.assigned', {
              name: (data as { member?: { name?: string } }).member?.name ?? login,
              club: clubName(chosen),
            }),
          );
          setLogin('');
        },
        onError: (err) => setError(errorText(err, t('admin.error'))),
      },
    );
  };

  return (
    <section
      aria-labelledby="club-owners-title"
      className="mt-6 rounded-2xl border border-white/10 bg-night-900 p-5"
    >
      <h2 id="club-owners-title" className="text-lg font-bold text-white">
        {t('admin.title')}
      </h2>
      <p className="mt-1 text-sm text-white/60">{t('admin.lead')}</p>
      {owners.isError && <p className="mt-3 text-sm text-flame-500">{t('admin.error')}</p>}
      <form
        onSubmit={submit}
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <Field label={t('admin.club')}>
          <Select value={chosen} onChange={(e) => setClubId(e.target.value)}>
            {items.map(({ club }) => (
              <option key={club.id} value={club.id}>
                {club.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.login')}>
          <Input value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" />
        </Field>
        <Button type="submit" shape="block" disabled={add.isPending || !chosen || login.trim().length < 3}>
          {t('admin.assign')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-flame-500">
          {error}
        </p>
      )}
      <ul className="mt-5 grid gap-2 sm:grid-cols-2">
        {items.map(({ club, owners: list }) => (
          <li key={club.id} className="rounded-xl bg-night-800/60 px-4 py-3">
            <p className="font-semibold text-white">{club.name}</p>
            {list.length === 0 ? (
              <p className="text-sm text-white/40">{t('admin.none')}</p>
            ) : (
              <ul className="mt-1 flex flex-wrap gap-2">
                {list.map((owner) => (
                  <li
                    key={owner.userId}
                    className="inline-flex items-center gap-1 rounded-full border border-neon-500/50 py-1 pr-1 pl-3 text-sm text-white"
                  >
                    {owner.name}
                    <button
                      type="button"
                      disabled={remove.isPending}
                      aria-label={t('admin.removeLabel', { name: owner.name, club: club.name })}
                      onClick={() =>
                        remove.mutate(
                          { clubId: club.id, ownerId: owner.userId },
                          {
                            onSuccess: () =>
                              toast.success(t('admin.removed', { name: owner.name, club: club.name })),
                            onError: (err) => toast.error(errorText(err, t('admin.error'))),
                          },
                        )
                      }
                      className={`grid size-6 place-items-center rounded-full text-white/60 hover:bg-white/10 hover:text-white ${focusRing}`}
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
