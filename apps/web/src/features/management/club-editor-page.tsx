// /gestion/discotecas/nueva and /gestion/discotecas/:clubId: open a club (an admin, or a CEO who then runs it)
// and edit it; an admin archives a club with events (or deletes one without) and can bring it back.
import { useNavigate, useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { BarChart3, ExternalLink, Plus } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ManagedClub } from '@nocturna/shared';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useMyRoles } from '../auth/api/use-my-roles.ts';
import { useArchiveClub, useManagedClub, useSaveClub } from './api/clubs.ts';
import { ClubForm } from './components/club-form.tsx';
import { ClubBillingSection } from '../payments/index.ts';
import { ClubCancelRuleSection } from '../tickets/index.ts';
import { ImageUpload } from './components/image-upload.tsx';
import { DoorPolicySection } from './components/door-policy-section.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export default function ClubEditorPage() {
  const { clubId } = useParams();
  return clubId ? <EditClub id={clubId} /> : <NewClub />;
}

function NewClub() {
  const { t } = useTranslation('manage');
  usePageTitle(`${t('club.newTitle')} | Nocturna`);
  const save = useSaveClub(undefined);
  const navigate = useNavigate();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('club.newTitle')} lead={t('club.newLead')} />
      <div className="mt-6">
        <ClubForm
          submitLabel={t('club.create')}
          onSubmit={async (input) => {
            const club = await save.mutateAsync(input);
            toast.success(t('club.created', { name: club.name }));
            void navigate(`/gestion/discotecas/${club.id}`, { replace: true });
          }}
        />
      </div>
    </section>
  );
}

function EditClub({ id }: { id: string }) {
  const { t } = useTranslation('manage');
  const club = useManagedClub(id);
  usePageTitle(club.data ? `${club.data.name} | Nocturna` : undefined);
  if (club.isPending) return <CenteredStatus text={t('loading')} />;
  if (club.isError)
    return (
      <ErrorState message={t('club.loadFailed')} error={club.error} onRetry={() => void club.refetch()} />
    );
  return <ClubEditor key={club.data.id} club={club.data} />;
}

function ClubEditor({ club }: { club: ManagedClub }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const save = useSaveClub(club.id);
  const archive = useArchiveClub();
  const { roles } = useMyRoles();
  const navigate = useNavigate();
  const admin = roles.includes('admin');
  const fail = (error: unknown) => toast.error(errorText(error, t('form.saveFailed')));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={club.name} lead={club.archived ? t('club.archivedLead') : t('club.editLead')}>
        <div className="flex flex-wrap gap-2 pt-2">
          <AppLink to={`/discoteca/${club.slug}`} className={buttonClass({ tone: 'secondary' })}>
            <ExternalLink aria-hidden="true" className="size-4" /> {t('club.viewPage')}
          </AppLink>
          <AppLink
            to={`/${admin ? 'admin' : 'ceo'}/discoteca/${club.id}/analytics`}
            className={buttonClass({ tone: 'secondary' })}
          >
            <BarChart3 aria-hidden="true" className="size-4" /> {t('club.analytics')}
          </AppLink>
          {!club.archived && (
            <AppLink
              to={`/gestion/eventos/nuevo?club=${club.id}`}
              className={buttonClass({ tone: 'secondary' })}
            >
              <Plus aria-hidden="true" className="size-4" /> {t('actions.newEvent')}
            </AppLink>
          )}
          {admin && (
            <Button
              tone="secondary"
              type="button"
              className="border-flame-500/50 text-flame-200"
              disabled={archive.isPending}
              onClick={() =>
                archive.mutate(
                  { id: club.id, restore: club.archived },
                  {
                    onSuccess: (result) => {
                      const deleted = (result as { deleted?: boolean } | undefined)?.deleted;
                      toast.success(
                        club.archived ? t('club.restored') : deleted ? t('club.deleted') : t('club.archived'),
                      );
                      if (deleted) void navigate('/admin/dashboard');
                    },
                    onError: fail,
                  },
                )
              }
            >
              {club.archived ? t('club.restore') : t('club.archive')}
            </Button>
          )}
        </div>
      </PageHeader>
      <Card
        as="section"
        padding="md-lg"
        className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-[auto_1fr]"
        aria-labelledby="club-images"
      >
        <h2 id="club-images" className="text-lg font-bold text-white sm:col-span-2">
          {t('club.images')}
        </h2>
        <ImageUpload
          label={t('image.logo')}
          current={club.logoURL}
          endpoint={`/api/manage/clubs/${club.id}/logo`}
          shape="logo"
        />
        <ImageUpload
          label={t('image.cover')}
          current={club.coverURL}
          endpoint={`/api/manage/clubs/${club.id}/cover`}
          shape="cover"
        />
      </Card>
      <ClubBillingSection clubId={club.id} />
      <ClubCancelRuleSection clubId={club.id} />
      <DoorPolicySection club={club} />
      <div className="mt-6">
        <ClubForm
          club={club}
          submitLabel={t('form.save')}
          onSubmit={async (input) => {
            await save.mutateAsync(input);
            toast.success(t('form.saved'));
          }}
        />
      </div>
    </section>
  );
}
