// The people I blocked, each with "Desbloquear". Blocked people cannot open my profile (nor I theirs), so this
// list is where a block is undone.
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { useBlocked } from '../../connections/api/get-blocked.ts';
import { ConnectionUnblock } from './connection-unblock.tsx';

export function BlockedPeople({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const blocked = useBlocked(userId);
  const items = blocked.data?.items ?? [];
  if (blocked.isPending) return <p className="text-sm text-white/50">{t('blocked.loading')}</p>;
  if (items.length === 0) return <p className="text-sm text-white/60">{t('blocked.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((person) => (
        <li key={person.id} className="flex items-center justify-between gap-3 rounded-xl bg-white/5 p-2.5">
          <span className="flex min-w-0 items-center gap-3">
            <UserAvatar name={person.name} src={person.avatarUrl} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-white">{person.name}</span>
              {person.username && (
                <span className="block truncate text-sm text-white/50">@{person.username}</span>
              )}
            </span>
          </span>
          <ConnectionUnblock userId={person.id} name={person.name} />
        </li>
      ))}
    </ul>
  );
}
