// Every Spanish catalogue, as one chunk: the namespaces the entry already has (index.ts, FIRST_LOAD) stay in the
// entry's chunk and are only referenced from here.
import { collectCatalogues, type Catalogue } from './collect.ts';

export const spanish =
  collectCatalogues(import.meta.glob<Catalogue>('./locales/es/*.json', { eager: true, import: 'default' }))
    .es ?? {};
