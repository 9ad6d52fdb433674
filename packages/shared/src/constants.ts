// Business constants, shared by the server and the web app.
export const MOBILE_BREAKPOINT_PX = 1024;
export const SIDEBAR_WIDTH_EXPANDED = 72; // Tailwind units (288 px)
export const SIDEBAR_WIDTH_COLLAPSED = 16; // Tailwind units (64 px)
export const SIDEBAR_RESIZE_EVENT_DELAY_MS = 220;
export const ROLE_CHECK_CACHE_MS = 5 * 60 * 1000;
export const USERNAME_DEBOUNCE_MS = 500;
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const SIGNUP_STEPS = 3;
export const NOTIFICATIONS_LIMIT = 100;
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const BADGE_CAP = 9;
export const BOTTOM_BAR_ITEMS = 5;
export const PROFILE_DROPDOWN_ITEMS = 6;
export const TOAST_LIMIT = 20;
export const TOAST_MAX_WIDTH_PX = 350;
export const TOAST_REMOVE_DELAY_MS = 1000;
export const TOAST_DURATIONS_MS = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;
export const KEYBOARD_VIEWPORT_RATIO = 0.75;
export const PARTICLE_COUNT = 50;
export const DEMO_SEED = { clubs: 2, events: 4, snapshots: 3, tickets: 1, ticketPriceEur: 25 } as const;

export const TIME_ZONE = 'Europe/Madrid';
export const CURRENCY = 'EUR';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const ROLES = ['admin', 'ceo', 'dj', 'rpp'] as const;
export type Role = (typeof ROLES)[number];

// The widths the server renders posters at as WebP (`/media/…/cover.webp?w=`), for the app's srcset.
export const POSTER_WIDTHS = [480, 800, 1200] as const;
// And the club logos the server draws (`/media/clubs/…/logo.webp?w=`), shown at 44 to 72 CSS pixels.
export const LOGO_WIDTHS = [96, 192] as const;

// Tickets one order may ask for, and the header that makes a retried order safe (the same key, one order).
export const MAX_TICKETS_PER_ORDER = 10;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
