// "3 conexiones van", with their faces: only for a signed-in person, only connections who show their events
// (the server decides), nothing at all when nobody is going.
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { useSession } from '../../auth/api/use-session.ts';
import { useEventGoing } from '../api/get-event-going.ts';
import { Card } from '../../../components/ui/card.tsx';

export function ConnectionsGoing({ eventId }: { eventId: string }) {
  const { t } = useTranslation('catalogue');
  const { user } = useSession();
  const going = useEventGoing(eventId, user?.id ?? null);
  if (!going.data || going.data.count === 0) return null;
  const { count, people } = going.data;
  return (
    <Card
      as="p"
      tone="muted"
      padding="none"
      className="flex items-center gap-3 px-4 py-3 text-sm text-white/85"
      data-testid="connections-going"
    >
      <span className="flex -space-x-2" aria-hidden="true">
        {people.map((p) => (
          <span
            key={p.id}
            title={p.name}
            className="inline-block scale-90 rounded-full ring-2 ring-night-900"
          >
            <UserAvatar name={p.name} src={p.avatarUrl} />
          </span>
        ))}
      </span>
      <span>
        {count === 1 && people[0]
          ? t('events.going.one', { name: people[0].name })
          : t('events.going.many', { count })}
      </span>
    </Card>
  );
}
