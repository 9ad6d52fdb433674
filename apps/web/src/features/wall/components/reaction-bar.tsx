// The fixed set of reactions under a snapshot: one of each per person, counts kept live by the socket.
import { useTranslation } from 'react-i18next';
import type { Snapshot, WallReaction } from '@nocturna/shared';
import { WALL_REACTIONS, WALL_REACTION_EMOJI } from '@nocturna/shared/wall-constants';
import { focusRing } from '../../../components/focus-ring.ts';

export function ReactionBar({
  snapshot,
  viewer,
  onToggle,
}: {
  snapshot: Snapshot;
  viewer: string;
  onToggle: (reaction: WallReaction, on: boolean) => void;
}) {
  const { t } = useTranslation('wall');
  const own = viewer !== '' && snapshot.author.id === viewer;
  const canReact = viewer !== '' && !own;
  // Why the buttons are off: nobody signed in, or it is the viewer's own photo.
  const blocked = own ? t('card.ownReaction') : t('card.signInToReact');
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('card.actions')}>
      {WALL_REACTIONS.map((reaction) => {
        const mine = snapshot.mine.includes(reaction);
        const count = snapshot.reactions[reaction];
        return (
          <button
            key={reaction}
            type="button"
            data-testid={`reaction-${reaction}`}
            aria-pressed={mine}
            disabled={!canReact}
            title={canReact ? t(`reactions.${reaction}`) : blocked}
            onClick={() => onToggle(reaction, !mine)}
            className={`inline-flex h-9 min-w-12 items-center justify-center gap-1 rounded-full border px-2.5 text-sm tabular-nums transition disabled:cursor-not-allowed disabled:opacity-60 ${focusRing} ${
              mine
                ? 'border-neon-400 bg-neon-500/25 text-white'
                : 'border-white/10 bg-white/5 text-white/80 hover:border-neon-500/50'
            }`}
          >
            <span aria-hidden>{WALL_REACTION_EMOJI[reaction]}</span>
            <span>{count}</span>
            <span className="sr-only">{t(`reactions.${reaction}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
