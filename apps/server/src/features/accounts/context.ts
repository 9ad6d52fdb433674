// What the account settings' functions work with (sessions, data export, deletion), built once where the
// settings routes register: the database, better-auth (to revoke sessions), the realtime bus (to drop the sockets
// of a session that ended), the job queue (the export and deletion jobs, the mail they send) and the file storage
// (the export archives, the photos a deletion removes).
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export type AccountsContext = {
  db: Db;
  auth: Auth;
  bus: RealtimeBus;
  jobs: JobQueue;
  storage: FileStorage;
};
