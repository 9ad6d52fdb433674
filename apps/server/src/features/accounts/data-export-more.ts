// The rest of "download my data" (data-export.ts): what the person did on the event walls, with the assistant, as a
// DJ, with online payments, waitlists, reminders and guest lists, and the reports they filed.
import type { Db } from '../../db/connect.ts';

export async function moreOfTheArchive(db: Db, userId: string) {
  const [wall, assistant, dj, bookings, reports] = await Promise.all([
    wallArchive(db, userId),
    assistantArchive(db, userId),
    djArchive(db, userId),
    bookingsArchive(db, userId),
    reportsArchive(db, userId),
  ]);
  return { ...wall, ...assistant, ...dj, ...bookings, ...reports };
}

// Their wall snapshots, their reactions, and the snapshots they reported or asked to take down.
async function wallArchive(db: Db, userId: string) {
  const [snapshots, reactions, wallReports, takedowns] = await Promise.all([
    db
      .selectFrom('snapshots')
      .select([
        'id',
        'event_id',
        'front_url',
        'back_url',
        'media_id',
        'caption',
        'status',
        'hidden_reason',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('wall_reactions')
      .select(['snapshot_id', 'reaction', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('wall_reports')
      .select(['snapshot_id', 'reason', 'created_at'])
      .where('reporter_id', '=', userId)
      .execute(),
    db
      .selectFrom('wall_takedowns')
      .select(['snapshot_id', 'note', 'created_at'])
      .where('requester_id', '=', userId)
      .execute(),
  ]);
  return { snapshots, wallReactions: reactions, wallReports, wallTakedownRequests: takedowns };
}

// Their conversations with the assistant, each with its messages.
async function assistantArchive(db: Db, userId: string) {
  const [assistantConversations, assistantMessages] = await Promise.all([
    db
      .selectFrom('assistant_conversations')
      .select(['id', 'title', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('assistant_messages')
      .innerJoin(
        'assistant_conversations',
        'assistant_conversations.id',
        'assistant_messages.conversation_id',
      )
      .select([
        'assistant_messages.conversation_id',
        'assistant_messages.role',
        'assistant_messages.text',
        'assistant_messages.created_at',
      ])
      .where('assistant_conversations.user_id', '=', userId)
      .orderBy('assistant_messages.created_at')
      .execute(),
  ]);
  return {
    assistantConversations: assistantConversations.map((c) => ({
      ...c,
      messages: assistantMessages
        .filter((m) => m.conversation_id === c.id)
        .map(({ role, text, created_at }) => ({ role, text, created_at })),
    })),
  };
}

// Their DJ profile, if they have one, and the DJs they follow.
async function djArchive(db: Db, userId: string) {
  const [djProfile, djFollows] = await Promise.all([
    db
      .selectFrom('dj_profiles')
      .select(['slug', 'name', 'photo_url', 'bio', 'genres', 'links', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('dj_follows')
      .select(['dj_user_id', 'created_at'])
      .where('follower_id', '=', userId)
      .execute(),
  ]);
  return { djProfile: djProfile ?? null, djFollows };
}

// Their online payments, their places in waitlists, the reminders sent to them and their guest-list entries.
async function bookingsArchive(db: Db, userId: string) {
  const [paymentOrders, waitlist, reminders, guestListEntries] = await Promise.all([
    db
      .selectFrom('payment_orders')
      .select([
        'id',
        'event_id',
        'ticket_type_id',
        'quantity',
        'unit_price_cents',
        'fee_cents',
        'vat_percent',
        'total_cents',
        'refunded_cents',
        'currency',
        'status',
        'refund_reason',
        'promo_code',
        'receipt_number',
        'created_at',
        'paid_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('ticket_waitlist')
      .select(['id', 'event_id', 'ticket_type_id', 'status', 'joined_at', 'offered_at', 'ticket_id'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('event_reminders')
      .select(['ticket_id', 'event_id', 'claimed_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('guest_list_entries')
      .innerJoin('guest_lists', 'guest_lists.id', 'guest_list_entries.list_id')
      .select([
        'guest_list_entries.id',
        'guest_list_entries.name',
        'guest_list_entries.ticket_id',
        'guest_lists.event_id',
        'guest_lists.name as list_name',
        'guest_list_entries.created_at',
      ])
      .where('guest_list_entries.user_id', '=', userId)
      .execute(),
  ]);
  return { paymentOrders, waitlist, eventReminders: reminders, guestListEntries };
}

// The reports they filed.
async function reportsArchive(db: Db, userId: string) {
  const reports = await db
    .selectFrom('reports')
    .select(['id', 'kind', 'reported_user_id', 'message_id', 'reason', 'note', 'status', 'created_at'])
    .where('reporter_id', '=', userId)
    .execute();
  return { reports };
}
