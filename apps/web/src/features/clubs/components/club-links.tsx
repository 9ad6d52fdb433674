// Directions, Instagram and website of a club, as outbound links.
import type { ClubDetail } from '@nocturna/shared';
import { Globe, Instagram, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { instagramUrl, mapsUrl } from '../../../lib/catalogue-format.ts';

function OutLink({
  href,
  icon,
  children,
  primary = false,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  primary?: boolean;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition ${
        primary
          ? 'bg-neon-600 text-white shadow-[0_0_24px_-6px] shadow-neon-500 hover:bg-neon-700'
          : 'border border-night-700 bg-night-900 text-white/85 hover:border-neon-500/60'
      }`}
    >
      {icon}
      {children}
    </a>
  );
}

export function ClubLinks({ club }: { club: ClubDetail }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="flex flex-wrap gap-2">
      <OutLink primary href={mapsUrl(club.address)} icon={<Navigation aria-hidden className="size-4" />}>
        {t('clubs.directions')}
      </OutLink>
      {club.instagram && (
        <OutLink href={instagramUrl(club.instagram)} icon={<Instagram aria-hidden className="size-4" />}>
          {t('clubs.instagram')}
        </OutLink>
      )}
      {club.website && (
        <OutLink href={club.website} icon={<Globe aria-hidden className="size-4" />}>
          {t('clubs.website')}
        </OutLink>
      )}
    </div>
  );
}
