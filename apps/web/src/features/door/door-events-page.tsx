// /puerta: tonight's events at the clubs where I work the door, each with its aforo and a way in.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useDoorAccess } from './api/get-door-access.ts';
import { DoorEventCards } from './components/door-event-cards.tsx';
import { DoorMessage } from './components/door-message.tsx';

export default function DoorEventsPage() {
  const { t } = useTranslation('door');
  const access = useDoorAccess();
  usePageTitle(`${t('list.title')} | Nocturna`);
  return (
    <section className="mx-auto w-full max-w-3xl px-5 py-8 sm:py-12">
      <PageHeader title={t('list.title')} lead={t('list.lead')} />
      <div className="mt-8">
        {access.isPending ? (
          <CenteredStatus text={t('page.loading')} />
        ) : access.isError ? (
          <ErrorState message={t('list.error')} error={access.error} onRetry={() => void access.refetch()} />
        ) : !access.data.canScan ? (
          <DoorMessage text={t('list.noAccess')} />
        ) : (
          <DoorEventCards />
        )}
      </div>
    </section>
  );
}
