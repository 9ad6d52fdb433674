// Reporting a person or a message, and the admins' queue.
export { ReportDialog, type ReportDialogTarget } from './report-dialog.tsx';
export { AdminReportsSection } from './admin-reports-section.tsx';
