import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// The aforo every door scan answers with counts an event's check-ins that a refusal did not undo
// (`event_id = ? and outcome <> 'refused'`): with (event_id, outcome) the count reads the index alone, instead of
// every check-in row of the night (the door's p99).
export const aforoCountIndex: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('check_ins_event_outcome_idx')
      .on('check_ins')
      .columns(['event_id', 'outcome'])
      .execute();
  },
};
