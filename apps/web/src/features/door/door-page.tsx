// /puerta/:eventId: one door at one event. Scan with the camera, upload a photo of a QR, or find the person
// by hand; each answer fills the screen. Works on without signal from the preloaded pack, with the entries
// let in meanwhile waiting to sync, and shows the aforo live.
import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { CheckInConflict } from '@nocturna/shared';
import { focusRing } from '../../components/focus-ring.ts';
import { Field, Input } from '../../components/ui/field.tsx';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useConflicts, useReviewConflict } from './api/get-conflicts.ts';
import { AforoMeter } from './components/aforo-meter.tsx';
import { ConflictList } from './components/conflict-list.tsx';
import { DoorMessage } from './components/door-message.tsx';
import { DoorStatus } from './components/door-status.tsx';
import { ManualSearch } from './components/manual-search.tsx';
import { ScanResultPanel } from './components/scan-result-panel.tsx';
import { UploadQr } from './components/upload-qr.tsx';
import { formatTime, storeDoorName, storedDoorName } from './door-format.ts';
import { formatNight } from '../../lib/catalogue-format.ts';
import { CameraScanner } from './qr/camera-scanner.tsx';
import { NoPackError, useDoorStation } from './use-door-station.ts';
import { DoorIncidentCard } from '../incidents/index.ts';

function mergeConflicts(server: CheckInConflict[] | undefined, live: CheckInConflict[]): CheckInConflict[] {
  const known = new Set((server ?? []).map((c) => c.id));
  return [...live.filter((c) => !known.has(c.id)), ...(server ?? [])];
}

const card = 'rounded-2xl border border-white/10 bg-night-900 p-5';

export default function DoorPage() {
  const { t } = useTranslation('door');
  const errorText = useErrorText();
  const locale = useLocale();
  const { eventId = '' } = useParams();
  const userId = useSession().user?.id ?? '';
  const [door, setDoor] = useState(storedDoorName);
  const doorName = door.trim() || storedDoorName();
  const station = useDoorStation(userId, eventId, doorName);
  const conflicts = useConflicts(eventId, station.online && station.refusal === null);
  const review = useReviewConflict(eventId);
  const event = station.pack?.event;
  usePageTitle(event ? `${t('page.title', { event: event.name })} | Nocturna` : `${t('nav')} | Nocturna`);

  const run = (input: { token?: string; ticketId?: string }) =>
    station.scan(input).catch((error: unknown) => {
      toast.error(
        error instanceof NoPackError ? t('errors.noPack') : errorText(error, t('errors.scanFailed')),
      );
    });

  if (station.refusal) {
    return (
      <section className="mx-auto w-full max-w-2xl px-5 py-10">
        <DoorMessage text={station.refusal === 'EVENT_NOT_FOUND' ? t('page.notFound') : t('page.notAllowed')}>
          <AppLink
            to={paths.door}
            className={`text-sm font-semibold text-neon-400 hover:text-neon-300 ${focusRing}`}
          >
            {t('page.back')}
          </AppLink>
        </DoorMessage>
      </section>
    );
  }
  if (!event) {
    if (station.packState !== 'missing') return <CenteredStatus text={t('page.loading')} />;
    return (
      <section className="mx-auto w-full max-w-2xl px-5 py-10">
        <DoorMessage text={t('status.packMissing')} />
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-5 sm:py-10">
      <AppLink
        to={paths.door}
        className={`inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-neon-400 hover:text-neon-300 ${focusRing}`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('page.back')}
      </AppLink>
      <header className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-widest text-neon-400 uppercase">{t('nav')}</p>
          <h1 className="text-2xl font-black tracking-tight break-words text-white sm:text-3xl">
            {event.name}
          </h1>
          <p className="text-sm text-white/60">
            {event.clubName} · {formatNight(t, event.startAt, event.endAt, locale)}
          </p>
          <p data-testid="door-reentry-rule" className="mt-1 text-sm font-semibold text-white/80">
            {event.reentryPolicy === 'never'
              ? t('reentry.never')
              : event.reentryUntil
                ? t('reentry.until', { time: formatTime(event.reentryUntil, locale) })
                : t('reentry.allNight')}
          </p>
        </div>
        <div className="w-full sm:w-56">
          <AforoMeter aforo={station.aforo} />
        </div>
      </header>

      <div className={`${card} mt-5 py-4`}>
        <DoorStatus
          online={station.online}
          pending={station.queue.length}
          syncing={station.syncing}
          syncError={station.syncError}
          pack={station.pack}
          packState={station.packState}
          onSync={() => void station.sync()}
          onRefresh={() => void station.refreshPack()}
        />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section aria-labelledby="scan-title" className={`${card} space-y-4`}>
          <h2 id="scan-title" className="text-lg font-bold text-white">
            {t('scanner.title')}
          </h2>
          <CameraScanner
            paused={station.shown !== null || station.busy}
            onCode={(token) => void run({ token })}
          />
          <UploadQr disabled={station.busy} onCode={(token) => void run({ token })} />
          <Field label={t('page.doorName')} hint={t('page.doorNameHint')}>
            <Input
              id="door-name"
              value={door}
              maxLength={40}
              onChange={(e) => setDoor(e.target.value)}
              onBlur={() => storeDoorName(doorName)}
            />
          </Field>
        </section>

        <section aria-labelledby="search-title" className={`${card} space-y-3`}>
          <h2 id="search-title" className="text-lg font-bold text-white">
            {t('search.title')}
          </h2>
          <ManualSearch
            eventId={event.id}
            pack={station.pack}
            online={station.online}
            busy={station.busy}
            onAdmit={(ticketId) => void run({ ticketId })}
          />
        </section>
      </div>

      <div className="mt-4">
        <DoorIncidentCard eventId={event.id} />
      </div>

      <div className="mt-4">
        <ConflictList
          conflicts={mergeConflicts(conflicts.data, station.liveConflicts)}
          reviewing={review.isPending}
          onReview={(id) => review.mutate(id)}
        />
      </div>

      {station.shown && (
        <ScanResultPanel
          key={station.shown.result.scannedAt}
          shown={station.shown}
          onNext={station.dismiss}
          refusing={station.refusing}
          // With or without a connection: offline, the door records it and syncs it later.
          onExit={() =>
            void station.exit().catch((error: unknown) => toast.error(errorText(error, t('exit.failed'))))
          }
          onRefuse={(reason, note) =>
            void station
              .refuse(reason, note)
              .catch((error: unknown) => toast.error(errorText(error, t('refuse.failed'))))
          }
        />
      )}
    </section>
  );
}
