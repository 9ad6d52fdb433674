// schema.org JSON-LD for the pages search engines show as rich results: an event (Event with its offers and
// place) and a club (NightClub with its address, position and opening hours).
import type { ClubDetail, EventDetail, EventTicketTypes, Weekday } from '@nocturna/shared';

type Json = Record<string, unknown>;

const DAY_OF_WEEK: Record<Weekday, string> = {
  MON: 'https://schema.org/Monday',
  TUE: 'https://schema.org/Tuesday',
  WED: 'https://schema.org/Wednesday',
  THU: 'https://schema.org/Thursday',
  FRI: 'https://schema.org/Friday',
  SAT: 'https://schema.org/Saturday',
  SUN: 'https://schema.org/Sunday',
};

const AVAILABILITY = {
  on_sale: 'https://schema.org/InStock',
  sold_out: 'https://schema.org/SoldOut',
  not_yet: 'https://schema.org/PreOrder',
  closed: 'https://schema.org/Discontinued',
  paused: 'https://schema.org/OutOfStock',
} as const;

const euros = (cents: number) => (cents / 100).toFixed(2);

function postalAddress(address: string, city: string, barrio: string): Json {
  return {
    '@type': 'PostalAddress',
    streetAddress: address,
    addressLocality: city,
    addressRegion: barrio,
    addressCountry: 'ES',
  };
}

// "00:30–07:00" (an en dash or a hyphen) into opens/closes; nothing when the text says something else.
function hoursOf(openingHours: string): { opens: string; closes: string } | null {
  const match = /^(\d{2}:\d{2})\s*[–-]\s*(\d{2}:\d{2})$/.exec(openingHours.trim());
  return match ? { opens: match[1]!, closes: match[2]! } : null;
}

export function nightClubJsonLd(club: ClubDetail, url: string, origin: string): Json {
  const hours = hoursOf(club.openingHours);
  return {
    '@context': 'https://schema.org',
    '@type': 'NightClub',
    '@id': url,
    name: club.name,
    url,
    description: club.description,
    image: origin + club.coverURL.replace(/\.svg$/, '.png'),
    logo: origin + club.logoURL.replace(/\.svg$/, '.png'),
    address: postalAddress(club.address, club.city, club.barrio),
    geo: { '@type': 'GeoCoordinates', latitude: club.latitude, longitude: club.longitude },
    priceRange: club.priceRange,
    maximumAttendeeCapacity: club.capacity,
    ...(hours && club.openingDays.length > 0
      ? {
          openingHoursSpecification: [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: club.openingDays.map((day) => DAY_OF_WEEK[day]),
              opens: hours.opens,
              closes: hours.closes,
            },
          ],
        }
      : {}),
    sameAs: [
      club.instagram ? `https://www.instagram.com/${club.instagram.replace(/^@/, '')}` : null,
      club.website,
    ].filter((link): link is string => Boolean(link)),
  };
}

export function eventJsonLd(event: EventDetail, offers: EventTicketTypes, url: string, origin: string): Json {
  const club = event.club;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': url,
    name: event.name,
    url,
    description: event.description,
    image: [origin + event.coverURL.replace(/\.svg$/, '.png')],
    startDate: event.startAt,
    endDate: event.endAt,
    eventStatus:
      event.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    typicalAgeRange: `${event.minimumAge}-`,
    location: {
      '@type': 'NightClub',
      name: club.name,
      url: `${origin}/discoteca/${club.slug}`,
      address: postalAddress(club.address, club.city, club.barrio),
      geo: { '@type': 'GeoCoordinates', latitude: club.latitude, longitude: club.longitude },
    },
    organizer: { '@type': 'Organization', name: club.name, url: `${origin}/discoteca/${club.slug}` },
    performer: event.lineup.map((slot) => ({ '@type': 'PerformingGroup', name: slot.djName })),
    offers: offers.types.map((offer) => ({
      '@type': 'Offer',
      name: offer.name,
      url,
      price: euros(offer.price.cents),
      priceCurrency: offer.price.currency,
      availability: AVAILABILITY[offer.availability],
      ...(offer.salesFrom ? { validFrom: offer.salesFrom } : {}),
      ...(offer.salesUntil ? { validThrough: offer.salesUntil } : {}),
    })),
  };
}

// Inside <script type="application/ld+json">: nothing in the data may close the tag.
export const jsonLdScript = (data: Json, nonce: string) =>
  `<script type="application/ld+json" nonce="${nonce}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
