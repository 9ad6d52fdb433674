// /gestion/eventos/nuevo and /gestion/eventos/:eventId: create an event for a club I run, then edit it, sell
// it (ticket types), publish it, duplicate it for next week, or cancel it. The server checks every step.
import { useState } from 'react';
import { BarChart3, Copy, ExternalLink, ScanLine } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import type { ManagedEvent } from '@nocturna/shared';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useMyRoles } from '../auth/api/use-my-roles.ts';
import { useManagedClubs } from './api/clubs.ts';
import {
  useCancelEvent,
  useCreateEvent,
  useDuplicateEvent,
  useEventStatus,
  useManagedEvent,
  useUpdateEvent,
} from './api/events.ts';
import { EventForm } from './components/event-form.tsx';
import { blankEvent, fromEvent } from './components/event-form-values.ts';
import { StatusBadge } from './components/status-badge.tsx';
import { TicketTypesPanel } from './components/ticket-types-panel.tsx';
import { CancelEventPanel } from './components/cancel-event-panel.tsx';
import { ImageUpload } from './components/image-upload.tsx';
import { ReentrySection } from './components/reentry-section.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export default function EventEditorPage() {
  const { eventId } = useParams();
  return eventId ? <EditEvent id={eventId} /> : <NewEvent />;
}

function NewEvent() {
  const { t } = useTranslation('manage');
  usePageTitle(`${t('event.newTitle')} | Nocturna`);
  const [params] = useSearchParams();
  const clubs = useManagedClubs();
  const create = useCreateEvent();
  const navigate = useNavigate();
  // A week from the moment the page opened: the usual first guess for a new night.
  const [weekAhead] = useState(() => madridWallClock(new Date(Date.now() + 7 * 86_400_000)).date);
  if (clubs.isPending) return <CenteredStatus text={t('loading')} />;
  if (clubs.isError)
    return <ErrorState message={t('loadFailed')} error={clubs.error} onRetry={() => void clubs.refetch()} />;
  const open = clubs.data.filter((c) => !c.archived);
  const clubId = open.some((c) => c.id === params.get('club')) ? params.get('club')! : open[0]?.id;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('event.newTitle')} lead={t('event.newLead')} />
      <div className="mt-6">
        {!clubId ? (
          <p className="text-white/60">{t('event.noClubs')}</p>
        ) : (
          <EventForm
            initial={blankEvent(clubId, weekAhead)}
            clubs={open}
            submitLabel={t('event.create')}
            onSubmit={async (input) => {
              const event = await create.mutateAsync(input);
              toast.success(t('event.created', { name: event.name }));
              void navigate(`/gestion/eventos/${event.id}`, { replace: true });
            }}
          />
        )}
      </div>
    </section>
  );
}

function EditEvent({ id }: { id: string }) {
  const { t } = useTranslation('manage');
  const event = useManagedEvent(id);
  usePageTitle(event.data ? `${event.data.name} | Nocturna` : undefined);
  if (event.isPending) return <CenteredStatus text={t('loading')} />;
  if (event.isError)
    return (
      <ErrorState message={t('event.loadFailed')} error={event.error} onRetry={() => void event.refetch()} />
    );
  return <EventEditor key={event.data.id} event={event.data} />;
}

function EventEditor({ event }: { event: ManagedEvent }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const update = useUpdateEvent(event.id);
  const status = useEventStatus(event.id);
  const duplicate = useDuplicateEvent();
  const cancel = useCancelEvent(event.id);
  const navigate = useNavigate();
  const roles = useMyRoles();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const fail = (error: unknown) => toast.error(errorText(error, t('form.saveFailed')));
  const analyticsPath = `/${roles.roles.includes('admin') ? 'admin' : 'ceo'}/evento/${event.id}/analytics`;
  const live = event.status !== 'cancelled';

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={event.name} lead={event.clubName}>
        <div className="flex flex-wrap items-center gap-2 pt-2">
          <StatusBadge status={event.status} />
          {event.status === 'published' && (
            <AppLink to={`/evento/${event.slug}`} className={buttonClass({ tone: 'secondary' })}>
              <ExternalLink aria-hidden="true" className="size-4" /> {t('event.viewPage')}
            </AppLink>
          )}
          <AppLink to={analyticsPath} className={buttonClass({ tone: 'secondary' })}>
            <BarChart3 aria-hidden="true" className="size-4" /> {t('event.analytics')}
          </AppLink>
          {event.status === 'published' && (
            <AppLink to={`/puerta/${event.id}`} className={buttonClass({ tone: 'secondary' })}>
              <ScanLine aria-hidden="true" className="size-4" /> {t('event.door')}
            </AppLink>
          )}
        </div>
      </PageHeader>

      <div className="mt-6 flex flex-wrap gap-2">
        {event.status === 'draft' && (
          <Button
            type="button"
            disabled={status.isPending}
            onClick={() =>
              status.mutate('published', {
                onSuccess: () => toast.success(t('event.publishedToast', { name: event.name })),
                onError: fail,
              })
            }
          >
            {t('event.publish')}
          </Button>
        )}
        {event.status === 'published' && event.sold === 0 && (
          <Button
            tone="secondary"
            type="button"
            disabled={status.isPending}
            onClick={() => status.mutate('draft', { onError: fail })}
          >
            {t('event.unpublish')}
          </Button>
        )}
        <Button
          tone="secondary"
          type="button"
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(event.id, {
              onSuccess: (copy) => {
                toast.success(t('event.duplicated'));
                void navigate(`/gestion/eventos/${copy.id}`);
              },
              onError: fail,
            })
          }
        >
          <Copy aria-hidden="true" className="size-4" /> {t('event.duplicate')}
        </Button>
        {live && (
          <Button
            tone="secondary"
            type="button"
            className="border-flame-500/50 text-flame-200"
            onClick={() => setConfirmCancel(true)}
          >
            {t('event.cancel')}
          </Button>
        )}
      </div>
      {confirmCancel && (
        <CancelEventPanel
          event={event}
          pending={cancel.isPending}
          onClose={() => setConfirmCancel(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: (r) => {
                toast.success(t('event.cancelledToast', { count: r.ticketsCancelled }));
                setConfirmCancel(false);
              },
              onError: fail,
            })
          }
        />
      )}

      <div className="mt-6 grid grid-cols-1 gap-5">
        <TicketTypesPanel event={event} />
        {live && <ReentrySection event={event} />}
        {live && (
          <Card padding="md-lg">
            <ImageUpload
              label={t('image.eventCover')}
              current={event.coverURL}
              endpoint={`/api/manage/events/${event.id}/cover`}
              shape="cover"
            />
          </Card>
        )}
        {live && (
          <EventForm
            initial={fromEvent(event)}
            clubs={null}
            submitLabel={t('form.save')}
            onSubmit={async (input) => {
              const { clubId: _club, ...patch } = input;
              await update.mutateAsync(patch);
              toast.success(t('form.saved'));
            }}
          />
        )}
      </div>
    </section>
  );
}
