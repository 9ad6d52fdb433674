// What the admin dashboard shows of club management.
export { ClubsSection } from './components/clubs-section.tsx';
export { AuditLogSection } from './components/audit-log-section.tsx';
export { AdminOverviewSection } from './components/admin-overview-section.tsx';
