// Catalogue files (import.meta.glob of locales/<language>/<namespace>.json) as i18next resources.
export type Catalogue = Record<string, unknown>;
export type Resources = Record<string, Record<string, Catalogue>>;

export function collectCatalogues(modules: Record<string, Catalogue>): Resources {
  const into: Resources = {};
  for (const [file, catalogue] of Object.entries(modules)) {
    const [, lang, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (lang && ns) (into[lang] ??= {})[ns] = catalogue;
  }
  return into;
}
