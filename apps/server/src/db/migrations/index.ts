// The ordered list of migrations. Add a file, then add it here; never edit one that has shipped.
import type { Migration } from 'kysely';
import { catalogue } from './0001-catalogue.ts';
import { auth } from './0002-auth.ts';
import { catalogueIndexes } from './0003-catalogue-indexes.ts';
import { eventGenresStart } from './0004-event-genres-start.ts';
import { eventsClubOrder } from './0005-events-club-order.ts';
import { notificationsPresence } from './0006-notifications-presence.ts';
import { people } from './0007-people.ts';
import { messages } from './0008-messages.ts';
import { tickets } from './0009-tickets.ts';
import { door } from './0010-door.ts';
import { catalogueSpeed } from './0011-catalogue-speed.ts';
import { clubManagement } from './0012-club-management.ts';
import { search } from './0013-search.ts';
import { wall } from './0014-wall.ts';
import { assistant } from './0015-assistant.ts';
import { account } from './0016-account.ts';
import { promoters } from './0017-promoters.ts';
import { discovery } from './0018-discovery.ts';
import { payments } from './0019-payments.ts';
import { fairTickets } from './0020-fair-tickets.ts';
import { wallDiscoveryGaps } from './0021-wall-discovery-gaps.ts';
import { promoterGaps } from './0022-promoter-gaps.ts';
import { doorRefusalsExits } from './0023-door-refusals-exits.ts';
import { incidentsBans } from './0024-incidents-bans.ts';
import { doorOfflineConflicts } from './0025-door-offline-conflicts.ts';
import { paymentsStatesReceipts } from './0026-payments-states-receipts.ts';
import { clubCancellationRule } from './0027-club-cancellation-rule.ts';
import { waitlistCardOrders } from './0028-waitlist-card-orders.ts';
import { aforoCountIndex } from './0029-aforo-count-index.ts';
import { paymentReview } from './0030-payment-review.ts';
import { ticketCodes } from './0031-ticket-codes.ts';
import { termsConsent } from './0032-terms-consent.ts';
import { notificationMessages } from './0033-notification-messages.ts';
import { doorConflictsOneTable } from './0034-door-conflicts-one-table.ts';

export const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-auth': auth,
  '0003-catalogue-indexes': catalogueIndexes,
  '0004-event-genres-start': eventGenresStart,
  '0005-events-club-order': eventsClubOrder,
  '0006-notifications-presence': notificationsPresence,
  '0007-people': people,
  '0008-messages': messages,
  '0009-tickets': tickets,
  '0010-door': door,
  '0011-catalogue-speed': catalogueSpeed,
  '0012-club-management': clubManagement,
  '0013-search': search,
  '0014-wall': wall,
  '0015-assistant': assistant,
  '0016-account': account,
  '0017-promoters': promoters,
  '0018-discovery': discovery,
  '0019-payments': payments,
  '0020-fair-tickets': fairTickets,
  '0021-wall-discovery-gaps': wallDiscoveryGaps,
  '0022-promoter-gaps': promoterGaps,
  '0023-door-refusals-exits': doorRefusalsExits,
  '0024-incidents-bans': incidentsBans,
  '0025-door-offline-conflicts': doorOfflineConflicts,
  '0026-payments-states-receipts': paymentsStatesReceipts,
  '0027-club-cancellation-rule': clubCancellationRule,
  '0028-waitlist-card-orders': waitlistCardOrders,
  '0029-aforo-count-index': aforoCountIndex,
  '0030-payment-review': paymentReview,
  '0031-ticket-codes': ticketCodes,
  '0032-terms-consent': termsConsent,
  '0033-notification-messages': notificationMessages,
  '0034-door-conflicts-one-table': doorConflictsOneTable,
};
