// Table types as the query builder sees them. Timestamps are ISO strings on SQLite and Dates on PostgreSQL.
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = string | Date;
export type Bool = boolean | number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  username: string | null;
  display_username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  date_of_birth: string | null;
  gender: string | null;
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClubsTable {
  id: string;
  slug: string;
  name: string;
  city: string;
  barrio: string;
  description: string;
  address: string;
  latitude: number;
  longitude: number;
  logo_url: string;
  cover_url: string;
  opening_days: string;
  opening_hours: string;
  dress_code: string;
  minimum_age: number;
  price_range: string;
  capacity: number;
  instagram: string | null;
  website: string | null;
  brand_color: string;
  search_text: string;
  // NULL: holders may never cancel · 0: until the start · N: until N hours before (migration 0027).
  cancel_hours_before: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface ClubGenresTable {
  club_id: string;
  genre: string;
}

export interface EventsTable {
  id: string;
  slug: string;
  club_id: string;
  name: string;
  city: string;
  description: string;
  cover_url: string;
  start_at: Timestamp;
  end_at: Timestamp;
  status: 'draft' | 'published' | 'cancelled';
  gallery_privacy: 'attendees' | 'public';
  minimum_age: number;
  dress_code: string;
  min_price_cents: number | null;
  search_text: string;
  created_at: Timestamp;
}

export interface EventGenresTable {
  event_id: string;
  genre: string;
  // A copy of events.start_at so a genre's events can be read in start order from one index.
  start_at: Timestamp | null;
}

export interface EventLineupTable {
  event_id: string;
  position: number;
  dj_name: string;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
}

export interface TicketTypesTable {
  id: string;
  event_id: string;
  position: number;
  name: string;
  price_cents: number;
  currency: string;
  capacity: number;
  sold: Generated<number>;
  // Migration 0009 (tickets): see that file for what each value means.
  kind: Generated<'free' | 'door' | 'online'>;
  sales_from: Timestamp | null;
  sales_until: Timestamp | null;
  entry_until: Timestamp | null;
  per_person_limit: Generated<number>;
  hidden: Generated<Bool>;
}

export interface SnapshotsTable {
  id: string;
  event_id: string;
  user_id: string;
  front_url: string;
  back_url: string;
  approved: Bool;
  username: string;
  user_display_name: string;
  user_photo_url: string | null;
  created_at: Timestamp;
}

export interface TicketsTable {
  id: string;
  event_id: string;
  user_id: string;
  ticket_type_id: string | null;
  type: string;
  price_cents: number;
  currency: string;
  // 'valid' | 'used' | 'cancelled' | 'transferred' (migration 0009 explains each)
  status: string;
  check_in_at: Timestamp | null;
  qr_code: string;
  created_at: Timestamp;
  // Migration 0009 (tickets).
  holder_name: Generated<string>;
  token_issued_at: Timestamp | null;
  order_id: string | null;
  payment_status: Generated<'free' | 'due_at_door' | 'paid'>;
  promo_code: string | null;
  transferred_to: string | null;
  transferred_from: string | null;
  cancelled_at: Timestamp | null;
  updated_at: Timestamp | null;
  // Migration 0031: the short code (8 characters, unique per event); null only on rows written without it.
  code: string | null;
}

export interface Database {
  users: UsersTable;
  clubs: ClubsTable;
  club_genres: ClubGenresTable;
  events: EventsTable;
  event_genres: EventGenresTable;
  event_lineup: EventLineupTable;
  ticket_types: TicketTypesTable;
  snapshots: SnapshotsTable;
  tickets: TicketsTable;
}

export function toIso(value: Timestamp): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite hands back what toISOString() wrote; parsing it again would only cost time on every row.
  return ISO_UTC.test(value) ? value : new Date(value).toISOString();
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function toIsoOrNull(value: Timestamp | null): string | null {
  return value === null ? null : toIso(value);
}

// Accounts, sessions and roles (migration 0002). Declaration merging adds them to Database.
export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: 'admin' | 'ceo' | 'dj' | 'rpp';
  granted_by: string | null;
  granted_at: Timestamp;
}

export interface RoleAuditTable {
  id: string;
  user_id: string;
  user_email: string | null;
  role: 'admin' | 'ceo' | 'dj' | 'rpp';
  action: 'grant' | 'revoke';
  actor_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
}

export interface Database {
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_roles: UserRolesTable;
  role_audit: RoleAuditTable;
}

// Notifications, presence and event reminders (migration 0006).
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  is_read: Bool;
  // A message of the notifications catalogue and its data (JSON), written in the reader's language when shown
  // (migration 0033). Null on an old row whose Spanish text could not be read back: title and body are then that
  // text, shown as it is; empty on the others.
  message: string | null;
  data: string;
  title: string;
  body: string;
  link: string | null;
  // JSON object of the ids the notification refers to.
  refs: string;
  created_at: Timestamp;
}

export interface PresenceTable {
  user_id: string;
  online: Bool;
  last_seen_at: Timestamp | null;
  last_heartbeat_at: Timestamp | null;
  show_online: Bool;
  // JSON of the last device info the client sent.
  device: string | null;
}

export interface EventRemindersTable {
  ticket_id: string;
  user_id: string;
  event_id: string;
  claimed_by: string;
  claimed_at: Timestamp;
  notification_id: string | null;
}

export interface Database {
  notifications: NotificationsTable;
  presence: PresenceTable;
  event_reminders: EventRemindersTable;
}

// People (migration 0007): profile details and privacy, connections, blocks.
export interface UserProfilesTable {
  user_id: string;
  bio: string | null;
  // JSON array of genre slugs.
  favourite_genres: Generated<string>;
  instagram: string | null;
  avatar_url: string | null;
  is_private: Generated<Bool>;
  message_policy: Generated<'everyone' | 'connections'>;
  show_events: Generated<Bool>;
  updated_at: Timestamp;
}

export interface ConnectionsTable {
  id: string;
  // "<smaller user id>:<larger user id>", unique: one row per pair.
  pair_key: string;
  requester_id: string;
  addressee_id: string;
  status: 'pending' | 'accepted';
  created_at: Timestamp;
  accepted_at: Timestamp | null;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

export interface Database {
  user_profiles: UserProfilesTable;
  connections: ConnectionsTable;
  user_blocks: UserBlocksTable;
}

// Tickets (migration 0009): promoter codes, orders (idempotency), per-person holdings, history.
export interface TicketTypeCodesTable {
  ticket_type_id: string;
  code: string;
  promoter_id: string | null;
  created_at: Timestamp;
}

export interface TicketOrdersTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  ticket_type_id: string;
  quantity: number;
  payment_status: 'free' | 'due_at_door' | 'paid';
  payment_reference: string | null;
  created_at: Timestamp;
}

export interface TicketHoldingsTable {
  user_id: string;
  ticket_type_id: string;
  held: number;
}

export interface TicketHistoryTable {
  id: string;
  ticket_id: string;
  event_id: string;
  // 'issued' | 'transferred' | 'received' | 'cancelled' | 'checked_in'
  action: string;
  actor_id: string | null;
  counterpart_id: string | null;
  related_ticket_id: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface Database {
  ticket_type_codes: TicketTypeCodesTable;
  ticket_orders: TicketOrdersTable;
  ticket_holdings: TicketHoldingsTable;
  ticket_history: TicketHistoryTable;
}

// The door (migration 0010): club staff and entries let in (its conflicts are door_conflicts since 0034).
export interface ClubStaffTable {
  club_id: string;
  user_id: string;
  role: 'owner' | 'door';
  added_by: string | null;
  created_at: Timestamp;
}

export interface CheckInsTable {
  id: string;
  ticket_id: string;
  event_id: string;
  staff_user_id: string | null;
  door: string;
  client_id: string | null;
  scanned_at: Timestamp;
  synced_at: Timestamp;
  offline: Bool;
  outcome: 'admitted' | 'duplicate' | 'invalid' | 'refused';
  method: 'qr' | 'manual';
}

export interface Database {
  club_staff: ClubStaffTable;
  check_ins: CheckInsTable;
}

// Private messages and reports (migration 0008).
export interface ConversationsTable {
  id: string;
  // "<smaller user id>:<larger user id>", unique: one conversation per pair.
  pair_key: string;
  user_low_id: string;
  user_high_id: string;
  last_seq: Generated<number>;
  last_message_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  last_read_seq: Generated<number>;
  unread_count: Generated<number>;
  // The seq of the message this member was last notified about.
  notified_seq: Generated<number>;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  body: string;
  client_id: string | null;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: string;
  reporter_id: string;
  kind: 'user' | 'message';
  reported_user_id: string;
  message_id: string | null;
  message_body: string | null;
  message_created_at: Timestamp | null;
  reason: string;
  note: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  // "<reporter>:<kind>:<target id>" while open, NULL once handled: one open report per reporter and target.
  open_key: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

export interface Database {
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  reports: ReportsTable;
}

// Catalogue speed (migration 0011): every event's and club's genres on its own row, sorted and comma-separated,
// written by seed/catalogue-writer.ts together with event_genres/club_genres (which the genre filters read).
export interface EventsTable {
  genre_list: string;
}
export interface ClubsTable {
  genre_list: string;
}

// Running a club (migration 0012).
export interface ClubsTable {
  archived_at: Timestamp | null;
}
export interface EventsTable {
  wall_moderation: Generated<'pre' | 'post'>;
  allow_over_capacity: Generated<Bool>;
  updated_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}
export interface EventLineupTable {
  dj_user_id: string | null;
}
export interface TicketTypesTable {
  sales_paused: Generated<Bool>;
}
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  club_id: string | null;
  entity: 'club' | 'event' | 'ticket_type';
  entity_id: string;
  action: string;
  before: string | null;
  after: string | null;
  created_at: Timestamp;
}
export interface Database {
  audit_log: AuditLogTable;
}

// One search for everything (migration 0013): the DJ's name folded, as the other searchable tables keep theirs.
export interface EventLineupTable {
  search_text: Generated<string>;
}

// The assistant (migration 0015): conversations, their turns, and the per-person message quota.
export interface AssistantConversationsTable {
  id: string;
  user_id: string;
  title: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface AssistantMessagesTable {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  text: string;
  // JSON: { cards?, proposal?, note? }
  parts: string;
  // JSON of the built-in engine's follow-up context, or NULL.
  context: string | null;
  engine: string | null;
  created_at: Timestamp;
}
export interface AssistantQuotaTable {
  user_id: string;
  window_start: number | string;
  used: number;
}
export interface Database {
  assistant_conversations: AssistantConversationsTable;
  assistant_messages: AssistantMessagesTable;
  assistant_quota: AssistantQuotaTable;
}
// The account (migration 0016): job queue, contact, notification preferences, push, exports, deletion.
export interface JobsTable {
  id: string;
  kind: string;
  // JSON.
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  run_at: Timestamp;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ContactMessagesTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: string;
  status: 'open' | 'handled';
  reply: string | null;
  handled_by: string | null;
  handled_at: Timestamp | null;
  created_at: Timestamp;
}
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  in_app: Bool;
  email: Bool;
  push: Bool;
  updated_at: Timestamp;
}
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
}
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: 'pending' | 'ready' | 'failed';
  storage_key: string | null;
  size_bytes: number | null;
  created_at: Timestamp;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
}
export interface UsersTable {
  deletion_requested_at: Timestamp | null;
  deletion_due_at: Timestamp | null;
  deleted_at: Timestamp | null;
  locale: string | null;
  // Consent to the terms and privacy policy (migration 0032): when, and which version.
  terms_accepted_at: Timestamp | null;
  terms_version: string | null;
}
export interface SessionsTable {
  last_used_at: Timestamp | null;
}
export interface Database {
  jobs: JobsTable;
  contact_messages: ContactMessagesTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  data_exports: DataExportsTable;
}
// Promoters, DJs and "Mi noche" (migration 0017).
export type CommissionKind = 'fixed' | 'percent';
export interface ClubPromotersTable {
  club_id: string;
  user_id: string;
  code: string;
  commission_kind: CommissionKind;
  // Cents for 'fixed', basis points of the ticket price for 'percent' (1000 = 10 %).
  commission_value: number;
  added_by: string | null;
  created_at: Timestamp;
  removed_at: Timestamp | null;
}
export interface PromoterCommissionRulesTable {
  promoter_id: string;
  ticket_type_id: string;
  club_id: string;
  kind: CommissionKind;
  value: number;
}
export interface ClubPartnerSettingsTable {
  club_id: string;
  promoter_ranking: Generated<Bool>;
  dj_sales: Generated<Bool>;
}
export interface TicketsTable {
  promoter_id: Generated<string | null>;
  guest_list_id: Generated<string | null>;
}
export interface GuestListsTable {
  id: string;
  event_id: string;
  club_id: string;
  promoter_id: string;
  ticket_type_id: string;
  name: string;
  capacity: number;
  filled: Generated<number>;
  closes_at: Timestamp;
  signup_token: string;
  created_at: Timestamp;
}
export interface GuestListEntriesTable {
  id: string;
  list_id: string;
  ticket_id: string;
  user_id: string | null;
  name: string;
  added_by: string | null;
  created_at: Timestamp;
}
export interface PromoterStatementsTable {
  id: string;
  club_id: string;
  promoter_id: string;
  scope_key: string;
  total_cents: number;
  // JSON array of the statement's lines as they were when it was paid.
  lines: string;
  paid_at: Timestamp;
  paid_by: string | null;
}
// Migration 0022: the paid statement that settled each ticket (one per ticket).
export interface PromoterStatementTicketsTable {
  ticket_id: string;
  statement_id: string;
}
export interface DjProfilesTable {
  user_id: string;
  slug: string;
  name: string;
  photo_url: string | null;
  bio: Generated<string>;
  // JSON arrays: genre slugs, and links { label, url }.
  genres: Generated<string>;
  links: Generated<string>;
  updated_at: Timestamp;
}
export interface DjFollowsTable {
  dj_user_id: string;
  follower_id: string;
  created_at: Timestamp;
}
export interface DjBookingsTable {
  event_id: string;
  dj_user_id: string;
  status: 'confirmed' | 'declined';
  responded_at: Timestamp;
}
export interface Database {
  club_promoters: ClubPromotersTable;
  promoter_commission_rules: PromoterCommissionRulesTable;
  club_partner_settings: ClubPartnerSettingsTable;
  guest_lists: GuestListsTable;
  guest_list_entries: GuestListEntriesTable;
  promoter_statements: PromoterStatementsTable;
  promoter_statement_tickets: PromoterStatementTicketsTable;
  dj_profiles: DjProfilesTable;
  dj_follows: DjFollowsTable;
  dj_bookings: DjBookingsTable;
}
// The live event wall (migration 0014).
export interface SnapshotsTable {
  status: Generated<'pending' | 'approved' | 'rejected'>;
  caption: string | null;
  media_id: string | null;
  hidden_reason: 'reports' | 'takedown' | null;
  report_count: Generated<number>;
}
export interface WallPostersTable {
  event_id: string;
  user_id: string;
  posted: Generated<number>;
  last_posted_at: Timestamp;
}
export interface WallReactionsTable {
  snapshot_id: string;
  user_id: string;
  reaction: string;
  created_at: Timestamp;
}
export interface WallReportsTable {
  snapshot_id: string;
  reporter_id: string;
  reason: string;
  created_at: Timestamp;
}
export interface WallTakedownsTable {
  snapshot_id: string;
  requester_id: string;
  note: string | null;
  created_at: Timestamp;
}
export interface Database {
  wall_posters: WallPostersTable;
  wall_reactions: WallReactionsTable;
  wall_reports: WallReportsTable;
  wall_takedowns: WallTakedownsTable;
}
// Discovery (migration 0018): when each person last marked "Novedades" as read.
export interface WhatsNewReadsTable {
  user_id: string;
  read_at: Timestamp;
}
export interface Database {
  whats_new_reads: WhatsNewReadsTable;
}
// Paying online (migration 0019): card checkouts, the Stripe events already processed, refunds, club billing.
export type PaymentOrderStatus =
  'pending' | 'paid' | 'fulfilled' | 'expired' | 'refunded' | 'partially_refunded' | 'review';
export interface PaymentOrdersTable {
  id: string;
  user_id: string;
  ticket_type_id: string;
  event_id: string;
  club_id: string;
  quantity: number;
  unit_price_cents: number;
  fee_cents: number;
  vat_percent: number;
  total_cents: number;
  refunded_cents: number;
  currency: string;
  status: PaymentOrderStatus;
  refund_reason: string | null;
  promo_code: string | null;
  promoter_id: string | null;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent: string | null;
  hold_expires_at: Timestamp;
  receipt_number: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  fulfilled_at: Timestamp | null;
  // The club's billing when the order was made (migration 0026): what its receipt says.
  legal_name: string | null;
  nif: string | null;
  return_origin: string | null;
  // The waitlist offer this order pays for (migration 0028); null for a normal purchase.
  waitlist_entry_id: string | null;
  // Why a completion was not fulfilled but left for a person to look at (migration 0030): what of Stripe's
  // session did not match the order ('session', 'amount', 'currency', comma-separated); null otherwise.
  review_reason: string | null;
  updated_at: Timestamp;
}
export interface PaymentOrderHistoryTable {
  id: string;
  order_id: string;
  status: PaymentOrderStatus;
  at: Timestamp;
}
export interface PaymentEventsTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: Timestamp;
}
export interface PaymentRefundsTable {
  id: string;
  refund_key: string;
  order_id: string;
  ticket_id: string | null;
  amount_cents: number;
  reason: string;
  status: 'pending' | 'succeeded';
  stripe_refund_id: string | null;
  created_at: Timestamp;
}
export interface ClubBillingTable {
  club_id: string;
  legal_name: string;
  nif: string;
  vat_percent: number;
  service_fee_cents: number;
  updated_at: Timestamp;
}
export interface Database {
  payment_orders: PaymentOrdersTable;
  payment_order_history: PaymentOrderHistoryTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  club_billing: ClubBillingTable;
}
// Fair tickets (migration 0020): the waitlist of sold-out ticket types.
export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'expired' | 'left';
export interface TicketWaitlistTable {
  id: string;
  ticket_type_id: string;
  event_id: string;
  user_id: string;
  status: WaitlistStatus;
  joined_at: Timestamp;
  offered_at: Timestamp | null;
  offer_expires_at: Timestamp | null;
  ticket_id: string | null;
  resale_ticket_id: string | null;
  promoter_id: string | null;
  updated_at: Timestamp;
}
export interface TicketsTable {
  resale_listed_at: Generated<Timestamp | null>;
  resale_offer_id: Generated<string | null>;
}
export interface Database {
  ticket_waitlist: TicketWaitlistTable;
}
// Incidents and the club's ban list (migration 0024).
export interface IncidentsTable {
  id: string;
  club_id: string;
  event_id: string;
  reported_by: string | null;
  occurred_at: Timestamp;
  type: string;
  description: string;
  photo_key: string | null;
  created_at: Timestamp;
}
export interface IncidentTicketsTable {
  incident_id: string;
  ticket_id: string;
}
export interface ClubBansTable {
  id: string;
  club_id: string;
  user_id: string;
  ticket_id: string | null;
  incident_id: string | null;
  reason: string;
  until: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  lifted_at: Timestamp | null;
  lifted_by: string | null;
}
export interface Database {
  incidents: IncidentsTable;
  incident_tickets: IncidentTicketsTable;
  club_bans: ClubBansTable;
}
// Refusals, exits and re-entry at the door (migration 0023).
export type RefusalReason = 'dress_code' | 'age' | 'intoxication' | 'capacity' | 'behaviour' | 'other';
export interface ClubsTable {
  refund_on_refusal: Generated<Bool>;
}
export interface EventsTable {
  reentry_policy: Generated<'until' | 'never'>;
  reentry_until: Generated<Timestamp | null>;
}
export interface TicketsTable {
  outside: Generated<Bool>;
}
export interface DoorRefusalsTable {
  id: string;
  ticket_id: string;
  event_id: string;
  staff_user_id: string | null;
  door: string;
  reason: RefusalReason;
  note: string | null;
  refunded: Bool;
  client_id: string | null;
  offline: Bool;
  refused_at: Timestamp;
  synced_at: Timestamp;
}
export interface DoorMovementsTable {
  id: string;
  ticket_id: string;
  event_id: string;
  staff_user_id: string | null;
  door: string;
  kind: 'exit' | 'reentry';
  client_id: string | null;
  offline: Bool;
  at: Timestamp;
  synced_at: Timestamp;
}
export interface Database {
  door_refusals: DoorRefusalsTable;
  door_movements: DoorMovementsTable;
}

// Everything an offline door's sync flags for the club's staff (migration 0025; since 0034 also the second entry
// of a ticket and the entry of a ticket no longer valid, which 0010 kept in a table of their own). check_in_id
// is unique: one entry raises one flag at most.
export interface DoorConflictsTable {
  id: string;
  event_id: string;
  ticket_id: string;
  kind:
    | 'double_entry'
    | 'invalid_ticket'
    | 'banned_entry'
    | 'double_reentry'
    | 'not_inside'
    | 'reentry_closed'
    | 'refused_but_entered';
  reason: string | null;
  action: 'entry' | 'exit' | 'reentry' | 'refusal';
  movement_id: string | null;
  check_in_id: string | null;
  staff_user_id: string | null;
  door: string;
  client_id: string | null;
  at: Timestamp;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
}
export interface Database {
  door_conflicts: DoorConflictsTable;
}
