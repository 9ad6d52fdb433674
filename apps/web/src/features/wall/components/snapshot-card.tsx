// One snapshot on the wall: author (linking to their profile, which keeps its own privacy), time, the marks
// (En la fiesta, Pendiente), the two photos, caption, reactions, and the options: report, ask for takedown,
// delete one's own.
import { useState } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { MoreHorizontal, PartyPopper, Clock3, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Snapshot, WallReaction } from '@nocturna/shared';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { snapshotTime } from '../wall-format.ts';
import { useErrorCatalogue } from '../../../lib/error-text.ts';
import { wallErrorText } from '../wall-errors.ts';
import { useDeleteSnapshot, useReact } from '../api/wall-mutations.ts';
import { ReactionBar } from './reaction-bar.tsx';
import { SnapshotPhoto } from './snapshot-photo.tsx';
import { ReportForm, TakedownForm } from './snapshot-forms.tsx';

type Panel = null | 'menu' | 'report' | 'takedown';

export function SnapshotCard({
  snapshot,
  viewer,
  eventId,
  onOpen,
}: {
  snapshot: Snapshot;
  viewer: string;
  eventId: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('wall');
  useErrorCatalogue(); // wallErrorText words a refusal from the errors catalogue
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const [panel, setPanel] = useState<Panel>(null);
  const [asking, setAsking] = useState(false);
  const react = useReact();
  const remove = useDeleteSnapshot(viewer, eventId);
  const own = snapshot.author.id === viewer;
  const name = snapshot.author.name;

  const toggle = (reaction: WallReaction, on: boolean) =>
    react.mutate(
      { snapshotId: snapshot.id, reaction, on },
      { onError: (error) => toast.error(wallErrorText(t, error, tc('errors.generic'))) },
    );
  const destroy = () =>
    remove.mutateAsync(snapshot.id).then(
      () => toast.success(t('card.deleted')),
      (error: unknown) => toast.error(wallErrorText(t, error, tc('errors.generic'))),
    );

  return (
    <article
      data-testid="snapshot"
      data-snapshot-id={snapshot.id}
      className="overflow-hidden rounded-3xl border border-night-700/70 bg-night-900"
    >
      <header className="flex items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <AppLink
            to={paths.user(snapshot.author.id)}
            className={`flex min-w-0 items-center gap-3 rounded-full font-semibold text-white hover:text-neon-300 ${focusRing}`}
          >
            <UserAvatar name={name} src={snapshot.author.avatarUrl} />
            <span className="truncate">{name}</span>
          </AppLink>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-[3.25rem] text-xs text-white/60">
            <time dateTime={snapshot.createdAt}>{snapshotTime(snapshot.createdAt, locale)}</time>
            {snapshot.inParty && (
              <span className="inline-flex items-center gap-1 rounded-full bg-flame-500/15 px-2 py-0.5 font-semibold text-flame-500">
                <PartyPopper aria-hidden className="size-3.5" />
                {t('card.inParty')}
              </span>
            )}
            {snapshot.status === 'pending' && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 font-semibold text-amber-300">
                <Clock3 aria-hidden className="size-3.5" />
                {t('card.pending')}
              </span>
            )}
            {snapshot.hidden && (
              <span className="inline-flex items-center gap-1 rounded-full bg-white/10 px-2 py-0.5 font-semibold text-white/70">
                <EyeOff aria-hidden className="size-3.5" />
                {t('card.hidden')}
              </span>
            )}
          </p>
        </div>
        {viewer && (
          <button
            type="button"
            aria-label={t('card.actions')}
            aria-expanded={panel !== null}
            onClick={() => setPanel(panel ? null : 'menu')}
            className={`grid size-10 place-items-center rounded-full text-white/70 hover:bg-white/10 hover:text-white ${focusRing}`}
          >
            <MoreHorizontal aria-hidden className="size-5" />
          </button>
        )}
      </header>

      {panel === 'menu' && (
        <div className="mx-4 mb-3 grid gap-1 rounded-2xl border border-white/10 bg-night-800 p-1.5 text-sm">
          {own ? (
            <button type="button" onClick={() => setAsking(true)} className={`${menuItem} text-flame-500`}>
              {t('card.delete')}
            </button>
          ) : (
            <>
              <button type="button" onClick={() => setPanel('report')} className={menuItem}>
                {t('card.report')}
              </button>
              <button type="button" onClick={() => setPanel('takedown')} className={menuItem}>
                {t('card.takedown')}
              </button>
            </>
          )}
        </div>
      )}
      {panel === 'report' && <ReportForm snapshotId={snapshot.id} onDone={() => setPanel(null)} />}
      {panel === 'takedown' && <TakedownForm snapshotId={snapshot.id} onDone={() => setPanel(null)} />}
      <ConfirmDialog
        open={asking}
        title={t('card.deleteTitle')}
        message={t('card.deleteConfirm')}
        confirmLabel={t('card.delete')}
        cancelLabel={tc('cancel')}
        tone="danger"
        onConfirm={destroy}
        onClose={() => setAsking(false)}
      />

      <button
        type="button"
        onClick={onOpen}
        aria-label={t('card.open')}
        className={`block w-full ${focusRing}`}
      >
        <SnapshotPhoto
          snapshot={snapshot}
          alt={t('card.photoOf', { name })}
          insetAlt={t('card.frontOf', { name })}
          className="aspect-[4/5] w-full"
        />
      </button>
      <div className="space-y-3 px-4 py-3">
        {snapshot.caption && <p className="break-words text-white">{snapshot.caption}</p>}
        <ReactionBar snapshot={snapshot} viewer={viewer} onToggle={toggle} />
      </div>
    </article>
  );
}

const menuItem = `rounded-xl px-3 py-2.5 text-left text-white/85 hover:bg-white/10 ${focusRing}`;
