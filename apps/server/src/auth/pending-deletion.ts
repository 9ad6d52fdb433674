// An account whose owner asked to delete it stays for a grace period (features/accounts/deletion.ts); signing in
// during it cancels the deletion. The conditional UPDATE leaves an account already carried out untouched.
import type { Db } from '../db/connect.ts';

export async function cancelPendingDeletion(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ deletion_requested_at: null, deletion_due_at: null })
    .where('id', '=', userId)
    .where('deletion_due_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
}
