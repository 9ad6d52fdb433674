// The demo accounts' profiles and a few connections, so /perfil, /u/… and /conexiones look lived in on a first
// start. Safe to run again: existing profiles and pairs are left as they are.
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import { pairKey } from '../features/relations/index.ts';
import * as clock from '../clock.ts';

type DemoProfile = { bio: string; genres: string[]; instagram: string | null };

const PROFILES: Record<string, DemoProfile> = {
  'user@demo.nocturna.es': {
    bio: 'Techno los viernes en Lavapiés, vermú los domingos. Siempre en primera fila.',
    genres: ['techno', 'house'],
    instagram: 'lucia.de.noche',
  },
  'admin@demo.nocturna.es': {
    bio: 'Cuido de que Nocturna funcione. Si algo falla, escríbeme.',
    genres: ['indie', 'rock'],
    instagram: null,
  },
  'ceo@demo.nocturna.es': {
    bio: 'Madrid de noche es lo que hacemos bien.',
    genres: ['commercial', 'latin'],
    instagram: 'carmen.ortega',
  },
  'dj@demo.nocturna.es': {
    bio: 'Residente los sábados. House con alma y algo de disco.',
    genres: ['house', 'funk', 'electronica'],
    instagram: 'djdiego.mad',
  },
  'rpp@demo.nocturna.es': {
    bio: 'Listas y reservados en las mejores salas. Pregúntame.',
    genres: ['reggaeton', 'latin', 'commercial'],
    instagram: 'raquel.rpp',
  },
};

// [requester, addressee, accepted]
const PAIRS: [string, string, boolean][] = [
  ['dj@demo.nocturna.es', 'user@demo.nocturna.es', true],
  ['user@demo.nocturna.es', 'rpp@demo.nocturna.es', true],
  ['rpp@demo.nocturna.es', 'dj@demo.nocturna.es', true],
  ['ceo@demo.nocturna.es', 'user@demo.nocturna.es', false],
];

export async function seedMadridPeople(db: Db, idsByEmail: Map<string, string>): Promise<void> {
  const now = clock.now().toISOString();
  for (const [email, profile] of Object.entries(PROFILES)) {
    const userId = idsByEmail.get(email);
    if (!userId) continue;
    await db
      .insertInto('user_profiles')
      .values({
        user_id: userId,
        bio: profile.bio,
        favourite_genres: JSON.stringify(profile.genres),
        instagram: profile.instagram,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
  for (const [from, to, accepted] of PAIRS) {
    const requester = idsByEmail.get(from);
    const addressee = idsByEmail.get(to);
    if (!requester || !addressee) continue;
    await db
      .insertInto('connections')
      .values({
        id: uuidv7(),
        pair_key: pairKey(requester, addressee),
        requester_id: requester,
        addressee_id: addressee,
        status: accepted ? 'accepted' : 'pending',
        created_at: now,
        accepted_at: accepted ? now : null,
      })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .execute();
  }
}
